/* IPPP test program: an always_inline function whose asm takes a
   constant operand ("n") compiles only where it is inlined.  A trace
   build passes its entry event, and the call sites that call it, a token
   of its own instead of its address: taking the address would make GCC
   emit it out of line, where the operand is no constant ("impossible
   constraint in 'asm'", GCC's torture test pr27528).  step is static and
   only called directly, so it gets a token too; its segments cross the
   call from collatz.  Usage: asm N...  */
#include <stdio.h>
#include <stdlib.h>

static inline __attribute__ ((always_inline)) long
times (long x, int k)
{
  __asm__ ("" : "+r" (x) : "n" (k));
  return x * k;
}

static long
step (long v)
{
  if (v & 1)
    return times (v, 3) + 1;
  return times (v, 1) / 2;
}

long
collatz (long v)
{
  long n = 0;
  while (v > 1)
    {
      v = step (v);
      n++;
    }
  return n;
}

int
main (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    printf ("%ld\n", collatz (atol (argv[i])));
  return 0;
}
