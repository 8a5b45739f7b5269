/* A function whose tests run thousands of distinct paths: 13 independent
   branches, 8,192 paths, every one run once.  Its preferential build
   lists about two thirds of them, so its residual cache has 4 entries per
   interesting path: 2^15 entries, more than the 16,384 that were the
   limit before xz-utils' lzma_decode (31,767 tested paths) showed the
   need for more; the other third run as residual paths through that
   cache.  The arms touch different volatile objects, so that no
   optimization level turns a branch into a conditional move.  */
#include <stdio.h>
volatile unsigned taken, skipped;
/* One branch per bit: taken adds K + 1, not taken flips the bit.  */
#define BRANCH(k) \
  if (x & (1u << (k))) taken += (k) + 1; else skipped ^= 1u << (k)
__attribute__ ((noinline)) void wide(unsigned x) {
  BRANCH (0); BRANCH (1); BRANCH (2); BRANCH (3); BRANCH (4);
  BRANCH (5); BRANCH (6); BRANCH (7); BRANCH (8); BRANCH (9);
  BRANCH (10); BRANCH (11); BRANCH (12);
}
int main(void) {
  for (unsigned x = 0; x < 8192; x++)
    wide(x);
  printf("%u %u\n", taken, skipped);
  return 0;
}
