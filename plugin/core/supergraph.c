/* pathprof core: supergraph maps (segment.h).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A concrete path visits concrete nodes; their items, read in order
 * (transparent nodes have none), are the subpath CFG nodes it runs, in
 * their contexts.  Between two consecutive items there is one *step*:
 *
 *   edge     both in one context, joined by a subpath CFG edge u -> w:
 *            an uncut edge continues the subpath; a call cut (a call site
 *            passed without inlining) ends it and starts the next one of
 *            the same function; a back or split cut ends the segment (a
 *            concrete path never crosses one: its image is cut too);
 *   call     into a child context c: u is where call site site(c) cuts
 *            its block, w the first block of the callee (the successor of
 *            its entry block, which an inlined copy does not have);
 *   return   from context c to its parent: u returns (an edge to the
 *            callee's exit block, which the copy does not have either),
 *            w is where site(c) continues in the caller.
 *
 * Everything else is not a path of the supergraph.  pp_sg_finish checks
 * every step the concrete CFG allows; encode and decode walk them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "segment.h"
#include "sg-internal.h"

/* ------------------------------------------------------------------ */
/* Construction                                                        */
/* ------------------------------------------------------------------ */

pp_supergraph *
pp_sg_new (pp_subpath_fn *const *fns, unsigned n_fns, unsigned root,
           const pp_cfg *cfg, pp_error *err)
{
  if (root >= n_fns)
    {
      pp_fail (err, PP_ERR_INVALID, "root function %u of %u", root, n_fns);
      return NULL;
    }
  pp_supergraph *sg = pp_calloc (1, sizeof *sg, err);
  if (!sg)
    return NULL;
  sg->fns = fns;
  sg->n_fns = n_fns;
  sg->root = root;
  sg->cfg = cfg;
  sg->n_nodes = cfg->n_nodes;
  sg->node_items = pp_calloc (cfg->n_nodes ? cfg->n_nodes : 1,
                              sizeof *sg->node_items, err);
  sg->node_n = pp_calloc (cfg->n_nodes ? cfg->n_nodes : 1,
                          sizeof *sg->node_n, err);
  unsigned id;
  if (!sg->node_items || !sg->node_n
      || pp_sg_add_context (sg, PP_SG_NONE, 0, root, &id, err) != PP_OK)
    {
      pp_sg_free (sg);
      return NULL;
    }
  return sg;
}

void
pp_sg_free (pp_supergraph *sg)
{
  if (!sg)
    return;
  for (unsigned v = 0; sg->node_items && v < sg->n_nodes; v++)
    free (sg->node_items[v]);
  free (sg->node_items);
  free (sg->node_n);
  for (unsigned c = 0; sg->where_node && c < sg->n_ctx; c++)
    {
      free (sg->where_node[c]);
      free (sg->where_pos[c]);
    }
  free (sg->where_node);
  free (sg->where_pos);
  free (sg->ctx);
  free (sg->out_start);
  free (sg->out_list);
  free (sg->in_start);
  free (sg->in_list);
  free (sg->cuts);
  free (sg);
}

pp_status
pp_sg_add_context (pp_supergraph *sg, unsigned parent, unsigned site,
                   unsigned fn, unsigned *id, pp_error *err)
{
  if (sg->finished)
    return pp_fail (err, PP_ERR_INVALID, "context added after finish");
  if (fn >= sg->n_fns)
    return pp_fail (err, PP_ERR_INVALID, "context of function %u of %u", fn,
                    sg->n_fns);
  if (sg->n_ctx && parent >= sg->n_ctx)
    return pp_fail (err, PP_ERR_INVALID, "context %u: parent %u unknown",
                    sg->n_ctx, parent);
  if (sg->n_ctx && site >= sg->fns[sg->ctx[parent].fn]->n_sites)
    return pp_fail (err, PP_ERR_INVALID,
                    "context %u: function '%s' has no call site %u",
                    sg->n_ctx, sg->fns[sg->ctx[parent].fn]->name, site);
  if (sg->n_ctx && pp_sg_child (sg, parent, site, fn) != PP_SG_NONE)
    return pp_fail (err, PP_ERR_DUPLICATE,
                    "context %u: call site %u of context %u into '%s' "
                    "given twice",
                    sg->n_ctx, site, parent, sg->fns[fn]->name);
  if (sg->n_ctx == sg->cap_ctx)
    {
      unsigned cap = sg->cap_ctx ? 2 * sg->cap_ctx : 8;
      pp_sg_context *v = realloc (sg->ctx, cap * sizeof *v);
      if (!v)
        return pp_fail (err, PP_ERR_NOMEM, "out of memory");
      sg->ctx = v;
      sg->cap_ctx = cap;
    }
  pp_sg_context *c = &sg->ctx[sg->n_ctx];
  c->parent = sg->n_ctx ? parent : PP_SG_NONE;
  c->site = sg->n_ctx ? site : 0;
  c->fn = fn;
  *id = sg->n_ctx++;
  return PP_OK;
}

unsigned
pp_sg_child (const pp_supergraph *sg, unsigned parent, unsigned site,
             unsigned fn)
{
  for (unsigned c = 1; c < sg->n_ctx; c++)
    if (sg->ctx[c].parent == parent && sg->ctx[c].site == site
        && sg->ctx[c].fn == fn)
      return c;
  return PP_SG_NONE;
}

unsigned
pp_sg_n_contexts (const pp_supergraph *sg)
{
  return sg->n_ctx;
}

const pp_sg_context *
pp_sg_context_at (const pp_supergraph *sg, unsigned c)
{
  return c < sg->n_ctx ? &sg->ctx[c] : NULL;
}

pp_status
pp_sg_set_items (pp_supergraph *sg, unsigned node, const pp_sg_item *items,
                 unsigned n, pp_error *err)
{
  if (sg->finished)
    return pp_fail (err, PP_ERR_INVALID, "items set after finish");
  if (node >= sg->cfg->n_nodes)
    return pp_fail (err, PP_ERR_INVALID, "concrete node %u of %u", node,
                    sg->cfg->n_nodes);
  pp_sg_item *copy = NULL;
  if (n)
    {
      copy = pp_calloc (n, sizeof *copy, err);
      if (!copy)
        return PP_ERR_NOMEM;
      memcpy (copy, items, n * sizeof *copy);
    }
  free (sg->node_items[node]);
  sg->node_items[node] = copy;
  sg->node_n[node] = n;
  return PP_OK;
}

const pp_sg_item *
pp_sg_items (const pp_supergraph *sg, unsigned node, unsigned *n)
{
  *n = node < sg->cfg->n_nodes ? sg->node_n[node] : 0;
  return *n ? sg->node_items[node] : NULL;
}

/* ------------------------------------------------------------------ */
/* Steps                                                               */
/* ------------------------------------------------------------------ */
/* Steps                                                               */
/* ------------------------------------------------------------------ */

const pp_subpath_fn *
pp_sgi_fn (const pp_supergraph *sg, unsigned ctx)
{
  return sg->fns[sg->ctx[ctx].fn];
}

/* The subpath CFG edge U -> W of F (cut or not), or -1.  Every CFG edge
   out of U is a REAL or CUT_END edge of the DAG out of U.  */
long
pp_sgi_subpath_edge (const pp_subpath_fn *f, unsigned u, unsigned w)
{
  const pp_dag *dag = f->dag;
  for (unsigned i = dag->out_start[u]; i < dag->out_start[u + 1]; i++)
    {
      const pp_dag_edge *e = &dag->edges[dag->out_edges[i]];
      if ((e->kind == PP_EDGE_REAL || e->kind == PP_EDGE_CUT_END)
          && f->cfg->edges[e->origin].dst == w)
        return e->origin;
    }
  return -1;
}

/* The step from A to B; 0, or -1 if there is none.  */
int
pp_sgi_step (const pp_supergraph *sg, pp_sg_item a, pp_sg_item b,
             struct step *s)
{
  if (a.ctx == b.ctx)
    {
      const pp_subpath_fn *f = pp_sgi_fn (sg, a.ctx);
      s->kind = STEP_EDGE;
      s->edge = pp_sgi_subpath_edge (f, a.node, b.node);
      s->edge2 = -1;
      if (s->edge < 0)
        return -1;
      s->cut = f->cfg->edges[s->edge].cut;
      return 0;
    }
  if (sg->ctx[b.ctx].parent == a.ctx)
    {
      /* A call into B's copy.  */
      const pp_subpath_fn *caller = pp_sgi_fn (sg, a.ctx);
      const pp_subpath_fn *callee = pp_sgi_fn (sg, b.ctx);
      long e = caller->site_edge[sg->ctx[b.ctx].site];
      if (caller->cfg->edges[e].src != a.node)
        return -1;
      s->kind = STEP_CALL;
      s->edge = e;
      s->edge2 = pp_sgi_subpath_edge (callee, callee->cfg->entry, b.node);
      s->cut = PP_CUT_NONE;
      return s->edge2 < 0 ? -1 : 0;
    }
  if (sg->ctx[a.ctx].parent == b.ctx)
    {
      /* A return from A's copy.  */
      const pp_subpath_fn *callee = pp_sgi_fn (sg, a.ctx);
      const pp_subpath_fn *caller = pp_sgi_fn (sg, b.ctx);
      long e = caller->site_edge[sg->ctx[a.ctx].site];
      if (caller->cfg->edges[e].dst != b.node
          || callee->exit_block >= callee->cfg->n_nodes)
        return -1;
      s->kind = STEP_RETURN;
      s->edge = pp_sgi_subpath_edge (callee, a.node, callee->exit_block);
      s->edge2 = e;
      s->cut = PP_CUT_NONE;
      return s->edge < 0 || callee->cfg->edges[s->edge].cut != PP_CUT_NONE
               ? -1 : 0;
    }
  return -1;
}

/* Whether step S is a cut of the concrete CFG: a back or split cut, or,
   in a trace build, a call site.  */
static pp_cut_kind
step_cut (const pp_supergraph *sg, const struct step *s)
{
  if (s->kind != STEP_EDGE || s->cut == PP_CUT_NONE)
    return PP_CUT_NONE;
  if (s->cut == PP_CUT_CALL && !sg->calls_cut)
    return PP_CUT_NONE;
  return s->cut;
}

/* "f:N (context C)", for messages.  */
void
pp_sgi_item_text (const pp_supergraph *sg, pp_sg_item it, char *buf,
                  size_t size)
{
  snprintf (buf, size, "%s:%u (context %u)", pp_sgi_fn (sg, it.ctx)->name,
            it.node, it.ctx);
}

pp_status
pp_sgi_bad_step (const pp_supergraph *sg, pp_error *err, const char *where,
                 pp_sg_item a, pp_sg_item b, const char *why)
{
  char x[PP_ERROR_MESSAGE_SIZE / 4], y[PP_ERROR_MESSAGE_SIZE / 4];
  pp_sgi_item_text (sg, a, x, sizeof x);
  pp_sgi_item_text (sg, b, y, sizeof y);
  return pp_fail (err, PP_ERR_INVALID, "%s: from %s to %s: %s", where, x, y,
                  why);
}

/* ------------------------------------------------------------------ */
/* Finishing                                                           */
/* ------------------------------------------------------------------ */

/* CSR adjacency of the concrete CFG.  */
static pp_status
build_adjacency (pp_supergraph *sg, pp_error *err)
{
  const pp_cfg *cfg = sg->cfg;
  unsigned n = cfg->n_nodes, m = cfg->n_edges;
  sg->out_start = pp_calloc (n + 1, sizeof (unsigned), err);
  sg->in_start = pp_calloc (n + 1, sizeof (unsigned), err);
  sg->out_list = pp_calloc (m ? m : 1, sizeof (unsigned), err);
  sg->in_list = pp_calloc (m ? m : 1, sizeof (unsigned), err);
  unsigned *fill = pp_calloc (n + 1, sizeof (unsigned), err);
  if (!sg->out_start || !sg->in_start || !sg->out_list || !sg->in_list
      || !fill)
    {
      free (fill);
      return PP_ERR_NOMEM;
    }
  for (unsigned i = 0; i < m; i++)
    {
      sg->out_start[cfg->edges[i].src + 1]++;
      sg->in_start[cfg->edges[i].dst + 1]++;
    }
  for (unsigned v = 0; v < n; v++)
    {
      sg->out_start[v + 1] += sg->out_start[v];
      sg->in_start[v + 1] += sg->in_start[v];
    }
  for (unsigned i = 0; i < m; i++)
    sg->out_list[sg->out_start[cfg->edges[i].src] + fill[cfg->edges[i].src]++]
      = i;
  memset (fill, 0, (n + 1) * sizeof *fill);
  for (unsigned i = 0; i < m; i++)
    sg->in_list[sg->in_start[cfg->edges[i].dst] + fill[cfg->edges[i].dst]++]
      = i;
  free (fill);
  return PP_OK;
}

/* Checks the items and fills where_node / where_pos.  */
static pp_status
index_items (pp_supergraph *sg, pp_error *err)
{
  sg->where_node = pp_calloc (sg->n_ctx, sizeof *sg->where_node, err);
  sg->where_pos = pp_calloc (sg->n_ctx, sizeof *sg->where_pos, err);
  if (!sg->where_node || !sg->where_pos)
    return PP_ERR_NOMEM;
  for (unsigned c = 0; c < sg->n_ctx; c++)
    {
      unsigned n = pp_sgi_fn (sg, c)->cfg->n_nodes;
      sg->where_node[c] = pp_calloc (n, sizeof (long), err);
      sg->where_pos[c] = pp_calloc (n, sizeof (unsigned), err);
      if (!sg->where_node[c] || !sg->where_pos[c])
        return PP_ERR_NOMEM;
      for (unsigned u = 0; u < n; u++)
        sg->where_node[c][u] = -1;
    }
  for (unsigned v = 0; v < sg->cfg->n_nodes; v++)
    for (unsigned p = 0; p < sg->node_n[v]; p++)
      {
        pp_sg_item it = sg->node_items[v][p];
        if (it.ctx >= sg->n_ctx)
          return pp_fail (err, PP_ERR_INVALID,
                          "concrete node %u: item %u: no context %u", v, p,
                          it.ctx);
        const pp_subpath_fn *f = pp_sgi_fn (sg, it.ctx);
        if (it.node >= f->cfg->n_nodes)
          return pp_fail (err, PP_ERR_INVALID,
                          "concrete node %u: item %u: function '%s' has no "
                          "node %u",
                          v, p, f->name, it.node);
        if (it.ctx != 0
            && (it.node == f->cfg->entry || it.node == f->exit_block))
          return pp_fail (err, PP_ERR_INVALID,
                          "concrete node %u: the inlined copy of '%s' in "
                          "context %u has its %s block",
                          v, f->name, it.ctx,
                          it.node == f->cfg->entry ? "entry" : "exit");
        if (sg->where_node[it.ctx][it.node] >= 0)
          return pp_fail (err, PP_ERR_DUPLICATE,
                          "'%s' node %u in context %u is in concrete nodes "
                          "%ld and %u",
                          f->name, it.node, it.ctx,
                          sg->where_node[it.ctx][it.node], v);
        sg->where_node[it.ctx][it.node] = v;
        sg->where_pos[it.ctx][it.node] = p;
      }
  const pp_subpath_fn *r = sg->fns[sg->root];
  unsigned e = sg->cfg->entry;
  if (sg->node_n[e] != 1 || sg->node_items[e][0].ctx != 0
      || sg->node_items[e][0].node != r->cfg->entry)
    return pp_fail (err, PP_ERR_INVALID,
                    "the concrete entry does not hold exactly the entry of "
                    "'%s'",
                    r->name);
  return PP_OK;
}

/* Checks every step from the last item of non-transparent node U along
   concrete edge I (into transparent nodes, on to every non-transparent
   node they lead to).  */
static pp_status
check_edge_from (pp_supergraph *sg, unsigned u, unsigned i,
                 unsigned char *seen, unsigned *stack, pp_error *err)
{
  const pp_cfg *cfg = sg->cfg;
  pp_sg_item a = sg->node_items[u][sg->node_n[u] - 1];
  unsigned w = cfg->edges[i].dst;
  struct step s;
  if (sg->node_n[w])
    {
      pp_sg_item b = sg->node_items[w][0];
      if (pp_sgi_step (sg, a, b, &s))
        return pp_sgi_bad_step (sg, err, "concrete edge", a, b,
                                "no subpath edge, call or return joins "
                                "them");
      sg->cuts[i] = step_cut (sg, &s);
      return PP_OK;
    }
  /* Through transparent nodes: none of the steps may be cut (a cut needs
     a concrete edge of its own).  */
  unsigned sp = 0, n_seen = 0;
  stack[sp++] = w;
  seen[w] = 1;
  pp_status st = PP_OK;
  unsigned *visited = stack + cfg->n_nodes;
  visited[n_seen++] = w;
  while (sp && st == PP_OK)
    {
      unsigned x = stack[--sp];
      if (sg->out_start[x] == sg->out_start[x + 1])
        {
          st = pp_fail (err, PP_ERR_INVALID,
                        "concrete node %u holds no subpath node and ends "
                        "the function",
                        x);
          break;
        }
      for (unsigned k = sg->out_start[x]; k < sg->out_start[x + 1]; k++)
        {
          unsigned y = cfg->edges[sg->out_list[k]].dst;
          if (sg->node_n[y])
            {
              pp_sg_item b = sg->node_items[y][0];
              if (pp_sgi_step (sg, a, b, &s))
                st = pp_sgi_bad_step (sg, err,
                                      "concrete path through blocks without "
                                      "subpath nodes",
                                      a, b,
                                      "no subpath edge, call or return "
                                      "joins them");
              else if (step_cut (sg, &s) != PP_CUT_NONE)
                st = pp_sgi_bad_step (sg, err,
                                      "concrete path through blocks without "
                                      "subpath nodes",
                                      a, b, "a cut edge of the subpath CFG");
            }
          else if (!seen[y])
            {
              seen[y] = 1;
              visited[n_seen++] = y;
              stack[sp++] = y;
            }
        }
    }
  for (unsigned k = 0; k < n_seen; k++)
    seen[visited[k]] = 0;
  return st;
}

pp_status
pp_sg_finish (pp_supergraph *sg, int calls_cut, pp_cut_kind *cuts,
              pp_error *err)
{
  const pp_cfg *cfg = sg->cfg;
  sg->calls_cut = calls_cut;
  sg->finished = 1;
  sg->cuts = pp_calloc (cfg->n_edges ? cfg->n_edges : 1, sizeof *sg->cuts,
                        err);
  if (!sg->cuts)
    return PP_ERR_NOMEM;
  pp_status st = build_adjacency (sg, err);
  if (st == PP_OK)
    st = index_items (sg, err);
  if (st != PP_OK)
    return st;
  /* Steps inside concrete nodes: never a cut (back and split cuts enter
     blocks with several predecessors, which GCC cannot merge; trace
     builds split their blocks at call sites).  */
  struct step s;
  for (unsigned v = 0; v < cfg->n_nodes; v++)
    for (unsigned p = 1; p < sg->node_n[v]; p++)
      {
        pp_sg_item a = sg->node_items[v][p - 1], b = sg->node_items[v][p];
        if (pp_sgi_step (sg, a, b, &s))
          return pp_sgi_bad_step (sg, err, "inside a concrete node", a, b,
                                  "no subpath edge, call or return joins "
                                  "them");
        if (step_cut (sg, &s) != PP_CUT_NONE)
          return pp_sgi_bad_step (sg, err, "inside a concrete node", a, b,
                                  "a cut edge of the subpath CFG");
      }
  unsigned char *seen = pp_calloc (cfg->n_nodes, 1, err);
  unsigned *stack = pp_calloc (2 * (size_t) cfg->n_nodes, sizeof *stack, err);
  if (!seen || !stack)
    st = PP_ERR_NOMEM;
  for (unsigned i = 0; i < cfg->n_edges && st == PP_OK; i++)
    {
      unsigned u = cfg->edges[i].src;
      sg->cuts[i] = PP_CUT_NONE;
      if (sg->node_n[u])
        st = check_edge_from (sg, u, i, seen, stack, err);
    }
  free (seen);
  free (stack);
  /* Concrete exits end with exits of their functions.  */
  for (unsigned v = 0; v < cfg->n_nodes && st == PP_OK; v++)
    {
      if (!cfg->is_exit[v])
        continue;
      if (!sg->node_n[v])
        st = pp_fail (err, PP_ERR_INVALID,
                      "concrete exit node %u holds no subpath node", v);
      else
        {
          pp_sg_item a = sg->node_items[v][sg->node_n[v] - 1];
          const pp_subpath_fn *f = pp_sgi_fn (sg, a.ctx);
          if (!f->cfg->is_exit[a.node])
            st = pp_fail (err, PP_ERR_INVALID,
                          "concrete exit node %u ends with '%s' node %u, "
                          "which is no exit",
                          v, f->name, a.node);
        }
    }
  if (st == PP_OK && cuts)
    memcpy (cuts, sg->cuts, cfg->n_edges * sizeof *cuts);
  return st;
}
