/* flags: -fplugin-arg-pathprof-ppp-array-threshold=0
   Loops whose first iteration the preferential build peels (peel.cc):
   their back edge compares with the slot only for the paths that enter
   the loop, some of them untested, while every way around the loop was
   tested, or while the ways into its latch whose paths the tests all
   took carry most of them (the latch then counts on each way).  And
   loops it must not peel: one whose ways around all need the compare,
   one that goes around about once per entry (unless it goes around one
   way in a few statements), one whose steady path is counted
   in a register.  PEEL_FIELD set: the "field" run, which takes
   the untested ways into the loops.  The exactness oracle checks every
   count at every level; run.sh checks which loops are peeled.  The flag
   gives every function PPP slots (these have few paths).  noinline: each
   loop stays in its function.  */
#include <stdio.h>
#include <stdlib.h>

static int field;

/* Two ways around, both tested; the way in through flag is not.  */
__attribute__((noinline)) int two_way (const int *a, int n, int flag) {
  int s = 7;
  if (flag)
    s = 5;
  for (int i = 0; i < n; i++) {
    if (a[i] & 1)
      s += a[i];
    else
      s ^= a[i];
  }
  return s;
}

/* The tests never go around through the negative branch, and every way
   around meets the others before the latch: the loop's own paths need
   the compare too, and peeling alone would not remove it.  But no tested
   path takes the negative branch's edge: it leads into a cold copy of
   the rest of the body, which keeps the checks, and in the original the
   two ways into the latch count without them.  */
__attribute__((noinline)) int untested_way (const int *a, int n, int flag) {
  int s = flag ? 1 : 0;
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      s -= a[i] * 3;
    else if (a[i] & 1)
      s += a[i];
    else
      s ^= a[i];
    if (s > 1000)
      s = s % 997;
  }
  return s;
}

/* Every edge around the loop tested, but not every combination: the
   tests see a value with both low bits set or neither.  Each way into the
   latch mixes tested and untested paths over tested edges only, which
   no copy tells apart, so the loop is not peeled.  */
__attribute__((noinline)) int crossed_ways (const int *a, int n, int flag) {
  int s = flag ? 9 : 2;
  for (int i = 0; i < n; i++) {
    if (a[i] & 1)
      s += a[i];
    else
      s ^= a[i];
    if (a[i] & 2)
      s = s * 3 + 1;
    else
      s -= 1;
  }
  return s;
}

/* Ways around the tests took in part: the back edge compares, but the
   latch of the peeled loop counts on each way into it.  The way of the
   continue, which the tests took, counts without the compare; that of a
   negative value, which they never took, logs without it.  The third way
   comes from the exit of the loop nested in it, which goes around at
   least twice: the tested paths of that way all start at the inner
   loop's header, after its back edge, and the edge into the inner loop is
   cold for it.  The inner loop is peeled (first), and its first
   iteration's copy leads into a cold copy that keeps the way's compare
   (the tests never saw 16 there); in the original the way counts
   without it.  */
__attribute__((noinline)) int mixed_ways (const int *a, int n, int flag) {
  int s = flag ? 4 : 0;
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      s -= a[i] * 5;
    else if (a[i] & 6)
      continue;
    else {
      if (a[i] == 16)
        s = s * 3 + 1;
      else
        s += a[i];
      for (int j = 0; j < (a[i] & 1) + 2; j++) {
        if ((j ^ a[i]) & 1)
          s += j;
        else
          s -= 2 * j;
      }
    }
  }
  return s;
}

/* A call in the loop: it stays peelable (the counts are in memory).  */
__attribute__((noinline)) int twice (int x) { return x < 0 ? -x : 2 * x; }
__attribute__((noinline)) int call_in_loop (const int *a, int n, int flag) {
  int s = flag ? 3 : 0;
  for (int i = 0; i < n; i++) {
    if (a[i] & 2)
      s += twice (a[i]);
    else
      s -= a[i];
  }
  return s;
}

/* About once around per entry: not worth a copy.  */
__attribute__((noinline)) int once (const int *a, int n, int flag) {
  int s = flag ? 2 : 1;
  for (int i = 0; i < n; i++) {
    if (a[i] & 1)
      s += a[i];
    else
      s *= 3;
  }
  return s;
}

/* One way around: its steady path is counted in a register instead.  */
__attribute__((noinline)) unsigned one_way (const char *p, int flag) {
  unsigned h = flag ? 7 : 5381;
  while (*p)
    h = h * 33 + (unsigned char) *p++;
  return h;
}

/* One way around in a few statements, which the tests go around less than
   once per entry (pcre2's scan for a code unit that can start a match):
   too rarely for its steady path to be worth a register, and peeled all
   the same; the field run scans far.  */
static int flagged_scans;
__attribute__((noinline)) int scan (const char *p, const char *end, int flag) {
  const char *q = p;
  if (flag) {
    q++;
    flagged_scans++;
  }
  while (q < end && *q != 'x')
    q++;
  return (int) (q - p);
}

/* One way around in more statements (LZ4HC_Insert's loop of hash-table
   updates, between 17 and 24 statements at the plugin's pass), which the
   tests go around less than twice per entry: peeled all the same; the
   field run inserts far, and through flag.  */
static unsigned hash_table[64];
static unsigned short chain_table[256];
__attribute__((noinline)) unsigned insert (const unsigned char *p,
                                           unsigned from, unsigned to,
                                           int flag) {
  unsigned idx = flag ? from + 1 : from;
  while (idx < to) {
    unsigned h = ((unsigned) (p[idx] | p[idx + 1] << 8) * 2654435761u) >> 26;
    unsigned delta = idx - hash_table[h];
    if (delta > 65535)
      delta = 65535;
    chain_table[idx & 255] = (unsigned short) delta;
    hash_table[h] = idx;
    idx++;
  }
  return idx;
}

/* Two loops, each with two ways around, the inner one going around more:
   both are peeled, the outer one for its latch's way from the inner
   loop's exit, which the tests took only after the inner loop's back
   edge (a cold copy, as in mixed_ways).  */
__attribute__((noinline)) int nest (const int *a, int rows, int cols,
                                    int flag) {
  int s = flag ? 11 : 0;
  for (int r = 0; r < rows; r++) {
    if (a[r] & 1)
      s += r;
    else
      s -= r;
    for (int c = 0; c < cols; c++) {
      if ((a[r] + a[c]) & 2)
        s += a[c];
      else
        s ^= c;
    }
  }
  return s;
}

/* Ways around that the tests took in part, and ways into the latch that
   mix tested and untested paths, which differ only by an edge that no
   tested path takes (GNU make's loop over a command line's characters,
   with its one_shell): the tests never set flag.  The loop is peeled,
   and the edge of flag true leads into a copy of the blocks from there
   to the latch's ways of a blank and of a plain character, which keeps
   their checks; in the original those two ways count without them.
   The way of '=', never tested, logs in both.  The field run sets
   flag.  */
__attribute__((noinline)) int cold_way (const char *p, int flag) {
  int s = 0;
  for (; *p; p++) {
    if (*p == '#')
      return -s;
    else if (flag && *p == '\n')
      break;
    switch (*p) {
    case ' ':
      s = s * 2 + 1;
      break;
    case '=':
      s ^= 0x55;
      break;
    default:
      s += *p;
      break;
    }
  }
  return s;
}

/* A loop over rules, each with a loop over its targets (GNU make's
   pattern_search): the tests' rules all have two targets or are in use,
   so the way into the outer latch from the inner loop's exit mixes the
   paths that start at the inner loop's header, after its back edge
   (tested), with those that enter it and leave after one iteration
   (never tested).  The edge into the inner loop is cold for that way,
   though the tested paths that go around the inner loop take it: the
   inner loop is peeled, and its first iteration's copy leads into a
   copy of the blocks up to the way's check, which keeps it; in the
   original the way counts without it.  The check at the inner loop's
   back edge counts without the compare in the loop that remains of it
   (its own peeling) and, since the paths that come into its first
   iteration from the outer loop were all tested too, in that
   iteration's copy (the outer loop's peeling).  The field run has a
   rule with one target.  */
struct rule {
  const struct rule *next;
  int num;
  const char *const *targets;
  const unsigned *lens;
  int in_use;
};
__attribute__((noinline)) int rule_search (const struct rule *rules,
                                           const char *name, int flag) {
  int found = flag ? 1 : 0;
  unsigned namelen = 0;
  while (name[namelen])
    namelen++;
  for (const struct rule *rule = rules; rule != 0; rule = rule->next) {
    if (rule->in_use)
      continue;
    for (int ti = 0; ti < rule->num; ++ti) {
      if (rule->lens[ti] > namelen)
        continue;
      if (rule->targets[ti][0] != name[0])
        continue;
      found += ti + 1;
    }
  }
  return found;
}

int main (void) {
  field = getenv ("PEEL_FIELD") != NULL;
  int a[64];
  for (int i = 0; i < 64; i++)
    a[i] = (i * 7 + 3) % 13;
  long t = 0;
  for (int r = 0; r < 4; r++) {
    t += two_way (a, 40 + r, field && r == 2);
    t += untested_way (a, 40 + r, field && r == 1);
    t += mixed_ways (a, 40 + r, field && r == 0);
    t += call_in_loop (a, 30 + r, field && r == 3);
    t += one_way ("peeling the first iteration", field && r == 0);
    t += nest (a, 8, 10 + r, field && r == 1);
  }
  for (int r = 0; r < 20; r++)
    t += once (a + r, r % 3, field && r == 7);
  static const char text[] = "xaxbbx......................................x";
  for (int r = 0; r < 8; r++)
    t += scan (text + r % 4, text + sizeof text - 1, 0);
  if (field)
    t += scan (text + 5, text + sizeof text - 1, 1);
  static unsigned char bytes[300];
  for (int i = 0; i < 300; i++)
    bytes[i] = (unsigned char) (i * 37 + 11);
  for (unsigned r = 0; r < 12; r++)
    t += insert (bytes, r, r + 2 * (r % 3 == 0), 0);
  if (field)
    t += insert (bytes, 20, 260, 1);
  int low[48];
  for (int i = 0; i < 48; i++)
    low[i] = i % 2 * 3; /* 0 and 3: never 1 or 2 */
  for (int r = 0; r < 4; r++)
    t += crossed_ways (low, 40 + r, field && r == 2);
  if (field) {
    low[6] = 1;
    low[7] = 2;
    t += crossed_ways (low, 20, 0);
  }
  static const char *const lines[] = { "cc -c a b", "ld x y # z",
                                        "echo hello world" };
  for (int r = 0; r < 6; r++)
    t += cold_way (lines[r % 3], 0);
  if (field) {
    t += cold_way ("x=1 y", 1);
    t += cold_way ("a b\nc d", 1);
    t += cold_way ("CC=gcc", 0);
  }
  static const char *const ab[] = { "a.o", "b.o" }, *const cc[] = { "c.o",
                                                                    "ccc" };
  static const unsigned lens[] = { 3, 3 };
  static struct rule r5 = { 0, 1, ab, lens, 0 };
  static struct rule r4 = { &r5, 2, cc, lens, 1 };
  static struct rule r3 = { 0, 2, cc, lens, 0 };
  static struct rule r2 = { &r3, 2, ab, lens, 0 };
  static struct rule r1 = { &r2, 2, cc, lens, 1 };
  static const char *const names[] = { "a", "c.o", "b.o", "ccc" };
  for (int r = 0; r < 12; r++)
    t += rule_search (&r1, names[r % 4], 0);
  if (field) {
    r3.next = &r4;
    t += rule_search (&r1, "a.o", 1);
  }
  if (field) {
    a[5] = -4;
    t += untested_way (a, 20, 0);
    a[6] = 16;
    t += mixed_ways (a, 20, 0);
  }
  printf ("%ld\n", t + flagged_scans + chain_table[40]);
  return 0;
}
