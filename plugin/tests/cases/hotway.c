/* The hottest way around a loop that goes around several ways, counted
   in a register where the compare folds (instrument.cc's hot_way_end and
   keep_folding_hot_ways): in a loop that is peeled and whose latch counts
   on each way into it.  run.sh checks which loops count theirs, in the
   preferential builds with this run's paths and counts as the
   interesting ones; the exactness oracle checks every count at every
   level.  noinline: each loop stays in its function.  */
#include <stdio.h>
#include <stdlib.h>

/* Peeled (the way into the loop with flag set is never run), and the
   latch counts on each way: the way of a value not a multiple of 8, 7
   of every 8 iterations, is counted in a register.  */
__attribute__((noinline)) int mostly_odd (const int *a, int n, int flag) {
  int s = 3;
  if (flag)
    s = 8;
  for (int i = 0; i < n; i++) {
    if (a[i] % 8)
      s += a[i];
    else
      s ^= a[i];
  }
  return s;
}

/* The ways around meet before the latch's condition, as in zlib's
   longest_match: the hottest way, a key that does not match, would keep
   the compare on every iteration, in front of the other way's count, and
   is not counted in a register.  */
__attribute__((noinline)) int chain (const int *next, const int *key, int i,
                                     int want, int limit, int flag) {
  int hits = flag ? 100 : 0;
  do {
    if (key[i] != want)
      continue;
    hits++;
  } while ((i = next[i]) != 0 && --limit != 0);
  return hits;
}

int main (int argc, char **argv) {
  (void) argv;
  int a[64], next[50], key[50];
  for (int i = 0; i < 64; i++)
    a[i] = i + 1;
  for (int i = 0; i < 50; i++) {
    next[i] = (i + 7) % 50;
    key[i] = i % 10;
  }
  long t = 0;
  for (int r = 0; r < 6; r++) {
    t += mostly_odd (a, 40 + r, argc > 5);
    t += chain (next, key, 1 + r, 3, 45, argc > 5);
  }
  printf ("%ld\n", t);
  return 0;
}
