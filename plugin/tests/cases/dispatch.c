/* An interpreter's dispatch loop.  Its cases meet at the loop's latch,
   whose back edge ends the path; in a function counted in an array each
   case counts its own path instead (instrument.cc, compute_finish: the
   latch is a finish node and never a barrier, nor is a block whose
   single ways on lead to it, max_chain_steps).  The second program ends
   in QUIT, whose case calls a function that exits through a pointer GCC
   cannot see through: the paths in flight, through that case to the back
   edge and through convert's STOPPED case to its return, were counted as
   the cases were entered, and the oracle replays that rule (run.sh).  */
#include <stdio.h>
#include <stdlib.h>

enum { PUSH, ADD, MUL, DUP, DROP, PRINT, JNZ, HALT, QUIT };

static long stack[64];
static int sp;
static int quits_refused;

static void
quit (int code)
{
  fflush (stdout);
  exit (code);
}

void (*volatile quit_fn) (int) = quit;

/* A conversion whose cases meet in the block that stores the last
   value converted, each also from its conditions, and go on to the
   return block, which AS_IS reaches straight from the switch.  In a
   function counted in an array, that block counts each way into it, the
   cases' paths apart, where it would count them all at its head
   (instrument.cc, compute_finish and max_chain_steps: a finish node on
   the way to the function's exit is never a barrier there).  Its STOPPED
   case calls the function that exits: that path too was counted as its
   case was entered.  */
enum { AS_IS, NEGATED, TRIPLED, HALVED, STOPPED };
static long converted[5];
static long last_conversion;

__attribute__ ((noinline)) long
convert (int how, long v)
{
  switch (how)
    {
    case AS_IS:
      return v;
    case NEGATED:
      if ((v & 1) && v > 0)
        converted[1] += v;
      break;
    case TRIPLED:
      if (v < 100 && v != 7)
        converted[2] ^= v * 3;
      break;
    case HALVED:
      if (v != 13)
        converted[3] -= v / 2;
      break;
    case STOPPED:
      quit_fn ((int) (v & 0x7f));
      break;
    default:
      converted[4]++;
      break;
    }
  last_conversion = v;
  return -v;
}

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
          /* Its three conditions and its call meet again before the
             latch, where each of the four ways counts its path.  */
          if (acc > 0 && sp >= 0 && acc != 77)
            convert (STOPPED, acc);
          quits_refused++;
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
  for (int how = AS_IS; how <= HALVED + 1; how++)
    if (how != STOPPED)
      printf ("%ld\n", convert (how, 10 + how));
  sp = 0;
  run (quits);
  return 0;
}
