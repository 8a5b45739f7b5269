/* pathprof core: a segment into the concrete path that runs it
 * (pp_sg_encode, segment.h).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Three stages: the segment's tokens become the subpath CFG nodes it
 * runs, each in its context (the *items*), checking that every piece
 * follows the previous one as the call structure says; the items become
 * concrete nodes (the blocks of the compiled supergraph holding them, in
 * order, with the transparent blocks between); the concrete nodes become
 * concrete DAG edges, the first and last standing for the cuts (or the
 * entry and exit) where the segment starts and ends.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sg-internal.h"

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
              struct pp_uvec *path)
{
  if (concrete_edge (sg, x, y) >= 0)
    return pp_uvec_push (path, y);
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
                if (pp_uvec_push (path, (unsigned) t))
                  goto out;
              for (size_t i = first, j = path->n - 1; i < j; i++, j--)
                {
                  unsigned tmp = path->v[i];
                  path->v[i] = path->v[j];
                  path->v[j] = tmp;
                }
              ret = pp_uvec_push (path, y);
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

/* The segment being encoded.  */
struct encoder
{
  const pp_supergraph *sg;
  pp_error *err;
  pp_sg_item *items;         /* the subpath CFG nodes it runs */
  size_t n_items, cap_items;
  unsigned ctx;              /* the context of the current piece */
  pp_piece_shape prev;       /* the previous piece's shape */
  int have_prev;
  /* How it starts: at the root's entry, or after subpath cut START_CUT;
     how it ends: at an exit (END_CUT -1), or at cut END_CUT.  */
  int start_entry;
  long start_cut, end_cut;
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

/* The context where SEG's first piece runs: its start chain.  */
static pp_status
start_context (const pp_supergraph *sg, const pp_segment *seg,
               unsigned *ctx, pp_error *err)
{
  *ctx = 0;
  for (unsigned i = 0; i < seg->n_start; i++)
    {
      unsigned c = pp_sg_child (sg, *ctx, seg->start[i].site,
                                seg->start[i].fn);
      if (c == PP_SG_NONE)
        return pp_fail (err, PP_ERR_INVALID,
                        "start context: call site %u of '%s' into '%s' is "
                        "not inlined",
                        seg->start[i].site, pp_sgi_fn (sg, *ctx)->name,
                        seg->start[i].fn < sg->n_fns
                          ? sg->fns[seg->start[i].fn]->name : "?");
      *ctx = c;
    }
  return PP_OK;
}

/* The first piece, token T (subpath ID of F, SHAPE): a segment starts at
   the root's entry or after a back or split cut.  */
static pp_status
first_piece (struct encoder *e, unsigned t, const pp_subpath_fn *f,
             uint64_t id, const pp_piece_shape *shape)
{
  e->start_entry = shape->starts_at_entry;
  if (shape->starts_at_entry)
    return e->ctx == 0
             ? PP_OK
             : pp_fail (e->err, PP_ERR_INVALID,
                        TOKEN_FMT ": starts at the function entry inside an "
                        "inlined copy",
                        TOKEN_ARGS (t, f, id));
  pp_cut_kind c = f->cfg->edges[shape->start_edge].cut;
  e->start_cut = shape->start_edge;
  if (c != PP_CUT_BACK && c != PP_CUT_SPLIT)
    return pp_fail (e->err, PP_ERR_INVALID,
                    TOKEN_FMT ": a segment starts at the entry or after a "
                    "back edge, not after a call",
                    TOKEN_ARGS (t, f, id));
  return PP_OK;
}

/* A later piece, token T (subpath ID of function FN, SHAPE), after
   PENDING ('(', ')' or another piece): it must go on where the previous
   one stopped; a call or return moves to the callee's or caller's
   context.  */
static pp_status
next_piece (struct encoder *e, unsigned t, pp_seg_kind pending, unsigned fn,
            uint64_t id, const pp_piece_shape *shape)
{
  const pp_supergraph *sg = e->sg;
  const pp_subpath_fn *f = sg->fns[fn];
  const pp_subpath_fn *pf = pp_sgi_fn (sg, e->ctx);
  const pp_piece_shape *prev = &e->prev;
  long site = prev->ends_at_exit ? -1 : pf->edge_site[prev->end_edge];
  if (pending == PP_SEG_CALL)
    {
      if (site < 0)
        return pp_fail (e->err, PP_ERR_INVALID,
                        "token %u: '(' after a subpath that does not end at "
                        "a call site",
                        t);
      unsigned c = pp_sg_child (sg, e->ctx, (unsigned) site, fn);
      if (c == PP_SG_NONE)
        return pp_fail (e->err, PP_ERR_INVALID,
                        "token %u: call site %ld of '%s' into '%s' is not "
                        "inlined",
                        t, site, pf->name, f->name);
      if (!shape->starts_at_entry)
        return pp_fail (e->err, PP_ERR_INVALID,
                        TOKEN_FMT ": a call starts at the callee's entry",
                        TOKEN_ARGS (t, f, id));
      e->ctx = c;
      return PP_OK;
    }
  if (pending == PP_SEG_RETURN)
    {
      const pp_sg_context *cc = &sg->ctx[e->ctx];
      const pp_subpath_fn *caller = pp_sgi_fn (sg, cc->parent);
      if (!prev->ends_at_exit || prev->exit_node != pf->exit_block)
        return pp_fail (e->err, PP_ERR_INVALID,
                        "token %u: ')' after a subpath that does not "
                        "return",
                        t);
      if (shape->starts_at_entry
          || shape->start_edge != (long) caller->site_edge[cc->site])
        return pp_fail (e->err, PP_ERR_INVALID,
                        TOKEN_FMT ": after a return the caller goes on "
                        "after its call site %u",
                        TOKEN_ARGS (t, f, id), cc->site);
      e->ctx = cc->parent;
      return PP_OK;
    }
  if (site < 0 || shape->starts_at_entry
      || shape->start_edge != prev->end_edge)
    return pp_fail (e->err, PP_ERR_INVALID,
                    TOKEN_FMT ": does not continue the previous subpath "
                    "after a call site",
                    TOKEN_ARGS (t, f, id));
  return PP_OK;
}

/* How the last piece ends the segment: at a back or split cut, or at an
   exit that is not a return from an inlined copy.  */
static pp_status
segment_end (struct encoder *e)
{
  const pp_subpath_fn *f = pp_sgi_fn (e->sg, e->ctx);
  if (e->prev.ends_at_exit)
    {
      e->end_cut = -1;
      if (e->ctx != 0 && e->prev.exit_node == f->exit_block)
        return pp_fail (e->err, PP_ERR_INVALID,
                        "the last subpath returns from an inlined copy: "
                        "')' and the caller's subpath are missing");
      return PP_OK;
    }
  pp_cut_kind c = f->cfg->edges[e->prev.end_edge].cut;
  e->end_cut = e->prev.end_edge;
  if (c != PP_CUT_BACK && c != PP_CUT_SPLIT)
    return pp_fail (e->err, PP_ERR_INVALID,
                    "the last subpath ends at a call site: a segment ends "
                    "at a back edge or an exit");
  return PP_OK;
}

/* Stage 1: the items of SEG.  */
static pp_status
segment_items (struct encoder *e, const pp_segment *seg)
{
  pp_seg_kind pending = PP_SEG_PIECE; /* the token before this piece */
  for (unsigned t = 0; t < seg->n_tokens; t++)
    {
      const pp_seg_token *k = &seg->tokens[t];
      if (k->kind != PP_SEG_PIECE)
        {
          pending = k->kind;
          continue;
        }
      if (k->fn >= e->sg->n_fns)
        return pp_fail (e->err, PP_ERR_INVALID, "token %u: no function %u",
                        t + 1, k->fn);
      const pp_subpath_fn *f = e->sg->fns[k->fn];
      unsigned *nodes = NULL;
      size_t n_nodes = 0;
      pp_piece_shape shape;
      pp_status st = pp_subpath_decode (f, k->id, &nodes, &n_nodes, &shape,
                                        e->err);
      if (st == PP_OK)
        st = e->have_prev
               ? next_piece (e, t, pending, k->fn, k->id, &shape)
               : first_piece (e, t, f, k->id, &shape);
      /* The piece's nodes (an inlined copy has no entry or exit block).  */
      for (size_t i = 0; i < n_nodes && st == PP_OK; i++)
        {
          if (e->ctx != 0
              && (nodes[i] == f->cfg->entry || nodes[i] == f->exit_block))
            continue;
          if (push_item (e, e->ctx, nodes[i]))
            st = pp_fail (e->err, PP_ERR_NOMEM, "out of memory");
        }
      free (nodes);
      if (st != PP_OK)
        return st;
      e->prev = shape;
      e->have_prev = 1;
      pending = PP_SEG_PIECE;
    }
  return segment_end (e);
}

/* Stage 2: the concrete nodes that hold E's items, in order.  */
static pp_status
concrete_nodes (const struct encoder *e, struct pp_uvec *path)
{
  const pp_supergraph *sg = e->sg;
  pp_error *err = e->err;
  for (size_t i = 0; i < e->n_items; i++)
    {
      pp_sg_item it = e->items[i];
      long x = sg->where_node[it.ctx][it.node];
      if (x < 0)
        {
          char buf[PP_ERROR_MESSAGE_SIZE / 4];
          pp_sgi_item_text (sg, it, buf, sizeof buf);
          return pp_fail (err, PP_ERR_INVALID,
                          "%s is not in the compiled supergraph (GCC removed "
                          "it)",
                          buf);
        }
      unsigned pos = sg->where_pos[it.ctx][it.node];
      if (i == 0)
        {
          if (pos != 0)
            return pp_fail (err, PP_ERR_INVALID,
                            "the segment starts inside concrete node %ld", x);
          if (pp_uvec_push (path, (unsigned) x))
            return pp_fail (err, PP_ERR_NOMEM, "out of memory");
          continue;
        }
      unsigned cur = path->v[path->n - 1];
      pp_sg_item prev = e->items[i - 1];
      if ((unsigned) x == cur)
        {
          if (pos != sg->where_pos[prev.ctx][prev.node] + 1)
            return pp_sgi_bad_step (sg, err, "segment", prev, it,
                                    "not consecutive in their concrete node");
          continue;
        }
      if (sg->where_pos[prev.ctx][prev.node] != sg->node_n[cur] - 1 || pos)
        return pp_sgi_bad_step (sg, err, "segment", prev, it,
                                "the concrete CFG does not go from one to "
                                "the other");
      if (concrete_hop (sg, cur, (unsigned) x, path))
        return pp_sgi_bad_step (sg, err, "segment", prev, it,
                                "no concrete edge joins their blocks");
    }
  pp_sg_item last = e->items[e->n_items - 1];
  unsigned lastx = path->v[path->n - 1];
  if (sg->where_pos[last.ctx][last.node] != sg->node_n[lastx] - 1)
    return pp_fail (err, PP_ERR_INVALID,
                    "the segment ends inside concrete node %u", lastx);
  return PP_OK;
}

/* The concrete DAG edge the segment starts with: s -> entry, or the
   CUT_START of the concrete cut edge into FIRST that stands for
   E->start_cut.  -1 after a message.  */
static long
first_dag_edge (const struct encoder *e, const pp_dag *cdag, unsigned first)
{
  const pp_supergraph *sg = e->sg;
  if (e->start_entry)
    return cdag->out_edges[cdag->out_start[cdag->s]];
  const pp_subpath_fn *f0 = pp_sgi_fn (sg, e->items[0].ctx);
  for (unsigned k = sg->in_start[first]; k < sg->in_start[first + 1]; k++)
    {
      unsigned ce = sg->in_list[k];
      unsigned src = sg->cfg->edges[ce].src;
      if (!sg->node_n[src] || cdag->cfg_edge_cut_start[ce] < 0)
        continue;
      pp_sg_item a = sg->node_items[src][sg->node_n[src] - 1];
      if (a.ctx == e->items[0].ctx
          && pp_sgi_subpath_edge (f0, a.node, e->items[0].node)
               == e->start_cut)
        return cdag->cfg_edge_cut_start[ce];
    }
  pp_fail (e->err, PP_ERR_INVALID,
           "no cut concrete edge into node %u stands for the start of the "
           "segment",
           first);
  return -1;
}

/* The concrete DAG edge the segment ends with, out of LASTX: its EXIT,
   or the CUT_END of the concrete cut edge that stands for E->end_cut.
   -1 after a message.  */
static long
last_dag_edge (const struct encoder *e, const pp_dag *cdag, unsigned lastx)
{
  const pp_supergraph *sg = e->sg;
  if (e->end_cut < 0)
    {
      if (cdag->cfg_node_exit[lastx] < 0)
        pp_fail (e->err, PP_ERR_INVALID,
                 "the segment ends at an exit, concrete node %u is none",
                 lastx);
      return cdag->cfg_node_exit[lastx];
    }
  pp_sg_item last = e->items[e->n_items - 1];
  const pp_subpath_fn *f = pp_sgi_fn (sg, last.ctx);
  unsigned target = f->cfg->edges[e->end_cut].dst;
  for (unsigned k = sg->out_start[lastx]; k < sg->out_start[lastx + 1]; k++)
    {
      unsigned ce = sg->out_list[k];
      unsigned dst = sg->cfg->edges[ce].dst;
      if (cdag->cfg_edge_cut_end[ce] < 0 || !sg->node_n[dst])
        continue;
      pp_sg_item b = sg->node_items[dst][0];
      if (b.ctx == last.ctx && b.node == target)
        return cdag->cfg_edge_cut_end[ce];
    }
  pp_fail (e->err, PP_ERR_INVALID,
           "no cut concrete edge out of node %u stands for the end of the "
           "segment",
           lastx);
  return -1;
}

/* Stage 3: the concrete DAG edges of PATH.  */
static pp_status
dag_edges (const struct encoder *e, const pp_dag *cdag,
           const struct pp_uvec *path, struct pp_uvec *out)
{
  long d = first_dag_edge (e, cdag, path->v[0]);
  if (d < 0)
    return PP_ERR_INVALID;
  if (pp_uvec_push (out, (unsigned) d))
    return pp_fail (e->err, PP_ERR_NOMEM, "out of memory");
  for (size_t i = 0; i + 1 < path->n; i++)
    {
      long ce = concrete_edge (e->sg, path->v[i], path->v[i + 1]);
      if (ce < 0 || cdag->cfg_edge_dag[ce] < 0)
        return pp_fail (e->err, PP_ERR_INVALID,
                        "concrete edge %u -> %u is cut (path splitting?)",
                        path->v[i], path->v[i + 1]);
      if (pp_uvec_push (out, (unsigned) cdag->cfg_edge_dag[ce]))
        return pp_fail (e->err, PP_ERR_NOMEM, "out of memory");
    }
  d = last_dag_edge (e, cdag, path->v[path->n - 1]);
  if (d < 0)
    return PP_ERR_INVALID;
  if (pp_uvec_push (out, (unsigned) d))
    return pp_fail (e->err, PP_ERR_NOMEM, "out of memory");
  return PP_OK;
}

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
  struct encoder enc;
  memset (&enc, 0, sizeof enc);
  enc.sg = sg;
  enc.err = err;
  enc.start_cut = enc.end_cut = -1;
  struct pp_uvec path = { NULL, 0, 0 }, out = { NULL, 0, 0 };
  pp_status st = pp_segment_check (seg, (unsigned) -2, err);
  if (st == PP_OK)
    st = start_context (sg, seg, &enc.ctx, err);
  if (st == PP_OK)
    st = segment_items (&enc, seg);
  if (st == PP_OK)
    st = concrete_nodes (&enc, &path);
  if (st == PP_OK)
    st = dag_edges (&enc, cdag, &path, &out);
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
