/* pathprof core: subpaths, inter-procedural path segments, supergraphs.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The vocabulary of inter-procedural preferential path profiling (IPPP,
 * thesis section 3.4; definitions in specs/segments.md):
 *
 *   subpath CFG   a function's CFG as the plugin sees it before any
 *                 inlining, with every block that holds call sites cut
 *                 into pieces: node v.0 is the block up to its first call
 *                 site, v.i the part after call site i; the edge
 *                 v.(i-1) -> v.i is cut (PP_CUT_CALL).  Its Ball-Larus
 *                 paths are the function's *subpaths*: acyclic paths that
 *                 end at call sites, back edges and exits.
 *   segment       a Ball-Larus path of a root function's *supergraph*
 *                 (the root with call sites inlined, context by context,
 *                 up to depth k), written as the sequence of subpaths it
 *                 runs with call '(' and return ')' structure.  One that
 *                 starts inside an inlined copy (after a back edge there)
 *                 names the chain of call sites that leads to the copy
 *                 first (its start context).
 *   supergraph    map   how the blocks of a compiled supergraph (the
 *                 *concrete* CFG, after inlining and GCC's clean-ups)
 *                 correspond to subpath CFG nodes in contexts: every
 *                 concrete node holds a sequence of *items* (context,
 *                 subpath node), or none (a block the inliner or the
 *                 plugin created: "transparent").
 *
 * The plugin builds subpath CFGs and supergraph maps from GCC's IL; the
 * tool rebuilds them from notes files (specs/notes-format.md).  Both then
 * translate with the functions here: a segment into the concrete path
 * that runs it (pp_sg_encode: the interesting segments of an IPPP build),
 * a concrete path back into a segment (pp_sg_decode: reports), and, for
 * trace builds, concrete edge weights that add up to subpath ids
 * (pp_sg_weights).  Plain C and GMP; failures return a pp_status and fill
 * the pp_error, nothing prints or aborts.
 */
#ifndef PATHPROF_SEGMENT_H
#define PATHPROF_SEGMENT_H

#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

#include "ppcore.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PP_SG_NONE ((unsigned) -1)

/* ------------------------------------------------------------------ */
/* Subpath CFGs                                                        */
/* ------------------------------------------------------------------ */

typedef struct pp_subpath_fn
{
  char *name;            /* assembler name */
  char *source;
  pp_cfg *cfg;           /* owned; cut kinds back, split and call */
  unsigned exit_block;   /* node of GCC's EXIT_BLOCK: its in-edges are
                            returns; cfg->n_nodes if the function never
                            returns */
  unsigned n_sites;      /* call sites, numbered 0.. in CFG edge order */
  unsigned *site_edge;   /* the PP_CUT_CALL edge of each site */
  char **site_callee;    /* the callee's assembler name; NULL: a call
                            through a pointer */
  size_t cap_sites;
  /* Set by pp_subpath_finish.  */
  uint32_t checksum;     /* pp_subpath_checksum */
  pp_dag *dag;
  pp_numbering *num;
  long *edge_site;       /* per CFG edge: the site it cuts, or -1 */
} pp_subpath_fn;

/* A subpath function of CFG (taken over, freed with it), named NAME in
   SOURCE.  NULL (with ERR) when out of memory.  */
pp_subpath_fn *pp_subpath_new (const char *name, const char *source,
                               pp_cfg *cfg, unsigned exit_block,
                               pp_error *err);
void pp_subpath_free (pp_subpath_fn *f);
/* Declares CFG edge EDGE (which must be cut PP_CUT_CALL) the next call
   site, calling CALLEE (NULL: through a pointer).  Sites must be added
   in increasing edge order.  */
pp_status pp_subpath_add_site (pp_subpath_fn *f, unsigned edge,
                               const char *callee, pp_error *err);
/* Checks the sites (every PP_CUT_CALL edge is exactly one site), builds
   the DAG and numbers the subpaths.  PP_ERR_RANGE if there are more than
   2^64 - 1 subpaths (their ids must fit a 64-bit register).  */
pp_status pp_subpath_finish (pp_subpath_fn *f, pp_error *err);
/* CRC-32 of the subpath CFG's shape (pp_cfg_checksum's words) followed
   by, for every site, its edge index and its callee's name bytes (or
   the single byte '*' for a call through a pointer): a function whose
   call targets changed is a changed function.  */
uint32_t pp_subpath_checksum (const pp_subpath_fn *f);

/* How one subpath starts and ends.  */
typedef struct pp_piece_shape
{
  int starts_at_entry;   /* else after cut edge start_edge */
  long start_edge;
  int ends_at_exit;      /* else at cut edge end_edge */
  long end_edge;
  unsigned exit_node;    /* when ends_at_exit: the exit node */
} pp_piece_shape;

/* Decodes subpath ID of F: its CFG nodes in order (*NODES malloc'd,
   *N_NODES of them; either may be NULL when not wanted) and its shape.
   PP_ERR_RANGE if ID is not below the subpath count.  */
pp_status pp_subpath_decode (const pp_subpath_fn *f, uint64_t id,
                             unsigned **nodes, size_t *n_nodes,
                             pp_piece_shape *shape, pp_error *err);

/* ------------------------------------------------------------------ */
/* Segments                                                            */
/* ------------------------------------------------------------------ */

typedef enum pp_seg_kind
{
  PP_SEG_PIECE,          /* subpath ID of function FN */
  PP_SEG_CALL,           /* '(': into the callee of the call site that
                            ended the previous piece (inlined) */
  PP_SEG_RETURN          /* ')': back into the caller, after that site */
} pp_seg_kind;

typedef struct pp_seg_token
{
  pp_seg_kind kind;
  unsigned fn;           /* PIECE: a function index (of the table the
                            segment belongs to: a file's, a supergraph's) */
  uint64_t id;           /* PIECE: the subpath id */
} pp_seg_token;

/* One step of a start context: call site SITE of the current function,
   into function FN.  */
typedef struct pp_seg_link
{
  unsigned site, fn;
} pp_seg_link;

typedef struct pp_segment
{
  unsigned root;         /* function index */
  pp_seg_link *start;    /* the chain from the root to the copy the
                            first piece runs in; empty at the root */
  unsigned n_start;
  pp_seg_token *tokens;
  unsigned n_tokens;
} pp_segment;

void pp_segment_clear (pp_segment *s);
/* Deep copy; PP_ERR_NOMEM.  */
pp_status pp_segment_copy (pp_segment *dst, const pp_segment *src,
                           pp_error *err);
/* Total order: root, start chain, tokens (lexicographic).  */
int pp_segment_cmp (const pp_segment *a, const pp_segment *b);
/* The structure alone (no CFG needed): tokens start and end with a
   piece, '(' and ')' stand between two pieces, every piece belongs to
   the function the call structure says (the callee after '(', the
   caller after ')'), no ')' leaves the root, and no point is deeper than
   MAX_DEPTH calls below the root.  PP_ERR_INVALID with a message naming
   the token (1-based) otherwise.  */
pp_status pp_segment_check (const pp_segment *s, unsigned max_depth,
                            pp_error *err);

/* ------------------------------------------------------------------ */
/* Supergraph maps                                                     */
/* ------------------------------------------------------------------ */

/* Context 0 is the root function; context c > 0 is function FN inlined
   at call site SITE of context PARENT's function.  */
typedef struct pp_sg_context
{
  unsigned parent, site, fn;
} pp_sg_context;

typedef struct pp_sg_item
{
  unsigned ctx, node;
} pp_sg_item;

typedef struct pp_supergraph pp_supergraph;

/* A map of the concrete CFG CFG (borrowed, with exits set; its cut marks
   are ignored) whose root is FNS[ROOT].  FNS (borrowed) must be
   finished.  */
pp_supergraph *pp_sg_new (pp_subpath_fn *const *fns, unsigned n_fns,
                          unsigned root, const pp_cfg *cfg, pp_error *err);
void pp_sg_free (pp_supergraph *sg);
/* Adds a context; its id (the next one) in *ID.  */
pp_status pp_sg_add_context (pp_supergraph *sg, unsigned parent,
                             unsigned site, unsigned fn, unsigned *id,
                             pp_error *err);
/* The context reached from PARENT through call site SITE into FN, or
   PP_SG_NONE.  */
unsigned pp_sg_child (const pp_supergraph *sg, unsigned parent,
                      unsigned site, unsigned fn);
unsigned pp_sg_n_contexts (const pp_supergraph *sg);
const pp_sg_context *pp_sg_context_at (const pp_supergraph *sg, unsigned c);
/* Sets the items of concrete node NODE (none: transparent).  */
pp_status pp_sg_set_items (pp_supergraph *sg, unsigned node,
                           const pp_sg_item *items, unsigned n,
                           pp_error *err);
const pp_sg_item *pp_sg_items (const pp_supergraph *sg, unsigned node,
                               unsigned *n);

/* Checks the map and classifies the concrete edges.  Every item names a
   node of its context's function, none twice, and no non-root context
   holds its function's entry or exit block (inlined copies have none);
   the concrete entry holds the root's entry node and nothing else;
   consecutive items of one concrete node, and the last and first items
   of the two ends of a concrete edge, are a valid step (an uncut subpath
   CFG edge, a call site passed without inlining, a call into an inlined
   copy or a return from one); a concrete node without successors ends
   with an exit of its function.  With CALLS_CUT (trace builds) a call
   site passed without inlining must be a concrete edge, not inside a
   node.  CUTS (one per concrete edge) receives the cut kind of the
   subpath edge each concrete edge stands for: PP_CUT_BACK or
   PP_CUT_SPLIT for the images of cut edges, PP_CUT_CALL (with
   CALLS_CUT) for call sites, PP_CUT_NONE otherwise; edges from or to a
   transparent node are never cut.  */
pp_status pp_sg_finish (pp_supergraph *sg, int calls_cut, pp_cut_kind *cuts,
                        pp_error *err);

/* The concrete DAG path (CDAG's edge indices, *EDGES malloc'd) that runs
   segment SEG, whose function indices are the supergraph's.  CDAG is the
   DAG of the concrete CFG with its final cuts.  PP_ERR_INVALID (with a
   message saying where) if SEG is not a path of this supergraph: a
   subpath that does not continue the previous one, a chain that is not
   inlined, a step between blocks the concrete CFG does not have.  */
pp_status pp_sg_encode (const pp_supergraph *sg, const pp_dag *cdag,
                        const pp_segment *seg, unsigned **edges, size_t *len,
                        pp_error *err);

/* A concrete path decoded into a segment.  */
typedef struct pp_sg_decoded
{
  pp_segment seg;        /* function indices: the supergraph's */
  /* A concrete path that starts or ends at a cut of path splitting (not
     at the image of a subpath cut) is a fragment of a segment: its first
     (last) piece is partial and its id meaningless (0).  */
  int starts_split, ends_split;
  /* For every token: its subpath CFG nodes, nodes[node_start[t] ..
     node_start[t + 1] - 1] (none for '(' and ')').  */
  unsigned *node_start;
  unsigned *nodes;
} pp_sg_decoded;

pp_status pp_sg_decode (const pp_supergraph *sg, const pp_dag *cdag,
                        const unsigned *edges, size_t len,
                        pp_sg_decoded *out, pp_error *err);
void pp_sg_decoded_clear (pp_sg_decoded *d);

/* Trace builds (a supergraph of the root alone, CALLS_CUT): a weight per
   edge of CDAG such that the sum along every concrete path is the
   subpath id of the subpath it runs.  WEIGHTS: CDAG->n_edges initialized
   mpz_t.  */
pp_status pp_sg_weights (const pp_supergraph *sg, const pp_dag *cdag,
                         mpz_t *weights, pp_error *err);

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_SEGMENT_H */
