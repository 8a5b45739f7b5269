/* pathprof core unit tests: properties on thousands of random CFGs.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every graph i is generated from seed splitmix64(base + i) (base from
 * PP_TEST_SEED); a failure prints the graph index, its seed and its edges.
 * Expected values come from independent code in testutil.c: a brute-force
 * path enumerator, a path counter, a DFS back-edge finder, a Kruskal
 * maximum spanning tree, a literal implementation of thesis Fig. 3.10
 * and a literal implementation of the pp_split_paths greedy contract.
 */
#include "testutil.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_GRAPHS 3000
#define PATH_LIMIT 20000      /* enumerate graphs with at most this many */
#define ALL_PATHS_PPP 3000    /* I = every path when N <= this */
#define MAX_SUBSET 300        /* random |I| <= this */
#define BIG_SAMPLE 48         /* decoded sample of graphs beyond the limit */

/* One graph under test.  */
typedef struct gtest {
  pp_cfg *cfg;
  pp_dag *dag;
  pp_numbering *num;
  int enumerated;      /* sample = every path */
  tu_pathset sample;   /* paths we know: all, or decoded random ids */
  mpz_t *sample_id;    /* their Ball-Larus ids (own sums) */
  gmp_randstate_t grand;
  tu_rng rng;
} gtest;

static struct {
  unsigned graphs, enumerated, sampled, back_edges, cut_graphs;
  unsigned ppp_runs, ppp_all, ppp_imperfect, placements;
  unsigned hottest_runs, hottest_left; /* subsets; paths left out */
  unsigned split_ok, split_cut, split_range;
  unsigned end_kinds[3];  /* path ends checked, by pp_end_kind */
  unsigned from_kinds[3]; /* path ends checked among the paths with some
                             first edges, by pp_end_kind */
  unsigned way_kinds[3];  /* the same per way into a node whose only
                             out-edge ends in t */
  unsigned cold_way_kinds[3]; /* the same over the counted paths' edges
                                 and some others */
  unsigned cold_settled;  /* ways checked over all edges and not over
                             those */
  unsigned steady_one, steady_none; /* cut ends with / without one */
  unsigned long paths;
} stats;

/* Seeds of different bases do not overlap (base * odd constant + i).  */
static uint64_t
graph_seed (unsigned i)
{
  uint64_t s = tu_base_seed () * 0xd1342543de82ef95ULL + i;
  return tu_splitmix64 (&s);
}

/* ------------------------------------------------------------------ */
/* DAG structure against the contract in ppcore.h                     */
/* ------------------------------------------------------------------ */

static int
check_dag_structure (const pp_cfg *cfg, const pp_dag *dag)
{
  unsigned n = cfg->n_nodes, V, i, k, n_cut = 0, n_exit = 0, n_entry = 0;
  unsigned *seen = NULL, *pos = NULL;
  int ok = 0;

  TU_CHECK (dag->n_nodes == n + 2, "n_nodes %u", dag->n_nodes);
  TU_CHECK (dag->s == n && dag->t == n + 1, "s %u t %u", dag->s, dag->t);
  TU_CHECK (dag->n_cfg_edges == cfg->n_edges, "n_cfg_edges %u",
            dag->n_cfg_edges);
  V = dag->n_nodes;
  for (i = 0; i < cfg->n_edges; i++)
    n_cut += cfg->edges[i].cut != PP_CUT_NONE;
  for (i = 0; i < n; i++)
    n_exit += cfg->is_exit[i] != 0;
  TU_CHECK (dag->n_edges == cfg->n_edges + n_cut + 1 + n_exit,
            "n_edges %u, want %u", dag->n_edges,
            cfg->n_edges + n_cut + 1 + n_exit);

  seen = calloc (dag->n_edges, sizeof *seen);
  pos = calloc (V + 1, sizeof *pos);
  for (i = 0; i < cfg->n_edges; i++)
    {
      const pp_cfg_edge *ce = &cfg->edges[i];
      if (ce->cut == PP_CUT_NONE)
        {
          long d = dag->cfg_edge_dag[i];
          TU_CHECK (d >= 0 && d < (long) dag->n_edges, "cfg edge %u -> %ld",
                    i, d);
          TU_CHECK (dag->edges[d].kind == PP_EDGE_REAL
                    && dag->edges[d].src == ce->src
                    && dag->edges[d].dst == ce->dst
                    && dag->edges[d].origin == (long) i,
                    "REAL edge %ld of cfg edge %u", d, i);
          TU_CHECK (dag->cfg_edge_cut_start[i] == -1
                    && dag->cfg_edge_cut_end[i] == -1, "cut dummies of %u", i);
          seen[d]++;
        }
      else
        {
          long a = dag->cfg_edge_cut_start[i], b = dag->cfg_edge_cut_end[i];
          TU_CHECK (dag->cfg_edge_dag[i] == -1, "cut cfg edge %u mapped", i);
          TU_CHECK (a >= 0 && a < (long) dag->n_edges && b >= 0
                    && b < (long) dag->n_edges, "dummies %ld %ld", a, b);
          TU_CHECK (dag->edges[a].kind == PP_EDGE_CUT_START
                    && dag->edges[a].src == dag->s
                    && dag->edges[a].dst == ce->dst
                    && dag->edges[a].origin == (long) i,
                    "CUT_START %ld of cfg edge %u", a, i);
          TU_CHECK (dag->edges[b].kind == PP_EDGE_CUT_END
                    && dag->edges[b].src == ce->src
                    && dag->edges[b].dst == dag->t
                    && dag->edges[b].origin == (long) i,
                    "CUT_END %ld of cfg edge %u", b, i);
          seen[a]++;
          seen[b]++;
        }
    }
  for (i = 0; i < n; i++)
    {
      long x = dag->cfg_node_exit[i];
      if (cfg->is_exit[i])
        {
          TU_CHECK (x >= 0 && x < (long) dag->n_edges
                    && dag->edges[x].kind == PP_EDGE_EXIT
                    && dag->edges[x].src == i && dag->edges[x].dst == dag->t
                    && dag->edges[x].origin == (long) i,
                    "EXIT edge %ld of node %u", x, i);
          seen[x]++;
        }
      else
        TU_CHECK (x == -1, "non-exit node %u has exit edge %ld", i, x);
    }
  for (i = 0; i < dag->n_edges; i++)
    if (dag->edges[i].kind == PP_EDGE_ENTRY)
      {
        TU_CHECK (dag->edges[i].src == dag->s
                  && dag->edges[i].dst == cfg->entry
                  && dag->edges[i].origin == -1, "ENTRY edge %u", i);
        seen[i]++;
        n_entry++;
      }
  TU_CHECK (n_entry == 1, "%u ENTRY edges", n_entry);
  for (i = 0; i < dag->n_edges; i++)
    TU_CHECK (seen[i] == 1, "DAG edge %u accounted %u times", i, seen[i]);

  /* CSR out/in lists: each edge exactly once, under its src/dst.  */
  TU_CHECK (dag->out_start[0] == 0 && dag->out_start[V] == dag->n_edges,
            "out_start bounds");
  TU_CHECK (dag->in_start[0] == 0 && dag->in_start[V] == dag->n_edges,
            "in_start bounds");
  memset (seen, 0, dag->n_edges * sizeof *seen);
  for (i = 0; i < V; i++)
    {
      long last_origin = -1;
      TU_CHECK (dag->out_start[i] <= dag->out_start[i + 1], "out_start");
      for (k = dag->out_start[i]; k < dag->out_start[i + 1]; k++)
        {
          unsigned e = dag->out_edges[k];
          TU_CHECK (e < dag->n_edges && dag->edges[e].src == i,
                    "out_edges of %u", i);
          seen[e]++;
          /* CFG order among the edges standing for CFG edges.  */
          if (dag->edges[e].kind == PP_EDGE_REAL
              || dag->edges[e].kind == PP_EDGE_CUT_END
              || dag->edges[e].kind == PP_EDGE_CUT_START)
            {
              TU_CHECK (dag->edges[e].origin > last_origin,
                        "out-edges of %u not in CFG order", i);
              last_origin = dag->edges[e].origin;
            }
        }
    }
  for (i = 0; i < dag->n_edges; i++)
    TU_CHECK (seen[i] == 1, "edge %u in out lists %u times", i, seen[i]);
  memset (seen, 0, dag->n_edges * sizeof *seen);
  for (i = 0; i < V; i++)
    for (k = dag->in_start[i]; k < dag->in_start[i + 1]; k++)
      {
        unsigned e = dag->in_edges[k];
        TU_CHECK (e < dag->n_edges && dag->edges[e].dst == i,
                  "in_edges of %u", i);
        seen[e]++;
      }
  for (i = 0; i < dag->n_edges; i++)
    TU_CHECK (seen[i] == 1, "edge %u in in lists %u times", i, seen[i]);

  /* topo: a permutation, s first, t last, edges go forward.  */
  TU_CHECK (dag->topo[0] == dag->s && dag->topo[V - 1] == dag->t,
            "topo ends %u %u", dag->topo[0], dag->topo[V - 1]);
  for (i = 0; i < V; i++)
    pos[i] = ~0u;
  for (i = 0; i < V; i++)
    {
      TU_CHECK (dag->topo[i] < V && pos[dag->topo[i]] == ~0u, "topo perm");
      pos[dag->topo[i]] = i;
    }
  for (i = 0; i < dag->n_edges; i++)
    TU_CHECK (pos[dag->edges[i].src] < pos[dag->edges[i].dst],
              "edge %u against topo", i);
  ok = 1;
fail:
  free (seen);
  free (pos);
  return ok;
}

/* ------------------------------------------------------------------ */
/* Graph setup and Ball-Larus                                          */
/* ------------------------------------------------------------------ */

static void
gtest_free (gtest *g)
{
  size_t i;
  if (g->sample_id)
    {
      for (i = 0; i < g->sample.n; i++)
        mpz_clear (g->sample_id[i]);
      free (g->sample_id);
    }
  tu_pathset_free (&g->sample);
  if (g->num)
    pp_numbering_free (g->num);
  if (g->dag)
    pp_dag_free (g->dag);
  if (g->cfg)
    pp_cfg_free (g->cfg);
  gmp_randclear (g->grand);
  memset (g, 0, sizeof *g);
  tu_ctx_cfg = NULL;
}

/* Builds and checks the DAG and the Ball-Larus numbering of G->cfg (back
   edges already marked), then fills G->sample.  */
static int
check_bl (gtest *g)
{
  pp_error err;
  pp_status st;
  pp_dag *dag;
  mpz_t *from = NULL, acc, id;
  unsigned V = 0, v, k;
  size_t i;
  unsigned char *hit = NULL;
  unsigned *dec = NULL;
  size_t dlen;
  int ok = 0;

  mpz_init (acc);
  mpz_init (id);
  tu_ctx_cfg = g->cfg;
  st = pp_dag_build (g->cfg, &g->dag, &err);
  TU_CHECK_ST (st, PP_OK, err);
  dag = g->dag;
  if (!check_dag_structure (g->cfg, dag))
    goto fail;
  st = pp_bl_number (dag, &g->num, &err);
  TU_CHECK_ST (st, PP_OK, err);
  V = dag->n_nodes;
  TU_CHECK (g->num->n_nodes == V && g->num->n_edges == dag->n_edges,
            "numbering sizes %u %u", g->num->n_nodes, g->num->n_edges);

  /* Counts and weights against Fig. 3.1 over our own path counts.  */
  from = malloc (V * sizeof *from);
  for (v = 0; v < V; v++)
    mpz_init (from[v]);
  TU_CHECK (tu_count_from (dag, from), "own topological sort failed");
  for (v = 0; v < V; v++)
    TU_CHECK (mpz_cmp (g->num->paths_from[v], from[v]) == 0,
              "N_%u differs", v);
  TU_CHECK (mpz_cmp (g->num->total, from[dag->s]) == 0, "total differs");
  TU_CHECK (mpz_sgn (from[dag->s]) > 0, "no path");
  for (v = 0; v < V; v++)
    {
      mpz_set_ui (acc, 0);
      for (k = dag->out_start[v]; k < dag->out_start[v + 1]; k++)
        {
          unsigned e = dag->out_edges[k];
          TU_CHECK (mpz_cmp (g->num->weight[e], acc) == 0,
                    "W(edge %u) is not the sum of N over earlier out-edges",
                    e);
          mpz_add (acc, acc, from[dag->edges[e].dst]);
        }
    }

  if (mpz_cmp_ui (from[dag->s], PATH_LIMIT) <= 0)
    {
      size_t N = mpz_get_ui (from[dag->s]);
      TU_CHECK (tu_enum_paths (dag, PATH_LIMIT, &g->sample),
                "enumeration overflow");
      TU_CHECK (g->sample.n == N, "enumerated %zu paths, N = %zu",
                g->sample.n, N);
      g->enumerated = 1;
      g->sample_id = malloc ((N + 1) * sizeof *g->sample_id);
      for (i = 0; i < N; i++)
        mpz_init (g->sample_id[i]);
      hit = calloc (N, 1);
      for (i = 0; i < N; i++)
        {
          const unsigned *p = tu_path (&g->sample, i);
          size_t len = tu_path_len (&g->sample, i), x;
          tu_sum (g->num->weight, p, len, g->sample_id[i]);
          TU_CHECK (mpz_sgn (g->sample_id[i]) >= 0
                    && mpz_cmp_ui (g->sample_id[i], N) < 0,
                    "path %zu has BL id outside [0,N)", i);
          x = mpz_get_ui (g->sample_id[i]);
          TU_CHECK (!hit[x], "BL id %zu given to two paths", x);
          hit[x] = 1;
          /* decode(id) is exactly this path, encode gives the id back.  */
          st = pp_bl_decode (dag, g->num, g->sample_id[i], &dec, &dlen, &err);
          TU_CHECK_ST (st, PP_OK, err);
          TU_CHECK (dlen == len && !memcmp (dec, p, len * sizeof *p),
                    "decode(%zu) is not the enumerated path", x);
          free (dec);
          dec = NULL;
          st = pp_bl_encode (dag, g->num, p, len, id, &err);
          TU_CHECK_ST (st, PP_OK, err);
          TU_CHECK (mpz_cmp (id, g->sample_id[i]) == 0, "encode != id %zu",
                    x);
        }
      stats.enumerated++;
      stats.paths += N;
    }
  else
    {
      /* Too many to enumerate: decode random ids (and 0, N-1).  */
      unsigned j;
      g->sample.cap_n = 64;
      g->sample.off = calloc (g->sample.cap_n, sizeof *g->sample.off);
      g->sample_id = malloc ((BIG_SAMPLE + 2) * sizeof *g->sample_id);
      for (j = 0; j < BIG_SAMPLE + 2; j++)
        {
          size_t len, q;
          mpz_init (g->sample_id[j]);
          if (j == 0)
            mpz_set_ui (g->sample_id[j], 0);
          else if (j == 1)
            mpz_sub_ui (g->sample_id[j], from[dag->s], 1);
          else
            mpz_urandomm (g->sample_id[j], g->grand, from[dag->s]);
          for (q = 0; q < j; q++)
            if (mpz_cmp (g->sample_id[q], g->sample_id[j]) == 0)
              break;
          st = pp_bl_decode (dag, g->num, g->sample_id[j], &dec, &len, &err);
          TU_CHECK_ST (st, PP_OK, err);
          TU_CHECK (tu_is_st_path (dag, dec, len), "decode gave a non-path");
          tu_sum (g->num->weight, dec, len, acc);
          TU_CHECK (mpz_cmp (acc, g->sample_id[j]) == 0,
                    "decoded path sums to another id");
          st = pp_bl_encode (dag, g->num, dec, len, id, &err);
          TU_CHECK_ST (st, PP_OK, err);
          TU_CHECK (mpz_cmp (id, g->sample_id[j]) == 0, "encode(decode)");
          if (q == j)
            {
              /* keep distinct ids only */
              unsigned *stack = dec;
              if (g->sample.n + 2 > g->sample.cap_n)
                {
                  g->sample.cap_n *= 2;
                  g->sample.off = realloc (g->sample.off, g->sample.cap_n
                                           * sizeof *g->sample.off);
                }
              if (g->sample.off[g->sample.n] + len > g->sample.cap_e)
                {
                  g->sample.cap_e = 2 * (g->sample.off[g->sample.n] + len);
                  g->sample.e = realloc (g->sample.e, g->sample.cap_e
                                         * sizeof *g->sample.e);
                }
              memcpy (g->sample.e + g->sample.off[g->sample.n], stack,
                      len * sizeof *stack);
              g->sample.off[g->sample.n + 1]
                = g->sample.off[g->sample.n] + len;
              if (g->sample.n != j)
                mpz_set (g->sample_id[g->sample.n], g->sample_id[j]);
              g->sample.n++;
            }
          free (dec);
          dec = NULL;
        }
      /* sample_id[sample.n .. BIG_SAMPLE+1] stay initialized; shrink
         bookkeeping so gtest_free clears them all.  */
      for (j = g->sample.n; j < BIG_SAMPLE + 2; j++)
        mpz_clear (g->sample_id[j]);
      /* decode beyond the range fails */
      st = pp_bl_decode (dag, g->num, from[dag->s], &dec, &dlen, &err);
      TU_CHECK (st == PP_ERR_RANGE, "decode(N) gave %d", (int) st);
      free (dec);
      dec = NULL;
      stats.sampled++;
    }
  ok = 1;
fail:
  free (dec);
  free (hit);
  if (from)
    {
      for (v = 0; v < V; v++)
        mpz_clear (from[v]);
      free (from);
    }
  mpz_clear (acc);
  mpz_clear (id);
  return ok;
}

/* Generates graph I, marks and checks its back edges, and runs check_bl.
   Returns 0 on failure (G freed).  */
static int
setup_graph (unsigned i, gtest *g)
{
  uint64_t seed = graph_seed (i);
  unsigned char *back = NULL;
  unsigned nb, j;
  int ok = 0;

  memset (g, 0, sizeof *g);
  gmp_randinit_default (g->grand);
  gmp_randseed_ui (g->grand, (unsigned long) seed);
  tu_rng_seed (&g->rng, seed ^ 0xa5a5a5a5a5a5a5a5ULL);
  snprintf (tu_ctx, sizeof tu_ctx,
            "random graph %u, seed 0x%016llx (base 0x%llx; rerun with "
            "PP_TEST_SEED)", i, (unsigned long long) seed,
            (unsigned long long) tu_base_seed ());
  g->cfg = tu_random_cfg (seed, 2, 30);
  tu_ctx_cfg = g->cfg;
  TU_CHECK (g->cfg != NULL, "generator failed");
  back = malloc (g->cfg->n_edges + 1);
  nb = tu_ref_back_edges (g->cfg, back);
  TU_CHECK (pp_cfg_mark_back_edges (g->cfg) == nb,
            "pp_cfg_mark_back_edges count, want %u", nb);
  for (j = 0; j < g->cfg->n_edges; j++)
    TU_CHECK (g->cfg->edges[j].cut == (back[j] ? PP_CUT_BACK : PP_CUT_NONE),
              "edge %u cut %d, DFS says %d", j, (int) g->cfg->edges[j].cut,
              back[j]);
  stats.back_edges += nb;
  stats.cut_graphs += nb > 0;
  if (!check_bl (g))
    goto fail;
  ok = 1;
fail:
  free (back);
  if (!ok)
    gtest_free (g);
  return ok;
}

/* ------------------------------------------------------------------ */
/* Counter placement                                                   */
/* ------------------------------------------------------------------ */

static unsigned
uf_find (unsigned *p, unsigned x)
{
  while (p[x] != x)
    x = p[x] = p[p[x]];
  return x;
}

static const double *cmp_freq;
static int
cmp_desc_freq (const void *a, const void *b)
{
  unsigned x = *(const unsigned *) a, y = *(const unsigned *) b;
  if (cmp_freq[x] != cmp_freq[y])
    return cmp_freq[x] < cmp_freq[y] ? 1 : -1;
  return x < y ? -1 : x > y;
}

/* Chords are the complement of a maximum spanning tree of the DAG.  */
static int
check_chords (const pp_dag *dag, const pp_placement *pl, const double *freq)
{
  unsigned V = dag->n_nodes, E = dag->n_edges, i, n_chords = 0;
  unsigned *p = malloc (V * sizeof *p), *ord = malloc (E * sizeof *ord);
  double best = 0, got = 0;
  int ok = 0;

  TU_CHECK (pl->n_edges == E, "placement n_edges %u", pl->n_edges);
  for (i = 0; i < E; i++)
    n_chords += pl->is_chord[i] != 0;
  TU_CHECK (n_chords == pl->n_chords, "n_chords %u but %u flagged",
            pl->n_chords, n_chords);
  TU_CHECK (n_chords == E - V + 1, "%u chords, want |E|-|V|+1 = %u",
            n_chords, E - V + 1);
  /* Tree edges (non-chords): acyclic, hence a spanning tree.  */
  for (i = 0; i < V; i++)
    p[i] = i;
  for (i = 0; i < E; i++)
    if (!pl->is_chord[i])
      {
        unsigned a = uf_find (p, dag->edges[i].src);
        unsigned b = uf_find (p, dag->edges[i].dst);
        TU_CHECK (a != b, "tree edges contain a cycle (edge %u)", i);
        p[a] = b;
        got += freq ? freq[i] : 1.0;
      }
  /* Kruskal.  */
  for (i = 0; i < V; i++)
    p[i] = i;
  for (i = 0; i < E; i++)
    ord[i] = i;
  if (freq)
    {
      cmp_freq = freq;
      qsort (ord, E, sizeof *ord, cmp_desc_freq);
    }
  for (i = 0; i < E; i++)
    {
      unsigned e = ord[i];
      unsigned a = uf_find (p, dag->edges[e].src);
      unsigned b = uf_find (p, dag->edges[e].dst);
      if (a != b)
        {
          p[a] = b;
          best += freq ? freq[e] : 1.0;
        }
    }
  TU_CHECK (got == best, "tree weight %.0f, maximum is %.0f", got, best);
  ok = 1;
fail:
  free (p);
  free (ord);
  return ok;
}

/* The action structure: code exactly on chords and set edges.  */
static int
check_action_shape (const pp_dag *dag, const pp_placement *pl,
                    const pp_action *act)
{
  unsigned e;
  for (e = 0; e < dag->n_edges; e++)
    {
      TU_CHECK ((act[e].op == PP_OP_SET) == (pl->is_set[e] != 0),
                "edge %u: op %d, is_set %d", e, (int) act[e].op,
                pl->is_set[e]);
      TU_CHECK ((act[e].op != PP_OP_NONE)
                == (pl->is_chord[e] || pl->is_set[e]),
                "edge %u: op %d, chord %d, set %d", e, (int) act[e].op,
                pl->is_chord[e], pl->is_set[e]);
      /* No code, no value.  */
      TU_CHECK (act[e].op != PP_OP_NONE || mpz_sgn (act[e].value) == 0,
                "edge %u: no code but a value", e);
    }
  return 1;
fail:
  return 0;
}

static void
random_freq (tu_rng *r, double *freq, unsigned n)
{
  unsigned i, style = tu_below (r, 3);
  for (i = 0; i < n; i++)
    switch (style)
      {
      case 0: freq[i] = tu_below (r, 1000); break;
      case 1: freq[i] = tu_chance (r, 1, 3) ? 0 : tu_below (r, 4); break;
      default: freq[i] = (double) (1u << tu_below (r, 20)); break;
      }
}

/* Places WEIGHT with a fresh placement and checks every sample path.
   With a second weight set W2 (may be NULL), also checks that both sets
   get code on exactly the same edges.  */
static int
check_placement (gtest *g, mpz_t *weight, mpz_t *w2, int use_null_freq)
{
  const pp_dag *dag = g->dag;
  pp_placement *pl = NULL;
  pp_action *act = NULL, *act2 = NULL;
  double *freq = NULL;
  pp_error err;
  pp_status st;
  mpz_t got, want;
  size_t i;
  unsigned e;
  int ok = 0;

  mpz_init (got);
  mpz_init (want);
  if (!use_null_freq)
    {
      freq = malloc ((dag->n_edges + 1) * sizeof *freq);
      random_freq (&g->rng, freq, dag->n_edges);
    }
  st = pp_placement_compute (dag, freq, &pl, &err);
  TU_CHECK_ST (st, PP_OK, err);
  if (!check_chords (dag, pl, freq))
    goto fail;
  st = pp_placement_apply (dag, pl, weight, &act, &err);
  TU_CHECK_ST (st, PP_OK, err);
  if (!check_action_shape (dag, pl, act))
    goto fail;
  if (w2)
    {
      st = pp_placement_apply (dag, pl, w2, &act2, &err);
      TU_CHECK_ST (st, PP_OK, err);
      for (e = 0; e < dag->n_edges; e++)
        TU_CHECK (act[e].op == act2[e].op,
                  "edge %u: op %d for BL but %d for PPP", e, (int) act[e].op,
                  (int) act2[e].op);
    }
  for (i = 0; i < g->sample.n; i++)
    {
      const unsigned *p = tu_path (&g->sample, i);
      size_t len = tu_path_len (&g->sample, i);
      st = pp_actions_run (dag, act, p, len, got, &err);
      TU_CHECK_ST (st, PP_OK, err);
      tu_sum (weight, p, len, want);
      TU_CHECK (mpz_cmp (got, want) == 0, "actions give another id on path "
                "%zu", i);
      if (w2)
        {
          st = pp_actions_run (dag, act2, p, len, got, &err);
          TU_CHECK_ST (st, PP_OK, err);
          tu_sum (w2, p, len, want);
          TU_CHECK (mpz_cmp (got, want) == 0, "second actions differ on "
                    "path %zu", i);
        }
    }
  stats.placements++;
  ok = 1;
fail:
  if (act)
    pp_actions_free (act, dag->n_edges);
  if (act2)
    pp_actions_free (act2, dag->n_edges);
  if (pl)
    pp_placement_free (pl);
  free (freq);
  mpz_clear (got);
  mpz_clear (want);
  return ok;
}

/* ------------------------------------------------------------------ */
/* Preferential numbering                                              */
/* ------------------------------------------------------------------ */

static int
cmp_mpz (const void *a, const void *b)
{
  return mpz_cmp (*(const mpz_t *) a, *(const mpz_t *) b);
}

/* The hottest first, for check_hottest: by decreasing count, then
   increasing Ball-Larus id.  */
static const mpz_t *heat_ids;
static const uint64_t *heat_counts;

static int
cmp_heat (const void *a, const void *b)
{
  unsigned x = *(const unsigned *) a, y = *(const unsigned *) b;
  if (heat_counts[x] != heat_counts[y])
    return heat_counts[x] > heat_counts[y] ? -1 : 1;
  return mpz_cmp (heat_ids[x], heat_ids[y]);
}

/* pp_ppp_number_hottest on the K interesting paths I (PATHS, LENS) whose
   numbering of them all, FULL, has a range above K, with counts that tie
   often and a MAX_RANGE all of them do not fit in: exactly the hottest
   n_numbered are numbered, with the ids and weights of numbering them
   alone, in at most MAX_RANGE, while one more would not fit; the others'
   ids are their sums of those weights; range and delta stay FULL's.  */
static int
check_hottest (gtest *g, mpz_t *I, unsigned k, const unsigned **paths,
               const size_t *lens, const pp_ppp_result *full)
{
  const pp_dag *dag = g->dag;
  uint64_t *counts = malloc (k * sizeof *counts);
  unsigned *order = malloc (k * sizeof *order);
  mpz_t *top = malloc (k * sizeof *top);
  pp_ppp_result *res = NULL, *ref = NULL, *more = NULL;
  pp_error err;
  pp_status st;
  mpz_t sum;
  int ok = 0;
  unsigned i, m;
  uint64_t max_range = mpz_get_ui (full->range) - 1 - (k > 4);

  mpz_init (sum);
  for (i = 0; i < k; i++)
    {
      counts[i] = (i * 7 + mpz_get_ui (I[i])) % 4;
      order[i] = i;
      mpz_init (top[i]);
    }
  heat_ids = (const mpz_t *) I;
  heat_counts = counts;
  qsort (order, k, sizeof *order, cmp_heat);
  st = pp_ppp_number_hottest (dag, g->num, I, counts, k, max_range, &res,
                              &err);
  TU_CHECK_ST (st, PP_OK, err);
  TU_CHECK (res->numbered != NULL, "all %u numbered, range %lu > max %lu",
            k, mpz_get_ui (full->range), (unsigned long) max_range);
  m = res->n_numbered;
  TU_CHECK (m >= 1 && m < k, "%u of %u numbered", m, k);
  TU_CHECK (mpz_cmp (res->range, full->range) == 0
                && res->delta == full->delta,
            "range or delta not those of all the interesting paths");
  for (i = 0; i < k; i++)
    TU_CHECK ((res->numbered[order[i]] != 0) == (i < m),
              "the %u-th hottest (of %u numbered) is %snumbered", i, m,
              res->numbered[order[i]] ? "" : "not ");
  /* The hottest M numbered alone.  */
  for (i = 0; i < m; i++)
    mpz_set (top[i], I[order[i]]);
  st = pp_ppp_number (dag, g->num, top, m, &ref, &err);
  TU_CHECK_ST (st, PP_OK, err);
  TU_CHECK (mpz_cmp_ui (ref->range, max_range) <= 0
                && mpz_cmp (res->numbered_range, ref->range) == 0,
            "numbered range %lu, alone %lu, max %lu",
            mpz_get_ui (res->numbered_range), mpz_get_ui (ref->range),
            (unsigned long) max_range);
  for (unsigned e = 0; e < dag->n_edges; e++)
    TU_CHECK (mpz_cmp (res->weight[e], ref->weight[e]) == 0
                  && res->defined[e] == ref->defined[e],
              "edge %u: not the weight of the hottest numbered alone", e);
  for (i = 0; i < m; i++)
    TU_CHECK (mpz_cmp (res->ppp_id[order[i]], ref->ppp_id[i]) == 0,
              "the %u-th hottest: not its id numbered alone", i);
  /* Every path's id is its sum of the weights (left-out ones anywhere).  */
  for (i = 0; i < k; i++)
    {
      tu_sum (res->weight, paths[i], lens[i], sum);
      TU_CHECK (mpz_cmp (sum, res->ppp_id[i]) == 0,
                "interesting %u: id is not its sum of the weights", i);
    }
  /* One more does not fit (the bisection's other bound).  */
  mpz_set (top[m], I[order[m]]);
  st = pp_ppp_number (dag, g->num, top, m + 1, &more, &err);
  TU_CHECK_ST (st, PP_OK, err);
  TU_CHECK (mpz_cmp_ui (more->range, max_range) > 0,
            "the %u hottest fit too (range %lu, max %lu)", m + 1,
            mpz_get_ui (more->range), (unsigned long) max_range);
  stats.hottest_runs++;
  stats.hottest_left += k - m;
  ok = 1;
fail:
  pp_ppp_free (res);
  pp_ppp_free (ref);
  pp_ppp_free (more);
  for (i = 0; i < k; i++)
    mpz_clear (top[i]);
  free (top);
  free (order);
  free (counts);
  mpz_clear (sum);
  return ok;
}

/* What a path end or a way must do, by the enumeration: N_ALL paths
   end there, N_SEL of them counted.  */
static unsigned char
want_kind (unsigned n_sel, unsigned n_all)
{
  return n_sel == 0 ? PP_END_LOG
         : n_sel == n_all ? PP_END_COUNT : PP_END_CHECK;
}

/* Whether DAG edge E is a way into a latch: into a node whose only
   out-edge ends in t.  */
static int
is_way (const pp_dag *dag, unsigned e)
{
  unsigned x = dag->edges[e].dst;
  return x != dag->t && dag->out_start[x + 1] - dag->out_start[x] == 1
         && dag->edges[dag->out_edges[dag->out_start[x]]].dst == dag->t;
}

/* Numbers the sample paths SEL[0..K-1] (indices into g->sample).  */
static int
check_ppp (gtest *g, const size_t *sel, unsigned k)
{
  const pp_dag *dag = g->dag;
  unsigned E = dag->n_edges, e, i;
  mpz_t *I = malloc (k * sizeof *I), *rids = malloc (k * sizeof *rids);
  mpz_t *rw = malloc (E * sizeof *rw), *sorted = malloc (k * sizeof *sorted);
  const unsigned **paths = malloc (k * sizeof *paths);
  size_t *lens = malloc (k * sizeof *lens);
  unsigned char *rdef = malloc (E);
  pp_ppp_result *res = NULL;
  pp_error err;
  pp_status st;
  mpz_t sum;
  int ok = 0, all = g->enumerated && k == g->sample.n;

  mpz_init (sum);
  for (i = 0; i < k; i++)
    {
      mpz_init_set (I[i], g->sample_id[sel[i]]);
      mpz_init (rids[i]);
      mpz_init (sorted[i]);
      paths[i] = tu_path (&g->sample, sel[i]);
      lens[i] = tu_path_len (&g->sample, sel[i]);
    }
  for (e = 0; e < E; e++)
    mpz_init (rw[e]);

  st = pp_ppp_number (dag, g->num, I, k, &res, &err);
  TU_CHECK_ST (st, PP_OK, err);
  TU_CHECK (res->n_edges == E && res->n_interesting == k, "sizes %u %u",
            res->n_edges, res->n_interesting);

  /* Against the literal Fig. 3.10.  */
  tu_ref_ppp (dag, k, paths, lens, rw, rdef, rids);
  for (e = 0; e < E; e++)
    {
      TU_CHECK ((res->defined[e] != 0) == rdef[e],
                "edge %u defined %d, Fig 3.10 says %d", e, res->defined[e],
                rdef[e]);
      TU_CHECK (mpz_cmp (res->weight[e], rw[e]) == 0,
                "edge %u PPP weight differs from Fig 3.10", e);
    }
  for (i = 0; i < k; i++)
    {
      TU_CHECK (mpz_cmp (res->ppp_id[i], rids[i]) == 0,
                "interesting %u: PPP id differs from Fig 3.10", i);
      tu_sum (res->weight, paths[i], lens[i], sum);
      TU_CHECK (mpz_cmp (sum, res->ppp_id[i]) == 0,
                "interesting %u: weights do not sum to its ppp_id", i);
      pp_path_sum (res->weight, paths[i], lens[i], sum);
      TU_CHECK (mpz_cmp (sum, res->ppp_id[i]) == 0, "pp_path_sum");
      TU_CHECK (mpz_sgn (res->ppp_id[i]) >= 0
                && mpz_cmp (res->ppp_id[i], res->range) < 0,
                "interesting %u outside [0, range)", i);
      mpz_set (sorted[i], res->ppp_id[i]);
    }
  /* Distinct, smallest 0, range = max + 1 (delta of Problem A).  */
  qsort (sorted, k, sizeof *sorted, cmp_mpz);
  TU_CHECK (mpz_sgn (sorted[0]) == 0, "smallest interesting id not 0");
  for (i = 1; i < k; i++)
    TU_CHECK (mpz_cmp (sorted[i - 1], sorted[i]) < 0, "duplicate PPP id");
  mpz_add_ui (sum, sorted[k - 1], 1);
  TU_CHECK (mpz_cmp (res->range, sum) == 0, "range != max id + 1");
  {
    double want = mpz_get_d (res->range) / (double) k;
    TU_CHECK (fabs (res->delta - want) <= 1e-12 * want,
              "delta %.17g, want %.17g", res->delta, want);
    TU_CHECK (res->delta >= 1.0, "delta %.17g < 1", res->delta);
    if (res->delta > 1.0)
      stats.ppp_imperfect++;
  }
  /* Room for all of them: nothing to choose, the same numbering.  */
  if (mpz_fits_ulong_p (res->range))
  {
    pp_ppp_result *same = NULL;
    uint64_t *counts = calloc (k, sizeof *counts);
    for (i = 0; i < k; i++)
      counts[i] = i % 3;
    st = pp_ppp_number_hottest (dag, g->num, I, counts, k,
                                mpz_get_ui (res->range), &same, &err);
    free (counts);
    TU_CHECK_ST (st, PP_OK, err);
    int equal = !same->numbered && same->n_numbered == k
                && mpz_cmp (same->numbered_range, res->range) == 0
                && mpz_cmp (same->range, res->range) == 0;
    for (i = 0; i < k && equal; i++)
      equal = mpz_cmp (same->ppp_id[i], res->ppp_id[i]) == 0;
    pp_ppp_free (same);
    TU_CHECK (equal, "pp_ppp_number_hottest with room for all differs");
  }
  if (mpz_fits_ulong_p (res->range) && mpz_cmp_ui (res->range, k) > 0
      && k >= 2 && !check_hottest (g, I, k, paths, lens, res))
    goto fail;
  if (all)
    {
      /* I = every path: PPP degenerates to Ball-Larus.  */
      TU_CHECK (res->delta == 1.0, "delta %.17g with I = all paths",
                res->delta);
      TU_CHECK (mpz_cmp (res->range, g->num->total) == 0,
                "range != N with I = all paths");
      for (e = 0; e < E; e++)
        TU_CHECK (res->defined[e]
                  && mpz_cmp (res->weight[e], g->num->weight[e]) == 0,
                  "I = all: edge %u weight is not the BL weight", e);
      for (i = 0; i < k; i++)
        TU_CHECK (mpz_cmp (res->ppp_id[i], I[i]) == 0,
                  "I = all: PPP id != BL id");
      stats.ppp_all++;
    }
  /* The bounds of the PPP ids over all paths (what decides the slots'
     padding) against every path's own sum; with Ball-Larus weights they
     are 0 and N - 1.  */
  if (g->enumerated)
    {
      mpz_t lo, hi, want_lo, want_hi;
      mpz_inits (lo, hi, want_lo, want_hi, NULL);
      for (size_t p = 0; p < g->sample.n; p++)
        {
          tu_sum (res->weight, tu_path (&g->sample, p),
                  tu_path_len (&g->sample, p), sum);
          if (p == 0 || mpz_cmp (sum, want_lo) < 0)
            mpz_set (want_lo, sum);
          if (p == 0 || mpz_cmp (sum, want_hi) > 0)
            mpz_set (want_hi, sum);
        }
      st = pp_path_sum_bounds (dag, res->weight, lo, hi, &err);
      int same = st == PP_OK && mpz_cmp (lo, want_lo) == 0
                 && mpz_cmp (hi, want_hi) == 0;
      if (same)
        {
          st = pp_path_sum_bounds (dag, g->num->weight, lo, hi, &err);
          mpz_sub_ui (want_hi, g->num->total, 1);
          same = st == PP_OK && mpz_sgn (lo) == 0
                 && mpz_cmp (hi, want_hi) == 0;
        }
      mpz_clears (lo, hi, want_lo, want_hi, NULL);
      TU_CHECK (same, "pp_path_sum_bounds differs from the enumeration");
    }
  /* What each path end must do, against the enumeration: the paths
     ending with each edge into t, and how many of them are the selected
     ones.  */
  if (g->enumerated)
    {
      unsigned *n_all = calloc (E, sizeof *n_all);
      unsigned *n_sel = calloc (E, sizeof *n_sel);
      unsigned char *kinds = malloc (E);
      for (size_t p = 0; p < g->sample.n; p++)
        n_all[tu_path (&g->sample, p)[tu_path_len (&g->sample, p) - 1]]++;
      for (i = 0; i < k; i++)
        n_sel[paths[i][lens[i] - 1]]++;
      st = pp_path_end_kinds (dag, g->num, I, k, kinds, &err);
      int same = st == PP_OK;
      for (e = 0; e < E && same; e++)
        {
          unsigned char want = PP_END_CHECK;
          if (dag->edges[e].dst == dag->t)
            want = want_kind (n_sel[e], n_all[e]);
          same = kinds[e] == want;
          if (dag->edges[e].dst == dag->t)
            stats.end_kinds[want]++;
        }
      free (n_all);
      free (n_sel);
      free (kinds);
      TU_CHECK_ST (st, PP_OK, err);
      TU_CHECK (same, "pp_path_end_kinds differs from the enumeration");
    }
  /* The same among the paths that start with some of the edges out of
     s, a random half of them (what a peeled loop's ends see: the paths
     that start inside the loop).  */
  if (g->enumerated)
    {
      unsigned *n_all = calloc (E, sizeof *n_all);
      unsigned *n_sel = calloc (E, sizeof *n_sel);
      unsigned *first = malloc ((k + 1) * sizeof *first);
      unsigned *last = malloc ((k + 1) * sizeof *last);
      unsigned char *start_ok = calloc (E, 1);
      unsigned char *kinds = malloc (E);
      for (e = 0; e < E; e++)
        start_ok[e] = dag->edges[e].src == dag->s && tu_below (&g->rng, 2);
      for (size_t p = 0; p < g->sample.n; p++)
        {
          const unsigned *path = tu_path (&g->sample, p);
          size_t len = tu_path_len (&g->sample, p);
          if (start_ok[path[0]])
            n_all[path[len - 1]]++;
        }
      for (i = 0; i < k; i++)
        if (start_ok[paths[i][0]])
          n_sel[paths[i][lens[i] - 1]]++;
      unsigned *penult = malloc ((k + 1) * sizeof *penult);
      st = pp_path_first_last (dag, g->num, I, k, first, penult, last, &err);
      int same = st == PP_OK;
      for (i = 0; i < k && same; i++)
        same = first[i] == paths[i][0] && last[i] == paths[i][lens[i] - 1]
               && penult[i] == (lens[i] > 1 ? paths[i][lens[i] - 2]
                                            : PP_NO_EDGE);
      TU_CHECK_ST (st, PP_OK, err);
      TU_CHECK (same, "pp_path_first_last differs from the enumeration");
      st = pp_end_kinds_from (dag, first, last, k, start_ok, kinds, &err);
      same = st == PP_OK;
      for (e = 0; e < E && same; e++)
        {
          unsigned char want = PP_END_CHECK;
          if (dag->edges[e].dst == dag->t)
            {
              want = want_kind (n_sel[e], n_all[e]);
              /* (Only the ends some allowed path reaches are of use.)  */
              if (n_all[e])
                stats.from_kinds[want]++;
            }
          same = kinds[e] == want;
        }
      TU_CHECK_ST (st, PP_OK, err);
      TU_CHECK (same, "pp_end_kinds_from differs from the enumeration");
      /* Per way into a node whose only out-edge ends in t: the allowed
         paths whose edge before the last is the way.  */
      memset (n_all, 0, E * sizeof *n_all);
      memset (n_sel, 0, E * sizeof *n_sel);
      for (size_t p = 0; p < g->sample.n; p++)
        {
          const unsigned *path = tu_path (&g->sample, p);
          size_t len = tu_path_len (&g->sample, p);
          if (start_ok[path[0]] && len > 1)
            n_all[path[len - 2]]++;
        }
      for (i = 0; i < k; i++)
        if (start_ok[paths[i][0]] && lens[i] > 1)
          n_sel[paths[i][lens[i] - 2]]++;
      st = pp_way_kinds_from (dag, first, penult, k, start_ok, NULL, kinds,
                              &err);
      same = st == PP_OK;
      for (e = 0; e < E && same; e++)
        {
          unsigned char want = PP_END_CHECK;
          if (is_way (dag, e))
            {
              want = want_kind (n_sel[e], n_all[e]);
              if (n_all[e])
                stats.way_kinds[want]++;
            }
          same = kinds[e] == want;
        }
      unsigned char *taken = malloc (E), *edge_ok = malloc (E);
      unsigned char *cold_kinds = malloc (E);
      /* (Checked once all is freed.)  */
      const char *differs = "pp_way_kinds_from differs from the enumeration";
      if (st != PP_OK || !same)
        goto ways_done;
      /* The same over the edges that the counted paths take and a random
         half of the others: the ways in the original of a cold copy
         (peel.cc), which the other edges lead away from.  */
      st = pp_path_edges_taken (dag, g->num, I, k, first, start_ok, taken,
                                &err);
      same = st == PP_OK;
      memset (edge_ok, 0, E);
      for (i = 0; i < k; i++)
        if (start_ok[paths[i][0]])
          for (size_t j = 0; j < lens[i]; j++)
            edge_ok[paths[i][j]] = 1;
      for (e = 0; e < E && same; e++)
        same = taken[e] == edge_ok[e];
      differs = "pp_path_edges_taken differs from the paths";
      if (st != PP_OK || !same)
        goto ways_done;
      for (e = 0; e < E; e++)
        edge_ok[e] = taken[e] || tu_below (&g->rng, 2);
      memset (n_all, 0, E * sizeof *n_all);
      memset (n_sel, 0, E * sizeof *n_sel);
      for (size_t p = 0; p < g->sample.n; p++)
        {
          const unsigned *path = tu_path (&g->sample, p);
          size_t len = tu_path_len (&g->sample, p);
          int over_ok = 1;
          for (size_t j = 0; j < len; j++)
            over_ok &= edge_ok[path[j]];
          if (start_ok[path[0]] && len > 1 && over_ok)
            n_all[path[len - 2]]++;
        }
      for (i = 0; i < k; i++)
        if (start_ok[paths[i][0]] && lens[i] > 1)
          n_sel[paths[i][lens[i] - 2]]++;
      st = pp_way_kinds_from (dag, first, penult, k, start_ok, edge_ok,
                              cold_kinds, &err);
      same = st == PP_OK;
      differs = "pp_way_kinds_from over some edges differs from the "
                "enumeration";
      for (e = 0; e < E && same; e++)
        {
          unsigned char want = PP_END_CHECK;
          if (is_way (dag, e))
            {
              want = want_kind (n_sel[e], n_all[e]);
              if (n_all[e])
                stats.cold_way_kinds[want]++;
              stats.cold_settled += n_all[e] && kinds[e] == PP_END_CHECK
                                    && want != PP_END_CHECK;
            }
          same = cold_kinds[e] == want;
        }
    ways_done:
      free (n_all);
      free (n_sel);
      free (first);
      free (penult);
      free (last);
      free (start_ok);
      free (kinds);
      free (taken);
      free (edge_ok);
      free (cold_kinds);
      TU_CHECK_ST (st, PP_OK, err);
      TU_CHECK (same, "%s", differs);
    }
  /* Both counters through one placement, on the same edges.  */
  if (!check_placement (g, g->num->weight, res->weight, 0))
    goto fail;
  stats.ppp_runs++;
  ok = 1;
fail:
  if (res)
    pp_ppp_free (res);
  for (i = 0; i < k; i++)
    {
      mpz_clear (I[i]);
      mpz_clear (rids[i]);
      mpz_clear (sorted[i]);
    }
  for (e = 0; e < E; e++)
    mpz_clear (rw[e]);
  free (I);
  free (rids);
  free (rw);
  free (sorted);
  free (paths);
  free (lens);
  free (rdef);
  mpz_clear (sum);
  return ok;
}

/* Random distinct sample indices, random order.  */
static size_t *
pick (tu_rng *r, size_t n, unsigned k)
{
  size_t *idx = malloc ((n + 1) * sizeof *idx), i;
  for (i = 0; i < n; i++)
    idx[i] = i;
  for (i = 0; i < k; i++)
    {
      size_t j = i + tu_next (r) % (n - i), t = idx[i];
      idx[i] = idx[j];
      idx[j] = t;
    }
  return idx;
}

static int
check_all_ppp (gtest *g)
{
  size_t n = g->sample.n, *sel;
  unsigned k;
  int ok = 1;
  if (g->enumerated && n <= ALL_PATHS_PPP)
    {
      sel = pick (&g->rng, n, (unsigned) n);
      ok = check_ppp (g, sel, (unsigned) n);
      free (sel);
      if (!ok)
        return 0;
    }
  k = 1 + tu_below (&g->rng, (unsigned) (n < MAX_SUBSET ? n : MAX_SUBSET));
  sel = pick (&g->rng, n, k);
  ok = check_ppp (g, sel, k);
  free (sel);
  if (!ok)
    return 0;
  sel = pick (&g->rng, n, 1);
  ok = check_ppp (g, sel, 1);
  free (sel);
  return ok;
}

/* ------------------------------------------------------------------ */
/* The tests                                                           */
/* ------------------------------------------------------------------ */

static void
print_stats (const char *what)
{
  printf ("\n    [%s] %u graphs: %u enumerated (%lu paths), %u sampled "
          "(> %d paths), %u back edges in %u graphs; %u PPP runs (%u with "
          "I = all, %u with delta > 1), %u placements; split: %u ok (%u with "
          "cuts), %u PP_ERR_RANGE\n    ", what, stats.graphs,
          stats.enumerated, stats.paths, stats.sampled, PATH_LIMIT,
          stats.back_edges, stats.cut_graphs, stats.ppp_runs, stats.ppp_all,
          stats.ppp_imperfect, stats.placements, stats.split_ok,
          stats.split_cut, stats.split_range);
  if (stats.hottest_runs)
    printf ("hottest subsets: %u (%u paths left out)\n    ",
            stats.hottest_runs, stats.hottest_left);
}

/* pp_steady_path against the enumeration: for every cut end K, the one
   enumerated path that starts with the CUT_START of K's cut and ends with
   K, or none when there are zero or several.  */
static int
check_steady (gtest *g)
{
  const pp_dag *dag = g->dag;
  unsigned *path = malloc ((dag->n_nodes + 1) * sizeof *path);
  int ok = 0;
  if (!g->enumerated)
    {
      free (path);
      return 1;
    }
  for (unsigned k = 0; k < dag->n_edges; k++)
    {
      pp_error err;
      size_t len = 99, found = 0, which = 0;
      TU_CHECK (pp_steady_path (dag, k, path, &len, &err) == PP_OK,
                "pp_steady_path (%u): %s", k, err.message);
      if (dag->edges[k].kind != PP_EDGE_CUT_END)
        {
          TU_CHECK (len == 0, "edge %u is not a cut end, yet a steady path",
                    k);
          continue;
        }
      long start = dag->cfg_edge_cut_start[dag->edges[k].origin];
      for (size_t i = 0; i < g->sample.n; i++)
        {
          const unsigned *p = tu_path (&g->sample, i);
          size_t n = tu_path_len (&g->sample, i);
          if (p[0] == (unsigned) start && p[n - 1] == k)
            {
              found++;
              which = i;
            }
        }
      if (found != 1)
        {
          TU_CHECK (len == 0, "cut end %u: %zu paths, yet a steady path", k,
                    found);
          stats.steady_none++;
          continue;
        }
      TU_CHECK (len == tu_path_len (&g->sample, which)
                    && !memcmp (path, tu_path (&g->sample, which),
                                len * sizeof *path),
                "cut end %u: not the one path from its cut's start", k);
      stats.steady_one++;
    }
  ok = 1;
fail:
  free (path);
  return ok;
}

static void
test_random_ball_larus (void)
{
  unsigned n = tu_num_graphs (DEFAULT_GRAPHS), i, good = 0;
  memset (&stats, 0, sizeof stats);
  for (i = 0; i < n; i++)
    {
      gtest g;
      stats.graphs++;
      if (setup_graph (i, &g))
        {
          good += check_steady (&g);
          gtest_free (&g);
        }
    }
  tu_ctx[0] = 0;
  print_stats ("Ball-Larus");
  printf ("steady paths: %u cut ends with one, %u without\n    ",
          stats.steady_one, stats.steady_none);
  CU_ASSERT_EQUAL (good, n);
  /* The generator must produce both enumerable and huge graphs, and
     loops.  */
  CU_ASSERT (stats.enumerated >= n / 2);
  CU_ASSERT (stats.sampled >= n / 50);
  CU_ASSERT (stats.cut_graphs >= n / 3);
  CU_ASSERT (stats.steady_one >= n / 10);
  CU_ASSERT (stats.steady_none >= n / 10);
}

static void
test_random_placement (void)
{
  unsigned n = tu_num_graphs (DEFAULT_GRAPHS), i, good = 0;
  memset (&stats, 0, sizeof stats);
  for (i = 0; i < n; i++)
    {
      gtest g;
      stats.graphs++;
      if (!setup_graph (i, &g))
        continue;
      if (check_placement (&g, g.num->weight, NULL, 0)
          && check_placement (&g, g.num->weight, NULL, 1))
        good++;
      gtest_free (&g);
    }
  tu_ctx[0] = 0;
  print_stats ("placement");
  CU_ASSERT_EQUAL (good, n);
  CU_ASSERT (stats.placements == 2 * n);
}

/* Prints how many path ends of each pp_end_kind WHAT counted in KINDS,
   and asserts that each kind was met in at least a tenth of N graphs.  */
static void
met_kinds (const char *what, const unsigned kinds[3], unsigned n)
{
  printf ("%s: %u checked, %u counted, %u logged\n    ", what,
          kinds[PP_END_CHECK], kinds[PP_END_COUNT], kinds[PP_END_LOG]);
  CU_ASSERT (kinds[PP_END_CHECK] >= n / 10);
  CU_ASSERT (kinds[PP_END_COUNT] >= n / 10);
  CU_ASSERT (kinds[PP_END_LOG] >= n / 10);
}

static void
test_random_ppp (void)
{
  unsigned n = tu_num_graphs (DEFAULT_GRAPHS), i, good = 0;
  memset (&stats, 0, sizeof stats);
  for (i = 0; i < n; i++)
    {
      gtest g;
      stats.graphs++;
      if (!setup_graph (i, &g))
        continue;
      if (check_all_ppp (&g))
        good++;
      gtest_free (&g);
    }
  tu_ctx[0] = 0;
  print_stats ("PPP");
  CU_ASSERT_EQUAL (good, n);
  CU_ASSERT (stats.ppp_all >= n / 3);
  CU_ASSERT (stats.ppp_imperfect >= n / 20);
  CU_ASSERT (stats.hottest_runs >= n / 20);
  /* Path ends of each kind were met (and checked).  */
  met_kinds ("path ends", stats.end_kinds, n);
  met_kinds ("among the paths with some first edges", stats.from_kinds, n);
  met_kinds ("per way into a last node", stats.way_kinds, n);
  met_kinds ("per way over some edges", stats.cold_way_kinds, n);
  /* Leaving edges out settled ways that all edges left checked.  */
  printf ("ways settled over some edges only: %u\n    ",
          stats.cold_settled);
  CU_ASSERT (stats.cold_settled >= n / 20);
}

/* Splits a clone of G's CFG to at most MAX paths, compares with the
   reference greedy, and re-runs every check on the result.  */
static int
check_split (gtest *g)
{
  pp_cfg *a = tu_cfg_clone (g->cfg), *b = tu_cfg_clone (g->cfg);
  unsigned ca = 777, cb = 0, j;
  pp_status sa, sb;
  pp_error err;
  mpz_t max, cnt;
  gtest h;
  int ok = 0, h_live = 0;
  char saved_ctx[sizeof tu_ctx];

  /* A third of the time a small bound (often out of reach), else a fraction of
     the path count.  */
  mpz_init (max);
  if (tu_chance (&g->rng, 1, 3))
    mpz_set_ui (max, 1 + tu_below (&g->rng, 50));
  else
    {
      mpz_tdiv_q_ui (max, g->num->total, 2 + tu_below (&g->rng, 4));
      if (mpz_sgn (max) == 0)
        mpz_set_ui (max, 1);
    }
  mpz_init (cnt);
  TU_CHECK (a && b, "clone failed");
  memset (&err, 0, sizeof err);
  sa = pp_split_paths (a, max, &ca, &err);
  sb = tu_ref_split (b, max, &cb);
  TU_CHECK (sa == sb, "split to %lu: status %d (%s: %s), reference %d",
            mpz_get_ui (max), (int) sa, pp_status_name (sa), err.message,
            (int) sb);
  if (sa == PP_ERR_RANGE)
    {
      TU_CHECK (err.message[0] != 0, "PP_ERR_RANGE without a message");
      stats.split_range++;
      ok = 1;
      goto fail;
    }
  TU_CHECK (sa == PP_OK, "status %d", (int) sa);
  TU_CHECK (ca == cb, "split to %lu: %u cuts, reference %u",
            mpz_get_ui (max), ca, cb);
  for (j = 0; j < a->n_edges; j++)
    {
      TU_CHECK (a->edges[j].cut == b->edges[j].cut,
                "split to %lu: edge %u cut %d, reference %d",
                mpz_get_ui (max), j, (int) a->edges[j].cut,
                (int) b->edges[j].cut);
      if (g->cfg->edges[j].cut == PP_CUT_BACK)
        TU_CHECK (a->edges[j].cut == PP_CUT_BACK, "back edge %u re-kinded", j);
    }
  TU_CHECK (tu_cfg_count (a, cnt) && mpz_cmp (cnt, max) <= 0,
            "split result has more than max paths");
  TU_CHECK (pp_cfg_checksum (a) == pp_cfg_checksum (g->cfg),
            "splitting changed the checksum");
  stats.split_ok++;
  stats.split_cut += ca > 0;

  /* Everything again on the split CFG.  */
  memcpy (saved_ctx, tu_ctx, sizeof tu_ctx);
  snprintf (tu_ctx + strlen (tu_ctx), sizeof tu_ctx - strlen (tu_ctx),
            " after pp_split_paths to %lu", mpz_get_ui (max));
  memset (&h, 0, sizeof h);
  gmp_randinit_default (h.grand);
  h_live = 1;
  h.rng = g->rng;
  h.cfg = a;
  a = NULL;
  if (!check_bl (&h))
    goto fail_ctx;
  TU_CHECK (mpz_cmp (h.num->total, max) <= 0, "total > max after split");
  TU_CHECK (mpz_cmp (h.num->total, cnt) == 0, "total != reference count");
  if (!check_placement (&h, h.num->weight, NULL, 0) || !check_all_ppp (&h))
    goto fail_ctx;
  ok = 1;
fail_ctx:
  memcpy (tu_ctx, saved_ctx, sizeof tu_ctx);
fail:
  if (h_live)
    gtest_free (&h);
  tu_ctx_cfg = g->cfg;
  if (a)
    pp_cfg_free (a);
  if (b)
    pp_cfg_free (b);
  mpz_clear (max);
  mpz_clear (cnt);
  return ok;
}

static void
test_random_split (void)
{
  unsigned n = tu_num_graphs (DEFAULT_GRAPHS), i, good = 0;
  memset (&stats, 0, sizeof stats);
  for (i = 0; i < n; i++)
    {
      gtest g;
      stats.graphs++;
      if (!setup_graph (i, &g))
        continue;
      if (check_split (&g))
        good++;
      gtest_free (&g);
    }
  tu_ctx[0] = 0;
  print_stats ("split");
  CU_ASSERT_EQUAL (good, n);
  CU_ASSERT (stats.split_cut >= n / 10);
  CU_ASSERT (stats.split_range >= n / 100);
}

int
register_random_tests (void)
{
  CU_pSuite s = CU_add_suite ("random CFG properties", NULL, NULL);
  if (!s)
    return -1;
  if (!CU_add_test (s, "DAG, back edges, BL bijection, decode/encode",
                    test_random_ball_larus)
      || !CU_add_test (s, "counter placement", test_random_placement)
      || !CU_add_test (s, "PPP vs Fig 3.10, both counters",
                       test_random_ppp)
      || !CU_add_test (s, "pp_split_paths vs greedy reference",
                       test_random_split))
    return -1;
  return 0;
}
