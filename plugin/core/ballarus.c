/* pathprof core: Ball-Larus path numbering (thesis Fig. 3.1, 3.3).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Path counts grow exponentially with the number of branches, so they are
 * kept in GMP integers: a function with more than 2^64 paths is counted
 * exactly, and pp_split_paths then cuts it until every id fits a register.
 */
#include <stdlib.h>

#include "internal.h"

void
pp_numbering_free (pp_numbering *num)
{
  if (!num)
    return;
  pp_mpz_array_free (num->paths_from, num->n_nodes);
  pp_mpz_array_free (num->weight, num->n_edges);
  mpz_clear (num->total);
  free (num);
}

pp_status
pp_bl_number (const pp_dag *dag, pp_numbering **out, pp_error *err)
{
  *out = NULL;
  pp_numbering *num = pp_calloc (1, sizeof *num, err);
  if (!num)
    return PP_ERR_NOMEM;
  mpz_init (num->total);
  num->n_nodes = dag->n_nodes;
  num->n_edges = dag->n_edges;
  num->paths_from = pp_mpz_array_new (dag->n_nodes, err);
  num->weight = pp_mpz_array_new (dag->n_edges, err);
  if (!num->paths_from || !num->weight)
    {
      pp_numbering_free (num);
      return PP_ERR_NOMEM;
    }
  /* Reverse topological order: every successor's count is final when a
     node is visited (Lemma 3.2.1).  */
  for (unsigned k = dag->n_nodes; k-- > 0;)
    {
      unsigned v = dag->topo[k];
      if (v == dag->t)
        {
          mpz_set_ui (num->paths_from[v], 1);
          continue;
        }
      for (unsigned i = dag->out_start[v]; i < dag->out_start[v + 1]; i++)
        {
          unsigned e = dag->out_edges[i];
          mpz_set (num->weight[e], num->paths_from[v]);
          mpz_add (num->paths_from[v], num->paths_from[v],
                   num->paths_from[dag->edges[e].dst]);
        }
    }
  mpz_set (num->total, num->paths_from[dag->s]);
  *out = num;
  return PP_OK;
}

pp_status
pp_bl_decode (const pp_dag *dag, const pp_numbering *num, const mpz_t id,
              unsigned **edges, size_t *len, pp_error *err)
{
  *edges = NULL;
  *len = 0;
  if (mpz_sgn (id) < 0 || mpz_cmp (id, num->total) >= 0)
    {
      char *s = mpz_get_str (NULL, 10, num->total);
      pp_status st = pp_fail (err, PP_ERR_RANGE,
                              "path id out of range: the DAG has %s paths",
                              s ? s : "?");
      free (s);
      return st;
    }
  unsigned *path = pp_calloc (dag->n_nodes, sizeof *path, err);
  if (!path)
    return PP_ERR_NOMEM;
  mpz_t rest;
  mpz_init_set (rest, id);
  size_t n = 0;
  unsigned v = dag->s;
  while (v != dag->t)
    {
      /* Weights of v's out-edges increase in edge order; the path takes
         the last edge whose weight does not exceed what is left.  */
      unsigned chosen = dag->out_edges[dag->out_start[v]];
      for (unsigned i = dag->out_start[v] + 1; i < dag->out_start[v + 1]; i++)
        {
          unsigned e = dag->out_edges[i];
          if (mpz_cmp (num->weight[e], rest) > 0)
            break;
          chosen = e;
        }
      mpz_sub (rest, rest, num->weight[chosen]);
      path[n++] = chosen;
      v = dag->edges[chosen].dst;
    }
  mpz_clear (rest);
  *edges = path;
  *len = n;
  return PP_OK;
}

pp_status
pp_bl_add_path_count (const pp_dag *dag, const pp_numbering *num,
                      const mpz_t id, double count, double *edge_count,
                      pp_error *err)
{
  unsigned *edges;
  size_t len;
  pp_status st = pp_bl_decode (dag, num, id, &edges, &len, err);
  if (st != PP_OK)
    return st;
  for (size_t i = 0; i < len; i++)
    edge_count[edges[i]] += count;
  free (edges);
  return PP_OK;
}

pp_status
pp_bl_encode (const pp_dag *dag, const pp_numbering *num,
              const unsigned *edges, size_t len, mpz_t id, pp_error *err)
{
  mpz_set_ui (id, 0);
  unsigned v = dag->s;
  for (size_t i = 0; i < len; i++)
    {
      if (edges[i] >= dag->n_edges)
        return pp_fail (err, PP_ERR_INVALID, "edge %u out of range", edges[i]);
      if (dag->edges[edges[i]].src != v)
        return pp_fail (err, PP_ERR_INVALID,
                        "edge %u at position %zu does not start at node %u",
                        edges[i], i, v);
      mpz_add (id, id, num->weight[edges[i]]);
      v = dag->edges[edges[i]].dst;
    }
  if (v != dag->t)
    return pp_fail (err, PP_ERR_INVALID,
                    "the edge sequence ends at node %u, not at the exit", v);
  return PP_OK;
}
