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

struct pp_supergraph
{
  pp_subpath_fn *const *fns;
  unsigned n_fns, root;
  const pp_cfg *cfg;
  unsigned n_nodes;          /* cfg's (the map may outlive it) */
  pp_sg_context *ctx;
  unsigned n_ctx, cap_ctx;
  pp_sg_item **node_items;   /* per concrete node, malloc'd */
  unsigned *node_n;
  /* Set by pp_sg_finish.  */
  int finished, calls_cut;
  long **where_node;         /* per context, per subpath node: the concrete
                                node holding it, or -1 */
  unsigned **where_pos;      /* ... and its position there */
  unsigned *out_start, *out_list; /* concrete out-edges by node */
  unsigned *in_start, *in_list;
  pp_cut_kind *cuts;         /* per concrete edge (pp_sg_finish's CUTS) */
};

enum step_kind
{
  STEP_EDGE,
  STEP_CALL,
  STEP_RETURN
};

struct step
{
  enum step_kind kind;
  /* EDGE: the subpath edge and its cut.  CALL: the site's edge in the
     caller and the callee's entry -> w edge.  RETURN: the callee's
     u -> exit block edge and the site's edge in the caller.  */
  long edge, edge2;
  pp_cut_kind cut;
};

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

static const pp_subpath_fn *
fn_of (const pp_supergraph *sg, unsigned ctx)
{
  return sg->fns[sg->ctx[ctx].fn];
}

/* The subpath CFG edge U -> W of F (cut or not), or -1.  Every CFG edge
   out of U is a REAL or CUT_END edge of the DAG out of U.  */
static long
subpath_edge (const pp_subpath_fn *f, unsigned u, unsigned w)
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
static int
step_between (const pp_supergraph *sg, pp_sg_item a, pp_sg_item b,
              struct step *s)
{
  if (a.ctx == b.ctx)
    {
      const pp_subpath_fn *f = fn_of (sg, a.ctx);
      s->kind = STEP_EDGE;
      s->edge = subpath_edge (f, a.node, b.node);
      s->edge2 = -1;
      if (s->edge < 0)
        return -1;
      s->cut = f->cfg->edges[s->edge].cut;
      return 0;
    }
  if (sg->ctx[b.ctx].parent == a.ctx)
    {
      /* A call into B's copy.  */
      const pp_subpath_fn *caller = fn_of (sg, a.ctx);
      const pp_subpath_fn *callee = fn_of (sg, b.ctx);
      long e = caller->site_edge[sg->ctx[b.ctx].site];
      if (caller->cfg->edges[e].src != a.node)
        return -1;
      s->kind = STEP_CALL;
      s->edge = e;
      s->edge2 = subpath_edge (callee, callee->cfg->entry, b.node);
      s->cut = PP_CUT_NONE;
      return s->edge2 < 0 ? -1 : 0;
    }
  if (sg->ctx[a.ctx].parent == b.ctx)
    {
      /* A return from A's copy.  */
      const pp_subpath_fn *callee = fn_of (sg, a.ctx);
      const pp_subpath_fn *caller = fn_of (sg, b.ctx);
      long e = caller->site_edge[sg->ctx[a.ctx].site];
      if (caller->cfg->edges[e].dst != b.node
          || callee->exit_block >= callee->cfg->n_nodes)
        return -1;
      s->kind = STEP_RETURN;
      s->edge = subpath_edge (callee, a.node, callee->exit_block);
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
static void
item_text (const pp_supergraph *sg, pp_sg_item it, char *buf, size_t size)
{
  snprintf (buf, size, "%s:%u (context %u)", fn_of (sg, it.ctx)->name,
            it.node, it.ctx);
}

static pp_status
bad_step (const pp_supergraph *sg, pp_error *err, const char *where,
          pp_sg_item a, pp_sg_item b, const char *why)
{
  char x[PP_ERROR_MESSAGE_SIZE / 4], y[PP_ERROR_MESSAGE_SIZE / 4];
  item_text (sg, a, x, sizeof x);
  item_text (sg, b, y, sizeof y);
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
      unsigned n = fn_of (sg, c)->cfg->n_nodes;
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
        const pp_subpath_fn *f = fn_of (sg, it.ctx);
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
      if (step_between (sg, a, b, &s))
        return bad_step (sg, err, "concrete edge", a, b,
                         "no subpath edge, call or return joins them");
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
              if (step_between (sg, a, b, &s))
                st = bad_step (sg, err, "concrete path through blocks "
                               "without subpath nodes", a, b,
                               "no subpath edge, call or return joins them");
              else if (step_cut (sg, &s) != PP_CUT_NONE)
                st = bad_step (sg, err, "concrete path through blocks "
                               "without subpath nodes", a, b,
                               "a cut edge of the subpath CFG");
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
        if (step_between (sg, a, b, &s))
          return bad_step (sg, err, "inside a concrete node", a, b,
                           "no subpath edge, call or return joins them");
        if (step_cut (sg, &s) != PP_CUT_NONE)
          return bad_step (sg, err, "inside a concrete node", a, b,
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
          const pp_subpath_fn *f = fn_of (sg, a.ctx);
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

/* ------------------------------------------------------------------ */
/* Encoding                                                            */
/* ------------------------------------------------------------------ */

/* A growing array of unsigned.  */
struct uvec
{
  unsigned *v;
  size_t n, cap;
};

static int
uvec_push (struct uvec *a, unsigned x)
{
  if (a->n == a->cap)
    {
      size_t cap = a->cap ? 2 * a->cap : 16;
      unsigned *v = realloc (a->v, cap * sizeof *v);
      if (!v)
        return -1;
      a->v = v;
      a->cap = cap;
    }
  a->v[a->n++] = x;
  return 0;
}

/* The concrete edge X -> Y, or -1.  */
static long
concrete_edge (const pp_supergraph *sg, unsigned x, unsigned y)
{
  for (unsigned k = sg->out_start[x]; k < sg->out_start[x + 1]; k++)
    if (sg->cfg->edges[sg->out_list[k]].dst == y)
      return sg->out_list[k];
  return -1;
}

/* Appends to PATH the concrete nodes after X up to Y: Y itself when X ->
   Y is an edge, else the transparent nodes between them (breadth first,
   so the shortest way; the plugin creates one way only).  -1 if there is
   none.  */
static int
concrete_hop (const pp_supergraph *sg, unsigned x, unsigned y,
              struct uvec *path)
{
  if (concrete_edge (sg, x, y) >= 0)
    return uvec_push (path, y);
  unsigned n = sg->cfg->n_nodes;
  long *prev = malloc (n * sizeof *prev);
  unsigned *queue = malloc (n * sizeof *queue);
  int ret = -1;
  if (!prev || !queue)
    goto out;
  for (unsigned v = 0; v < n; v++)
    prev[v] = -2;
  unsigned head = 0, tail = 0;
  prev[x] = -1;
  queue[tail++] = x;
  while (head < tail && ret)
    {
      unsigned v = queue[head++];
      for (unsigned k = sg->out_start[v]; k < sg->out_start[v + 1]; k++)
        {
          unsigned w = sg->cfg->edges[sg->out_list[k]].dst;
          if (w == y && v != x)
            {
              /* Unwind v back to x.  */
              size_t first = path->n;
              for (long t = v; t != (long) x; t = prev[t])
                if (uvec_push (path, (unsigned) t))
                  goto out;
              for (size_t i = first, j = path->n - 1; i < j; i++, j--)
                {
                  unsigned tmp = path->v[i];
                  path->v[i] = path->v[j];
                  path->v[j] = tmp;
                }
              ret = uvec_push (path, y);
              break;
            }
          if (prev[w] == -2 && sg->node_n[w] == 0)
            {
              prev[w] = v;
              queue[tail++] = w;
            }
        }
    }
out:
  free (prev);
  free (queue);
  return ret;
}

struct encoder
{
  const pp_supergraph *sg;
  pp_error *err;
  pp_sg_item *items;
  size_t n_items, cap_items;
};

static int
push_item (struct encoder *e, unsigned ctx, unsigned node)
{
  if (e->n_items == e->cap_items)
    {
      size_t cap = e->cap_items ? 2 * e->cap_items : 32;
      pp_sg_item *v = realloc (e->items, cap * sizeof *v);
      if (!v)
        return -1;
      e->items = v;
      e->cap_items = cap;
    }
  e->items[e->n_items].ctx = ctx;
  e->items[e->n_items].node = node;
  e->n_items++;
  return 0;
}

/* "token N (f:ID)" for messages.  */
#define TOKEN_FMT "token %u (%s:%llu)"
#define TOKEN_ARGS(t, f, id) (t) + 1, (f)->name, (unsigned long long) (id)

pp_status
pp_sg_encode (const pp_supergraph *sg, const pp_dag *cdag,
              const pp_segment *seg, unsigned **edges_out, size_t *len_out,
              pp_error *err)
{
  *edges_out = NULL;
  *len_out = 0;
  if (!sg->finished)
    return pp_fail (err, PP_ERR_INVALID, "supergraph not finished");
  if (seg->root != sg->root)
    return pp_fail (err, PP_ERR_INVALID, "the segment's root is '%s', not "
                    "'%s'",
                    seg->root < sg->n_fns ? sg->fns[seg->root]->name : "?",
                    sg->fns[sg->root]->name);
  pp_status st = pp_segment_check (seg, (unsigned) -2, err);
  if (st != PP_OK)
    return st;
  unsigned ctx = 0;
  for (unsigned i = 0; i < seg->n_start; i++)
    {
      unsigned c = pp_sg_child (sg, ctx, seg->start[i].site,
                                seg->start[i].fn);
      if (c == PP_SG_NONE)
        return pp_fail (err, PP_ERR_INVALID,
                        "start context: call site %u of '%s' into '%s' is "
                        "not inlined",
                        seg->start[i].site, fn_of (sg, ctx)->name,
                        seg->start[i].fn < sg->n_fns
                          ? sg->fns[seg->start[i].fn]->name : "?");
      ctx = c;
    }

  struct encoder enc = { sg, err, NULL, 0, 0 };
  struct uvec path = { NULL, 0, 0 };
  pp_piece_shape prev_shape, shape;
  memset (&prev_shape, 0, sizeof prev_shape);
  int have_prev = 0;
  pp_seg_kind pending = PP_SEG_PIECE; /* the token before this piece */
  int start_entry = 0;
  long start_cut = -1, end_cut = -1;
  unsigned end_ctx = 0;
  for (unsigned t = 0; t < seg->n_tokens && st == PP_OK; t++)
    {
      const pp_seg_token *k = &seg->tokens[t];
      if (k->kind != PP_SEG_PIECE)
        {
          pending = k->kind;
          continue;
        }
      if (k->fn >= sg->n_fns)
        {
          st = pp_fail (err, PP_ERR_INVALID, "token %u: no function %u",
                        t + 1, k->fn);
          break;
        }
      const pp_subpath_fn *f = sg->fns[k->fn];
      unsigned *nodes = NULL;
      size_t n_nodes = 0;
      st = pp_subpath_decode (f, k->id, &nodes, &n_nodes, &shape, err);
      if (st != PP_OK)
        break;
      /* How this piece follows the previous one.  */
      if (!have_prev)
        {
          start_entry = shape.starts_at_entry;
          if (shape.starts_at_entry && ctx != 0)
            st = pp_fail (err, PP_ERR_INVALID,
                          TOKEN_FMT ": starts at the function entry inside "
                          "an inlined copy",
                          TOKEN_ARGS (t, f, k->id));
          else if (!shape.starts_at_entry)
            {
              pp_cut_kind c = f->cfg->edges[shape.start_edge].cut;
              if (c != PP_CUT_BACK && c != PP_CUT_SPLIT)
                st = pp_fail (err, PP_ERR_INVALID,
                              TOKEN_FMT ": a segment starts at the entry or "
                              "after a back edge, not after a call",
                              TOKEN_ARGS (t, f, k->id));
              start_cut = shape.start_edge;
            }
        }
      else
        {
          const pp_subpath_fn *pf = fn_of (sg, ctx);
          long site = prev_shape.ends_at_exit
                        ? -1 : pf->edge_site[prev_shape.end_edge];
          if (pending == PP_SEG_CALL)
            {
              unsigned c = site < 0 ? PP_SG_NONE
                                    : pp_sg_child (sg, ctx, (unsigned) site,
                                                   k->fn);
              if (site < 0)
                st = pp_fail (err, PP_ERR_INVALID,
                              "token %u: '(' after a subpath that does not "
                              "end at a call site",
                              t);
              else if (c == PP_SG_NONE)
                st = pp_fail (err, PP_ERR_INVALID,
                              "token %u: call site %ld of '%s' into '%s' is "
                              "not inlined",
                              t, site, pf->name, f->name);
              else if (!shape.starts_at_entry)
                st = pp_fail (err, PP_ERR_INVALID,
                              TOKEN_FMT ": a call starts at the callee's "
                              "entry",
                              TOKEN_ARGS (t, f, k->id));
              ctx = c;
            }
          else if (pending == PP_SEG_RETURN)
            {
              const pp_sg_context *cc = &sg->ctx[ctx];
              const pp_subpath_fn *caller = fn_of (sg, cc->parent);
              if (!prev_shape.ends_at_exit
                  || prev_shape.exit_node != pf->exit_block)
                st = pp_fail (err, PP_ERR_INVALID,
                              "token %u: ')' after a subpath that does not "
                              "return",
                              t);
              else if (shape.starts_at_entry
                       || shape.start_edge
                            != (long) caller->site_edge[cc->site])
                st = pp_fail (err, PP_ERR_INVALID,
                              TOKEN_FMT ": after a return the caller goes "
                              "on after its call site %u",
                              TOKEN_ARGS (t, f, k->id), cc->site);
              ctx = cc->parent;
            }
          else if (site < 0 || shape.starts_at_entry
                   || shape.start_edge != prev_shape.end_edge)
            st = pp_fail (err, PP_ERR_INVALID,
                          TOKEN_FMT ": does not continue the previous "
                          "subpath after a call site",
                          TOKEN_ARGS (t, f, k->id));
        }
      /* The piece's nodes (an inlined copy has no entry or exit block).  */
      for (size_t i = 0; i < n_nodes && st == PP_OK; i++)
        {
          if (ctx != 0
              && (nodes[i] == f->cfg->entry || nodes[i] == f->exit_block))
            continue;
          if (push_item (&enc, ctx, nodes[i]))
            st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
        }
      free (nodes);
      prev_shape = shape;
      have_prev = 1;
      pending = PP_SEG_PIECE;
      end_ctx = ctx;
    }
  /* How the segment ends.  */
  if (st == PP_OK)
    {
      const pp_subpath_fn *f = fn_of (sg, end_ctx);
      if (prev_shape.ends_at_exit)
        {
          if (end_ctx != 0 && prev_shape.exit_node == f->exit_block)
            st = pp_fail (err, PP_ERR_INVALID,
                          "the last subpath returns from an inlined copy: "
                          "')' and the caller's subpath are missing");
        }
      else
        {
          pp_cut_kind c = f->cfg->edges[prev_shape.end_edge].cut;
          if (c != PP_CUT_BACK && c != PP_CUT_SPLIT)
            st = pp_fail (err, PP_ERR_INVALID,
                          "the last subpath ends at a call site: a segment "
                          "ends at a back edge or an exit");
          end_cut = prev_shape.end_edge;
        }
    }

  /* Items -> concrete nodes.  */
  for (size_t i = 0; i < enc.n_items && st == PP_OK; i++)
    {
      pp_sg_item it = enc.items[i];
      long x = sg->where_node[it.ctx][it.node];
      unsigned pos = x >= 0 ? sg->where_pos[it.ctx][it.node] : 0;
      char buf[PP_ERROR_MESSAGE_SIZE / 4];
      if (x < 0)
        {
          item_text (sg, it, buf, sizeof buf);
          st = pp_fail (err, PP_ERR_INVALID,
                        "%s is not in the compiled supergraph (GCC removed "
                        "it)",
                        buf);
          break;
        }
      if (i == 0)
        {
          if (pos != 0)
            st = pp_fail (err, PP_ERR_INVALID,
                          "the segment starts inside concrete node %ld", x);
          else if (uvec_push (&path, (unsigned) x))
            st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
          continue;
        }
      unsigned cur = path.v[path.n - 1];
      pp_sg_item prev = enc.items[i - 1];
      if ((unsigned) x == cur)
        {
          if (pos != sg->where_pos[prev.ctx][prev.node] + 1)
            st = bad_step (sg, err, "segment", prev, it,
                           "not consecutive in their concrete node");
          continue;
        }
      if (sg->where_pos[prev.ctx][prev.node] != sg->node_n[cur] - 1 || pos)
        st = bad_step (sg, err, "segment", prev, it,
                       "the concrete CFG does not go from one to the other");
      else if (concrete_hop (sg, cur, (unsigned) x, &path))
        st = bad_step (sg, err, "segment", prev, it,
                       "no concrete edge joins their blocks");
    }
  if (st == PP_OK)
    {
      pp_sg_item last = enc.items[enc.n_items - 1];
      if (sg->where_pos[last.ctx][last.node]
          != sg->node_n[path.v[path.n - 1]] - 1)
        st = pp_fail (err, PP_ERR_INVALID,
                      "the segment ends inside concrete node %u",
                      path.v[path.n - 1]);
    }

  /* Concrete nodes -> concrete DAG edges.  */
  struct uvec out = { NULL, 0, 0 };
  if (st == PP_OK)
    {
      unsigned first = path.v[0];
      if (start_entry)
        {
          if (uvec_push (&out, cdag->out_edges[cdag->out_start[cdag->s]]))
            st = PP_ERR_NOMEM;
        }
      else
        {
          /* The concrete cut edge into FIRST that stands for START_CUT.  */
          long found = -1;
          const pp_subpath_fn *f0 = fn_of (sg, enc.items[0].ctx);
          for (unsigned k = sg->in_start[first];
               k < sg->in_start[first + 1] && found < 0; k++)
            {
              unsigned ce = sg->in_list[k];
              unsigned src = sg->cfg->edges[ce].src;
              if (!sg->node_n[src] || cdag->cfg_edge_cut_start[ce] < 0)
                continue;
              pp_sg_item a = sg->node_items[src][sg->node_n[src] - 1];
              if (a.ctx == enc.items[0].ctx
                  && subpath_edge (f0, a.node, enc.items[0].node)
                       == start_cut)
                found = ce;
            }
          if (found < 0)
            st = pp_fail (err, PP_ERR_INVALID,
                          "no cut concrete edge into node %u stands for the "
                          "start of the segment",
                          first);
          else if (uvec_push (&out,
                              (unsigned) cdag->cfg_edge_cut_start[found]))
            st = PP_ERR_NOMEM;
        }
      for (size_t i = 0; i + 1 < path.n && st == PP_OK; i++)
        {
          long ce = concrete_edge (sg, path.v[i], path.v[i + 1]);
          if (ce < 0 || cdag->cfg_edge_dag[ce] < 0)
            st = pp_fail (err, PP_ERR_INVALID,
                          "concrete edge %u -> %u is cut (path splitting?)",
                          path.v[i], path.v[i + 1]);
          else if (uvec_push (&out, (unsigned) cdag->cfg_edge_dag[ce]))
            st = PP_ERR_NOMEM;
        }
      unsigned lastx = path.v[path.n - 1];
      if (st == PP_OK && end_cut < 0)
        {
          if (cdag->cfg_node_exit[lastx] < 0)
            st = pp_fail (err, PP_ERR_INVALID,
                          "the segment ends at an exit, concrete node %u is "
                          "none",
                          lastx);
          else if (uvec_push (&out, (unsigned) cdag->cfg_node_exit[lastx]))
            st = PP_ERR_NOMEM;
        }
      else if (st == PP_OK)
        {
          pp_sg_item last = enc.items[enc.n_items - 1];
          const pp_subpath_fn *f = fn_of (sg, last.ctx);
          unsigned target = f->cfg->edges[end_cut].dst;
          long found = -1;
          for (unsigned k = sg->out_start[lastx];
               k < sg->out_start[lastx + 1] && found < 0; k++)
            {
              unsigned ce = sg->out_list[k];
              unsigned dst = sg->cfg->edges[ce].dst;
              if (cdag->cfg_edge_cut_end[ce] < 0 || !sg->node_n[dst])
                continue;
              pp_sg_item b = sg->node_items[dst][0];
              if (b.ctx == last.ctx && b.node == target)
                found = ce;
            }
          if (found < 0)
            st = pp_fail (err, PP_ERR_INVALID,
                          "no cut concrete edge out of node %u stands for "
                          "the end of the segment",
                          lastx);
          else if (uvec_push (&out,
                              (unsigned) cdag->cfg_edge_cut_end[found]))
            st = PP_ERR_NOMEM;
        }
      if (st == PP_ERR_NOMEM)
        pp_fail (err, PP_ERR_NOMEM, "out of memory");
    }
  free (enc.items);
  free (path.v);
  if (st != PP_OK)
    {
      free (out.v);
      return st;
    }
  *edges_out = out.v;
  *len_out = out.n;
  return PP_OK;
}

/* ------------------------------------------------------------------ */
/* Decoding                                                            */
/* ------------------------------------------------------------------ */

void
pp_sg_decoded_clear (pp_sg_decoded *d)
{
  pp_segment_clear (&d->seg);
  free (d->node_start);
  free (d->nodes);
  memset (d, 0, sizeof *d);
}

struct decoder
{
  const pp_supergraph *sg;
  pp_error *err;
  pp_sg_decoded *out;
  size_t cap_tokens;
  struct uvec nodes, starts;
  /* The piece being built: its context and subpath DAG edges; PARTIAL
     when it began at a split cut.  */
  unsigned ctx;
  struct uvec edges;
  int partial;
};

static pp_status
add_token (struct decoder *d, pp_seg_kind kind, unsigned fn, uint64_t id)
{
  pp_segment *s = &d->out->seg;
  if (s->n_tokens == d->cap_tokens)
    {
      size_t cap = d->cap_tokens ? 2 * d->cap_tokens : 16;
      pp_seg_token *t = realloc (s->tokens, cap * sizeof *t);
      if (!t)
        return pp_fail (d->err, PP_ERR_NOMEM, "out of memory");
      s->tokens = t;
      d->cap_tokens = cap;
    }
  pp_seg_token *t = &s->tokens[s->n_tokens++];
  t->kind = kind;
  t->fn = fn;
  t->id = id;
  if (uvec_push (&d->starts, (unsigned) d->nodes.n))
    return pp_fail (d->err, PP_ERR_NOMEM, "out of memory");
  return PP_OK;
}

/* Ends the current piece (its last DAG edge already pushed unless
   PARTIAL_END) and records it.  */
static pp_status
end_piece (struct decoder *d, int partial_end)
{
  const pp_subpath_fn *f = fn_of (d->sg, d->ctx);
  uint64_t id = 0;
  if (!d->partial && !partial_end)
    {
      mpz_t z;
      mpz_init (z);
      pp_status st = pp_bl_encode (f->dag, f->num, d->edges.v, d->edges.n,
                                   z, d->err);
      if (st == PP_OK)
        mpz_export (&id, NULL, -1, sizeof id, 0, 0, z);
      mpz_clear (z);
      if (st != PP_OK)
        return st;
    }
  d->edges.n = 0;
  /* The token's nodes were pushed as the piece went; its start index is
     the one recorded when the piece began.  */
  pp_segment *s = &d->out->seg;
  pp_seg_token *t = &s->tokens[s->n_tokens - 1];
  t->id = id;
  return PP_OK;
}

/* Begins a piece in context CTX, pushing its first DAG edges.  */
static pp_status
begin_piece (struct decoder *d, unsigned ctx)
{
  d->ctx = ctx;
  d->partial = 0;
  return add_token (d, PP_SEG_PIECE, d->sg->ctx[ctx].fn, 0);
}

static int
push_dag (struct decoder *d, long e)
{
  return e < 0 || uvec_push (&d->edges, (unsigned) e);
}

pp_status
pp_sg_decode (const pp_supergraph *sg, const pp_dag *cdag,
              const unsigned *edges, size_t len, pp_sg_decoded *out,
              pp_error *err)
{
  memset (out, 0, sizeof *out);
  if (!sg->finished)
    return pp_fail (err, PP_ERR_INVALID, "supergraph not finished");
  if (len < 1)
    return pp_fail (err, PP_ERR_INVALID, "empty concrete path");
  struct decoder d;
  memset (&d, 0, sizeof d);
  d.sg = sg;
  d.err = err;
  d.out = out;
  out->seg.root = sg->root;
  pp_status st = PP_OK;

  /* The items of the path, and the first step.  */
  const pp_dag_edge *first = &cdag->edges[edges[0]];
  const pp_dag_edge *last = &cdag->edges[edges[len - 1]];
  pp_sg_item *items = NULL;
  size_t n_items = 0, cap = 0;
  for (size_t k = 0; k + 1 < len; k++)
    {
      unsigned v = cdag->edges[edges[k]].dst;
      for (unsigned p = 0; p < sg->node_n[v]; p++)
        {
          if (n_items == cap)
            {
              cap = cap ? 2 * cap : 32;
              pp_sg_item *ni = realloc (items, cap * sizeof *ni);
              if (!ni)
                {
                  free (items);
                  return pp_fail (err, PP_ERR_NOMEM, "out of memory");
                }
              items = ni;
            }
          items[n_items++] = sg->node_items[v][p];
        }
    }
  if (!n_items)
    {
      free (items);
      return pp_fail (err, PP_ERR_INVALID,
                      "the concrete path holds no subpath node");
    }

  /* The start.  */
  st = begin_piece (&d, items[0].ctx);
  const pp_subpath_fn *f = fn_of (sg, items[0].ctx);
  if (st == PP_OK && first->kind == PP_EDGE_ENTRY)
    {
      if (items[0].ctx != 0 || items[0].node != f->cfg->entry)
        st = pp_fail (err, PP_ERR_INVALID,
                      "the concrete entry does not start at the entry");
      /* The DAG's first edge out of s is the entry edge.  */
      else if (push_dag (&d, f->dag->out_edges[f->dag->out_start[f->dag->s]]))
        st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
    }
  else if (st == PP_OK)
    {
      long ce = first->origin;
      unsigned src = sg->cfg->edges[ce].src;
      pp_cut_kind image = sg->cuts[ce];
      if (image == PP_CUT_NONE || !sg->node_n[src])
        {
          d.partial = 1;
          out->starts_split = 1;
        }
      else
        {
          pp_sg_item a = sg->node_items[src][sg->node_n[src] - 1];
          long e = subpath_edge (f, a.node, items[0].node);
          if (a.ctx != items[0].ctx || e < 0)
            st = pp_fail (err, PP_ERR_INVALID,
                          "concrete cut edge %ld stands for no subpath "
                          "edge",
                          ce);
          else if (push_dag (&d, f->dag->cfg_edge_cut_start[e]))
            st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
        }
    }
  if (st == PP_OK && out->seg.n_tokens)
    {
      /* The start context: the chain down to items[0].ctx.  */
      unsigned depth = 0;
      for (unsigned c = items[0].ctx; c != 0; c = sg->ctx[c].parent)
        depth++;
      out->seg.start = pp_calloc (depth ? depth : 1, sizeof *out->seg.start,
                                  err);
      if (!out->seg.start)
        st = PP_ERR_NOMEM;
      else
        {
          out->seg.n_start = depth;
          for (unsigned c = items[0].ctx; c != 0; c = sg->ctx[c].parent)
            {
              --depth;
              out->seg.start[depth].site = sg->ctx[c].site;
              out->seg.start[depth].fn = sg->ctx[c].fn;
            }
        }
    }

  /* The steps.  */
  if (st == PP_OK && uvec_push (&d.nodes, items[0].node))
    st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
  for (size_t i = 1; i < n_items && st == PP_OK; i++)
    {
      struct step s;
      pp_sg_item a = items[i - 1], b = items[i];
      if (step_between (sg, a, b, &s))
        {
          st = bad_step (sg, err, "concrete path", a, b,
                         "no subpath edge, call or return joins them");
          break;
        }
      const pp_subpath_fn *fa = fn_of (sg, a.ctx);
      const pp_subpath_fn *fb = fn_of (sg, b.ctx);
      switch (s.kind)
        {
        case STEP_EDGE:
          if (s.cut == PP_CUT_NONE)
            {
              if (push_dag (&d, fa->dag->cfg_edge_dag[s.edge]))
                st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
            }
          else if (s.cut == PP_CUT_CALL)
            {
              /* A call site passed without inlining.  */
              if (push_dag (&d, fa->dag->cfg_edge_cut_end[s.edge]))
                st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
              else if ((st = end_piece (&d, 0)) == PP_OK
                       && (st = begin_piece (&d, b.ctx)) == PP_OK
                       && push_dag (&d, fa->dag->cfg_edge_cut_start[s.edge]))
                st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
            }
          else
            st = bad_step (sg, err, "concrete path", a, b,
                           "crosses a cut edge of the subpath CFG");
          break;
        case STEP_CALL:
          if (push_dag (&d, fa->dag->cfg_edge_cut_end[s.edge]))
            st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
          else if ((st = end_piece (&d, 0)) == PP_OK
                   && (st = add_token (&d, PP_SEG_CALL, 0, 0)) == PP_OK
                   && (st = begin_piece (&d, b.ctx)) == PP_OK)
            {
              /* The callee's entry block, which the copy lacks.  */
              if (uvec_push (&d.nodes, fb->cfg->entry)
                  || push_dag (&d, fb->dag->out_edges
                                     [fb->dag->out_start[fb->dag->s]])
                  || push_dag (&d, fb->dag->cfg_edge_dag[s.edge2]))
                st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
            }
          break;
        case STEP_RETURN:
          if (uvec_push (&d.nodes, fa->exit_block)
              || push_dag (&d, fa->dag->cfg_edge_dag[s.edge])
              || push_dag (&d, fa->dag->cfg_node_exit[fa->exit_block]))
            st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
          else if ((st = end_piece (&d, 0)) == PP_OK
                   && (st = add_token (&d, PP_SEG_RETURN, 0, 0)) == PP_OK
                   && (st = begin_piece (&d, b.ctx)) == PP_OK
                   && push_dag (&d, fb->dag->cfg_edge_cut_start[s.edge2]))
            st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
          break;
        }
      if (st == PP_OK && uvec_push (&d.nodes, b.node))
        st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
    }

  /* The end.  */
  if (st == PP_OK)
    {
      pp_sg_item a = items[n_items - 1];
      const pp_subpath_fn *fa = fn_of (sg, a.ctx);
      if (last->kind == PP_EDGE_EXIT)
        {
          if (!fa->cfg->is_exit[a.node])
            st = pp_fail (err, PP_ERR_INVALID,
                          "the concrete path ends at an exit, '%s' node %u "
                          "is none",
                          fa->name, a.node);
          else if (push_dag (&d, fa->dag->cfg_node_exit[a.node]))
            st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
          else
            st = end_piece (&d, 0);
        }
      else
        {
          long ce = last->origin;
          unsigned dst = sg->cfg->edges[ce].dst;
          if (sg->cuts[ce] == PP_CUT_NONE || !sg->node_n[dst])
            {
              out->ends_split = 1;
              st = end_piece (&d, 1);
            }
          else
            {
              pp_sg_item b = sg->node_items[dst][0];
              long e = subpath_edge (fa, a.node, b.node);
              if (b.ctx != a.ctx || e < 0)
                st = pp_fail (err, PP_ERR_INVALID,
                              "concrete cut edge %ld stands for no subpath "
                              "edge",
                              ce);
              else if (push_dag (&d, fa->dag->cfg_edge_cut_end[e]))
                st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
              else
                st = end_piece (&d, 0);
            }
        }
    }
  free (items);
  free (d.edges.v);
  if (st == PP_OK && uvec_push (&d.starts, (unsigned) d.nodes.n))
    st = pp_fail (err, PP_ERR_NOMEM, "out of memory");
  if (st != PP_OK)
    {
      free (d.nodes.v);
      free (d.starts.v);
      pp_sg_decoded_clear (out);
      return st;
    }
  out->nodes = d.nodes.v;
  out->node_start = d.starts.v;
  return PP_OK;
}

/* ------------------------------------------------------------------ */
/* Trace builds                                                        */
/* ------------------------------------------------------------------ */

/* The last item before concrete node X is entered from its predecessor,
   through transparent nodes with one predecessor each.  */
static int
last_item_into (const pp_supergraph *sg, unsigned x, pp_sg_item *it)
{
  for (unsigned guard = 0; guard <= sg->cfg->n_nodes; guard++)
    {
      if (sg->in_start[x + 1] - sg->in_start[x] != 1)
        return -1;
      unsigned p = sg->cfg->edges[sg->in_list[sg->in_start[x]]].src;
      if (sg->node_n[p])
        {
          *it = sg->node_items[p][sg->node_n[p] - 1];
          return 0;
        }
      x = p;
    }
  return -1;
}

/* Adds the weights of the uncut subpath edges inside node W.  */
static int
add_internal (const pp_supergraph *sg, unsigned w, mpz_t sum)
{
  const pp_subpath_fn *f = sg->fns[sg->root];
  for (unsigned p = 1; p < sg->node_n[w]; p++)
    {
      long e = subpath_edge (f, sg->node_items[w][p - 1].node,
                             sg->node_items[w][p].node);
      if (e < 0 || f->dag->cfg_edge_dag[e] < 0)
        return -1;
      mpz_add (sum, sum, f->num->weight[f->dag->cfg_edge_dag[e]]);
    }
  return 0;
}

pp_status
pp_sg_weights (const pp_supergraph *sg, const pp_dag *cdag, mpz_t *weights,
               pp_error *err)
{
  if (!sg->finished || !sg->calls_cut || sg->n_ctx != 1)
    return pp_fail (err, PP_ERR_INVALID,
                    "subpath weights need a trace build's supergraph");
  const pp_subpath_fn *f = sg->fns[sg->root];
  const pp_dag *adag = f->dag;
  mpz_t *aw = f->num->weight;
  for (unsigned k = 0; k < cdag->n_edges; k++)
    {
      const pp_dag_edge *e = &cdag->edges[k];
      mpz_set_ui (weights[k], 0);
      int bad = 0;
      switch (e->kind)
        {
        case PP_EDGE_ENTRY:
          mpz_set (weights[k], aw[adag->out_edges[adag->out_start[adag->s]]]);
          bad = add_internal (sg, e->dst, weights[k]);
          break;
        case PP_EDGE_EXIT:
          {
            unsigned x = (unsigned) e->origin;
            if (!sg->node_n[x])
              bad = 1;
            else
              {
                unsigned a = sg->node_items[x][sg->node_n[x] - 1].node;
                bad = adag->cfg_node_exit[a] < 0;
                if (!bad)
                  mpz_set (weights[k], aw[adag->cfg_node_exit[a]]);
              }
          }
          break;
        case PP_EDGE_REAL:
        case PP_EDGE_CUT_START:
        case PP_EDGE_CUT_END:
          {
            long ce = e->origin;
            unsigned w = sg->cfg->edges[ce].dst;
            pp_sg_item a;
            if (!sg->node_n[w])
              break; /* the step is weighed on the way out of W */
            unsigned u = sg->cfg->edges[ce].src;
            if (sg->node_n[u])
              a = sg->node_items[u][sg->node_n[u] - 1];
            else if (last_item_into (sg, u, &a))
              {
                bad = 1;
                break;
              }
            long ae = subpath_edge (f, a.node, sg->node_items[w][0].node);
            if (ae < 0)
              {
                bad = 1;
                break;
              }
            long de = e->kind == PP_EDGE_REAL ? adag->cfg_edge_dag[ae]
                      : e->kind == PP_EDGE_CUT_START
                        ? adag->cfg_edge_cut_start[ae]
                        : adag->cfg_edge_cut_end[ae];
            if (de < 0)
              {
                bad = 1;
                break;
              }
            mpz_set (weights[k], aw[de]);
            if (e->kind != PP_EDGE_CUT_END)
              bad = add_internal (sg, w, weights[k]);
          }
          break;
        }
      if (bad)
        return pp_fail (err, PP_ERR_INVALID,
                        "function '%s': concrete DAG edge %u stands for no "
                        "subpath edge",
                        f->name, k);
    }
  return PP_OK;
}
