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
__attribute__ ((noinline)) void wide(unsigned x) {
  if (x & 1) taken += 1; else skipped ^= 1;
  if (x & 2) taken += 2; else skipped ^= 2;
  if (x & 4) taken += 3; else skipped ^= 4;
  if (x & 8) taken += 4; else skipped ^= 8;
  if (x & 16) taken += 5; else skipped ^= 16;
  if (x & 32) taken += 6; else skipped ^= 32;
  if (x & 64) taken += 7; else skipped ^= 64;
  if (x & 128) taken += 8; else skipped ^= 128;
  if (x & 256) taken += 9; else skipped ^= 256;
  if (x & 512) taken += 10; else skipped ^= 512;
  if (x & 1024) taken += 11; else skipped ^= 1024;
  if (x & 2048) taken += 12; else skipped ^= 2048;
  if (x & 4096) taken += 13; else skipped ^= 4096;
}
int main(void) {
  for (unsigned x = 0; x < 8192; x++)
    wide(x);
  printf("%u %u\n", taken, skipped);
  return 0;
}
