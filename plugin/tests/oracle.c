/* pathprof plugin tests: the exactness oracle.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   oracle TRACE COUNTS NOTES.ppno...
 *
 * Rebuilds every path the program took from the block trace written by
 * harness.c (which the plugin's "trace" argument makes the program call on
 * entry to each node), numbers it with the core from the notes alone, and
 * compares the resulting counts with the counters the instrumented program
 * recorded.  The two only agree if the plugin's path register arithmetic,
 * counter placement, splitting and abnormal-edge handling are all exact.
 *
 * Replaying a trace needs the plugin's rules for paths that do not end
 * normally (specs/cfg-rules.md): a path is counted once it enters a
 * "finish" node, and a longjmp back into a setjmp receiver (a restart node)
 * starts a new path there, as if through the last cut edge that entered
 * it.  Functions defined twice under one name (static functions in two
 * units, C++ inline functions) are not checked.
 *
 * In preferential mode (notes `storage ppp` / `storage residual`), each
 * path is expected in the function's PPP slot when the notes list it as
 * `interesting ID PPP` (and the slot it was counted in must be PPP), and
 * in the residual log otherwise (unlisted functions, paths that are not
 * interesting, interesting ones without a slot: `interesting ID -`).
 *
 * Prints "oracle: R path records, P distinct paths checked, M mismatches"
 * and exits with 1 when M > 0 or the trace is inconsistent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppcore.h"

struct fn
{
  char *name;
  int dup;
  pp_cfg *cfg;
  pp_dag *dag;
  pp_numbering *num;
  uint64_t *w;             /* Ball-Larus weight of each DAG edge, mod 2^64 */
  long exit_node;          /* node of EXIT_BLOCK (block 1), or -1 */
  unsigned char *head;     /* "# head N": entry code at the node's head */
  unsigned char *outedges; /* "# outedges N": head on its out-edges */
  unsigned char *finish;
  int storage;             /* 0 array, 1 hash, 2 ppp, 3 residual */
  int in_array;            /* ppp or residual counted in an array */
  uint64_t *slotted;       /* ppp: interesting ids with a slot, sorted */
  uint64_t slot_shift;     /* ppp: PPP id i is in slot i + slot_shift */
  uint64_t *slot_of;       /* ... and their PPP ids */
  size_t n_slotted;
};

static struct fn *fns;
static size_t n_fns;
static int trace_errors;

static void *
xrealloc (void *p, size_t n)
{
  p = realloc (p, n ? n : 1);
  if (!p)
    {
      perror ("oracle");
      exit (2);
    }
  return p;
}

static void *
xcalloc (size_t n, size_t size)
{
  void *p = calloc (n ? n : 1, size);
  if (!p)
    {
      perror ("oracle");
      exit (2);
    }
  return p;
}

static uint64_t
mpz_u64 (const mpz_t v)
{
  mpz_t m;
  uint64_t r = 0;
  size_t count;
  mpz_init (m);
  mpz_fdiv_r_2exp (m, v, 64);
  mpz_export (&r, &count, -1, sizeof r, 0, 0, m);
  mpz_clear (m);
  return r;
}

/* Whether node P has a single way on, a plain edge into a node that is
   not a head node (instrument.cc: single_way_on; hard edges always lead
   to head nodes).  */
static int
single_way_on (const struct fn *f, unsigned p)
{
  const pp_dag *d = f->dag;
  if (p >= f->cfg->n_nodes || p == f->cfg->entry || f->outedges[p]
      || d->out_start[p + 1] - d->out_start[p] != 1)
    return 0;
  const pp_dag_edge *e = &d->edges[d->out_edges[d->out_start[p]]];
  return e->kind == PP_EDGE_REAL && !f->head[e->dst];
}

static int
chainable (const struct fn *f, unsigned x)
{
  return !f->head[x] && !f->outedges[x];
}

/* Mirrors instrument.cc: latch_counts.  */
static int
latch_counts (const struct fn *f, const pp_dag_edge *e)
{
  if (e->kind != PP_EDGE_CUT_END || (f->storage != 0 && !f->in_array))
    return 0;
  /* (A hard edge leads to a head node.)  */
  const pp_cfg_edge *c = &f->cfg->edges[e->origin];
  if (c->cut != PP_CUT_BACK || f->head[c->dst])
    return 0;
  /* Not where one way goes around (a steady path).  */
  unsigned *path = xcalloc (f->dag->n_nodes + 1, sizeof *path);
  size_t len = 0;
  pp_error err;
  long k = e - f->dag->edges;
  int steady = pp_steady_path (f->dag, k, path, &len, &err) == PP_OK && len;
  free (path);
  return !steady;
}

/* Mirrors compute_finish's chains in instrument.cc (max_chain_steps, 8),
   walked here rather than computed per node as there.  */
static int
chain_counts (const struct fn *f, unsigned x)
{
  const pp_dag *d = f->dag;
  if (f->storage != 0 && !f->in_array)
    return 0;
  for (unsigned steps = 0; steps < 8; steps++)
    {
      if (x >= f->cfg->n_nodes || d->out_start[x + 1] - d->out_start[x] != 1)
        return 0;
      const pp_dag_edge *e = &d->edges[d->out_edges[d->out_start[x]]];
      if ((long) e->dst == f->exit_node || latch_counts (f, e))
        return 1;
      if (e->kind != PP_EDGE_REAL)
        return 0;
      x = e->dst;
    }
  return 0;
}

/* Mirrors instrument.cc: compute_finish.  */
static void
compute_finish (struct fn *f)
{
  const pp_dag *d = f->dag;
  unsigned n = f->cfg->n_nodes;
  unsigned char *barrier = xcalloc (n, 1);
  f->finish = xcalloc (n, 1);
  for (unsigned k = d->n_nodes; k-- > 0;)
    {
      unsigned x = d->topo[k];
      if (x >= n || x == f->cfg->entry)
        continue;
      if ((long) x == f->exit_node)
        f->finish[x] = 1;
      else if (!f->outedges[x] && d->out_start[x + 1] - d->out_start[x] == 1)
        {
          const pp_dag_edge *e = &d->edges[d->out_edges[d->out_start[x]]];
          if (e->kind == PP_EDGE_EXIT || latch_counts (f, e))
            f->finish[x] = 1;
          else if (single_way_on (f, x))
            f->finish[x] = (long) e->dst == f->exit_node
                           || (chainable (f, e->dst) && f->finish[e->dst]
                               && !barrier[e->dst]);
        }
      if (!f->finish[x] || (long) x == f->exit_node || !chainable (f, x))
        continue;
      unsigned others = 0;
      for (unsigned i = d->in_start[x]; i < d->in_start[x + 1]; i++)
        if (!single_way_on (f, d->edges[d->in_edges[i]].src))
          others++;
      barrier[x] = others > 2 && !chain_counts (f, x);
    }
  free (barrier);
}

static char *
unquote (char *s)
{
  if (*s == '"')
    {
      s++;
      char *e = strrchr (s, '"');
      if (e)
        *e = 0;
    }
  return s;
}

static void
load_notes (const char *path)
{
  FILE *in = fopen (path, "r");
  char line[8192];
  struct fn *f = NULL;
  if (!in)
    {
      perror (path);
      exit (2);
    }
  while (fgets (line, sizeof line, in))
    {
      char *p = line;
      while (*p == ' ')
        p++;
      p[strcspn (p, "\n")] = 0;
      unsigned a, b;
      int bb;
      char kind[32];
      if (!strncmp (p, "function ", 9))
        {
          fns = xrealloc (fns, (n_fns + 1) * sizeof *fns);
          f = &fns[n_fns++];
          memset (f, 0, sizeof *f);
          f->name = strdup (unquote (p + 9));
          f->exit_node = -1;
          for (size_t i = 0; i + 1 < n_fns; i++)
            if (!strcmp (fns[i].name, f->name))
              fns[i].dup = f->dup = 1;
        }
      else if (!f)
        continue;
      else if (!strncmp (p, "storage ", 8))
        {
          static const char *const names[] = { "array", "hash", "ppp",
                                               "residual" };
          /* `storage ppp array`, `storage residual array`: counted in
             an array, the tested paths marked; the expected split is the
             same.  */
          size_t len = strcspn (p + 8, " ");
          for (int k = 0; k < 4; k++)
            if (strlen (names[k]) == len && !strncmp (p + 8, names[k], len))
              f->storage = k;
          f->in_array = !strcmp (p + 8 + len, " array");
        }
      else if (!strncmp (p, "ppp ", 4))
        {
          /* ppp N RANGE SLOTS [SHIFT]: PPP id i is in slot i + SHIFT.  */
          unsigned long long n, range, slots, shift;
          if (sscanf (p, "ppp %llu %llu %llu %llu", &n, &range, &slots,
                      &shift) == 4)
            f->slot_shift = shift;
        }
      else if (!strncmp (p, "interesting ", 12))
        {
          unsigned long long id, ppp;
          if (sscanf (p, "interesting %llu %llu", &id, &ppp) == 2)
            {
              f->slotted = xrealloc (f->slotted,
                                     (f->n_slotted + 1) * sizeof (uint64_t));
              f->slot_of = xrealloc (f->slot_of,
                                     (f->n_slotted + 1) * sizeof (uint64_t));
              /* The notes list them by increasing id.  */
              f->slotted[f->n_slotted] = id;
              f->slot_of[f->n_slotted++] = ppp + f->slot_shift;
            }
        }
      else if (sscanf (p, "cfg %u %u", &a, &b) == 2)
        {
          f->cfg = pp_cfg_new (a, b);
          f->head = xcalloc (a, 1);
          f->outedges = xcalloc (a, 1);
        }
      else if (sscanf (p, "block %u %d", &a, &bb) == 2)
        {
          if (bb == 1)
            f->exit_node = a;
        }
      else if (sscanf (p, "# head %u", &a) == 1)
        f->head[a] = 1;
      else if (sscanf (p, "# outedges %u", &a) == 1)
        f->outedges[a] = 1;
      else if (sscanf (p, "exit %u", &a) == 1)
        pp_cfg_set_exit (f->cfg, a, NULL);
      else if (sscanf (p, "edge %u %u %31s", &a, &b, kind) == 3)
        pp_cfg_add_edge (f->cfg, a, b,
                         !strcmp (kind, "none")   ? PP_CUT_NONE
                         : !strcmp (kind, "back") ? PP_CUT_BACK
                                                  : PP_CUT_SPLIT);
      else if (!strcmp (p, "end"))
        {
          pp_error err;
          if (pp_dag_build (f->cfg, &f->dag, &err) != PP_OK
              || pp_bl_number (f->dag, &f->num, &err) != PP_OK)
            {
              fprintf (stderr, "oracle: %s: %s\n", f->name, err.message);
              exit (2);
            }
          f->w = xcalloc (f->dag->n_edges, sizeof *f->w);
          for (unsigned k = 0; k < f->dag->n_edges; k++)
            f->w[k] = mpz_u64 (f->num->weight[k]);
          compute_finish (f);
          f = NULL;
        }
    }
  fclose (in);
}

static long
find_fn (const char *name)
{
  for (size_t i = 0; i < n_fns; i++)
    if (!strcmp (fns[i].name, name))
      return i;
  return -1;
}

/* The slot index of path ID of F, or -1 when it has none.  */
static long
slot_index (const struct fn *f, uint64_t id)
{
  size_t lo = 0, hi = f->n_slotted;
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;
      if (f->slotted[mid] == id)
        return (long) f->slot_of[mid];
      if (f->slotted[mid] < id)
        lo = mid + 1;
      else
        hi = mid;
    }
  return -1;
}

/* Expected and actual counts: (function, residual?, path id, count).  */
struct rec
{
  long fn;
  int residual;
  uint64_t id, count;
};

static struct rec *expected;
static size_t n_expected, cap_expected;

static void
record (long fn, uint64_t id)
{
  if (n_expected == cap_expected)
    {
      cap_expected = cap_expected ? 2 * cap_expected : 4096;
      expected = xrealloc (expected, cap_expected * sizeof *expected);
    }
  const struct fn *f = &fns[fn];
  expected[n_expected].fn = fn;
  expected[n_expected].residual
      = f->storage == 3 || (f->storage == 2 && slot_index (f, id) < 0);
  expected[n_expected].id = id;
  expected[n_expected].count = 1;
  n_expected++;
}

struct invocation
{
  long fn; /* -1: unused or over */
  unsigned node;
  uint64_t id;   /* sum of weights so far */
  long *last_cut; /* per node: last cut edge that entered it, or -1 */
};

static struct invocation *invs;
static size_t cap_invs;

/* The path in flight is counted if it has entered a finish node: its
   remaining path is fixed and the plugin counted it on entry.  */
static void
count_if_finished (struct invocation *iv)
{
  const struct fn *f = &fns[iv->fn];
  unsigned x = iv->node;
  if (!f->finish[x])
    return;
  uint64_t id = iv->id;
  for (;;)
    {
      unsigned k = f->dag->out_edges[f->dag->out_start[x]];
      id += f->w[k];
      if (f->dag->edges[k].kind == PP_EDGE_EXIT
          || f->dag->edges[k].kind == PP_EDGE_CUT_END)
        break;
      x = f->dag->edges[k].dst;
    }
  record (iv->fn, id);
}

static long
edge_between (const struct fn *f, unsigned u, unsigned v)
{
  for (unsigned i = 0; i < f->cfg->n_edges; i++)
    if (f->cfg->edges[i].src == u && f->cfg->edges[i].dst == v)
      return i;
  return -1;
}

static void
step (struct invocation *iv, unsigned v, unsigned long long line)
{
  const struct fn *f = &fns[iv->fn];
  long i = edge_between (f, iv->node, v);
  if (i >= 0 && f->cfg->edges[i].cut != PP_CUT_NONE)
    {
      record (iv->fn, iv->id + f->w[f->dag->cfg_edge_cut_end[i]]);
      iv->id = f->w[f->dag->cfg_edge_cut_start[i]];
      iv->last_cut[v] = i;
    }
  else if (i >= 0)
    iv->id += f->w[f->dag->cfg_edge_dag[i]];
  else
    {
      /* No edge: a longjmp (or nonlocal goto) back into restart node v.  */
      long c = iv->last_cut[v];
      for (unsigned j = 0; c < 0 && j < f->cfg->n_edges; j++)
        if (f->cfg->edges[j].dst == v && f->cfg->edges[j].cut != PP_CUT_NONE)
          c = j;
      if (c < 0)
        {
          fprintf (stderr, "oracle: trace line %llu: %s has no edge %u->%u\n",
                   line, f->name, iv->node, v);
          trace_errors = 1;
          iv->fn = -1;
          return;
        }
      count_if_finished (iv);
      iv->id = f->w[f->dag->cfg_edge_cut_start[c]];
    }
  iv->node = v;
}

static void
read_trace (const char *path)
{
  FILE *in = fopen (path, "r");
  char line[8192], name[4096];
  unsigned long long n = 0, inv;
  unsigned v;
  if (!in)
    {
      perror (path);
      exit (2);
    }
  while (fgets (line, sizeof line, in))
    {
      n++;
      if (sscanf (line, "E %llu %4095s", &inv, name) == 2)
        {
          if (inv >= cap_invs)
            {
              size_t cap = cap_invs ? cap_invs : 4096;
              while (cap <= inv)
                cap *= 2;
              invs = xrealloc (invs, cap * sizeof *invs);
              for (size_t j = cap_invs; j < cap; j++)
                invs[j].fn = -1;
              cap_invs = cap;
            }
          struct invocation *iv = &invs[inv];
          iv->fn = find_fn (name);
          if (iv->fn < 0)
            {
              fprintf (stderr, "oracle: trace line %llu: unknown %s\n", n,
                       name);
              trace_errors = 1;
              continue;
            }
          const struct fn *f = &fns[iv->fn];
          iv->node = f->cfg->entry;
          iv->last_cut = xcalloc (f->cfg->n_nodes, sizeof (long));
          for (unsigned j = 0; j < f->cfg->n_nodes; j++)
            iv->last_cut[j] = -1;
          iv->id = 0;
          for (unsigned k = 0; k < f->dag->n_edges; k++)
            if (f->dag->edges[k].kind == PP_EDGE_ENTRY)
              iv->id = f->w[k];
        }
      else if (sscanf (line, "N %llu %u", &inv, &v) == 2)
        {
          if (inv >= cap_invs || invs[inv].fn < 0)
            {
              fprintf (stderr, "oracle: trace line %llu: bad invocation\n", n);
              trace_errors = 1;
              continue;
            }
          step (&invs[inv], v, n);
        }
    }
  fclose (in);
  /* Invocations still open (the program has exited) end where they are. */
  for (size_t j = 0; j < cap_invs; j++)
    if (invs[j].fn >= 0)
      {
        count_if_finished (&invs[j]);
        free (invs[j].last_cut);
      }
}

static int
by_fn_id (const void *a, const void *b)
{
  const struct rec *x = a, *y = b;
  if (x->fn != y->fn)
    return x->fn < y->fn ? -1 : 1;
  if (x->residual != y->residual)
    return x->residual - y->residual;
  return x->id < y->id ? -1 : x->id > y->id;
}

/* Sorts R and merges equal (fn, id) entries, adding their counts.  */
static size_t
merge (struct rec *r, size_t n)
{
  size_t out = 0;
  qsort (r, n, sizeof *r, by_fn_id);
  for (size_t i = 0; i < n; i++)
    if (out && by_fn_id (&r[out - 1], &r[i]) == 0)
      r[out - 1].count += r[i].count;
    else
      r[out++] = r[i];
  return out;
}

int
main (int argc, char **argv)
{
  if (argc < 4)
    {
      fprintf (stderr, "usage: oracle TRACE COUNTS NOTES.ppno...\n");
      return 2;
    }
  for (int i = 3; i < argc; i++)
    load_notes (argv[i]);
  read_trace (argv[1]);
  size_t n_records = n_expected;
  n_expected = merge (expected, n_expected);

  FILE *in = fopen (argv[2], "r");
  char line[8192], name[4096];
  unsigned long long id, count;
  struct rec *actual = NULL;
  size_t n_actual = 0, cap_actual = 0, mismatches = 0, checked = 0;
  if (!in)
    {
      perror (argv[2]);
      return 2;
    }
  while (fgets (line, sizeof line, in))
    {
      if (line[0] == '!')
        {
          /* An inconsistency the harness found.  */
          printf ("oracle:%s", line + 1);
          mismatches++;
          continue;
        }
      int residual = 0;
      unsigned long long slot;
      if (sscanf (line, "%4095s residual %llu %llu", name, &id, &count) == 3)
        residual = 1;
      else if (sscanf (line, "%4095s %llu %llu @%llu", name, &id, &count,
                       &slot) == 4)
        {
          /* A PPP slot: the path counted there must be the one the notes
             give that PPP id.  */
          long fn = find_fn (name);
          if (fn >= 0 && !fns[fn].dup
              && slot_index (&fns[fn], id) != (long) slot)
            {
              printf ("oracle: %s path %llu counted in slot %llu, the notes "
                      "give %ld\n",
                      name, id, slot, slot_index (&fns[fn], id));
              mismatches++;
            }
        }
      else if (sscanf (line, "%4095s %llu %llu", name, &id, &count) != 3)
        continue;
      else
        slot = ~0ull;
      long fn = find_fn (name);
      if (fn < 0)
        {
          printf ("oracle: counts for unknown function %s\n", name);
          mismatches++;
          continue;
        }
      if (!residual && slot == ~0ull && fns[fn].storage == 2
          && !fns[fn].in_array)
        {
          printf ("oracle: %s path %llu counted outside the slots of a "
                  "function of storage ppp\n", name, id);
          mismatches++;
        }
      if (n_actual == cap_actual)
        {
          cap_actual = cap_actual ? 2 * cap_actual : 4096;
          actual = xrealloc (actual, cap_actual * sizeof *actual);
        }
      actual[n_actual].fn = fn;
      actual[n_actual].residual = residual;
      actual[n_actual].id = id;
      actual[n_actual].count = count;
      n_actual++;
    }
  fclose (in);
  n_actual = merge (actual, n_actual);

  /* Walk both sorted lists.  */
  size_t i = 0, j = 0;
  while (i < n_expected || j < n_actual)
    {
      int c = i == n_expected   ? 1
              : j == n_actual ? -1
                              : by_fn_id (&expected[i], &actual[j]);
      const struct rec *r = c <= 0 ? &expected[i] : &actual[j];
      uint64_t want = c <= 0 ? expected[i].count : 0;
      uint64_t got = c >= 0 ? actual[j].count : 0;
      if (!fns[r->fn].dup)
        {
          checked++;
          if (want != got)
            {
              if (mismatches < 20)
                printf ("oracle: %s %spath %llu: expected %llu, counted "
                        "%llu\n",
                        fns[r->fn].name, r->residual ? "residual " : "",
                        (unsigned long long) r->id, (unsigned long long) want,
                        (unsigned long long) got);
              mismatches++;
            }
        }
      if (c <= 0)
        i++;
      if (c >= 0)
        j++;
    }
  printf ("oracle: %zu path records, %zu distinct paths checked, %zu "
          "mismatches%s\n",
          n_records, checked, mismatches,
          trace_errors ? " (and trace errors)" : "");
  return mismatches || trace_errors;
}
