/* pathprof core: preferential path numbering (thesis Fig. 3.10).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nodes are visited in reverse topological order.  At node v every
 * interesting path through v has one prefix (its s..v part), identified,
 * as in the thesis' implementation (section 3.6), by the Ball-Larus partial
 * sum along it, which is unique among the prefixes reaching v.  Equal
 * partial sums at v are found without storing them: paths sorted by
 * Ball-Larus id share a prefix exactly when they are consecutive and agree
 * on it (see pp_ppp_number).  For each
 * out-edge e and prefix q the interval of partial ids int(e,q) starts at
 * min(e,q); the weight that q needs on e is cis(q) - min(e,q), where cis(q)
 * is the cumulative size of q's intervals on v's earlier out-edges; the
 * *join* gives e the largest of those weights.  At s all paths share one
 * prefix, so the ids end up compacted into [0, range).
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void
pp_ppp_free (pp_ppp_result *res)
{
  if (!res)
    return;
  pp_mpz_array_free (res->weight, res->n_edges);
  pp_mpz_array_free (res->ppp_id, res->n_interesting);
  free (res->defined);
  free (res->numbered);
  mpz_clear (res->range);
  mpz_clear (res->numbered_range);
  free (res);
}

/* One interesting path leaving a node: through `edge` (whose rank among
   the node's out-edges is `rank`), after the prefix `group`.  */
struct entry
{
  unsigned path, edge, rank, group;
};

struct order_item
{
  const mpz_t *id;
  unsigned index;
};

static int
by_id (const void *a, const void *b)
{
  const struct order_item *x = a, *y = b;
  return mpz_cmp (*x->id, *y->id);
}

/* Sorts the interesting ids into ORDER (indices into IDS), checking range
   and uniqueness on the way.  */
static pp_status
sort_interesting (const pp_numbering *num, mpz_t *const ids, unsigned n,
                  unsigned *order, pp_error *err)
{
  if (n == 0)
    return pp_fail (err, PP_ERR_INVALID, "no interesting paths given");
  for (unsigned k = 0; k < n; k++)
    if (mpz_sgn (ids[k]) < 0 || mpz_cmp (ids[k], num->total) >= 0)
      {
        char *id = mpz_get_str (NULL, 10, ids[k]);
        char *total = mpz_get_str (NULL, 10, num->total);
        pp_status st = pp_fail (err, PP_ERR_RANGE,
                                "interesting path %s out of range: the DAG "
                                "has %s paths", id ? id : "?",
                                total ? total : "?");
        free (id);
        free (total);
        return st;
      }
  struct order_item *items = pp_calloc (n, sizeof *items, err);
  if (!items)
    return PP_ERR_NOMEM;
  for (unsigned k = 0; k < n; k++)
    {
      items[k].id = &ids[k];
      items[k].index = k;
    }
  qsort (items, n, sizeof *items, by_id);
  pp_status st = PP_OK;
  for (unsigned k = 0; k < n; k++)
    {
      order[k] = items[k].index;
      if (k > 0 && st == PP_OK && by_id (&items[k - 1], &items[k]) == 0)
        {
          char *id = mpz_get_str (NULL, 10, ids[items[k].index]);
          st = pp_fail (err, PP_ERR_DUPLICATE,
                        "interesting path %s given more than once",
                        id ? id : "?");
          free (id);
        }
    }
  free (items);
  return st;
}

/* Processes one node: ENT[0..cnt) are the paths leaving it, grouped by
   out-edge rank and, inside one edge, by prefix (see pp_ppp_number).  */
static void
number_node (const struct entry *ent, size_t cnt, mpz_t *pid, mpz_t *cis,
             pp_ppp_result *res, mpz_t w, mpz_t cand)
{
  for (size_t i = 0; i < cnt; i++)
    mpz_set_ui (cis[ent[i].group], 0);
  for (size_t lo = 0; lo < cnt;)
    {
      size_t hi = lo;
      while (hi < cnt && ent[hi].rank == ent[lo].rank)
        hi++;
      /* Lines 3-12: the weight each prefix needs, joined by max.  */
      int have = 0;
      for (size_t g0 = lo, g1; g0 < hi; g0 = g1)
        {
          const mpz_t *min = &pid[ent[g0].path];
          for (g1 = g0; g1 < hi && ent[g1].group == ent[g0].group; g1++)
            if (mpz_cmp (pid[ent[g1].path], *min) < 0)
              min = &pid[ent[g1].path];
          mpz_sub (cand, cis[ent[g0].group], *min);
          if (!have || mpz_cmp (cand, w) > 0)
            mpz_set (w, cand);
          have = 1;
        }
      mpz_set (res->weight[ent[lo].edge], w);
      res->defined[ent[lo].edge] = 1;
      /* Lines 14-20: update the partial ids, then each prefix's cis.  */
      for (size_t g0 = lo, g1; g0 < hi; g0 = g1)
        {
          const mpz_t *max = NULL;
          for (g1 = g0; g1 < hi && ent[g1].group == ent[g0].group; g1++)
            {
              mpz_add (pid[ent[g1].path], pid[ent[g1].path], w);
              if (!max || mpz_cmp (pid[ent[g1].path], *max) > 0)
                max = &pid[ent[g1].path];
            }
          mpz_add_ui (cis[ent[g0].group], *max, 1);
        }
      lo = hi;
    }
}

pp_status
pp_ppp_number (const pp_dag *dag, const pp_numbering *num,
               mpz_t *const interesting, unsigned n, pp_ppp_result **out,
               pp_error *err)
{
  *out = NULL;
  unsigned nn = dag->n_nodes;
  pp_status st = PP_ERR_NOMEM;
  pp_ppp_result *res = pp_calloc (1, sizeof *res, err);
  unsigned *order = pp_calloc (n, sizeof *order, err);
  unsigned **paths = pp_calloc (n, sizeof *paths, err);
  size_t *lens = pp_calloc (n, sizeof *lens, err);
  unsigned *edge_rank = pp_calloc (dag->n_edges, sizeof *edge_rank, err);
  unsigned *prev_group = pp_calloc (nn, sizeof *prev_group, err);
  size_t *node_start = pp_calloc (nn + 1, sizeof *node_start, err);
  size_t *fill = pp_calloc (nn, sizeof *fill, err);
  unsigned max_deg = 0;
  for (unsigned v = 0; v < nn; v++)
    if (dag->out_start[v + 1] - dag->out_start[v] > max_deg)
      max_deg = dag->out_start[v + 1] - dag->out_start[v];
  size_t *rank_start = pp_calloc (max_deg + 1, sizeof *rank_start, err);
  struct entry *ent = NULL, *sorted = NULL;
  mpz_t *pid = pp_mpz_array_new (n, err);
  mpz_t *cis = pp_mpz_array_new (n, err);
  mpz_t w, cand, min, max;
  mpz_inits (w, cand, min, max, NULL);
  if (!res || !order || !paths || !lens || !edge_rank || !prev_group
      || !node_start || !fill || !rank_start || !pid || !cis)
    goto done;
  mpz_init (res->range);
  mpz_init (res->numbered_range);
  res->n_edges = dag->n_edges;
  res->n_interesting = n;
  res->weight = pp_mpz_array_new (dag->n_edges, err);
  res->ppp_id = pp_mpz_array_new (n, err);
  res->defined = pp_calloc (dag->n_edges, 1, err);
  if (!res->weight || !res->ppp_id || !res->defined)
    goto done;
  st = sort_interesting (num, interesting, n, order, err);
  if (st != PP_OK)
    goto done;
  for (unsigned v = 0; v < nn; v++)
    for (unsigned i = dag->out_start[v]; i < dag->out_start[v + 1]; i++)
      edge_rank[dag->out_edges[i]] = i - dag->out_start[v];

  /* Paths are handled in increasing Ball-Larus id.  Ball-Larus ids order
     paths lexicographically by out-edge rank, so the paths sharing a
     prefix (equivalently: a Ball-Larus partial sum at the node the prefix
     reaches) are consecutive.  The prefix of path k before its i-th edge
     is then named by the first path of that run: the same as path k-1's
     if the two paths agree on their first i edges, else k.  */
  size_t total_len = 0;
  for (unsigned k = 0; k < n; k++)
    {
      st = pp_bl_decode (dag, num, interesting[order[k]], &paths[k], &lens[k],
                         err);
      if (st != PP_OK)
        goto done;
      total_len += lens[k];
      for (size_t i = 0; i < lens[k]; i++)
        node_start[dag->edges[paths[k][i]].src + 1]++;
    }
  st = PP_ERR_NOMEM;
  ent = pp_calloc (total_len, sizeof *ent, err);
  sorted = pp_calloc (total_len, sizeof *sorted, err);
  if (!ent || !sorted)
    goto done;
  for (unsigned v = 0; v < nn; v++)
    node_start[v + 1] += node_start[v];
  for (unsigned k = 0; k < n; k++)
    {
      size_t common = 0; /* leading edges shared with path k-1 */
      if (k > 0)
        while (common < lens[k] && common < lens[k - 1]
               && paths[k][common] == paths[k - 1][common])
          common++;
      for (size_t i = 0; i < lens[k]; i++)
        {
          unsigned e = paths[k][i], v = dag->edges[e].src;
          /* prev_group[v]: the prefix group of path k-1 at v, valid when
             the first i edges agree (then path k-1 left v at i too).  */
          unsigned group = (k > 0 && i <= common) ? prev_group[v] : k;
          prev_group[v] = group;
          struct entry *en = &ent[node_start[v] + fill[v]++];
          en->path = k;
          en->edge = e;
          en->rank = edge_rank[e];
          en->group = group;
        }
    }

  for (unsigned t = nn; t-- > 0;)
    {
      unsigned v = dag->topo[t];
      size_t lo = node_start[v], cnt = node_start[v + 1] - lo;
      unsigned deg = dag->out_start[v + 1] - dag->out_start[v];
      if (cnt == 0)
        continue;
      /* Stable counting sort by out-edge rank: inside one edge the paths
         stay in id order, so each prefix's paths stay consecutive.  */
      for (unsigned r = 0; r <= deg; r++)
        rank_start[r] = 0;
      for (size_t i = 0; i < cnt; i++)
        rank_start[ent[lo + i].rank + 1]++;
      for (unsigned r = 0; r < deg; r++)
        rank_start[r + 1] += rank_start[r];
      for (size_t i = 0; i < cnt; i++)
        sorted[lo + rank_start[ent[lo + i].rank]++] = ent[lo + i];
      number_node (sorted + lo, cnt, pid, cis, res, w, cand);
    }

  /* Normalize so the smallest interesting id is 0: every path takes one
     out-edge of s, so shifting those shifts every id alike.  */
  mpz_set (min, pid[0]);
  mpz_set (max, pid[0]);
  for (unsigned k = 1; k < n; k++)
    {
      if (mpz_cmp (pid[k], min) < 0)
        mpz_set (min, pid[k]);
      if (mpz_cmp (pid[k], max) > 0)
        mpz_set (max, pid[k]);
    }
  if (mpz_sgn (min) != 0)
    for (unsigned i = dag->out_start[dag->s]; i < dag->out_start[dag->s + 1];
         i++)
      {
        unsigned e = dag->out_edges[i];
        mpz_sub (res->weight[e], res->weight[e], min);
        res->defined[e] = 1;
      }
  for (unsigned k = 0; k < n; k++)
    mpz_sub (res->ppp_id[order[k]], pid[k], min);
  mpz_sub (res->range, max, min);
  mpz_add_ui (res->range, res->range, 1);
  res->delta = mpz_get_d (res->range) / (double) n;
  res->n_numbered = n;
  mpz_set (res->numbered_range, res->range);
  st = PP_OK;

done:
  if (paths)
    for (unsigned k = 0; k < n; k++)
      free (paths[k]);
  free (paths);
  free (lens);
  free (order);
  free (edge_rank);
  free (prev_group);
  free (node_start);
  free (fill);
  free (rank_start);
  free (ent);
  free (sorted);
  pp_mpz_array_free (pid, pid ? n : 0);
  pp_mpz_array_free (cis, cis ? n : 0);
  mpz_clears (w, cand, min, max, NULL);
  if (st != PP_OK)
    pp_ppp_free (res);
  else
    *out = res;
  return st;
}

/* Hottest first: decreasing count, then increasing Ball-Larus id.  */
struct heat_item
{
  const mpz_t *id;
  uint64_t count;
  unsigned index;
};

static int
by_heat (const void *a, const void *b)
{
  const struct heat_item *x = a, *y = b;
  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return mpz_cmp (*x->id, *y->id);
}

/* Numbers the first K paths of ORDER (indices into INTERESTING).  */
static pp_status
number_first (const pp_dag *dag, const pp_numbering *num,
              mpz_t *const interesting, const struct heat_item *order,
              unsigned k, pp_ppp_result **out, pp_error *err)
{
  mpz_t *ids = pp_mpz_array_new (k, err);
  if (!ids)
    return PP_ERR_NOMEM;
  for (unsigned i = 0; i < k; i++)
    mpz_set (ids[i], interesting[order[i].index]);
  pp_status st = pp_ppp_number (dag, num, ids, k, out, err);
  pp_mpz_array_free (ids, k);
  return st;
}

pp_status
pp_ppp_number_hottest (const pp_dag *dag, const pp_numbering *num,
                       mpz_t *const interesting, const uint64_t *counts,
                       unsigned n, uint64_t max_range, pp_ppp_result **out,
                       pp_error *err)
{
  pp_ppp_result *all = NULL, *best = NULL, *cand = NULL;
  pp_status st = pp_ppp_number (dag, num, interesting, n, &all, err);
  if (st != PP_OK || !counts || n < 2
      || mpz_cmp_ui (all->range, max_range) <= 0)
    {
      *out = all;
      return st;
    }
  *out = NULL;
  struct heat_item *order = pp_calloc (n, sizeof *order, err);
  if (!order)
    {
      pp_ppp_free (all);
      return PP_ERR_NOMEM;
    }
  for (unsigned k = 0; k < n; k++)
    {
      order[k].id = &interesting[k];
      order[k].count = counts[k];
      order[k].index = k;
    }
  qsort (order, n, sizeof *order, by_heat);
  /* The hottest LO fit (one path always does: range 1), the hottest HI
     do not.  The range need not grow with every path added, so this
     finds a largest K that fits where K + 1 does not, not necessarily
     the largest.  */
  unsigned lo = 1, hi = n;
  st = number_first (dag, num, interesting, order, 1, &best, err);
  while (st == PP_OK && hi - lo > 1)
    {
      unsigned mid = lo + (hi - lo) / 2;
      st = number_first (dag, num, interesting, order, mid, &cand, err);
      if (st != PP_OK)
        break;
      if (mpz_cmp_ui (cand->range, max_range) <= 0)
        {
          pp_ppp_free (best);
          best = cand;
          lo = mid;
        }
      else
        {
          pp_ppp_free (cand);
          hi = mid;
        }
      cand = NULL;
    }
  unsigned *path = NULL;
  size_t len;
  if (st == PP_OK)
    st = (all->numbered = pp_calloc (n, 1, err)) ? PP_OK : PP_ERR_NOMEM;
  /* ALL takes BEST's weights, and the ids they give every path.  */
  for (unsigned e = 0; st == PP_OK && e < dag->n_edges; e++)
    {
      mpz_set (all->weight[e], best->weight[e]);
      all->defined[e] = best->defined[e];
    }
  for (unsigned i = 0; st == PP_OK && i < n; i++)
    {
      unsigned k = order[i].index;
      if (i < lo)
        {
          mpz_set (all->ppp_id[k], best->ppp_id[i]);
          all->numbered[k] = 1;
          continue;
        }
      st = pp_bl_decode (dag, num, interesting[k], &path, &len, err);
      if (st == PP_OK)
        pp_path_sum (all->weight, path, len, all->ppp_id[k]);
      free (path);
      path = NULL;
    }
  if (st == PP_OK)
    {
      all->n_numbered = lo;
      mpz_set (all->numbered_range, best->range);
      *out = all;
      all = NULL;
    }
  pp_ppp_free (all);
  pp_ppp_free (best);
  free (order);
  return st;
}

pp_status
pp_path_sum_bounds (const pp_dag *dag, mpz_t *const weight, mpz_t lo,
                    mpz_t hi, pp_error *err)
{
  unsigned n = dag->n_nodes;
  mpz_t *low = pp_mpz_array_new (n, err);
  mpz_t *high = pp_mpz_array_new (n, err);
  unsigned char *reached = pp_calloc (n, 1, err);
  if (!low || !high || !reached)
    {
      pp_mpz_array_free (low, low ? n : 0);
      pp_mpz_array_free (high, high ? n : 0);
      free (reached);
      return PP_ERR_NOMEM;
    }
  mpz_t sum;
  mpz_init (sum);
  reached[dag->s] = 1;
  for (unsigned k = 0; k < n; k++)
    {
      unsigned v = dag->topo[k];
      for (unsigned i = dag->in_start[v]; i < dag->in_start[v + 1]; i++)
        {
          unsigned e = dag->in_edges[i], u = dag->edges[e].src;
          if (!reached[u])
            continue;
          mpz_add (sum, low[u], weight[e]);
          if (!reached[v] || mpz_cmp (sum, low[v]) < 0)
            mpz_set (low[v], sum);
          mpz_add (sum, high[u], weight[e]);
          if (!reached[v] || mpz_cmp (sum, high[v]) > 0)
            mpz_set (high[v], sum);
          reached[v] = 1;
        }
    }
  pp_status st = PP_OK;
  if (!reached[dag->t])
    st = pp_fail (err, PP_ERR_INVALID, "t is not reachable from s");
  else
    {
      mpz_set (lo, low[dag->t]);
      mpz_set (hi, high[dag->t]);
    }
  mpz_clear (sum);
  pp_mpz_array_free (low, n);
  pp_mpz_array_free (high, n);
  free (reached);
  return st;
}

pp_status
pp_path_first_last (const pp_dag *dag, const pp_numbering *num,
                    mpz_t *const ids, unsigned n, unsigned *first,
                    unsigned *penult, unsigned *last, pp_error *err)
{
  for (unsigned k = 0; k < n; k++)
    {
      unsigned *edges;
      size_t len;
      pp_status st = pp_bl_decode (dag, num, ids[k], &edges, &len, err);
      if (st != PP_OK)
        return st;
      first[k] = edges[0];
      if (penult)
        penult[k] = len > 1 ? edges[len - 2] : PP_NO_EDGE;
      last[k] = edges[len - 1];
      free (edges);
    }
  return PP_OK;
}

pp_status
pp_path_edges_taken (const pp_dag *dag, const pp_numbering *num,
                     mpz_t *const ids, unsigned n, const unsigned *first,
                     const unsigned char *start_ok, unsigned char *taken,
                     pp_error *err)
{
  memset (taken, 0, dag->n_edges);
  for (unsigned k = 0; k < n; k++)
    {
      if (start_ok && !start_ok[first[k]])
        continue;
      unsigned *edges;
      size_t len;
      pp_status st = pp_bl_decode (dag, num, ids[k], &edges, &len, err);
      if (st != PP_OK)
        return st;
      for (size_t i = 0; i < len; i++)
        taken[edges[i]] = 1;
      free (edges);
    }
  return PP_OK;
}

/* Whether a path may start with DAG edge E (any edge not out of s may
   follow the start).  */
static int
start_allowed (const pp_dag *dag, const unsigned char *start_ok, unsigned e)
{
  return dag->edges[e].src != dag->s || !start_ok || start_ok[e];
}

/* The number of paths from s through an allowed first edge and over
   edges marked in EDGE_OK (NULL: every edge) to each node (n_nodes
   entries, NULL when out of memory).  */
static mpz_t *
allowed_paths_to (const pp_dag *dag, const unsigned char *start_ok,
                  const unsigned char *edge_ok, pp_error *err)
{
  mpz_t *paths_to = pp_mpz_array_new (dag->n_nodes, err);
  if (!paths_to)
    return NULL;
  mpz_set_ui (paths_to[dag->s], 1);
  for (unsigned k = 0; k < dag->n_nodes; k++)
    {
      unsigned v = dag->topo[k];
      for (unsigned i = dag->in_start[v]; i < dag->in_start[v + 1]; i++)
        {
          unsigned e = dag->in_edges[i];
          if (start_allowed (dag, start_ok, e) && (!edge_ok || edge_ok[e]))
            mpz_add (paths_to[v], paths_to[v], paths_to[dag->edges[e].src]);
        }
    }
  return paths_to;
}

/* The kind of the path ends of edge or way E, which ALL paths take, of
   which N_COUNTED are counted; PP_ERR_DUPLICATE when N_COUNTED is more.  */
static pp_status
kind_of (const mpz_t all, unsigned n_counted, unsigned e,
         unsigned char *kind, pp_error *err)
{
  int more = mpz_cmp_ui (all, n_counted);
  if (more < 0)
    return pp_fail (err, PP_ERR_DUPLICATE,
                    "more counted paths end with edge %u than there are "
                    "paths", e);
  *kind = n_counted == 0 ? PP_END_LOG
          : more == 0    ? PP_END_COUNT
                         : PP_END_CHECK;
  return PP_OK;
}

/* The paths from s through an allowed first edge and over EDGE_OK's
   edges to each node (*PATHS_TO), and how many of the N counted paths
   that start as allowed have each DAG edge as EDGE[k] (*N_COUNTED;
   PP_NO_EDGE left out).  */
static pp_status
count_allowed (const pp_dag *dag, const unsigned *first,
               const unsigned *edge, unsigned n,
               const unsigned char *start_ok, const unsigned char *edge_ok,
               mpz_t **paths_to, unsigned **n_counted, pp_error *err)
{
  *paths_to = allowed_paths_to (dag, start_ok, edge_ok, err);
  *n_counted = pp_calloc (dag->n_edges, sizeof **n_counted, err);
  if (!*paths_to || !*n_counted)
    {
      pp_mpz_array_free (*paths_to, *paths_to ? dag->n_nodes : 0);
      free (*n_counted);
      return PP_ERR_NOMEM;
    }
  for (unsigned k = 0; k < n; k++)
    if (edge[k] != PP_NO_EDGE && start_allowed (dag, start_ok, first[k]))
      (*n_counted)[edge[k]]++;
  return PP_OK;
}

pp_status
pp_end_kinds_from (const pp_dag *dag, const unsigned *first,
                   const unsigned *last, unsigned n,
                   const unsigned char *start_ok, unsigned char *kinds,
                   pp_error *err)
{
  /* A path ending with edge u -> t is one of the paths to u followed by
     that edge.  */
  mpz_t *paths_to;
  unsigned *n_counted;
  pp_status st = count_allowed (dag, first, last, n, start_ok, NULL,
                                &paths_to, &n_counted, err);
  if (st != PP_OK)
    return st;
  for (unsigned e = 0; e < dag->n_edges && st == PP_OK; e++)
    {
      kinds[e] = PP_END_CHECK;
      if (dag->edges[e].dst == dag->t)
        st = kind_of (paths_to[dag->edges[e].src], n_counted[e], e,
                      &kinds[e], err);
    }
  pp_mpz_array_free (paths_to, dag->n_nodes);
  free (n_counted);
  return st;
}

pp_status
pp_way_kinds_from (const pp_dag *dag, const unsigned *first,
                   const unsigned *penult, unsigned n,
                   const unsigned char *start_ok,
                   const unsigned char *edge_ok, unsigned char *way_kinds,
                   pp_error *err)
{
  /* A path that ends with way u -> x and then x -> t is one of the paths
     to u followed by those two edges (or the way out of s alone, if
     allowed).  */
  mpz_t *paths_to;
  unsigned *n_counted;
  pp_status st = count_allowed (dag, first, penult, n, start_ok, edge_ok,
                                &paths_to, &n_counted, err);
  if (st != PP_OK)
    return st;
  mpz_t none;
  mpz_init (none);
  for (unsigned e = 0; e < dag->n_edges && st == PP_OK; e++)
    {
      unsigned x = dag->edges[e].dst;
      way_kinds[e] = PP_END_CHECK;
      if (x == dag->t || dag->out_start[x + 1] - dag->out_start[x] != 1
          || dag->edges[dag->out_edges[dag->out_start[x]]].dst != dag->t)
        continue;
      st = kind_of (start_allowed (dag, start_ok, e)
                            && (!edge_ok || edge_ok[e])
                        ? paths_to[dag->edges[e].src] : none,
                    n_counted[e], e, &way_kinds[e], err);
    }
  mpz_clear (none);
  pp_mpz_array_free (paths_to, dag->n_nodes);
  free (n_counted);
  return st;
}

pp_status
pp_path_end_kinds (const pp_dag *dag, const pp_numbering *num,
                   mpz_t *const counted, unsigned n, unsigned char *kinds,
                   pp_error *err)
{
  unsigned *first = pp_calloc (n ? n : 1, sizeof *first, err);
  unsigned *last = pp_calloc (n ? n : 1, sizeof *last, err);
  pp_status st = !first || !last ? PP_ERR_NOMEM
                 : pp_path_first_last (dag, num, counted, n, first, NULL,
                                       last, err);
  /* Distinct ids (the caller's contract) are distinct paths, so no count
     can pass the number of paths ending with its edge.  */
  if (st == PP_OK)
    st = pp_end_kinds_from (dag, first, last, n, NULL, kinds, err);
  free (first);
  free (last);
  return st;
}
