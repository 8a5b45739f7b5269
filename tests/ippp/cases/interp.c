/* IPPP test program: a small stack-machine interpreter.  Its dispatch
   loop calls the operations through a table of pointers (one call site,
   many targets), a direct call in a switch, and a helper called from
   several operations (chains of depth 2 when run with -k 2).  Usage:
   interp PROGRAM... (tokens: numbers, + - * dup swap neg sq, or a
   repeat count rN for the next token).  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STACK 64

struct vm
{
  long s[STACK];
  int sp;
};

static long
checked (long v)
{
  if (v > 1000000)
    return 1000000;
  if (v < -1000000)
    return -1000000;
  return v;
}

static void
push (struct vm *m, long v)
{
  if (m->sp < STACK)
    m->s[m->sp++] = checked (v);
}

static long
pop (struct vm *m)
{
  return m->sp > 0 ? m->s[--m->sp] : 0;
}

static void
op_add (struct vm *m)
{
  push (m, pop (m) + pop (m));
}

static void
op_sub (struct vm *m)
{
  long b = pop (m);
  push (m, pop (m) - b);
}

static void
op_mul (struct vm *m)
{
  push (m, pop (m) * pop (m));
}

static void
op_dup (struct vm *m)
{
  long v = pop (m);
  push (m, v);
  push (m, v);
}

static void
op_swap (struct vm *m)
{
  long b = pop (m), a = pop (m);
  push (m, b);
  push (m, a);
}

static void
op_neg (struct vm *m)
{
  push (m, -pop (m));
}

static void
op_sq (struct vm *m)
{
  op_dup (m);
  op_mul (m);
}

static const struct
{
  const char *name;
  void (*fn) (struct vm *);
} ops[] = { { "+", op_add },   { "-", op_sub },   { "*", op_mul },
            { "dup", op_dup }, { "swap", op_swap }, { "neg", op_neg },
            { "sq", op_sq } };

static int
lookup (const char *t)
{
  for (unsigned i = 0; i < sizeof ops / sizeof *ops; i++)
    if (strcmp (ops[i].name, t) == 0)
      return (int) i;
  return -1;
}

static void
run (struct vm *m, char **prog, int n)
{
  int repeat = 1;
  for (int i = 0; i < n; i++)
    {
      const char *t = prog[i];
      switch (t[0])
        {
        case 'r':
          repeat = atoi (t + 1);
          continue;
        case '0' ... '9':
          push (m, strtol (t, NULL, 10));
          break;
        default:
          {
            int k = lookup (t);
            for (int j = 0; j < repeat && k >= 0; j++)
              ops[k].fn (m);
          }
        }
      repeat = 1;
    }
}

int
main (int argc, char **argv)
{
  struct vm m;
  m.sp = 0;
  run (&m, argv + 1, argc - 1);
  while (m.sp)
    printf ("%ld%s", pop (&m), m.sp ? " " : "\n");
  return 0;
}
