/* pathprof core: where the counter updates go (Ball-Larus event counting).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Ball and Larus (1996, section 3.3) and Burger's profile-driven work (see
 * the prior-art reference) put increments only on the chords of a maximum
 * spanning tree: hot edges end up in the tree and run no profiling code.
 * With node potentials phi, where phi(dst) = phi(src) + W(e) on every tree
 * edge and phi(s) = 0, the chord increment  Inc(e) = W(e) + phi(src) -
 * phi(dst)  makes the sum of increments along any s-t path equal the sum
 * of W along it minus phi(t).  The register's initialization adds phi(t)
 * back (see below: every path initializes it exactly once), so it costs
 * nothing.
 *
 * Ball and Larus force the edge t->s into the tree instead, so that
 * phi(t) = phi(s) and no offset is needed.  Then every path, with t->s,
 * is a cycle of tree edges closed by at least one chord: even the hottest
 * path of a loop pays an increment on every iteration.  Without t->s the
 * tree has one more DAG edge and can hold a whole path, the hottest one
 * when the frequencies say so; that saved one instruction per iteration
 * of zlib's longest_match.
 *
 * The chords depend only on the graph and the frequencies, never on W, so
 * the Ball-Larus and the preferential weights land on the same edges
 * (thesis section 3.6).
 *
 * The initialization r = phi(t) is pushed down from s: while every path
 * to a node has passed no chord, the register is not materialized at all;
 * the first chord on such a path sets it (r = Inc + phi(t)) instead of
 * adding to it, and a tree edge leaving that clean region sets it to
 * phi(t).  t itself is never clean, and no chord or clean node follows a
 * node that is not, so every s-t path runs exactly one set.  (Adding
 * phi(t) at the path ends instead would cost an addition wherever the id
 * is compared or passed rather than used as an address.)
 */
#include <stdlib.h>

#include "internal.h"

void
pp_placement_free (pp_placement *pl)
{
  if (!pl)
    return;
  free (pl->is_chord);
  free (pl->is_set);
  free (pl->tree_parent_edge);
  free (pl);
}

void
pp_actions_free (pp_action *actions, unsigned n_edges)
{
  if (!actions)
    return;
  for (unsigned e = 0; e < n_edges; e++)
    mpz_clear (actions[e].value);
  free (actions);
}

struct ranked_edge
{
  double freq;
  unsigned index;
};

static int
by_frequency_desc (const void *a, const void *b)
{
  const struct ranked_edge *x = a, *y = b;
  if (x->freq != y->freq)
    return x->freq > y->freq ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

static unsigned
uf_find (unsigned *parent, unsigned v)
{
  while (parent[v] != v)
    {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
  return v;
}

pp_status
pp_placement_compute (const pp_dag *dag, const double *freq,
                      pp_placement **out, pp_error *err)
{
  *out = NULL;
  unsigned n = dag->n_nodes, m = dag->n_edges;
  pp_status st = PP_ERR_NOMEM;
  pp_placement *pl = pp_calloc (1, sizeof *pl, err);
  struct ranked_edge *rank = pp_calloc (m, sizeof *rank, err);
  unsigned *uf = pp_calloc (n, sizeof *uf, err);
  unsigned *tstart = pp_calloc (n + 1, sizeof *tstart, err);
  unsigned *tlist = pp_calloc (2 * m + 1, sizeof *tlist, err);
  unsigned *queue = pp_calloc (n, sizeof *queue, err);
  unsigned char *clean = pp_calloc (n, 1, err);
  if (!pl || !rank || !uf || !tstart || !tlist || !queue || !clean)
    goto done;
  pl->n_edges = m;
  pl->is_chord = pp_calloc (m, 1, err);
  pl->is_set = pp_calloc (m, 1, err);
  pl->tree_parent_edge = pp_calloc (n, sizeof (long), err);
  if (!pl->is_chord || !pl->is_set || !pl->tree_parent_edge)
    goto done;

  /* Kruskal on the undirected DAG (see the file comment for t->s).  */
  for (unsigned v = 0; v < n; v++)
    uf[v] = v;
  for (unsigned e = 0; e < m; e++)
    {
      double f = freq ? freq[e] : 1.0;
      rank[e].freq = f > 0 ? f : 0.0; /* also maps NaN to 0 */
      rank[e].index = e;
    }
  qsort (rank, m, sizeof *rank, by_frequency_desc);
  for (unsigned k = 0; k < m; k++)
    {
      unsigned e = rank[k].index;
      unsigned a = uf_find (uf, dag->edges[e].src);
      unsigned b = uf_find (uf, dag->edges[e].dst);
      if (a == b)
        {
          pl->is_chord[e] = 1;
          pl->n_chords++;
        }
      else
        uf[a] = b;
    }

  /* Root the tree at s: tree_parent_edge[v] is the tree edge joining v to
     its parent (-1 for s).  */
  for (unsigned e = 0; e < m; e++)
    if (!pl->is_chord[e])
      {
        tstart[dag->edges[e].src + 1]++;
        tstart[dag->edges[e].dst + 1]++;
      }
  for (unsigned v = 0; v < n; v++)
    tstart[v + 1] += tstart[v];
  {
    unsigned *fill = queue; /* reused as cursors before the BFS */
    for (unsigned v = 0; v < n; v++)
      fill[v] = tstart[v];
    for (unsigned e = 0; e < m; e++)
      if (!pl->is_chord[e])
        {
          tlist[fill[dag->edges[e].src]++] = e;
          tlist[fill[dag->edges[e].dst]++] = e;
        }
  }
  for (unsigned v = 0; v < n; v++)
    pl->tree_parent_edge[v] = -2; /* not reached yet */
  pl->tree_parent_edge[dag->s] = -1;
  unsigned head = 0, tail = 0;
  queue[tail++] = dag->s;
  while (head < tail)
    {
      unsigned v = queue[head++];
      for (unsigned i = tstart[v]; i < tstart[v + 1]; i++)
        {
          unsigned e = tlist[i];
          unsigned w = dag->edges[e].src == v ? dag->edges[e].dst
                                              : dag->edges[e].src;
          if (pl->tree_parent_edge[w] == -2)
            {
              pl->tree_parent_edge[w] = e;
              queue[tail++] = w;
            }
        }
    }
  if (tail != n)
    {
      st = pp_fail (err, PP_ERR_INVALID,
                    "the DAG is not connected: %u of %u nodes in the tree",
                    tail, n);
      goto done;
    }

  /* Push the initialization down (see the file comment).  */
  for (unsigned k = 0; k < n; k++)
    {
      unsigned v = dag->topo[k];
      /* t is never clean: a path end must always know the id.  */
      clean[v] = v != dag->t;
      if (v == dag->s)
        continue;
      for (unsigned i = dag->in_start[v]; i < dag->in_start[v + 1]; i++)
        {
          unsigned e = dag->in_edges[i];
          if (pl->is_chord[e] || !clean[dag->edges[e].src])
            clean[v] = 0;
        }
    }
  for (unsigned e = 0; e < m; e++)
    pl->is_set[e] = clean[dag->edges[e].src]
                    && (pl->is_chord[e] || !clean[dag->edges[e].dst]);

  *out = pl;
  pl = NULL;
  st = PP_OK;

done:
  free (rank);
  free (uf);
  free (tstart);
  free (tlist);
  free (queue);
  free (clean);
  pp_placement_free (pl);
  return st;
}

pp_status
pp_placement_apply (const pp_dag *dag, const pp_placement *pl,
                    mpz_t *const weight, pp_action **actions, pp_error *err)
{
  *actions = NULL;
  unsigned n = dag->n_nodes, m = dag->n_edges;
  mpz_t *phi = pp_mpz_array_new (n, err);
  unsigned char *known = pp_calloc (n, 1, err);
  unsigned *chain = pp_calloc (n, sizeof *chain, err);
  pp_action *act = pp_calloc (m, sizeof *act, err);
  if (!phi || !known || !chain || !act)
    {
      pp_mpz_array_free (phi, phi ? n : 0);
      free (known);
      free (chain);
      free (act);
      return PP_ERR_NOMEM;
    }
  for (unsigned e = 0; e < m; e++)
    mpz_init (act[e].value);

  /* Potentials: walk up the tree to a node already known, then back down. */
  known[dag->s] = 1;
  for (unsigned v = 0; v < n; v++)
    {
      unsigned len = 0, u = v;
      while (!known[u])
        {
          chain[len++] = u;
          long pe = pl->tree_parent_edge[u];
          u = dag->edges[pe].src == u ? dag->edges[pe].dst
                                      : dag->edges[pe].src;
        }
      while (len-- > 0)
        {
          unsigned w = chain[len];
          long pe = pl->tree_parent_edge[w];
          if (dag->edges[pe].dst == w) /* parent -> w */
            mpz_add (phi[w], phi[dag->edges[pe].src], weight[pe]);
          else /* w -> parent */
            mpz_sub (phi[w], phi[dag->edges[pe].dst], weight[pe]);
          known[w] = 1;
        }
    }

  for (unsigned e = 0; e < m; e++)
    {
      const pp_dag_edge *de = &dag->edges[e];
      if (pl->is_chord[e])
        {
          mpz_add (act[e].value, weight[e], phi[de->src]);
          mpz_sub (act[e].value, act[e].value, phi[de->dst]);
        }
      if (pl->is_set[e])
        act[e].op = PP_OP_SET;
      else if (pl->is_chord[e])
        act[e].op = PP_OP_ADD;
      else
        act[e].op = PP_OP_NONE;
      /* The initialization's phi(t) (phi(s) = 0).  */
      if (act[e].op == PP_OP_SET)
        mpz_add (act[e].value, act[e].value, phi[dag->t]);
    }
  pp_mpz_array_free (phi, n);
  free (known);
  free (chain);
  *actions = act;
  return PP_OK;
}

pp_status
pp_actions_run (const pp_dag *dag, const pp_action *actions,
                const unsigned *path, size_t len, mpz_t id, pp_error *err)
{
  int defined = 0;
  mpz_set_ui (id, 0);
  for (size_t i = 0; i < len; i++)
    {
      if (path[i] >= dag->n_edges)
        return pp_fail (err, PP_ERR_INVALID, "edge %u out of range", path[i]);
      const pp_action *a = &actions[path[i]];
      switch (a->op)
        {
        case PP_OP_SET:
          mpz_set (id, a->value);
          defined = 1;
          break;
        case PP_OP_ADD:
          if (!defined)
            return pp_fail (err, PP_ERR_INVALID,
                            "register incremented before being set, on "
                            "edge %u", path[i]);
          mpz_add (id, id, a->value);
          break;
        case PP_OP_NONE:
          break;
        }
    }
  if (!defined)
    return pp_fail (err, PP_ERR_INVALID,
                    "path ends without the register ever being set");
  return PP_OK;
}
