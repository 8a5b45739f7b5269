/* flags: -fopenmp -fprofile-update=atomic
   The parallel region is outlined before the pass: its paths count too. */
#include <stdio.h>
int main(void) {
  long s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < 1000; i++) { if (i % 3) s += i; else s -= 1; }
  printf("%ld\n", s);
  return 0;
}
