/* IPPP test program: a tail call must stay a tail call in an IPPP build
   (5e7 levels of recursion need it), with the recursive call inlined
   (depth 2).  A trace build does not keep it: the tests run it with a
   small N (tests/ippp/run.sh, specs/segments.md).  Usage: tail [N].  */
#include <stdio.h>
#include <stdlib.h>

long
count (long n, long acc)
{
  if (n == 0)
    return acc;
  return count (n - 1, acc + (n & 1));
}

int
main (int argc, char **argv)
{
  printf ("%ld\n", count (argc > 1 ? atol (argv[1]) : 50000000, 0));
  return 0;
}
