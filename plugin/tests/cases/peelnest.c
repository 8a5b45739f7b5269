/* Loops nested in one another in a function counted in an array, each gone
   around at least twice per entry by the tests (instrument.cc's
   choose_array_peels): all of them are peeled (peel.cc peels the inner ones
   first), as long as no loop's copy, with the copies of the loops peeled in
   it, grows beyond 2,000 statements.  grid's three loops are all peeled: its
   outer loop's copy holds the two loops nested in it, each with its own first
   iteration's copy (4 copies of the innermost body in the outer loop's, 8 in
   all).  wide's inner loop alone has about 900 statements and its outer loop
   900 more of its own: the outer one's copy would hold the inner loop and its
   copy, about 2,700 statements, so only the inner loop, whose back edge runs
   more, is peeled.  Each `sink += k' is a load, an add and a store.  The
   exactness oracle checks every count at every level; run.sh checks which
   loops are peeled.  noinline: each loop stays in its function.  */
#include <stdio.h>
#include <stdlib.h>

volatile int sink;
static int cell[64];

__attribute__ ((noinline)) static void
grid (int n)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        if (cell[(i * 16 + j * 4 + k) & 63] > 0)
          sink += 1;
        else
          sink -= 2;
}

#define ADD1 sink += k;
#define ADD10 ADD1 ADD1 ADD1 ADD1 ADD1 ADD1 ADD1 ADD1 ADD1 ADD1
#define ADD100 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10

__attribute__ ((noinline)) static void
wide (int n, int m)
{
  for (int i = 0; i < n; i++)
    {
      int k = cell[i & 63];
      ADD100 ADD100 ADD100
      for (int j = 0; j < m; j++)
        {
          k = cell[(i + j) & 63];
          if (k > 0)
            sink -= 1;
          ADD100 ADD100 ADD100
        }
    }
}

int
main (int argc, char **argv)
{
  /* With arguments the cells' signs change, and wide's inner loop may
     run no times (a second argument of 0): paths the run without them
     does not take.  */
  for (int i = 0; i < 64; i++)
    cell[i] = (i * 7 + argc) % 5 - 2;
  int n = argc > 1 ? atoi (argv[1]) : 3;
  int m = argc > 2 ? atoi (argv[2]) : n + 1;
  grid (n);
  wide (n, m);
  printf ("%d\n", sink);
  return 0;
}
