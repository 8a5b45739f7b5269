/* Blocks that count a path where ways with different counters meet
   (tails.cc): once GCC has propagated the path register's constants, a
   PHI gives such a block the counter's address, one per way in, and
   each way gets its own copy of the block, which counts at a constant
   address.  classify is mawk's `test`: its loop goes around one way
   (a string that looks like a number is converted and tested again),
   so it is peeled, and the cases return in blocks that the first
   iteration and the loop that remains share.  lookup's loop returns a
   found node from the same block in both.  The exactness oracle checks
   every count at every level; run.sh checks which blocks are copied,
   and that a run with arguments, which takes paths the run without
   them does not, counts the same with the copies as without.
   find_name's loop calls strcmp. noinline: each loop stays in its
   function.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum kind { NOINIT, DOUBLE, STRNUM, STRING, MBSTRN };
struct cell {
  enum kind kind;
  double dval;
  const char *str;
};

static void check_strnum (struct cell *c) {
  char *end;
  double d = strtod (c->str, &end);
  if (*c->str && !*end) {
    c->kind = STRNUM;
    c->dval = d;
  } else
    c->kind = STRING;
}

__attribute__((noinline)) int classify (struct cell *c) {
reswitch:
  switch (c->kind) {
  case NOINIT:
    return 0;
  case DOUBLE:
  case STRNUM:
    return c->dval != 0.0;
  case STRING:
    return c->str[0] != 0;
  case MBSTRN:
    check_strnum (c);
    goto reswitch;
  }
  abort ();
}

struct node {
  const struct node *next;
  int key, value;
};

__attribute__((noinline)) int lookup (const struct node *n, int key) {
  for (; n; n = n->next)
    if (n->key == key)
      return n->value;
  return -1;
}

/* A loop with a call in it (mawk's find_by_sval), which goes around two
   ways: the run without arguments goes around it 1.5 times per entry,
   which is enough to peel it in an array (instrument.cc,
   min_call_peel_trips), not without the call (min_peel_trips); its
   return of a found name is shared by the first iteration and the loop
   that remains.  */
__attribute__((noinline)) int find_name (const char *const *names, int n,
                                         const char *name) {
  for (int i = 0; i < n; i++) {
    if (names[i][0] == '#')
      continue;
    if (strcmp (names[i], name) == 0)
      return i;
  }
  return -1;
}

int main (int argc, char **argv) {
  (void) argv;
  static const char *const strs[] = { "12", "x", "0", "", "3.5" };
  long t = 0;
  for (int r = 0; r < 40 + argc; r++) {
    struct cell c = { (enum kind) (r % 5), r % 3, strs[r % 5] };
    t += classify (&c) * (r + 1);
  }
  static struct node nodes[6];
  for (int i = 0; i < 6; i++)
    nodes[i] = (struct node) { i ? &nodes[i - 1] : 0, i * 3, i * i };
  for (int r = 0; r < 20; r++)
    t += lookup (&nodes[5], r);
  static const char *const words[] = { "#a", "a", "b" };
  for (int r = 0; r < 12; r++)
    t += find_name (words, 3, r % 2 ? "b" : "a");
  if (argc > 1) {
    /* A field run: paths the run without arguments never takes.  */
    struct cell c = { MBSTRN, 0, "x" };
    t += classify (&c) + lookup (0, 1);
  }
  printf ("%ld\n", t);
  return 0;
}
