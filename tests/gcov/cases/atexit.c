/* Code that runs at exit after the program's own exit handlers: a
   destructor function (with a constructor of priority 101 and a handler
   registered with atexit).  gcov writes from a destructor of priority
   100; so does the runtime, and both count fini's calls (tests/e2e
   checks such counts exactly, in its dtor.c and prio.cc).  */
#include <stdio.h>
#include <stdlib.h>

/* The results are stored: at -O2 GCC would drop calls of this pure
   function whose results go unused, before the plugin's late pass.  */
static volatile int sink;

__attribute__ ((noinline)) static int
work (int i)
{
  return i & 1 ? i : -i;
}

__attribute__ ((destructor)) static void
fini (void)
{
  for (int i = 0; i < 4; i++)
    sink = work (i);
}

__attribute__ ((constructor (101))) static void
early (void)
{
  for (int i = 0; i < 3; i++)
    sink = work (i);
}

static void
handler (void)
{
  sink = work (100);
}

int
main (void)
{
  atexit (handler);
  printf ("%d\n", work (5));
  return 0;
}
