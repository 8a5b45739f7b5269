/* IPPP test program: steady loop paths (plugin/instrument.cc) in loops
   that call small helpers.  Once pathprof inlines the calls of the
   interesting segments, such a loop body can go around one way only, and
   the path that ends with its back edge is counted in a register until
   the loop exits.  Covers: the simple form (hash), a steady inner loop
   inside an outer loop whose own steady path (the inner loop not run)
   takes the compare form (grid), a loop left early by a return (find), a
   loop whose helper has two ways (not steady: clip_sum), one whose helper
   is never inlined (not steady: twisted), and loops entered zero times,
   once and many times.  The functions with the loops are noinline: main's
   calls to them stay calls (at depth 1, main's supergraph would hold their
   loops with the helpers' calls still in them).  Usage: steady MODE N;
   the tests and the field run it with different arguments
   (tests/ippp/run.sh).  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned
mix (unsigned h, unsigned c)
{
  return h * 31 + c;
}

__attribute__ ((noinline)) static unsigned
hash (const char *s, int n)
{
  unsigned h = 7;
  for (int i = 0; i < n; i++)
    h = mix (h, (unsigned char) s[i]);
  return h;
}

static int
scale (int x)
{
  return 3 * x + 1;
}

__attribute__ ((noinline)) static long
grid (int rows, int cols)
{
  long s = 0;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      s += scale (r ^ c);
  return s;
}

static int
same (int a, int b)
{
  return a == b;
}

__attribute__ ((noinline)) static int
find (const int *a, int n, int key)
{
  for (int i = 0; i < n; i++)
    if (same (a[i], key))
      return i;
  return -1;
}

static int
clip (int x)
{
  if (x > 40)
    return 40;
  return x;
}

__attribute__ ((noinline)) static int
clip_sum (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += clip (i * 7);
  return s;
}

__attribute__ ((noinline)) static int
twist (int x)
{
  return x ^ (x >> 3);
}

__attribute__ ((noinline)) static int
twisted (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += twist (i);
  return s;
}

int
main (int argc, char **argv)
{
  int mode = argc > 1 ? (int) strtol (argv[1], NULL, 10) : 1;
  int n = argc > 2 ? (int) strtol (argv[2], NULL, 10) : 10;
  static const char text[] = "the quick brown fox jumps over the lazy dog";
  int len = (int) strlen (text);
  int a[64];
  for (int i = 0; i < 64; i++)
    a[i] = (i * 13) % 64;
  if (n > len)
    n = len;
  printf ("hash %u\n", hash (text, n));
  printf ("grid %ld\n", grid (n, 5 * mode));
  printf ("find %d\n", find (a, mode == 3 ? 0 : 64, n));
  printf ("clip %d\n", clip_sum (n));
  printf ("twisted %d\n", twisted (mode * n));
  return mode == 4 ? 3 : 0;
}
