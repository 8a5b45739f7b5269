/* pathprof tool: `pathprof residual`, the paths the field ran that the
 * tests did not (specs/file-formats.md, "pathprof residual"; thesis
 * sections 3.5.1 and 3.6.2, Table 3.1).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Definitions, for each function f of storage ppp or residual whose notes
 * are usable:
 *   T_f  the tested paths: the Ball-Larus ids of its `interesting`
 *        records (none for storage residual);
 *   E_f  the executed paths: the ids of its counts list and of its
 *        residual list;
 *   U_f  the untested paths: the residual-list ids not in T_f (a tested
 *        path beyond the slots, `interesting ID -`, is logged as residual
 *        but is tested: its executions count as tested ones);
 *   edges(p)  the CFG edges path p uses: a real DAG edge stands for its
 *        CFG edge, a cutstart or cutend dummy for the cut CFG edge, the
 *        entry and exit dummies for none;
 *   TE_f the union of edges(p) over T_f (executed in the field or not);
 *   UE_f the untested edges: the union of edges(p) over U_f, minus TE_f.
 * The summary sums these over the functions: untested paths sum |U_f|,
 * as a share of sum |E_f| and, by counts, of all path executions;
 * functions with U_f (UE_f) non-empty; sum |UE_f|; and sum |U_f| over the
 * functions whose UE_f is empty: paths that residual edge profiling could
 * never reveal.
 */
#define _GNU_SOURCE 1

#include <stdlib.h>
#include <string.h>

#include "decode.h"

static void *
xcalloc (size_t n, size_t size)
{
  void *p = calloc (n ? n : 1, size);
  if (!p)
    tool_out_of_memory ();
  return p;
}

/* One preferential function: a function of one object, or a public one
   with its copies in several objects summed.  */
struct fn_residual
{
  const struct fn_view *v;           /* the view (or sum) reported */
  const struct notes_function *nfn;  /* NULL: not decoded, left out */
  size_t object;                     /* index of v->obj in the profile */
  /* A public function (notes `linkage public`) compiled in several
     objects is one function of the program: GCC's inliner decides per
     object and per build which calls copy its body (counting in that
     object's counters) and which go to the one copy the linker keeps, so
     only the sum of its copies is a property of the runs.  The first
     copy (by object) reports the sum, in SUM, with the objects of every
     copy; the others are members, not reported.  */
  int member;
  struct fn_view sum;                /* v == &sum when n_copies > 1 */
  size_t *copies;                    /* n_copies > 1: their object
                                        indices, this one first */
  size_t n_copies;                   /* 1: OBJECT's alone */
  uint64_t residual_dropped;         /* of every copy */
  size_t n_untested;
  uint64_t untested_executions;
  struct path_view **untested;       /* U_f, by count desc, id asc */
  size_t n_tested_residual;          /* T_f paths in the residual list */
  uint64_t tested_residual_executions;
  unsigned *untested_edges;          /* UE_f, by index */
  size_t n_untested_edges;
};

struct summary
{
  /* Functions: decoded preferential ones (the summary's), by storage,
     and those left out.  */
  size_t preferential, by_storage[4], undecoded, other, stale;
  size_t executed_paths, untested_paths;
  uint64_t executions, untested_executions;
  size_t fns_untested_paths, fns_untested_edges;
  size_t untested_edges;
  size_t untested_in_no_edge_fns;
  size_t tested_residual_paths;
  uint64_t tested_residual_executions, residual_dropped;
  /* IPPP builds (their paths are segments): the functions with a
     supergraph map, the depth, and the paths that are fragments of
     segments (path splitting), untested and all.  */
  size_t segment_fns, untested_fragments, executed_fragments;
  unsigned depth;
};

static int
is_preferential (const struct ppd_function *pf)
{
  return pf->storage == PATHPROF_STORAGE_PPP
         || pf->storage == PATHPROF_STORAGE_RESIDUAL;
}

/* The interesting record of ID in NFN, or NULL.  */
static const struct notes_interesting *
find_tested (const struct notes_function *nfn, uint64_t id)
{
  size_t lo = 0, hi = nfn->n_interesting;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (nfn->interesting[mid].bl_id == id)
        return &nfn->interesting[mid];
      if (nfn->interesting[mid].bl_id < id)
        lo = mid + 1;
      else
        hi = mid;
    }
  return NULL;
}

/* Sets MARK[c] for every CFG edge c of the DAG edge sequence EDGES.  */
static void
mark_cfg_edges (const pp_dag *dag, const unsigned *edges, size_t len,
                unsigned char *mark)
{
  for (size_t k = 0; k < len; k++)
    {
      const pp_dag_edge *e = &dag->edges[edges[k]];
      if (e->kind == PP_EDGE_REAL || e->kind == PP_EDGE_CUT_START
          || e->kind == PP_EDGE_CUT_END)
        mark[e->origin] = 1;
    }
}

/* The tested edges TE_f: the CFG edges of every interesting path.  */
static unsigned char *
tested_edges (const struct notes_function *nfn)
{
  unsigned char *te = xcalloc (nfn->cfg->n_edges, 1);
  mpz_t id;
  mpz_init (id);
  for (size_t i = 0; i < nfn->n_interesting; i++)
    {
      unsigned *edges;
      size_t len;
      pp_error err;
      tool_mpz_set_u64 (id, nfn->interesting[i].bl_id);
      /* The notes reader checked every id is below the path count.  */
      if (pp_bl_decode (nfn->dag, nfn->num, id, &edges, &len, &err) != PP_OK)
        {
          tool_error ("function '%s': interesting path %llu: %s", nfn->name,
                      (unsigned long long) nfn->interesting[i].bl_id,
                      err.message);
          exit (1);
        }
      mark_cfg_edges (nfn->dag, edges, len, te);
      free (edges);
    }
  mpz_clear (id);
  return te;
}

static void
analyse (struct fn_residual *r)
{
  const struct fn_view *v = r->v;
  if (!r->nfn)
    return;
  const struct notes_function *nfn = r->nfn;
  r->untested = xcalloc (v->n_paths, sizeof *r->untested);
  unsigned char *ue = xcalloc (nfn->cfg->n_edges, 1);
  for (size_t i = 0; i < v->n_paths; i++)
    {
      struct path_view *p = &v->paths[i];
      if (!p->residual)
        continue;
      if (find_tested (nfn, p->id))
        {
          r->n_tested_residual++;
          r->tested_residual_executions
            = ppd_sat_add (r->tested_residual_executions, p->count);
          continue;
        }
      r->untested[r->n_untested++] = p;
      r->untested_executions = ppd_sat_add (r->untested_executions, p->count);
      mark_cfg_edges (nfn->dag, p->edges, p->len, ue);
    }
  unsigned char *te = tested_edges (nfn);
  r->untested_edges = xcalloc (nfn->cfg->n_edges, sizeof *r->untested_edges);
  for (unsigned c = 0; c < nfn->cfg->n_edges; c++)
    if (ue[c] && !te[c])
      r->untested_edges[r->n_untested_edges++] = c;
  free (te);
  free (ue);
}

static void
summarize (struct summary *s, const struct fn_residual *r)
{
  const struct ppd_function *pf = r->v->pf;
  s->residual_dropped = ppd_sat_add (s->residual_dropped, r->residual_dropped);
  if (!r->nfn)
    {
      s->undecoded++;
      return;
    }
  s->preferential++;
  s->by_storage[pf->storage]++;
  s->stale += r->nfn->stale != NULL;
  s->executed_paths += r->v->n_paths;
  s->executions = ppd_sat_add (s->executions, r->v->total);
  s->untested_paths += r->n_untested;
  s->untested_executions
    = ppd_sat_add (s->untested_executions, r->untested_executions);
  s->fns_untested_paths += r->n_untested != 0;
  s->fns_untested_edges += r->n_untested_edges != 0;
  s->untested_edges += r->n_untested_edges;
  if (!r->n_untested_edges)
    s->untested_in_no_edge_fns += r->n_untested;
  s->tested_residual_paths += r->n_tested_residual;
  s->tested_residual_executions = ppd_sat_add (
    s->tested_residual_executions, r->tested_residual_executions);
  if (r->nfn->sg)
    {
      s->segment_fns++;
      s->depth = r->nfn->file->ips_depth;
      for (size_t i = 0; i < r->v->n_paths; i++)
        {
          const pp_sg_decoded *d = r->v->paths[i].seg;
          s->executed_fragments += d && (d->starts_split || d->ends_split);
        }
      for (size_t i = 0; i < r->n_untested; i++)
        {
          const pp_sg_decoded *d = r->untested[i]->seg;
          s->untested_fragments += d && (d->starts_split || d->ends_split);
        }
    }
}

/* ------------------------------------------------------------------ */
/* Copies of public functions                                          */
/* ------------------------------------------------------------------ */

/* Copies of one function have the same name, source, checksum and path
   count, and were built alike (storage and slots).  By name.  */
static int
cmp_function (const struct fn_residual *x, const struct fn_residual *y)
{
  const struct ppd_function *f = x->v->pf, *g = y->v->pf;
  const struct notes_function *nf = x->nfn, *ng = y->nfn;
  int c = strcmp (f->name, g->name);
  if (!c)
    c = strcmp (f->source_file, g->source_file);
  if (c)
    return c;
#define CMP(a, b)                                                         \
  if ((a) != (b))                                                         \
    return (a) < (b) ? -1 : 1
  CMP (f->cfg_checksum, g->cfg_checksum);
  CMP (f->n_paths, g->n_paths);
  CMP (f->storage, g->storage);
  CMP (nf->in_array, ng->in_array);
  CMP (nf->n_slots, ng->n_slots);
  CMP (nf->n_interesting, ng->n_interesting);
#undef CMP
  return 0;
}

/* Copies by function, then object.  */
static int
cmp_copies (const void *a, const void *b)
{
  const struct fn_residual *x = *(const struct fn_residual *const *) a;
  const struct fn_residual *y = *(const struct fn_residual *const *) b;
  int c = cmp_function (x, y);
  if (c)
    return c;
  return x->object < y->object ? -1 : x->object > y->object;
}

static int
cmp_path_id (const void *a, const void *b)
{
  const struct path_view *x = a, *y = b;
  if (x->id != y->id)
    return x->id < y->id ? -1 : 1;
  return x->residual - y->residual;
}

/* Sums the copies COPY[0..N-1] (by object) into COPY[0]->sum: a path of
   one list in several copies is one path whose count is their sum.  */
static void
sum_copies (struct fn_residual **copy, size_t n)
{
  struct fn_residual *r = copy[0];
  struct fn_view *sum = &r->sum;
  size_t n_paths = 0;
  for (size_t i = 0; i < n; i++)
    n_paths += copy[i]->v->n_paths;
  *sum = *r->v;
  sum->paths = xcalloc (n_paths, sizeof *sum->paths);
  sum->n_paths = 0;
  sum->total = 0;
  sum->invocations = 0;
  sum->dag_counts = sum->dag_residual_counts = NULL; /* not used here */
  r->copies = xcalloc (n, sizeof *r->copies);
  r->n_copies = n;
  for (size_t i = 0; i < n; i++)
    {
      const struct fn_view *v = copy[i]->v;
      memcpy (sum->paths + sum->n_paths, v->paths,
              v->n_paths * sizeof *v->paths);
      sum->n_paths += v->n_paths;
      sum->total = ppd_sat_add (sum->total, v->total);
      sum->invocations = ppd_sat_add (sum->invocations, v->invocations);
      r->copies[i] = copy[i]->object;
      if (i)
        {
          copy[i]->member = 1;
          r->residual_dropped
            = ppd_sat_add (r->residual_dropped, copy[i]->residual_dropped);
        }
    }
  qsort (sum->paths, sum->n_paths, sizeof *sum->paths, cmp_path_id);
  size_t m = 0;
  for (size_t i = 0; i < sum->n_paths; i++)
    if (m && sum->paths[m - 1].id == sum->paths[i].id
        && sum->paths[m - 1].residual == sum->paths[i].residual)
      sum->paths[m - 1].count
        = ppd_sat_add (sum->paths[m - 1].count, sum->paths[i].count);
    else
      sum->paths[m++] = sum->paths[i];
  sum->n_paths = m;
  qsort (sum->paths, m, sizeof *sum->paths, tool_cmp_path_hot);
  r->v = sum;
}

/* Every function reports itself, but the copies of a public function
   compiled in several objects: the first reports their sum.  */
static void
sum_public_copies (struct fn_residual *rs, size_t n)
{
  struct fn_residual **pub = xcalloc (n, sizeof *pub);
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (rs[i].nfn && rs[i].nfn->is_public)
      pub[m++] = &rs[i];
  qsort (pub, m, sizeof *pub, cmp_copies);
  for (size_t i = 0, j; i < m; i = j)
    {
      for (j = i + 1; j < m && !cmp_function (pub[i], pub[j]); j++)
        ;
      if (j - i > 1)
        sum_copies (pub + i, j - i);
    }
  free (pub);
}

/* ------------------------------------------------------------------ */
/* Text                                                                */
/* ------------------------------------------------------------------ */

/* Functions with untested paths first by untested executions, then by
   name and notes file.  */
static int
cmp_untested (const void *a, const void *b)
{
  const struct fn_residual *x = *(const struct fn_residual *const *) a;
  const struct fn_residual *y = *(const struct fn_residual *const *) b;
  if (x->untested_executions != y->untested_executions)
    return x->untested_executions > y->untested_executions ? -1 : 1;
  int c = strcmp (x->v->pf->name, y->v->pf->name);
  return c ? c : strcmp (x->v->obj->notes_file, y->v->obj->notes_file);
}

static void
print_text_function (FILE *out, const struct fn_residual *r,
                     unsigned long top)
{
  const struct fn_view *v = r->v;
  const struct ppd_function *pf = v->pf;
  fprintf (out, "\nfunction %s (%s)\n", pf->name, pf->source_file);
  /* An IPPP function's paths are segments.  */
  const char *noun = r->nfn->sg ? "segment" : "path";
  fprintf (out,
           "  storage: %s  executed %ss: %zu  %s executions: %llu  "
           "untested %ss: %zu  untested executions: %llu (%.2f%%)  "
           "untested edges: %zu\n",
           notes_storage_name (pf->storage), noun, v->n_paths, noun,
           (unsigned long long) v->total, noun, r->n_untested,
           (unsigned long long) r->untested_executions,
           tool_share (r->untested_executions, v->total),
           r->n_untested_edges);
  if (r->nfn->stale)
    fprintf (out, "  stale: %s\n", r->nfn->stale);
  if (r->n_copies > 1)
    fprintf (out, "  copies: %zu objects (a public function: their counts "
                  "summed)\n",
             r->n_copies);
  if (r->residual_dropped)
    fprintf (out, "  residual dropped: %llu\n",
             (unsigned long long) r->residual_dropped);
  size_t shown = r->n_untested;
  if (top && top < shown)
    shown = top;
  int wc = 5, wi = 4;
  for (size_t i = 0; i < shown; i++)
    {
      if (tool_digits (r->untested[i]->count) > wc)
        wc = tool_digits (r->untested[i]->count);
      if (tool_digits (r->untested[i]->id) > wi)
        wi = tool_digits (r->untested[i]->id);
    }
  fprintf (out, "  %*s  %7s  %*s  %s\n", wc, "count", "share", wi, "path",
           "blocks");
  for (size_t i = 0; i < shown; i++)
    {
      const struct path_view *p = r->untested[i];
      fprintf (out, "  %*llu  %6.2f%%  %*llu  ", wc,
               (unsigned long long) p->count, tool_share (p->count, v->total),
               wi, (unsigned long long) p->id);
      tool_print_path (out, r->nfn, p);
      fputc ('\n', out);
    }
  if (shown < r->n_untested)
    {
      uint64_t rest = 0;
      for (size_t i = shown; i < r->n_untested; i++)
        rest = ppd_sat_add (rest, r->untested[i]->count);
      size_t more = r->n_untested - shown;
      fprintf (out, "  ... %zu more untested %s%s: %llu executions "
                    "(%.2f%%)\n",
               more, noun, more == 1 ? "" : "s", (unsigned long long) rest,
               tool_share (rest, v->total));
    }
}

/* The lines Tables 3.1 and 3.2 share: the untested NOUN (paths, or
   segments) among the executed ones, by number and by execution
   frequency, and the functions they run in.  */
static void
print_untested (FILE *out, const struct summary *s, const char *noun)
{
  fprintf (out, "  untested %s: %zu\n", noun, s->untested_paths);
  fprintf (out, "  untested %s, %% of executed %s: %.2f%% (%zu of %zu)\n",
           noun, noun,
           s->executed_paths
             ? 100.0 * (double) s->untested_paths / (double) s->executed_paths
             : 0.0,
           s->untested_paths, s->executed_paths);
  fprintf (out,
           "  untested %s, %% of execution frequency: %.2f%% (%llu of "
           "%llu)\n",
           noun, tool_share (s->untested_executions, s->executions),
           (unsigned long long) s->untested_executions,
           (unsigned long long) s->executions);
  fprintf (out, "  functions with untested %s: %zu\n", noun,
           s->fns_untested_paths);
}

/* Thesis Table 3.1: the summary of intra-procedural residual paths.  */
static void
print_path_summary (FILE *out, const struct summary *s)
{
  fputs ("\nsummary (thesis Table 3.1):\n", out);
  print_untested (out, s, "paths");
  fprintf (out, "  untested edges: %zu\n", s->untested_edges);
  fprintf (out, "  functions with untested edges: %zu\n",
           s->fns_untested_edges);
  fprintf (out,
           "  untested paths in functions with no untested edges: %zu "
           "(%.2f%% of untested paths)\n",
           s->untested_in_no_edge_fns,
           s->untested_paths ? 100.0 * (double) s->untested_in_no_edge_fns
                                 / (double) s->untested_paths
                             : 0.0);
}

/* Thesis Table 3.2: the summary of an IPPP build, whose paths are the
   depth-k segments of the supergraphs.  */
static void
print_segment_summary (FILE *out, const struct summary *s)
{
  fprintf (out, "\nsummary (thesis Table 3.2, depth-%u segments):\n",
           s->depth);
  print_untested (out, s, "segments");
  if (s->executed_fragments)
    fprintf (out,
             "  fragments of segments (cut by path splitting): %zu "
             "untested, of %zu executed\n",
             s->untested_fragments, s->executed_fragments);
}

/* What the summary leaves out or qualifies.  */
static void
print_summary_notes (FILE *out, const struct summary *s,
                     struct fn_residual *const *stale, size_t n_stale)
{
  fprintf (out,
           "functions: %zu preferential (ppp %zu, residual %zu); left out: "
           "%zu not decoded, %zu of another storage (array or hash)\n",
           s->preferential, s->by_storage[PATHPROF_STORAGE_PPP],
           s->by_storage[PATHPROF_STORAGE_RESIDUAL], s->undecoded, s->other);
  if (s->tested_residual_paths)
    fprintf (out,
             "tested paths beyond the slots (logged as residual, counted as "
             "tested): %zu path%s, %llu executions\n",
             s->tested_residual_paths,
             s->tested_residual_paths == 1 ? "" : "s",
             (unsigned long long) s->tested_residual_executions);
  if (s->residual_dropped)
    fprintf (out,
             "residual path executions not logged (the runtime's memory "
             "bound): %llu; the numbers above are lower bounds\n",
             (unsigned long long) s->residual_dropped);
  if (n_stale)
    {
      fprintf (out, "stale functions (every path residual): %zu\n", n_stale);
      for (size_t i = 0; i < n_stale; i++)
        fprintf (out, "  %s (%s): %s\n", stale[i]->v->pf->name,
                 stale[i]->v->pf->source_file, stale[i]->nfn->stale);
    }
}


static void
print_summary (FILE *out, const struct summary *s,
               struct fn_residual *const *stale, size_t n_stale)
{
  if (s->segment_fns)
    print_segment_summary (out, s);
  else
    print_path_summary (out, s);
  print_summary_notes (out, s, stale, n_stale);
}

static void
print_text (FILE *out, char *const *paths, int n_paths,
            const struct ppd_profile *p, struct fn_residual *rs, size_t n,
            const struct summary *s, unsigned long top)
{
  fputs ("profiles:", out);
  for (int i = 0; i < n_paths; i++)
    fprintf (out, " %s", paths[i]);
  fputc ('\n', out);
  if (p->program)
    fprintf (out, "program: %s\n", p->program);
  fprintf (out, "runs: %llu\n", (unsigned long long) tool_max_runs (p));
  struct fn_residual **order = xcalloc (n, sizeof *order);
  size_t m = 0, n_stale = 0;
  for (size_t i = 0; i < n; i++)
    if (rs[i].nfn && !rs[i].member && rs[i].n_untested)
      order[m++] = &rs[i];
  qsort (order, m, sizeof *order, cmp_untested);
  for (size_t i = 0; i < m; i++)
    print_text_function (out, order[i], top);
  /* Stale functions, by name (the profile's order within objects).  */
  for (size_t i = 0; i < n; i++)
    if (rs[i].nfn && !rs[i].member && rs[i].nfn->stale)
      order[n_stale++] = &rs[i];
  print_summary (out, s, order, n_stale);
  free (order);
}

/* ------------------------------------------------------------------ */
/* JSON                                                                */
/* ------------------------------------------------------------------ */

static void
json_path (FILE *out, const struct fn_residual *r, const struct path_view *p)
{
  const struct notes_function *nfn = r->nfn;
  fprintf (out, "{\"id\": %llu, \"count\": %llu, \"share\": %.2f, "
                "\"start\": \"%s\", \"end\": \"%s\", \"text\": ",
           (unsigned long long) p->id, (unsigned long long) p->count,
           tool_share (p->count, r->v->total),
           tool_end_label (nfn, p->edges[0]),
           tool_end_label (nfn, p->edges[p->len - 1]));
  char *t = tool_blocks_text (nfn, p);
  tool_json_string (out, t);
  free (t);
  tool_json_segment (out, nfn, p);
  /* Its CFG edges, and which of them are untested edges.  */
  unsigned char *mark = xcalloc (nfn->cfg->n_edges, 1);
  mark_cfg_edges (nfn->dag, p->edges, p->len, mark);
  fputs (", \"cfg_edges\": [", out);
  size_t k = 0, u = 0;
  for (unsigned c = 0; c < nfn->cfg->n_edges; c++)
    if (mark[c])
      fprintf (out, "%s%u", k++ ? ", " : "", c);
  fputs ("], \"untested_edges\": [", out);
  k = 0;
  for (unsigned c = 0; c < nfn->cfg->n_edges; c++)
    {
      while (u < r->n_untested_edges && r->untested_edges[u] < c)
        u++;
      if (mark[c] && u < r->n_untested_edges && r->untested_edges[u] == c)
        fprintf (out, "%s%u", k++ ? ", " : "", c);
    }
  fputs ("]}", out);
  free (mark);
}

static void
json_function (FILE *out, const struct fn_residual *r, unsigned long top)
{
  const struct fn_view *v = r->v;
  tool_json_function_head (out, v);
  fputs (",\n          \"linkage\": ", out);
  tool_json_string (out, !r->nfn ? NULL
                         : r->nfn->is_public ? PATHPROF_NOTES_LINKAGE_PUBLIC
                                             : PATHPROF_NOTES_LINKAGE_LOCAL);
  fputs (",\n          \"objects\": [", out);
  for (size_t i = 0; i < r->n_copies; i++)
    fprintf (out, "%s%zu", i ? ", " : "",
             r->n_copies > 1 ? r->copies[i] : r->object);
  fputs ("],\n          \"stale\": ", out);
  tool_json_string (out, r->nfn ? r->nfn->stale : NULL);
  fprintf (out,
           ",\n          \"executed_paths\": %zu,\n"
           "          \"path_executions\": %llu,\n"
           "          \"residual_dropped\": %llu,\n",
           v->n_paths, (unsigned long long) v->total,
           (unsigned long long) r->residual_dropped);
  if (!r->nfn)
    {
      fputs ("          \"tested_paths\": null,\n"
             "          \"tested_residual_paths\": null,\n"
             "          \"tested_residual_executions\": null,\n"
             "          \"untested_paths\": null,\n"
             "          \"untested_executions\": null,\n"
             "          \"untested_edges\": null,\n"
             "          \"untested_omitted\": null,\n"
             "          \"untested\": null\n        }",
             out);
      return;
    }
  const struct notes_function *nfn = r->nfn;
  size_t shown = r->n_untested;
  if (top && top < shown)
    shown = top;
  fprintf (out,
           "          \"tested_paths\": %zu,\n"
           "          \"tested_residual_paths\": %zu,\n"
           "          \"tested_residual_executions\": %llu,\n"
           "          \"untested_paths\": %zu,\n"
           "          \"untested_executions\": %llu,\n"
           "          \"untested_edges\": [",
           nfn->n_interesting, r->n_tested_residual,
           (unsigned long long) r->tested_residual_executions, r->n_untested,
           (unsigned long long) r->untested_executions);
  for (size_t i = 0; i < r->n_untested_edges; i++)
    {
      unsigned c = r->untested_edges[i];
      fprintf (out, "%s{\"index\": %u, \"src\": %u, \"dst\": %u}",
               i ? ", " : "", c, nfn->cfg->edges[c].src,
               nfn->cfg->edges[c].dst);
    }
  fprintf (out, "],\n          \"untested_omitted\": %zu,\n"
                "          \"untested\": [",
           r->n_untested - shown);
  for (size_t i = 0; i < shown; i++)
    {
      fputs (i ? ",\n            " : "\n            ", out);
      json_path (out, r, r->untested[i]);
    }
  fputs (shown ? "\n          ]\n        }" : "]\n        }", out);
}

static void
json_summary (FILE *out, const struct summary *s)
{
  fprintf (out,
           "  \"summary\": {\n"
           "    \"untested_paths\": %zu,\n"
           "    \"executed_paths\": %zu,\n"
           "    \"untested_paths_percent\": %.2f,\n"
           "    \"untested_executions\": %llu,\n"
           "    \"path_executions\": %llu,\n"
           "    \"untested_executions_percent\": %.2f,\n"
           "    \"functions_with_untested_paths\": %zu,\n"
           "    \"untested_edges\": %zu,\n"
           "    \"functions_with_untested_edges\": %zu,\n"
           "    \"untested_paths_in_functions_without_untested_edges\": %zu,\n"
           "    \"untested_paths_in_functions_without_untested_edges_percent\""
           ": %.2f,\n"
           "    \"tested_residual_paths\": %zu,\n"
           "    \"tested_residual_executions\": %llu,\n"
           "    \"residual_dropped\": %llu,\n"
           "    \"functions_preferential\": %zu,\n"
           "    \"functions_ppp\": %zu,\n"
           "    \"functions_residual\": %zu,\n"
           "    \"functions_stale\": %zu,\n"
           "    \"functions_not_decoded\": %zu,\n"
           "    \"functions_other_storage\": %zu",
           s->untested_paths, s->executed_paths,
           s->executed_paths
             ? 100.0 * (double) s->untested_paths / (double) s->executed_paths
             : 0.0,
           (unsigned long long) s->untested_executions,
           (unsigned long long) s->executions,
           tool_share (s->untested_executions, s->executions),
           s->fns_untested_paths, s->untested_edges, s->fns_untested_edges,
           s->untested_in_no_edge_fns,
           s->untested_paths ? 100.0 * (double) s->untested_in_no_edge_fns
                                 / (double) s->untested_paths
                             : 0.0,
           s->tested_residual_paths,
           (unsigned long long) s->tested_residual_executions,
           (unsigned long long) s->residual_dropped, s->preferential,
           s->by_storage[PATHPROF_STORAGE_PPP],
           s->by_storage[PATHPROF_STORAGE_RESIDUAL], s->stale, s->undecoded,
           s->other);
  /* IPPP builds: the paths are depth-k segments (Table 3.2).  */
  if (s->segment_fns)
    fprintf (out,
             ",\n    \"segments\": true,\n    \"depth\": %u,\n"
             "    \"untested_fragments\": %zu,\n"
             "    \"executed_fragments\": %zu",
             s->depth, s->untested_fragments, s->executed_fragments);
  fputs ("\n  },\n", out);
}

static void
print_json (FILE *out, char *const *paths, int n_paths,
            const struct profile_view *pv, struct fn_residual *rs,
            const struct summary *s, unsigned long top)
{
  const struct ppd_profile *p = pv->profile;
  fputs ("{\n  \"format\": \"pathprof-residual\",\n  \"version\": 2,\n"
         "  \"profiles\": ",
         out);
  tool_json_strings (out, paths, n_paths);
  fputs (",\n  \"program\": ", out);
  tool_json_string (out, p->program);
  fprintf (out, ",\n  \"runs\": %llu,\n  \"top\": %lu,\n",
           (unsigned long long) tool_max_runs (p), top);
  json_summary (out, s);
  fputs ("  \"objects\": [", out);
  size_t k = 0, r = 0;
  for (size_t i = 0; i < p->n_objects; i++)
    {
      const struct ppd_object *o = &p->objects[i];
      tool_json_object_head (out, o, i, pv->notes_errors[i]);
      size_t listed = 0;
      for (size_t j = 0; j < o->n_functions; j++, k++)
        {
          if (!is_preferential (&o->functions[j]))
            continue;
          if (rs[r].member)
            {
              r++;
              continue;
            }
          fputs (listed++ ? ",\n" : "\n", out);
          json_function (out, &rs[r++], top);
        }
      fputs (listed ? "\n      ]\n    }" : "]\n    }", out);
    }
  fputs (p->n_objects ? "\n  ]\n}\n" : "]\n}\n", out);
}

/* ------------------------------------------------------------------ */
/* residual                                                            */
/* ------------------------------------------------------------------ */

int
tool_residual (char *const *paths, int n_paths,
               const struct show_options *opt, FILE *out)
{
  struct ppd_profile p;
  if (tool_read_merged (paths, n_paths, &p))
    {
      ppd_profile_free (&p);
      return 1;
    }
  struct profile_view pv;
  int status = tool_view_profile (&p, opt->notes_dir, &pv);
  struct fn_residual *rs = xcalloc (pv.n_views, sizeof *rs);
  struct summary s;
  memset (&s, 0, sizeof s);
  size_t n = 0;
  for (size_t i = 0; i < pv.n_views; i++)
    {
      if (!is_preferential (pv.views[i].pf))
        {
          s.other++;
          continue;
        }
      struct fn_residual *r = &rs[n++];
      r->v = &pv.views[i];
      r->nfn = r->v->nfn;
      r->object = (size_t) (r->v->obj - p.objects);
      r->n_copies = 1;
      r->residual_dropped = r->v->pf->residual_dropped;
    }
  sum_public_copies (rs, n);
  for (size_t i = 0; i < n; i++)
    if (!rs[i].member)
      {
        analyse (&rs[i]);
        summarize (&s, &rs[i]);
      }
  if (opt->json)
    print_json (out, paths, n_paths, &pv, rs, &s, opt->top);
  else
    print_text (out, paths, n_paths, &p, rs, n, &s, opt->top);
  for (size_t i = 0; i < n; i++)
    {
      free (rs[i].untested);
      free (rs[i].untested_edges);
      free (rs[i].copies);
      free (rs[i].sum.paths);
    }
  free (rs);
  tool_profile_view_free (&pv);
  ppd_profile_free (&p);
  return status;
}
