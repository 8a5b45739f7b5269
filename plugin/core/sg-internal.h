/* pathprof core: what the supergraph map's files share (supergraph.c:
 * construction, steps and checking; sg-encode.c: segment -> concrete
 * path; sg-decode.c: concrete path -> segment, trace weights).  Not
 * installed; segment.h is the interface.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef PATHPROF_SG_INTERNAL_H
#define PATHPROF_SG_INTERNAL_H

#include <stdlib.h>

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

/* A growing array of unsigned.  */
struct pp_uvec
{
  unsigned *v;
  size_t n, cap;
};

static inline int
pp_uvec_push (struct pp_uvec *a, unsigned x)
{
  if (a->n == a->cap)
    {
      size_t cap = a->cap ? 2 * a->cap : 16;
      unsigned *v = (unsigned *) realloc (a->v, cap * sizeof *v);
      if (!v)
        return -1;
      a->v = v;
      a->cap = cap;
    }
  a->v[a->n++] = x;
  return 0;
}

/* The subpath function of context CTX.  */
const pp_subpath_fn *pp_sgi_fn (const pp_supergraph *sg, unsigned ctx);
/* The subpath CFG edge U -> W of F (cut or not), or -1.  */
long pp_sgi_subpath_edge (const pp_subpath_fn *f, unsigned u, unsigned w);
/* The step from A to B in *S; 0, or -1 if there is none.  */
int pp_sgi_step (const pp_supergraph *sg, pp_sg_item a, pp_sg_item b,
                 struct step *s);
/* "f:N (context C)", for messages.  */
void pp_sgi_item_text (const pp_supergraph *sg, pp_sg_item it, char *buf,
                       size_t size);
/* PP_ERR_INVALID: "WHERE: from A to B: WHY".  */
pp_status pp_sgi_bad_step (const pp_supergraph *sg, pp_error *err,
                           const char *where, pp_sg_item a, pp_sg_item b,
                           const char *why);

#endif /* PATHPROF_SG_INTERNAL_H */
