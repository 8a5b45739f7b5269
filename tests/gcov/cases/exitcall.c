/* A callee calls exit: the path in flight in its caller is lost (a path
   is counted once it is settled, here at its end), while gcov has
   counted the edges it took.
   gcov's text shows it as "call N returned R" below the count of the
   call's block, and the oracle compares main within that bound
   (README, "Paths that are lost").  run.sh also compiles it into
   another directory than its source's, where gcov must still find the
   source to print the calls.  */
#include <stdlib.h>

static int
check (int v)
{
  if (v > 7)
    exit (0);
  return v & 1;
}

int
main (void)
{
  int odd = 0;
  for (int i = 0;; i++)
    {
      if (i % 3 == 0)
        {
          /* A branch after the call: the path is not settled before it
             (where it is, the plugin counts it before the call).  */
          if (check (i))
            odd += 2;
        }
      else
        odd--;
    }
  return odd;
}
