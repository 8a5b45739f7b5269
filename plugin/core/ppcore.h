/* pathprof core: GCC-independent path numbering.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This library turns a control-flow graph into a Ball-Larus DAG and numbers
 * its acyclic paths, both the Ball-Larus way (every path, ids 0..N-1) and the
 * preferential way (only the interesting paths, ids 0..range-1), following
 * K. Vaswani, "Efficient Online Path Profiling", sections 3.2-3.3 and 3.6.
 * It knows nothing about GCC: the plugin feeds it block and edge indices,
 * and it answers with per-edge actions that the plugin turns into GIMPLE.
 *
 * Pipeline (analysis only, no transformation):
 *
 *   pp_cfg  --pp_dag_build-->  pp_dag  --pp_bl_number-->  pp_numbering
 *      ^                          |                            |
 *      |                          +--pp_ppp_number (I)-->  pp_ppp_result
 *      +--pp_split_paths (cuts more CFG edges until every id fits)
 *
 *   pp_placement_compute(dag, edge frequencies)  picks the chords;
 *   pp_placement_apply(placement, weights)       moves any weight set
 *                                                onto those same chords.
 *
 * Every function that can fail returns a pp_status and, when given a
 * pp_error, fills it with a message; nothing here aborts or prints.
 */
#ifndef PATHPROF_PPCORE_H
#define PATHPROF_PPCORE_H

#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Errors                                                              */
/* ------------------------------------------------------------------ */

typedef enum pp_status {
  PP_OK = 0,
  PP_ERR_INVALID,     /* malformed input: bad node index, no entry, ... */
  PP_ERR_CYCLE,       /* the graph minus the cut edges is not acyclic */
  PP_ERR_UNREACHABLE, /* a node not reachable from s, or not reaching t */
  PP_ERR_RANGE,       /* an id or count out of range (id >= N, too big) */
  PP_ERR_DUPLICATE,   /* the same interesting path given twice */
  PP_ERR_NOMEM,       /* allocation failed */
  PP_ERR_IO           /* a file could not be read or written */
} pp_status;

/* Room for a diagnostic that names a file by a long path and quotes a
   long (C++ mangled) name.  */
#define PP_ERROR_MESSAGE_SIZE 4096

typedef struct pp_error {
  pp_status status;
  char message[PP_ERROR_MESSAGE_SIZE];
} pp_error;

/* A short constant name for STATUS ("invalid graph", ...). */
const char *pp_status_name (pp_status status);

/* ------------------------------------------------------------------ */
/* Control-flow graphs                                                 */
/* ------------------------------------------------------------------ */

/* Why a CFG edge is cut out of the DAG.  Both kinds are instrumented the
   same way (end the current path, start a new one at the edge's target);
   the distinction is kept for reports and for the notes file.  */
typedef enum pp_cut_kind {
  PP_CUT_NONE = 0,
  PP_CUT_BACK,  /* a DFS back edge (retreating edge) of a loop */
  PP_CUT_SPLIT, /* cut by pp_split_paths so that path ids fit */
  PP_CUT_CALL   /* subpath CFGs (segment.h): the edge from the part of a
                   block before a call site to the part after it */
} pp_cut_kind;

typedef struct pp_cfg_edge {
  unsigned src, dst;
  pp_cut_kind cut;
} pp_cfg_edge;

/* A CFG: nodes 0..n_nodes-1, one entry, any number of exit nodes (blocks
   where a path ends: returns, noreturn calls).  Edge order matters: the
   out-edges of a node are numbered in the order they were added, so the
   same CFG built the same way always gets the same numbering.  */
typedef struct pp_cfg {
  unsigned n_nodes;
  unsigned entry;
  pp_cfg_edge *edges;
  unsigned n_edges, edges_cap;
  unsigned char *is_exit; /* per node */
  unsigned char *no_split; /* per node: never cut at this node */
} pp_cfg;

pp_cfg *pp_cfg_new (unsigned n_nodes, unsigned entry);
void pp_cfg_free (pp_cfg *cfg);
/* Returns the new edge's index, or -1 (bad node index or no memory).  */
long pp_cfg_add_edge (pp_cfg *cfg, unsigned src, unsigned dst,
                      pp_cut_kind cut);
pp_status pp_cfg_set_exit (pp_cfg *cfg, unsigned node, pp_error *err);

/* Marks every DFS back edge (an edge to a node still on the DFS stack)
   as PP_CUT_BACK, exploring successors in edge order from the entry.  The
   plugin uses GCC's own EDGE_DFS_BACK instead; this is for tests and for
   CFGs that come from elsewhere.  Returns the number of back edges.  */
unsigned pp_cfg_mark_back_edges (pp_cfg *cfg);

/* A 32-bit checksum of the CFG's shape (node count, entry, exits, edges
   in order, cut kinds excluded), stable across builds and hosts.  */
uint32_t pp_cfg_checksum (const pp_cfg *cfg);

/* ------------------------------------------------------------------ */
/* Ball-Larus DAGs                                                     */
/* ------------------------------------------------------------------ */

/* DAG node numbering: CFG node i is DAG node i; then the virtual start
   s = n_cfg_nodes and the virtual exit t = n_cfg_nodes + 1.  Every path
   starts with an edge out of s and ends with an edge into t.  */
typedef enum pp_edge_kind {
  PP_EDGE_REAL,       /* a CFG edge that is not cut; origin = CFG edge */
  PP_EDGE_ENTRY,      /* s -> CFG entry (function entry); origin = -1 */
  PP_EDGE_EXIT,       /* CFG exit node -> t; origin = that CFG node */
  PP_EDGE_CUT_START,  /* s -> w standing for cut CFG edge v->w; origin =
                         that CFG edge */
  PP_EDGE_CUT_END     /* v -> t standing for cut CFG edge v->w; origin =
                         that CFG edge */
} pp_edge_kind;

typedef struct pp_dag_edge {
  unsigned src, dst;
  pp_edge_kind kind;
  long origin;
} pp_dag_edge;

typedef struct pp_dag {
  unsigned n_nodes;       /* CFG nodes + 2 */
  unsigned s, t;
  pp_dag_edge *edges;
  unsigned n_edges;
  /* Out-edges of node v are out_edges[out_start[v] .. out_start[v+1]-1],
     in the order the algorithms number them (CFG order).  Likewise in.  */
  unsigned *out_start, *out_edges;
  unsigned *in_start, *in_edges;
  unsigned *topo;         /* nodes in topological order, s first, t last */
  /* For each CFG edge: the DAG edge it became (REAL), or the pair of
     dummies (CUT_START in cut_start, CUT_END in cut_end); -1 if absent.  */
  long *cfg_edge_dag;
  long *cfg_edge_cut_start;
  long *cfg_edge_cut_end;
  unsigned n_cfg_edges;
  /* For each CFG node: the EXIT edge leaving it, or -1.  */
  long *cfg_node_exit;
} pp_dag;

/* Builds the DAG of CFG: cut edges are replaced by their two dummies, s
   and t are added, and the result is checked to be acyclic with every
   node on some s-t path.  Nodes not reachable from the entry in the CFG
   are an error (PP_ERR_UNREACHABLE): callers drop dead blocks first.  */
pp_status pp_dag_build (const pp_cfg *cfg, pp_dag **out, pp_error *err);
void pp_dag_free (pp_dag *dag);

/* ------------------------------------------------------------------ */
/* Ball-Larus numbering (thesis Fig. 3.1)                              */
/* ------------------------------------------------------------------ */

typedef struct pp_numbering {
  unsigned n_nodes, n_edges;
  mpz_t *paths_from;  /* N_v: number of paths from v to t */
  mpz_t *weight;      /* W(e) */
  mpz_t total;        /* N_s */
} pp_numbering;

pp_status pp_bl_number (const pp_dag *dag, pp_numbering **out, pp_error *err);
void pp_numbering_free (pp_numbering *num);

/* Path id -> edge sequence.  *EDGES is malloc'd (caller frees), *LEN set.
   PP_ERR_RANGE if ID is negative or >= the number of paths.  */
pp_status pp_bl_decode (const pp_dag *dag, const pp_numbering *num,
                        const mpz_t id, unsigned **edges, size_t *len,
                        pp_error *err);
/* Adds COUNT to EDGE_COUNT[e] (n_edges entries) for every DAG edge e of
   Ball-Larus path ID: an edge profile from a path profile, for profile-
   guided placement (pp_placement_compute).  PP_ERR_RANGE as
   pp_bl_decode.  */
pp_status pp_bl_add_path_count (const pp_dag *dag, const pp_numbering *num,
                                const mpz_t id, double count,
                                double *edge_count, pp_error *err);
/* Edge sequence -> id; checks the sequence is an s-t path of DAG.  */
pp_status pp_bl_encode (const pp_dag *dag, const pp_numbering *num,
                        const unsigned *edges, size_t len, mpz_t id,
                        pp_error *err);

/* ------------------------------------------------------------------ */
/* Path splitting                                                      */
/* ------------------------------------------------------------------ */

/* While the DAG of CFG has more than MAX_PATHS paths, picks a node and
   cuts all its incoming CFG edges (PP_CUT_SPLIT), so that paths through it
   end just before it and start again at it: the node is then treated
   exactly like a loop header.  The node chosen each time is the one whose
   cut removes the most paths (ties: lowest index), never the entry and
   never a node with no_split set.  Returns the number of nodes cut in
   *N_CUTS.  PP_ERR_RANGE if no further cut can bring the count down.  */
pp_status pp_split_paths (pp_cfg *cfg, const mpz_t max_paths,
                          unsigned *n_cuts, pp_error *err);

/* ------------------------------------------------------------------ */
/* Counter placement (Ball-Larus "event counting")                     */
/* ------------------------------------------------------------------ */

/* What the instrumented program does on one DAG edge.  On an edge into t
   the action also ends the path: the path's id is then
     register + value   (PP_OP_ADD),  value  (PP_OP_SET),
     register           (PP_OP_NONE).  */
typedef enum pp_op {
  PP_OP_NONE = 0, /* nothing */
  PP_OP_ADD,      /* r += value */
  PP_OP_SET       /* r  = value (an initialization pushed down) */
} pp_op;

typedef struct pp_action {
  pp_op op;
  mpz_t value;
} pp_action;

/* Which edges carry code.  Chords are the DAG edges outside a maximum
   spanning tree of the DAG, weighted by estimated frequency, so hot edges
   stay free of code (a whole path can be in the tree).
   is_set[e] says the register is initialized (not incremented) on e:
   e leaves the "clean" region, the nodes all of whose in-edges are tree
   edges from clean nodes (s included, t never), where no path has passed
   a chord yet.  Every s-t path runs exactly one such edge.  */
typedef struct pp_placement {
  unsigned n_edges;
  unsigned char *is_chord;
  unsigned char *is_set;     /* initialization merged into this edge */
  long *tree_parent_edge;    /* internal: tree edge to each node's parent */
  unsigned n_chords;
} pp_placement;

/* FREQ is the execution frequency of every DAG edge, estimated or
   measured (any non-negative scale; NULL means all equal).
   Deterministic: ties are broken by edge index.  */
pp_status pp_placement_compute (const pp_dag *dag, const double *freq,
                                pp_placement **out, pp_error *err);
void pp_placement_free (pp_placement *pl);

/* Moves WEIGHT (one value per DAG edge, e.g. Ball-Larus or PPP weights)
   onto the placement's chords: ACTIONS (n_edges entries, initialized by
   this function; free with pp_actions_free) are such that executing them
   along any s-t path yields the sum of WEIGHT along that path.  */
pp_status pp_placement_apply (const pp_dag *dag, const pp_placement *pl,
                              mpz_t *const weight, pp_action **actions,
                              pp_error *err);
void pp_actions_free (pp_action *actions, unsigned n_edges);

/* Simulates ACTIONS along the edge sequence PATH, as the instrumented
   program would; the result is the id recorded at its end.  PP_ERR_INVALID
   if the register would be read before being set.  */
pp_status pp_actions_run (const pp_dag *dag, const pp_action *actions,
                          const unsigned *path, size_t len, mpz_t id,
                          pp_error *err);

/* ------------------------------------------------------------------ */
/* Preferential path numbering (thesis Fig. 3.10)                      */
/* ------------------------------------------------------------------ */

typedef struct pp_ppp_result {
  unsigned n_edges;
  mpz_t *weight;        /* PPP weight per DAG edge (0 where undefined) */
  unsigned char *defined; /* 1 where the algorithm assigned a weight */
  unsigned n_interesting;
  mpz_t *ppp_id;        /* per interesting path, in the order given */
  mpz_t range;          /* interesting ids are in [0, range) */
  double delta;         /* range / n_interesting (1.0 is perfect) */
  /* pp_ppp_number_hottest only: when the range of all the interesting
     paths was too large, the weights number only the hottest
     n_numbered of them (numbered[k] set), compactly in [0,
     numbered_range); the others' ppp_id is merely their sum of the
     weights, anywhere (negative too), and `range` and `delta` stay those
     of all of them.  Otherwise numbered is NULL, n_numbered is
     n_interesting and numbered_range is range.  */
  unsigned n_numbered;
  unsigned char *numbered;
  mpz_t numbered_range;
} pp_ppp_result;

/* Numbers the interesting paths INTERESTING[0..N-1], given by their
   Ball-Larus ids under NUM, with compact ids 0..range-1.  Prefixes are the
   Ball-Larus partial sums (unique per prefix leading to a node).  The
   weights are normalized so the smallest interesting id is 0.  Errors: an
   id >= N_s (PP_ERR_RANGE), a repeated id (PP_ERR_DUPLICATE), N == 0
   (PP_ERR_INVALID).  */
pp_status pp_ppp_number (const pp_dag *dag, const pp_numbering *num,
                         mpz_t *const interesting, unsigned n,
                         pp_ppp_result **out, pp_error *err);
void pp_ppp_free (pp_ppp_result *res);

/* As pp_ppp_number, but when the range of the N interesting paths exceeds
   MAX_RANGE (the slots there are room for), the weights number instead
   the K hottest paths by COUNTS (decreasing, ties by increasing
   Ball-Larus id), K the largest (by bisection) whose range is at most
   MAX_RANGE.  Join-by-max can leave gaps that multiply through a DAG:
   xz-utils' lzma_decode numbers its 31,767 tested paths in a range of
   2.3e12, its 584 hottest in under 65,536.  Then the hot tested paths get
   slots, instead of whichever have the smallest ids.  COUNTS NULL: no
   choice, as pp_ppp_number.  */
pp_status pp_ppp_number_hottest (const pp_dag *dag, const pp_numbering *num,
                                 mpz_t *const interesting,
                                 const uint64_t *counts, unsigned n,
                                 uint64_t max_range, pp_ppp_result **out,
                                 pp_error *err);

/* The smallest and the largest sum of WEIGHT over all s-t paths of DAG
   (a shortest and a longest path, in topological order).  */
pp_status pp_path_sum_bounds (const pp_dag *dag, mpz_t *const weight,
                              mpz_t lo, mpz_t hi, pp_error *err);

/* What a preferential path end has to do at run time, decided per DAG
   edge into t from which paths ending with it are "counted" (interesting,
   with a slot).  The Ball-Larus compare with the slot (thesis 3.6) only
   tells a counted path from an alias of it; where every path ending with
   the edge is counted, each has its own PPP id and the id alone names its
   slot, and where none is, the compare can only fail.  */
typedef enum pp_end_kind {
  PP_END_CHECK = 0, /* some of the paths are counted: compare */
  PP_END_COUNT,     /* all of them are: count in the slot of the PPP id */
  PP_END_LOG        /* none is: every path ending here is residual */
} pp_end_kind;

/* Fills KINDS (n_edges entries; PP_END_CHECK on edges not into t) for the
   N counted paths COUNTED, distinct Ball-Larus ids under NUM.
   PP_ERR_RANGE for an id out of range; PP_ERR_DUPLICATE when more ids end
   with an edge than there are paths (a repeated id).  */
pp_status pp_path_end_kinds (const pp_dag *dag, const pp_numbering *num,
                             mpz_t *const counted, unsigned n,
                             unsigned char *kinds, pp_error *err);

/* The first and the last DAG edge of each of the N paths IDS (Ball-Larus
   ids under NUM), into FIRST and LAST (N entries each), and, unless
   PENULT is NULL, the edge before the last into PENULT (PP_NO_EDGE for a
   path of one edge).  PP_ERR_RANGE for an id out of range.  */
#define PP_NO_EDGE ((unsigned) -1)
pp_status pp_path_first_last (const pp_dag *dag, const pp_numbering *num,
                              mpz_t *const ids, unsigned n, unsigned *first,
                              unsigned *penult, unsigned *last,
                              pp_error *err);

/* As pp_path_end_kinds, among the paths that start with a DAG edge
   marked in START_OK (n_edges flags; NULL: every path), for the N
   counted paths whose first and last edges are FIRST and LAST
   (pp_path_first_last).  Those that start elsewhere are left out of both
   sides.  With the first iteration of a loop peeled, the loop that
   remains is entered only through its back edges, so every path that
   ends inside it started with the CUT_START of a cut edge into it.  */
pp_status pp_end_kinds_from (const pp_dag *dag, const unsigned *first,
                             const unsigned *last, unsigned n,
                             const unsigned char *start_ok,
                             unsigned char *kinds, pp_error *err);

/* The same per way into a latch: for each DAG edge E into a node whose
   only out-edge K ends in t, WAY_KINDS[E] is the kind among the paths
   that end with E and then K (and start as START_OK allows), for the N
   counted paths whose first and penultimate edges are FIRST and PENULT
   (pp_path_first_last); PP_END_CHECK on other edges.
   Where some ways around a loop were never tested, its back edge must
   compare, but the ways whose paths all have a slot can count without
   the compare once their path ends are apart (instrument.cc's latches of
   peeled loops).
   Only the paths over edges marked in EDGE_OK (n_edges flags; NULL:
   every edge) are counted on either side; the counted paths must take
   none of the others (pp_path_edges_taken tells which they take).  Where
   the edges that no counted path takes lead into a copy of the code
   that keeps its checks (peel.cc's cold copy), the ways in the original
   see only the paths over the others.  */
pp_status pp_way_kinds_from (const pp_dag *dag, const unsigned *first,
                             const unsigned *penult, unsigned n,
                             const unsigned char *start_ok,
                             const unsigned char *edge_ok,
                             unsigned char *way_kinds, pp_error *err);

/* Marks in TAKEN (n_edges flags) every DAG edge of the paths IDS (N
   Ball-Larus ids under NUM, whose first edges are FIRST) that start with
   an edge marked in START_OK (NULL: all of them).  PP_ERR_RANGE for an
   id out of range.  */
pp_status pp_path_edges_taken (const pp_dag *dag, const pp_numbering *num,
                               mpz_t *const ids, unsigned n,
                               const unsigned *first,
                               const unsigned char *start_ok,
                               unsigned char *taken, pp_error *err);

/* The steady path of the cut end K (a CUT_END DAG edge): the s-t path
   that starts with the CUT_START of the same cut CFG edge and ends with
   K, if it is the only one.  For the back edge of a loop whose body goes
   around one way only, it is the path every iteration after the first
   runs.  Its DAG edges go to PATH (room for n_nodes + 1) and *LEN gets
   their number; *LEN is 0 when K is not a cut end or there is no such
   path or more than one.  */
pp_status pp_steady_path (const pp_dag *dag, unsigned k, unsigned *path,
                          size_t *len, pp_error *err);

/* Sum of WEIGHT along an edge sequence (pathid of Fig. 3.3).  */
void pp_path_sum (mpz_t *const weight, const unsigned *path, size_t len,
                  mpz_t sum);

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_PPCORE_H */
