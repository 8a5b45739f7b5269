/* pathprof core: path splitting, so every path id fits the 64-bit register.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A node c is "cut" by treating each of its (not yet cut) incoming edges
 * like a loop back edge: a path reaching c ends just before it and a new
 * one starts at c.  If R paths reach c over its k incoming real edges and
 * N_c paths leave it, the cut turns R * N_c paths into R + k * N_c ones.
 * Greedily cutting the node with the largest reduction keeps the number of
 * cuts (and so the loss of path information) small.
 */
#include <stdlib.h>

#include "internal.h"

/* Picks the node whose cut removes the most paths; -1 if none helps.  */
static long
best_cut (const pp_cfg *cfg, const pp_dag *dag, const pp_numbering *num,
          pp_error *err, pp_status *st)
{
  unsigned n = dag->n_nodes;
  mpz_t *to = pp_mpz_array_new (n, err); /* paths from s to each node */
  long best = -1;
  mpz_t r, gain, best_gain, tmp;
  *st = PP_OK;
  if (!to)
    {
      *st = PP_ERR_NOMEM;
      return -1;
    }
  mpz_inits (r, gain, best_gain, tmp, NULL);
  mpz_set_ui (to[dag->s], 1);
  for (unsigned k = 0; k < n; k++)
    {
      unsigned v = dag->topo[k];
      for (unsigned i = dag->in_start[v]; i < dag->in_start[v + 1]; i++)
        mpz_add (to[v], to[v], to[dag->edges[dag->in_edges[i]].src]);
    }
  for (unsigned c = 0; c < cfg->n_nodes; c++)
    {
      if (c == cfg->entry || cfg->no_split[c])
        continue;
      unsigned k_real = 0;
      mpz_set_ui (r, 0);
      for (unsigned i = dag->in_start[c]; i < dag->in_start[c + 1]; i++)
        {
          const pp_dag_edge *e = &dag->edges[dag->in_edges[i]];
          if (e->kind == PP_EDGE_REAL)
            {
              k_real++;
              mpz_add (r, r, to[e->src]);
            }
        }
      if (k_real == 0)
        continue;
      /* gain = R*N_c - R - k*N_c */
      mpz_mul (gain, r, num->paths_from[c]);
      mpz_sub (gain, gain, r);
      mpz_mul_ui (tmp, num->paths_from[c], k_real);
      mpz_sub (gain, gain, tmp);
      if (mpz_sgn (gain) > 0 && (best < 0 || mpz_cmp (gain, best_gain) > 0))
        {
          best = c;
          mpz_set (best_gain, gain);
        }
    }
  mpz_clears (r, gain, best_gain, tmp, NULL);
  pp_mpz_array_free (to, n);
  return best;
}

pp_status
pp_split_paths (pp_cfg *cfg, const mpz_t max_paths, unsigned *n_cuts,
                pp_error *err)
{
  *n_cuts = 0;
  for (;;)
    {
      pp_dag *dag;
      pp_numbering *num;
      pp_status st = pp_dag_build (cfg, &dag, err);
      if (st != PP_OK)
        return st;
      st = pp_bl_number (dag, &num, err);
      if (st != PP_OK)
        {
          pp_dag_free (dag);
          return st;
        }
      if (mpz_cmp (num->total, max_paths) <= 0)
        {
          pp_numbering_free (num);
          pp_dag_free (dag);
          return PP_OK;
        }
      long c = best_cut (cfg, dag, num, err, &st);
      if (st == PP_OK && c < 0)
        {
          char *have = mpz_get_str (NULL, 10, num->total);
          char *want = mpz_get_str (NULL, 10, max_paths);
          st = pp_fail (err, PP_ERR_RANGE,
                        "cannot split the paths further: %s paths remain "
                        "after %u cuts, at most %s wanted",
                        have ? have : "?", *n_cuts, want ? want : "?");
          free (have);
          free (want);
        }
      pp_numbering_free (num);
      pp_dag_free (dag);
      if (st != PP_OK)
        return st;
      for (unsigned i = 0; i < cfg->n_edges; i++)
        if (cfg->edges[i].dst == (unsigned) c
            && cfg->edges[i].cut == PP_CUT_NONE)
          cfg->edges[i].cut = PP_CUT_SPLIT;
      ++*n_cuts;
    }
}
