/* pathprof core: the Ball-Larus transformation of a CFG into a DAG.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each cut CFG edge v->w (a loop back edge, or an edge into a node chosen by
 * path splitting) is replaced by the dummy edges s->w and v->t, so paths end
 * when the edge is taken and a new path starts at w (thesis section 3.2.2).
 * The virtual s and t are separate from the CFG's own entry and exit nodes:
 * a back edge into the entry block then needs no special case.
 */
#include <stdlib.h>

#include "internal.h"

void
pp_dag_free (pp_dag *dag)
{
  if (!dag)
    return;
  free (dag->edges);
  free (dag->out_start);
  free (dag->out_edges);
  free (dag->in_start);
  free (dag->in_edges);
  free (dag->topo);
  free (dag->cfg_edge_dag);
  free (dag->cfg_edge_cut_start);
  free (dag->cfg_edge_cut_end);
  free (dag->cfg_node_exit);
  free (dag);
}

/* Fills START (n+1 entries) and LIST with the edges grouped by KEY (src
   or dst), keeping edge-index order inside each group: the numbering
   depends on that order, so it must follow the CFG's.  */
static void
bucket_edges (const pp_dag *dag, int by_dst, unsigned *start, unsigned *list)
{
  unsigned n = dag->n_nodes;
  for (unsigned v = 0; v <= n; v++)
    start[v] = 0;
  for (unsigned e = 0; e < dag->n_edges; e++)
    start[(by_dst ? dag->edges[e].dst : dag->edges[e].src) + 1]++;
  for (unsigned v = 0; v < n; v++)
    start[v + 1] += start[v];
  /* Use list's final positions as fill cursors via a second pass.  */
  for (unsigned e = 0; e < dag->n_edges; e++)
    {
      unsigned key = by_dst ? dag->edges[e].dst : dag->edges[e].src;
      list[start[key]++] = e;
    }
  /* start[key] now points one past each group; shift back.  */
  for (unsigned v = n; v > 0; v--)
    start[v] = start[v - 1];
  start[0] = 0;
}

static void
add_dag_edge (pp_dag *dag, unsigned src, unsigned dst, pp_edge_kind kind,
              long origin)
{
  pp_dag_edge *e = &dag->edges[dag->n_edges++];
  e->src = src;
  e->dst = dst;
  e->kind = kind;
  e->origin = origin;
}

/* Marks the nodes reachable from ROOT following out-edges (FORWARD) or
   in-edges (!FORWARD).  QUEUE has room for n_nodes entries.  */
static void
mark_reachable (const pp_dag *dag, unsigned root, int forward,
                unsigned char *seen, unsigned *queue)
{
  unsigned head = 0, tail = 0;
  seen[root] = 1;
  queue[tail++] = root;
  while (head < tail)
    {
      unsigned v = queue[head++];
      const unsigned *start = forward ? dag->out_start : dag->in_start;
      const unsigned *list = forward ? dag->out_edges : dag->in_edges;
      for (unsigned i = start[v]; i < start[v + 1]; i++)
        {
          const pp_dag_edge *e = &dag->edges[list[i]];
          unsigned w = forward ? e->dst : e->src;
          if (!seen[w])
            {
              seen[w] = 1;
              queue[tail++] = w;
            }
        }
    }
}

/* Checks that every CFG node is reachable from the CFG entry using all
   CFG edges (cut ones included): dead blocks are the caller's to drop.  */
static pp_status
check_cfg_reachable (const pp_cfg *cfg, pp_error *err)
{
  unsigned n = cfg->n_nodes;
  unsigned *start = pp_calloc (n + 1, sizeof *start, err);
  unsigned *list = pp_calloc (cfg->n_edges, sizeof *list, err);
  unsigned *fill = pp_calloc (n, sizeof *fill, err);
  unsigned char *seen = pp_calloc (n, 1, err);
  unsigned *queue = pp_calloc (n, sizeof *queue, err);
  pp_status st = PP_ERR_NOMEM;
  if (!start || !list || !fill || !seen || !queue)
    goto out;
  for (unsigned i = 0; i < cfg->n_edges; i++)
    start[cfg->edges[i].src + 1]++;
  for (unsigned v = 0; v < n; v++)
    start[v + 1] += start[v];
  for (unsigned i = 0; i < cfg->n_edges; i++)
    list[start[cfg->edges[i].src] + fill[cfg->edges[i].src]++] = i;
  unsigned head = 0, tail = 0;
  seen[cfg->entry] = 1;
  queue[tail++] = cfg->entry;
  while (head < tail)
    {
      unsigned v = queue[head++];
      for (unsigned i = start[v]; i < start[v + 1]; i++)
        {
          unsigned w = cfg->edges[list[i]].dst;
          if (!seen[w])
            {
              seen[w] = 1;
              queue[tail++] = w;
            }
        }
    }
  st = PP_OK;
  for (unsigned v = 0; v < n; v++)
    if (!seen[v])
      {
        st = pp_fail (err, PP_ERR_UNREACHABLE,
                      "node %u is not reachable from the entry node %u", v,
                      cfg->entry);
        break;
      }
out:
  free (start);
  free (list);
  free (fill);
  free (seen);
  free (queue);
  return st;
}

/* Kahn's algorithm, FIFO from s, so the order is deterministic.  */
static pp_status
topological_order (pp_dag *dag, pp_error *err)
{
  unsigned n = dag->n_nodes, head = 0, tail = 0;
  unsigned *indeg = pp_calloc (n, sizeof *indeg, err);
  if (!indeg)
    return PP_ERR_NOMEM;
  for (unsigned v = 0; v < n; v++)
    indeg[v] = dag->in_start[v + 1] - dag->in_start[v];
  for (unsigned v = 0; v < n; v++)
    if (indeg[v] == 0 && v != dag->s)
      {
        free (indeg);
        return pp_fail (err, PP_ERR_UNREACHABLE,
                        "node %u has no incoming edge in the DAG", v);
      }
  dag->topo[tail++] = dag->s;
  while (head < tail)
    {
      unsigned v = dag->topo[head++];
      for (unsigned i = dag->out_start[v]; i < dag->out_start[v + 1]; i++)
        {
          unsigned w = dag->edges[dag->out_edges[i]].dst;
          if (--indeg[w] == 0)
            dag->topo[tail++] = w;
        }
    }
  pp_status st = PP_OK;
  if (tail != n)
    for (unsigned v = 0; v < n; v++)
      if (indeg[v] != 0)
        {
          st = pp_fail (err, PP_ERR_CYCLE,
                        "the graph without its cut edges has a cycle "
                        "through node %u (a back edge not marked?)", v);
          break;
        }
  free (indeg);
  return st;
}

pp_status
pp_dag_build (const pp_cfg *cfg, pp_dag **out, pp_error *err)
{
  *out = NULL;
  if (!cfg || cfg->n_nodes == 0)
    return pp_fail (err, PP_ERR_INVALID, "empty CFG");
  if (cfg->entry >= cfg->n_nodes)
    return pp_fail (err, PP_ERR_INVALID, "entry node %u out of range (%u nodes)",
                    cfg->entry, cfg->n_nodes);
  if (cfg->n_nodes > (unsigned) -1 / 4 || cfg->n_edges > (unsigned) -1 / 4)
    return pp_fail (err, PP_ERR_RANGE, "CFG too large");
  for (unsigned i = 0; i < cfg->n_edges; i++)
    if (cfg->edges[i].src >= cfg->n_nodes || cfg->edges[i].dst >= cfg->n_nodes)
      return pp_fail (err, PP_ERR_INVALID, "edge %u has a node out of range", i);
  pp_status st = check_cfg_reachable (cfg, err);
  if (st != PP_OK)
    return st;

  unsigned n_exits = 0, n_cut = 0;
  for (unsigned v = 0; v < cfg->n_nodes; v++)
    n_exits += cfg->is_exit[v] != 0;
  for (unsigned i = 0; i < cfg->n_edges; i++)
    n_cut += cfg->edges[i].cut != PP_CUT_NONE;

  pp_dag *dag = pp_calloc (1, sizeof *dag, err);
  if (!dag)
    return PP_ERR_NOMEM;
  unsigned n = cfg->n_nodes + 2;
  unsigned max_edges = 1 + cfg->n_edges + n_cut + n_exits;
  dag->n_nodes = n;
  dag->s = cfg->n_nodes;
  dag->t = cfg->n_nodes + 1;
  dag->n_cfg_edges = cfg->n_edges;
  dag->edges = pp_calloc (max_edges, sizeof *dag->edges, err);
  dag->out_start = pp_calloc (n + 1, sizeof (unsigned), err);
  dag->in_start = pp_calloc (n + 1, sizeof (unsigned), err);
  dag->out_edges = pp_calloc (max_edges, sizeof (unsigned), err);
  dag->in_edges = pp_calloc (max_edges, sizeof (unsigned), err);
  dag->topo = pp_calloc (n, sizeof (unsigned), err);
  dag->cfg_edge_dag = pp_calloc (cfg->n_edges, sizeof (long), err);
  dag->cfg_edge_cut_start = pp_calloc (cfg->n_edges, sizeof (long), err);
  dag->cfg_edge_cut_end = pp_calloc (cfg->n_edges, sizeof (long), err);
  dag->cfg_node_exit = pp_calloc (cfg->n_nodes, sizeof (long), err);
  if (!dag->edges || !dag->out_start || !dag->in_start || !dag->out_edges
      || !dag->in_edges || !dag->topo || !dag->cfg_edge_dag
      || !dag->cfg_edge_cut_start || !dag->cfg_edge_cut_end
      || !dag->cfg_node_exit)
    {
      pp_dag_free (dag);
      return PP_ERR_NOMEM;
    }

  /* Edge creation order fixes the out-edge order of every node, hence the
     numbering: the function entry first, then CFG edges in order, then
     the exits.  */
  add_dag_edge (dag, dag->s, cfg->entry, PP_EDGE_ENTRY, -1);
  for (unsigned i = 0; i < cfg->n_edges; i++)
    {
      const pp_cfg_edge *ce = &cfg->edges[i];
      dag->cfg_edge_dag[i] = dag->cfg_edge_cut_start[i] = -1;
      dag->cfg_edge_cut_end[i] = -1;
      if (ce->cut == PP_CUT_NONE)
        {
          dag->cfg_edge_dag[i] = dag->n_edges;
          add_dag_edge (dag, ce->src, ce->dst, PP_EDGE_REAL, i);
        }
      else
        {
          dag->cfg_edge_cut_end[i] = dag->n_edges;
          add_dag_edge (dag, ce->src, dag->t, PP_EDGE_CUT_END, i);
          dag->cfg_edge_cut_start[i] = dag->n_edges;
          add_dag_edge (dag, dag->s, ce->dst, PP_EDGE_CUT_START, i);
        }
    }
  for (unsigned v = 0; v < cfg->n_nodes; v++)
    {
      dag->cfg_node_exit[v] = -1;
      if (cfg->is_exit[v])
        {
          dag->cfg_node_exit[v] = dag->n_edges;
          add_dag_edge (dag, v, dag->t, PP_EDGE_EXIT, v);
        }
    }
  bucket_edges (dag, 0, dag->out_start, dag->out_edges);
  bucket_edges (dag, 1, dag->in_start, dag->in_edges);

  st = topological_order (dag, err);
  if (st == PP_OK)
    {
      unsigned char *seen = pp_calloc (n, 1, err);
      unsigned *queue = pp_calloc (n, sizeof *queue, err);
      if (!seen || !queue)
        st = PP_ERR_NOMEM;
      else
        {
          mark_reachable (dag, dag->t, 0, seen, queue);
          for (unsigned v = 0; v < n; v++)
            if (!seen[v])
              {
                if (v == dag->s)
                  st = pp_fail (err, PP_ERR_UNREACHABLE,
                                "no path from the entry reaches an exit");
                else
                  st = pp_fail (err, PP_ERR_UNREACHABLE,
                                "node %u cannot reach an exit (a block "
                                "without successors not marked as exit?)", v);
                break;
              }
        }
      free (seen);
      free (queue);
    }
  if (st != PP_OK)
    {
      pp_dag_free (dag);
      return st;
    }
  *out = dag;
  return PP_OK;
}

pp_status
pp_steady_path (const pp_dag *dag, unsigned k, unsigned *path, size_t *len,
                pp_error *err)
{
  *len = 0;
  if (k >= dag->n_edges)
    return pp_fail (err, PP_ERR_INVALID, "no DAG edge %u", k);
  const pp_dag_edge *end = &dag->edges[k];
  if (end->kind != PP_EDGE_CUT_END || end->origin < 0)
    return PP_OK;
  long start = dag->cfg_edge_cut_start[end->origin];
  if (start < 0)
    return PP_OK;
  unsigned w = dag->edges[start].dst, v = end->src;
  /* ways[x]: the number of paths from x to v, at most 2 (many).  */
  unsigned char *ways = pp_calloc (dag->n_nodes, 1, err);
  if (!ways)
    return PP_ERR_NOMEM;
  ways[v] = 1;
  for (unsigned i = dag->n_nodes; i-- > 0;)
    {
      unsigned x = dag->topo[i];
      if (x == v)
        continue;
      unsigned n = 0;
      for (unsigned j = dag->out_start[x]; j < dag->out_start[x + 1]; j++)
        n += ways[dag->edges[dag->out_edges[j]].dst];
      ways[x] = n > 2 ? 2 : n;
    }
  if (ways[w] == 1)
    {
      size_t n = 0;
      path[n++] = (unsigned) start;
      for (unsigned x = w; x != v;)
        for (unsigned j = dag->out_start[x];; j++)
          {
            unsigned e = dag->out_edges[j];
            if (ways[dag->edges[e].dst])
              {
                path[n++] = e;
                x = dag->edges[e].dst;
                break;
              }
          }
      path[n++] = k;
      *len = n;
    }
  free (ways);
  return PP_OK;
}
