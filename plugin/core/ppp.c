/* pathprof core: preferential path numbering (thesis Fig. 3.10).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nodes are visited in reverse topological order.  At node v every
 * interesting path through v has one prefix (its s..v part), represented,
 * as in the thesis' implementation (section 3.6), by the Ball-Larus partial
 * sum along it, which is unique among the prefixes reaching v.  For each
 * out-edge e and prefix q the interval of partial ids int(e,q) starts at
 * min(e,q); the weight that q needs on e is cis(q) - min(e,q), where cis(q)
 * is the cumulative size of q's intervals on v's earlier out-edges; the
 * *join* gives e the largest of those weights.  At s all paths share one
 * prefix, so the ids end up compacted into [0, range).
 */
#include <stdlib.h>

#include "internal.h"

void
pp_ppp_free (pp_ppp_result *res)
{
  if (!res)
    return;
  pp_mpz_array_free (res->weight, res->n_edges);
  pp_mpz_array_free (res->ppp_id, res->n_interesting);
  free (res->defined);
  mpz_clear (res->range);
  free (res);
}

/* One (interesting path, edge position) pair: path `path` leaves node
   src(edge) through `edge` after the prefix whose Ball-Larus partial sum
   is prefix_sum[path][pos].  */
struct entry
{
  unsigned path, pos, edge_rank, group;
};

struct ppp_state
{
  const pp_dag *dag;
  unsigned **paths;
  size_t *lens;
  mpz_t **prefix_sum; /* per path: len + 1 partial sums */
  unsigned *edge_rank; /* position of each edge among its source's out-edges */
};

static struct ppp_state *sort_state; /* qsort has no context argument */

static int
by_prefix (const void *a, const void *b)
{
  const struct entry *x = a, *y = b;
  return mpz_cmp (sort_state->prefix_sum[x->path][x->pos],
                  sort_state->prefix_sum[y->path][y->pos]);
}

static int
by_edge_then_group (const void *a, const void *b)
{
  const struct entry *x = a, *y = b;
  if (x->edge_rank != y->edge_rank)
    return x->edge_rank < y->edge_rank ? -1 : 1;
  if (x->group != y->group)
    return x->group < y->group ? -1 : 1;
  return x->path < y->path ? -1 : x->path > y->path;
}

static int
mpz_ptr_cmp (const void *a, const void *b)
{
  return mpz_cmp (**(mpz_t *const *) a, **(mpz_t *const *) b);
}

/* Checks range and uniqueness of the interesting ids.  */
static pp_status
check_interesting (const pp_numbering *num, mpz_t *const ids, unsigned n,
                   pp_error *err)
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
  mpz_t **sorted = pp_calloc (n, sizeof *sorted, err);
  if (!sorted)
    return PP_ERR_NOMEM;
  for (unsigned k = 0; k < n; k++)
    sorted[k] = &ids[k];
  qsort (sorted, n, sizeof *sorted, mpz_ptr_cmp);
  pp_status st = PP_OK;
  for (unsigned k = 1; k < n && st == PP_OK; k++)
    if (mpz_cmp (*sorted[k - 1], *sorted[k]) == 0)
      {
        char *id = mpz_get_str (NULL, 10, *sorted[k]);
        st = pp_fail (err, PP_ERR_DUPLICATE,
                      "interesting path %s given more than once",
                      id ? id : "?");
        free (id);
      }
  free (sorted);
  return st;
}

/* Processes node V: ENT[0..cnt) are the entries leaving V.  */
static void
number_node (struct ppp_state *stt, struct entry *ent, size_t cnt,
             mpz_t *pid, pp_ppp_result *res, mpz_t *cis)
{
  if (cnt == 0)
    return;
  /* Prefix groups: equal partial sums = equal prefix.  */
  sort_state = stt;
  qsort (ent, cnt, sizeof *ent, by_prefix);
  unsigned groups = 0;
  for (size_t i = 0; i < cnt; i++)
    {
      if (i > 0 && by_prefix (&ent[i - 1], &ent[i]) != 0)
        groups++;
      ent[i].group = groups;
    }
  groups++;
  for (unsigned g = 0; g < groups; g++)
    mpz_set_ui (cis[g], 0);
  qsort (ent, cnt, sizeof *ent, by_edge_then_group);

  mpz_t w, cand;
  mpz_inits (w, cand, NULL);
  for (size_t lo = 0; lo < cnt;)
    {
      size_t hi = lo;
      unsigned edge = stt->paths[ent[lo].path][ent[lo].pos];
      while (hi < cnt && ent[hi].edge_rank == ent[lo].edge_rank)
        hi++;
      /* Lines 3-12: the weight each prefix needs, joined by max.  */
      int have = 0;
      for (size_t g0 = lo; g0 < hi;)
        {
          size_t g1 = g0;
          const mpz_t *min = &pid[ent[g0].path];
          while (g1 < hi && ent[g1].group == ent[g0].group)
            {
              if (mpz_cmp (pid[ent[g1].path], *min) < 0)
                min = &pid[ent[g1].path];
              g1++;
            }
          mpz_sub (cand, cis[ent[g0].group], *min);
          if (!have || mpz_cmp (cand, w) > 0)
            mpz_set (w, cand);
          have = 1;
          g0 = g1;
        }
      mpz_set (res->weight[edge], w);
      res->defined[edge] = 1;
      /* Lines 14-20: update partial ids, then each prefix's cis.  */
      for (size_t g0 = lo; g0 < hi;)
        {
          size_t g1 = g0;
          const mpz_t *max = NULL;
          while (g1 < hi && ent[g1].group == ent[g0].group)
            {
              mpz_add (pid[ent[g1].path], pid[ent[g1].path], w);
              if (!max || mpz_cmp (pid[ent[g1].path], *max) > 0)
                max = &pid[ent[g1].path];
              g1++;
            }
          mpz_add_ui (cis[ent[g0].group], *max, 1);
          g0 = g1;
        }
      lo = hi;
    }
  mpz_clears (w, cand, NULL);
}

pp_status
pp_ppp_number (const pp_dag *dag, const pp_numbering *num,
               mpz_t *const interesting, unsigned n, pp_ppp_result **out,
               pp_error *err)
{
  *out = NULL;
  pp_status st = check_interesting (num, interesting, n, err);
  if (st != PP_OK)
    return st;

  struct ppp_state stt = { dag, NULL, NULL, NULL, NULL };
  pp_ppp_result *res = pp_calloc (1, sizeof *res, err);
  mpz_t *pid = NULL, *cis = NULL;
  struct entry *ent = NULL;
  size_t *node_start = NULL, *fill = NULL;
  size_t total_len = 0;
  st = PP_ERR_NOMEM;
  if (!res)
    goto done;
  mpz_init (res->range);
  res->n_edges = dag->n_edges;
  res->n_interesting = n;
  res->weight = pp_mpz_array_new (dag->n_edges, err);
  res->ppp_id = pp_mpz_array_new (n, err);
  res->defined = pp_calloc (dag->n_edges, 1, err);
  stt.paths = pp_calloc (n, sizeof *stt.paths, err);
  stt.lens = pp_calloc (n, sizeof *stt.lens, err);
  stt.prefix_sum = pp_calloc (n, sizeof *stt.prefix_sum, err);
  stt.edge_rank = pp_calloc (dag->n_edges, sizeof *stt.edge_rank, err);
  pid = pp_mpz_array_new (n, err);
  if (!res->weight || !res->ppp_id || !res->defined || !stt.paths
      || !stt.lens || !stt.prefix_sum || !stt.edge_rank || !pid)
    goto done;
  for (unsigned v = 0; v < dag->n_nodes; v++)
    for (unsigned i = dag->out_start[v]; i < dag->out_start[v + 1]; i++)
      stt.edge_rank[dag->out_edges[i]] = i - dag->out_start[v];

  /* Decode every interesting path and its Ball-Larus prefix sums.  */
  for (unsigned k = 0; k < n; k++)
    {
      st = pp_bl_decode (dag, num, interesting[k], &stt.paths[k], &stt.lens[k],
                         err);
      if (st != PP_OK)
        goto done;
      st = PP_ERR_NOMEM;
      stt.prefix_sum[k] = pp_mpz_array_new (stt.lens[k] + 1, err);
      if (!stt.prefix_sum[k])
        goto done;
      for (size_t i = 0; i < stt.lens[k]; i++)
        mpz_add (stt.prefix_sum[k][i + 1], stt.prefix_sum[k][i],
                 num->weight[stt.paths[k][i]]);
      total_len += stt.lens[k];
    }

  /* Entries bucketed by the node they leave.  */
  ent = pp_calloc (total_len, sizeof *ent, err);
  node_start = pp_calloc (dag->n_nodes + 1, sizeof *node_start, err);
  fill = pp_calloc (dag->n_nodes, sizeof *fill, err);
  cis = pp_mpz_array_new (n, err); /* at most n prefixes at any node */
  if (!ent || !node_start || !fill || !cis)
    goto done;
  for (unsigned k = 0; k < n; k++)
    for (size_t i = 0; i < stt.lens[k]; i++)
      node_start[dag->edges[stt.paths[k][i]].src + 1]++;
  for (unsigned v = 0; v < dag->n_nodes; v++)
    node_start[v + 1] += node_start[v];
  for (unsigned k = 0; k < n; k++)
    for (size_t i = 0; i < stt.lens[k]; i++)
      {
        unsigned e = stt.paths[k][i], v = dag->edges[e].src;
        struct entry *en = &ent[node_start[v] + fill[v]++];
        en->path = k;
        en->pos = i;
        en->edge_rank = stt.edge_rank[e];
        en->group = 0;
      }

  for (unsigned t = dag->n_nodes; t-- > 0;)
    {
      unsigned v = dag->topo[t];
      number_node (&stt, ent + node_start[v],
                   node_start[v + 1] - node_start[v], pid, res, cis);
    }

  /* Normalize so the smallest interesting id is 0: every path takes one
     out-edge of s, so shifting those shifts every id alike.  */
  mpz_t min, max;
  mpz_init_set (min, pid[0]);
  mpz_init_set (max, pid[0]);
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
    mpz_sub (res->ppp_id[k], pid[k], min);
  mpz_sub (res->range, max, min);
  mpz_add_ui (res->range, res->range, 1);
  res->delta = mpz_get_d (res->range) / (double) n;
  mpz_clears (min, max, NULL);
  st = PP_OK;

done:
  if (stt.paths)
    for (unsigned k = 0; k < n; k++)
      {
        free (stt.paths[k]);
        if (stt.prefix_sum && stt.prefix_sum[k])
          pp_mpz_array_free (stt.prefix_sum[k], stt.lens[k] + 1);
      }
  free (stt.paths);
  free (stt.lens);
  free (stt.prefix_sum);
  free (stt.edge_rank);
  pp_mpz_array_free (pid, pid ? n : 0);
  pp_mpz_array_free (cis, cis ? n : 0);
  free (ent);
  free (node_start);
  free (fill);
  if (st != PP_OK)
    pp_ppp_free (res);
  else
    *out = res;
  return st;
}
