/* IPPP test program: direct calls, calls in loops, one callee at several
   call sites, callees with loops (segments that start inside an inlined
   copy and return into the caller), callees pathprof never inlines
   (noinline, variadic), calls through a pointer with two targets, a
   callback from a library function (qsort: no call site of ours), and
   recursion, and (MODE 8) a process that ends in exit two calls below
   main, with the rest of main's segment fixed.  Usage: calls MODE N; the
   tests and the field run it with different arguments
   (tests/ippp/run.sh).  */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int
square (int x)
{
  return x * x;
}

static int
clamp (int x, int lo, int hi)
{
  if (x < lo)
    return lo;
  if (x > hi)
    return hi;
  return x;
}

static int
sum_to (int n)
{
  int s = 0;
  for (int i = 1; i <= n; i++)
    s += i & 1 ? i : -i;
  return s;
}

__attribute__ ((noinline)) static int
never (int x)
{
  return x ^ 0x55;
}

static int
vsum (int n, ...)
{
  va_list ap;
  va_start (ap, n);
  int s = 0;
  while (n--)
    s += va_arg (ap, int);
  va_end (ap);
  return s;
}

static int
twice (int x)
{
  return 2 * x;
}

static int
negate (int x)
{
  if (x > 3)
    return -x;
  return x;
}

static int
fib (int n)
{
  return n < 2 ? n : fib (n - 1) + fib (n - 2);
}

static int
cmp (const void *a, const void *b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

static void
leave (int code)
{
  printf ("leaving with %d\n", code);
  exit (code);
}

static void
report (int total)
{
  printf ("total %d\n", total);
  leave (total & 3);
}

static int
work (int mode, int n, int (*op) (int))
{
  int r = 0;
  for (int i = 0; i < n; i++)
    {
      r += op (clamp (i, 1, mode));
      if (i % 3 == 0)
        r += square (i);
      else
        r -= sum_to (i % 5);
    }
  if (mode > 4)
    r += never (r);
  else
    r += vsum (3, r, mode, n);
  return r;
}

int
main (int argc, char **argv)
{
  int mode = argc > 1 ? (int) strtol (argv[1], NULL, 10) : 1;
  int n = argc > 2 ? (int) strtol (argv[2], NULL, 10) : 5;
  int total = work (mode, n, mode & 1 ? twice : negate);
  total += fib (mode + 2) + clamp (total, -1000, 1000);
  int a[6] = { n, mode, total % 7, 3, n * mode % 5, 1 };
  qsort (a, 6, sizeof *a, cmp);
  for (int i = 0; i < 6; i++)
    total += a[i] * (i + 1);
  if (mode == 8)
    report (total);
  printf ("%d\n", total);
  return 0;
}
