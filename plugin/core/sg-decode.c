/* pathprof core: a concrete path back into the segment it runs
 * (pp_sg_decode, segment.h: the reports), and the weights of a trace
 * build (pp_sg_weights).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A concrete path's items, read in order, are joined by steps
 * (supergraph.c): an uncut edge continues the current piece, a call site
 * passed without inlining ends it and starts the next piece of the same
 * function, a call ends it with '(' and starts the callee's first piece
 * (at the entry block the copy lacks), a return ends it (at the exit
 * block the copy lacks) with ')' and goes on after the call site.  Each
 * piece's subpath DAG edges give its id.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sg-internal.h"

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
  struct pp_uvec nodes, starts;
  /* The piece being built: its context and subpath DAG edges; PARTIAL
     when it began at a split cut.  */
  unsigned ctx;
  struct pp_uvec edges;
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
  if (pp_uvec_push (&d->starts, (unsigned) d->nodes.n))
    return pp_fail (d->err, PP_ERR_NOMEM, "out of memory");
  return PP_OK;
}

/* Ends the current piece (its last DAG edge already pushed unless
   PARTIAL_END) and records it.  */
static pp_status
end_piece (struct decoder *d, int partial_end)
{
  const pp_subpath_fn *f = pp_sgi_fn (d->sg, d->ctx);
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
  return e < 0 || pp_uvec_push (&d->edges, (unsigned) e);
}

static pp_status
nomem (struct decoder *d)
{
  return pp_fail (d->err, PP_ERR_NOMEM, "out of memory");
}

/* The items of the concrete path EDGES (LEN edges): those of the nodes
   it enters, in order.  */
static pp_status
path_items (const pp_supergraph *sg, const pp_dag *cdag,
            const unsigned *edges, size_t len, pp_sg_item **items_out,
            size_t *n_out, pp_error *err)
{
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
  *items_out = items;
  *n_out = n_items;
  return PP_OK;
}

/* The segment's start context: the chain of calls down to CTX.  */
static pp_status
decode_start_context (struct decoder *d, unsigned ctx)
{
  const pp_supergraph *sg = d->sg;
  pp_segment *seg = &d->out->seg;
  unsigned depth = 0;
  for (unsigned c = ctx; c != 0; c = sg->ctx[c].parent)
    depth++;
  seg->start = pp_calloc (depth ? depth : 1, sizeof *seg->start, d->err);
  if (!seg->start)
    return PP_ERR_NOMEM;
  seg->n_start = depth;
  for (unsigned c = ctx; c != 0; c = sg->ctx[c].parent)
    {
      --depth;
      seg->start[depth].site = sg->ctx[c].site;
      seg->start[depth].fn = sg->ctx[c].fn;
    }
  return PP_OK;
}

/* How the path starts (its first DAG edge FIRST, its first item IT): at
   the entry, after the image of a subpath cut, or, after a cut of path
   splitting, in the middle of a piece.  */
static pp_status
decode_start (struct decoder *d, const pp_dag_edge *first, pp_sg_item it)
{
  const pp_supergraph *sg = d->sg;
  pp_status st = begin_piece (d, it.ctx);
  if (st != PP_OK)
    return st;
  const pp_subpath_fn *f = pp_sgi_fn (sg, it.ctx);
  if (first->kind == PP_EDGE_ENTRY)
    {
      if (it.ctx != 0 || it.node != f->cfg->entry)
        return pp_fail (d->err, PP_ERR_INVALID,
                        "the concrete entry does not start at the entry");
      /* The DAG's first edge out of s is the entry edge.  */
      if (push_dag (d, f->dag->out_edges[f->dag->out_start[f->dag->s]]))
        return nomem (d);
    }
  else
    {
      long ce = first->origin;
      unsigned src = sg->cfg->edges[ce].src;
      if (sg->cuts[ce] == PP_CUT_NONE || !sg->node_n[src])
        {
          d->partial = 1;
          d->out->starts_split = 1;
        }
      else
        {
          pp_sg_item a = sg->node_items[src][sg->node_n[src] - 1];
          long e = pp_sgi_subpath_edge (f, a.node, it.node);
          if (a.ctx != it.ctx || e < 0)
            return pp_fail (d->err, PP_ERR_INVALID,
                            "concrete cut edge %ld stands for no subpath "
                            "edge",
                            ce);
          if (push_dag (d, f->dag->cfg_edge_cut_start[e]))
            return nomem (d);
        }
    }
  st = decode_start_context (d, it.ctx);
  if (st == PP_OK && pp_uvec_push (&d->nodes, it.node))
    st = nomem (d);
  return st;
}

/* The step from item A to item B.  */
static pp_status
decode_step (struct decoder *d, pp_sg_item a, pp_sg_item b)
{
  const pp_supergraph *sg = d->sg;
  struct step s;
  if (pp_sgi_step (sg, a, b, &s))
    return pp_sgi_bad_step (sg, d->err, "concrete path", a, b,
                            "no subpath edge, call or return joins them");
  const pp_dag *da = pp_sgi_fn (sg, a.ctx)->dag;
  const pp_subpath_fn *fb = pp_sgi_fn (sg, b.ctx);
  const pp_subpath_fn *fa = pp_sgi_fn (sg, a.ctx);
  pp_status st = PP_OK;
  switch (s.kind)
    {
    case STEP_EDGE:
      if (s.cut == PP_CUT_NONE)
        {
          if (push_dag (d, da->cfg_edge_dag[s.edge]))
            return nomem (d);
          break;
        }
      if (s.cut != PP_CUT_CALL)
        return pp_sgi_bad_step (sg, d->err, "concrete path", a, b,
                                "crosses a cut edge of the subpath CFG");
      /* A call site passed without inlining.  */
      if (push_dag (d, da->cfg_edge_cut_end[s.edge]))
        return nomem (d);
      if ((st = end_piece (d, 0)) != PP_OK
          || (st = begin_piece (d, b.ctx)) != PP_OK)
        return st;
      if (push_dag (d, da->cfg_edge_cut_start[s.edge]))
        return nomem (d);
      break;
    case STEP_CALL:
      if (push_dag (d, da->cfg_edge_cut_end[s.edge]))
        return nomem (d);
      if ((st = end_piece (d, 0)) != PP_OK
          || (st = add_token (d, PP_SEG_CALL, 0, 0)) != PP_OK
          || (st = begin_piece (d, b.ctx)) != PP_OK)
        return st;
      /* The callee's entry block, which the copy lacks.  */
      if (pp_uvec_push (&d->nodes, fb->cfg->entry)
          || push_dag (d, fb->dag->out_edges[fb->dag->out_start[fb->dag->s]])
          || push_dag (d, fb->dag->cfg_edge_dag[s.edge2]))
        return nomem (d);
      break;
    case STEP_RETURN:
      /* The callee's exit block, which the copy lacks.  */
      if (pp_uvec_push (&d->nodes, fa->exit_block)
          || push_dag (d, da->cfg_edge_dag[s.edge])
          || push_dag (d, da->cfg_node_exit[fa->exit_block]))
        return nomem (d);
      if ((st = end_piece (d, 0)) != PP_OK
          || (st = add_token (d, PP_SEG_RETURN, 0, 0)) != PP_OK
          || (st = begin_piece (d, b.ctx)) != PP_OK)
        return st;
      if (push_dag (d, fb->dag->cfg_edge_cut_start[s.edge2]))
        return nomem (d);
      break;
    }
  return pp_uvec_push (&d->nodes, b.node) ? nomem (d) : PP_OK;
}

/* How the path ends (its last DAG edge LAST, its last item A): at an
   exit, at the image of a subpath cut, or, at a cut of path splitting,
   in the middle of a piece.  */
static pp_status
decode_end (struct decoder *d, const pp_dag_edge *last, pp_sg_item a)
{
  const pp_supergraph *sg = d->sg;
  const pp_subpath_fn *fa = pp_sgi_fn (sg, a.ctx);
  if (last->kind == PP_EDGE_EXIT)
    {
      if (!fa->cfg->is_exit[a.node])
        return pp_fail (d->err, PP_ERR_INVALID,
                        "the concrete path ends at an exit, '%s' node %u is "
                        "none",
                        fa->name, a.node);
      if (push_dag (d, fa->dag->cfg_node_exit[a.node]))
        return nomem (d);
      return end_piece (d, 0);
    }
  long ce = last->origin;
  unsigned dst = sg->cfg->edges[ce].dst;
  if (sg->cuts[ce] == PP_CUT_NONE || !sg->node_n[dst])
    {
      d->out->ends_split = 1;
      return end_piece (d, 1);
    }
  pp_sg_item b = sg->node_items[dst][0];
  long e = pp_sgi_subpath_edge (fa, a.node, b.node);
  if (b.ctx != a.ctx || e < 0)
    return pp_fail (d->err, PP_ERR_INVALID,
                    "concrete cut edge %ld stands for no subpath edge", ce);
  if (push_dag (d, fa->dag->cfg_edge_cut_end[e]))
    return nomem (d);
  return end_piece (d, 0);
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
  pp_sg_item *items = NULL;
  size_t n_items = 0;
  pp_status st = path_items (sg, cdag, edges, len, &items, &n_items, err);
  if (st != PP_OK)
    return st;
  st = decode_start (&d, &cdag->edges[edges[0]], items[0]);
  for (size_t i = 1; i < n_items && st == PP_OK; i++)
    st = decode_step (&d, items[i - 1], items[i]);
  if (st == PP_OK)
    st = decode_end (&d, &cdag->edges[edges[len - 1]], items[n_items - 1]);
  free (items);
  free (d.edges.v);
  if (st == PP_OK && pp_uvec_push (&d.starts, (unsigned) d.nodes.n))
    st = nomem (&d);
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
      long e = pp_sgi_subpath_edge (f, sg->node_items[w][p - 1].node,
                             sg->node_items[w][p].node);
      if (e < 0 || f->dag->cfg_edge_dag[e] < 0)
        return -1;
      mpz_add (sum, sum, f->num->weight[f->dag->cfg_edge_dag[e]]);
    }
  return 0;
}

/* The weight of concrete DAG edge E in W: the subpath DAG weight of the
   step it stands for, plus those of the uncut steps inside the node it
   enters.  -1 if it stands for no subpath edge.  */
static int
edge_weight (const pp_supergraph *sg, const pp_dag_edge *e, mpz_t w)
{
  const pp_subpath_fn *f = sg->fns[sg->root];
  const pp_dag *adag = f->dag;
  mpz_t *aw = f->num->weight;
  mpz_set_ui (w, 0);
  if (e->kind == PP_EDGE_ENTRY)
    {
      mpz_set (w, aw[adag->out_edges[adag->out_start[adag->s]]]);
      return add_internal (sg, e->dst, w);
    }
  if (e->kind == PP_EDGE_EXIT)
    {
      unsigned x = (unsigned) e->origin;
      if (!sg->node_n[x])
        return -1;
      unsigned a = sg->node_items[x][sg->node_n[x] - 1].node;
      if (adag->cfg_node_exit[a] < 0)
        return -1;
      mpz_set (w, aw[adag->cfg_node_exit[a]]);
      return 0;
    }
  /* REAL, CUT_START, CUT_END.  */
  long ce = e->origin;
  unsigned dst = sg->cfg->edges[ce].dst;
  if (!sg->node_n[dst])
    return 0; /* the step is weighed on the way out of DST */
  unsigned u = sg->cfg->edges[ce].src;
  pp_sg_item a;
  if (sg->node_n[u])
    a = sg->node_items[u][sg->node_n[u] - 1];
  else if (last_item_into (sg, u, &a))
    return -1;
  long ae = pp_sgi_subpath_edge (f, a.node, sg->node_items[dst][0].node);
  if (ae < 0)
    return -1;
  long de = e->kind == PP_EDGE_REAL ? adag->cfg_edge_dag[ae]
            : e->kind == PP_EDGE_CUT_START ? adag->cfg_edge_cut_start[ae]
                                           : adag->cfg_edge_cut_end[ae];
  if (de < 0)
    return -1;
  mpz_set (w, aw[de]);
  return e->kind == PP_EDGE_CUT_END ? 0 : add_internal (sg, dst, w);
}

pp_status
pp_sg_weights (const pp_supergraph *sg, const pp_dag *cdag, mpz_t *weights,
               pp_error *err)
{
  if (!sg->finished || !sg->calls_cut || sg->n_ctx != 1)
    return pp_fail (err, PP_ERR_INVALID,
                    "subpath weights need a trace build's supergraph");
  for (unsigned k = 0; k < cdag->n_edges; k++)
    if (edge_weight (sg, &cdag->edges[k], weights[k]))
      return pp_fail (err, PP_ERR_INVALID,
                      "function '%s': concrete DAG edge %u stands for no "
                      "subpath edge",
                      sg->fns[sg->root]->name, k);
  return PP_OK;
}
