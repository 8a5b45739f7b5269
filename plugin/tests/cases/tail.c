/* A tail call must stay a tail call (run.sh runs this at -O2 without
   tracing, which would defeat it): 5e7 levels of recursion need it.  */
#include <stdio.h>
long count(long n, long acc) { if (n == 0) return acc; return count(n - 1, acc + (n & 1)); }
int main(void) { printf("%ld\n", count(50000000, 0)); return 0; }
