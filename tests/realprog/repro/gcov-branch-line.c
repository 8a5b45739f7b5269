/* Fixed in cab6a5a (both cases below now give gcov's line); kept as the
   evidence for gcov's rule, which tests/gcov relies on.

   Was: the notes' `line_last` is not the line gcov attaches a block's
   branches to, although specs/notes-format.md says it is.

     gcc -O0 --coverage -fplugin=build/pathprof.so -c gcov-branch-line.c
     gcc --coverage gcov-branch-line.o -Lbuild -lpathprof -o t && ./t
     grep -A10 'function "two_lines"' gcov-branch-line.ppno | grep 'block 3'
     gcov -b -j --stdout gcov-branch-line.gcno     (branches per line)

   two_lines: the block of the second condition loads s->k on line 38 and
   compares at a location on line 37 (GCC gives the || condition the
   operator's location).  Expected (gcov 12): its branches on line 38.
   Actual: `block 3 3 "gcov-branch-line.c" 37 38 37`, line_last 37.
   gcov attaches a block's branches to the HIGHEST line among its
   statements, not the line of the last one.

   call_in_condition: the block of the second condition calls g on line 48
   and compares at line 47.  gcov splits blocks after every call that may
   not return (to give it a fake edge to the exit), so the comparison is a
   block of its own, on line 47: gcov puts the branches on line 47.  The
   notes say `block 3 3 "gcov-branch-line.c" 47 48 47`: here line_last is
   right, but line_hi (the highest line) is not.

   So gcov's rule is: the highest line among the located statements that
   follow the block's last call (calls to const/pure functions and nothrow
   builtins aside: gcov does not split at those), none if there is no such
   statement (then gcov shows no branches for the block at all: mawk's
   `switch (parse_w_opt (...))`, whose GIMPLE switch has no location).
   tests/gcov/compare.py works around it: it compares branch counts per
   function and checks lines only for nodes on one line; with line_last
   defined by that rule it could compare every branch line by line.  */
struct S { int k; };
int g (int x) { return x + 1; }

int
two_lines (struct S *s)
{
  if (s->k < 1 ||
      s->k > 2)
    return 1;
  return 0;
}

int
call_in_condition (int a, int b)
{
  int n;
  if (a > 0 &&
      (n = g (b)) > 0)
    return n;
  return 0;
}

int
main (int argc, char **argv)
{
  struct S s = { argc + 5 };
  (void) argv;
  return two_lines (&s) + call_in_condition (argc, argc);
}
