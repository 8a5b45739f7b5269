/* An interpreter's dispatch loop.  Its cases meet at the loop's latch,
   whose back edge ends the path; in a function counted in an array each
   case counts its own path instead (instrument.cc, compute_finish: the
   latch is a finish node and never a barrier).  The second program ends
   in QUIT, whose case calls a function that exits through a pointer GCC
   cannot see through: the path in flight, through that case to the back
   edge, was counted as the case was entered, and the oracle replays that
   rule (run.sh).  */
#include <stdio.h>
#include <stdlib.h>

enum { PUSH, ADD, MUL, DUP, DROP, PRINT, JNZ, HALT, QUIT };

static long stack[64];
static int sp;

static void
quit (int code)
{
  fflush (stdout);
  exit (code);
}

void (*volatile quit_fn) (int) = quit;

__attribute__ ((noinline)) long
run (const int *code)
{
  int pc = 0;
  long acc = 0;
  for (;;)
    {
      int op = code[pc++];
      switch (op)
        {
        case PUSH:
          stack[sp++] = code[pc++];
          break;
        case ADD:
          sp--;
          stack[sp - 1] += stack[sp];
          break;
        case MUL:
          sp--;
          stack[sp - 1] *= stack[sp];
          break;
        case DUP:
          stack[sp] = stack[sp - 1];
          sp++;
          break;
        case DROP:
          sp--;
          break;
        case PRINT:
          acc += stack[--sp];
          printf ("%ld\n", acc);
          break;
        case JNZ:
          if (stack[--sp])
            pc = code[pc];
          else
            pc++;
          break;
        case HALT:
          return acc;
        case QUIT:
          quit_fn ((int) (acc & 0x7f));
          break;
        }
    }
}

int
main (void)
{
  static const int product[] = { PUSH, 6, PUSH, 7, MUL, PRINT, HALT };
  /* n = 3; do { acc += n; print acc; n -= 1; } while (n);  */
  static const int countdown[] = {
    PUSH, 3,
    DUP, PRINT, PUSH, -1, ADD, DUP, JNZ, 2,
    DROP, HALT,
  };
  static const int quits[] = { PUSH, 2, DUP, ADD, PRINT, QUIT };
  sp = 0;
  run (product);
  sp = 0;
  run (countdown);
  sp = 0;
  run (quits);
  return 0;
}
