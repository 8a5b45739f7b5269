/* Loops whose back edge ends one "steady" path on every iteration but the
   first, counted in a register until the loop exits (instrument.cc), and
   loops that must not be: every way out of a loop (fall out, break, return,
   goto out of two loops, a loop never entered, one run once, exit ()),
   nested loops, a loop with a path before it the run never takes (a PPP
   check at its back edge), a loop with a call (not promoted: it could
   exit) and one with a builtin call (promoted), recursion, a loop that
   goes around too few times to be worth it.  The exactness oracle checks
   every count at every level; run.sh checks which loops are promoted.
   The others go around at least 5 times per entry on average
   (instrument.cc's min_steady_trips), also in the profile of this run
   that the preferential builds get.  noinline: each loop stays in its
   function.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node { struct node *next; int v; };

/* One way around: the steady path.  */
__attribute__((noinline)) int length (const struct node *p) {
  int n = 0;
  while (p) { n++; p = p->next; }
  return n;
}

/* Left by a return inside the loop, or by falling out.  */
__attribute__((noinline)) int find (const struct node *p, int v) {
  for (int i = 0; p; i++, p = p->next)
    if (p->v == v)
      return i;
  return -1;
}

/* Left by a goto out of both loops; the inner loop is single-path.  */
__attribute__((noinline)) int grid (const unsigned char *g, int w, int h,
                                    int stop) {
  int s = 0;
  for (int y = 0; y < h; y++) {
    int x = 0;
    while (g[y * w + x] != 0) { s += g[y * w + x]; x++; }
    if (s > stop) goto out;
  }
  s = -s;
out:
  return s;
}

/* flag is never set in the run: the path through it into the loop is
   untested, so in a preferential build the back edge's end compares.  */
__attribute__((noinline)) unsigned hash (const char *s, int flag) {
  unsigned h = 5381;
  if (flag)
    h = 7;
  while (*s) h = h * 33 + (unsigned char) *s++;
  return h;
}

/* A builtin call in the loop (memcpy: a leaf, it returns).  */
__attribute__((noinline)) void copy_rows (char *dst, const char *src, int n,
                                          int w) {
  for (int i = 0; i < n; i++)
    __builtin_memcpy (dst + i * w, src + i * w, (size_t) w);
}

/* exit () in the loop: its block cannot reach the back edge, so it is
   outside the loop and the edge into it flushes the count first.  */
__attribute__((noinline)) int checked_sum (const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] < 0) { fprintf (stderr, "negative\n"); exit (3); }
    s += a[i];
  }
  return s;
}

/* A call inside the loop, which could exit () or longjmp: the loop keeps
   its counts in memory.  */
__attribute__((noinline)) int positive (int x) {
  if (x < 0) { fprintf (stderr, "negative\n"); exit (3); }
  return x;
}
__attribute__((noinline)) int called_sum (const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += positive (a[i]);
  return s;
}

/* Recursion: each activation its own count (at -O2, GCC turns the tail
   call into a second loop).  */
__attribute__((noinline)) int depth_sum (const struct node *p, int d) {
  int s = 0;
  for (const struct node *q = p; q; q = q->next) s += q->v;
  if (d > 0 && p) s += depth_sum (p->next, d - 1);
  return s;
}

/* Goes around twice: GCC knows, and its steady path stays in memory,
   where a register would cost more than it saves.  */
__attribute__((noinline)) int three (const int *a) {
  int s = 0;
  for (int i = 0; i < 3; i++) s += a[i] * i;
  return s;
}

/* do-while with a continue: more than one way around, no steady path.  */
__attribute__((noinline)) int skip_odd (const int *a, int n) {
  int s = 0, i = 0;
  do {
    if (a[i] & 1) { i++; continue; }
    s += a[i];
    i++;
  } while (i < n);
  return s;
}

int main (int argc, char **argv) {
  (void) argv;
  static struct node nodes[50];
  for (int i = 0; i < 50; i++) {
    nodes[i].v = i * 3;
    nodes[i].next = i + 1 < 50 ? &nodes[i + 1] : NULL;
  }
  long t = 0;
  t += length (NULL) + length (&nodes[49]) + length (&nodes[40]);
  t += length (nodes);
  t += find (nodes, 30) + find (nodes, 31) + find (NULL, 0) + find (&nodes[5], 15);
  unsigned char g[6 * 8];
  for (int i = 0; i < 6 * 8; i++) g[i] = (unsigned char) (i % 8 == 7 ? 0 : i % 5 + 1);
  g[2 * 8 + 0] = 0;
  t += grid (g, 8, 6, 1000) + grid (g, 8, 6, 20) + grid (g, 8, 0, 0);
  t += hash ("", 0) + hash ("a", 0) + hash ("steady state, steady state", argc > 5)
       + hash ("loops going around", 0);
  char src[64], dst[64];
  memset (src, 'x', sizeof src);
  copy_rows (dst, src, 16, 4);
  copy_rows (dst, src, 0, 4);
  t += dst[63];
  int a[10] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
  t += checked_sum (a, 10) + checked_sum (a, 0);
  t += called_sum (a, 10);
  t += depth_sum (nodes, 5);
  t += skip_odd (a, 10) + skip_odd (a, 1);
  t += three (a);
  printf ("%ld\n", t);
  /* Leaves from inside a loop through exit (3): the iterations before it
     are counted in the profile written at exit.  */
  int b[20];
  for (int i = 0; i < 20; i++) b[i] = i == 15 ? -1 : i;
  fflush (stdout);
  return checked_sum (b, 20);
}
