/* IPPP test program: functions compiled with other options than their
   caller (optimize attributes).  GCC's torture tests alias-1 and pr79043:
   a body compiled without strict aliasing that puns int as float, inlined
   into a caller with strict aliasing, must take strict aliasing away from
   the caller, as GCC's own inliner does; and a body compiled with -fwrapv
   is never inlined into a caller without it, whose optimizers would fold
   its overflow test away.  Usage: pun N...  */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int val;
int *ptr = &val;
float *ptr2 = (float *) &val;

__attribute__ ((optimize ("-fno-strict-aliasing"))) static void
typepun (void)
{
  *ptr2 = 0;
}

__attribute__ ((optimize ("-fwrapv"))) static int
grows (int x)
{
  return x + 1 > x;
}

int
main (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      long n = atol (argv[i]);
      *ptr = 1;
      if (n > 0)
        typepun ();
      printf ("%d %d\n", *ptr, grows (n > 0 ? INT_MAX : (int) n));
    }
  return 0;
}
