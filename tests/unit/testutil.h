/* pathprof core unit tests: shared helpers.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything here is written independently of plugin/core: a private PRNG,
 * a brute-force path enumerator, a path counter, a reference implementation
 * of the PPP algorithm of thesis Fig. 3.10 and of the greedy path splitting
 * contract of pp_split_paths.  The tests compare the core against these.
 */
#ifndef PATHPROF_TESTUTIL_H
#define PATHPROF_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <gmp.h>
#include <CUnit/CUnit.h>
#include "ppcore.h"

/* ------------------------------------------------------------------ */
/* Deterministic PRNG (splitmix64).                                    */
/* ------------------------------------------------------------------ */

typedef struct tu_rng { uint64_t state; } tu_rng;

uint64_t tu_splitmix64 (uint64_t *state);
void tu_rng_seed (tu_rng *r, uint64_t seed);
uint64_t tu_next (tu_rng *r);
/* Uniform in [0, n), n > 0.  */
unsigned tu_below (tu_rng *r, unsigned n);
/* True with probability num/den.  */
int tu_chance (tu_rng *r, unsigned num, unsigned den);

/* Base seed of the random tests (PP_TEST_SEED overrides) and the number
   of random graphs (PP_TEST_GRAPHS overrides).  */
uint64_t tu_base_seed (void);
unsigned tu_num_graphs (unsigned dflt);

/* ------------------------------------------------------------------ */
/* Failure reporting for loops over many generated cases.              */
/* ------------------------------------------------------------------ */

/* Text describing the case under test (seed, graph), printed with every
   failure.  */
extern char tu_ctx[512];
/* CFG under test, dumped with the first failures (may be NULL).  */
extern const pp_cfg *tu_ctx_cfg;

/* Records a CUnit failure and prints FMT with the context.  */
void tu_fail (const char *file, int line, const char *cond,
              const char *fmt, ...) __attribute__ ((format (printf, 4, 5)));

/* Inside a function with a "fail:" cleanup label.  */
#define TU_CHECK(cond, ...)                                             \
  do {                                                                  \
    if (!(cond))                                                        \
      {                                                                 \
        tu_fail (__FILE__, __LINE__, #cond, __VA_ARGS__);               \
        goto fail;                                                      \
      }                                                                 \
  } while (0)

/* Status check with the core's message.  */
#define TU_CHECK_ST(st, want, err)                                      \
  TU_CHECK ((st) == (want), "status %d (%s), want %d (%s): %s",         \
            (int) (st), pp_status_name (st), (int) (want),              \
            pp_status_name (want), (err).message)

void tu_dump_cfg (const pp_cfg *cfg);

/* Compares strings, printing both on a mismatch (CUnit alone would only
   print the expression).  */
#define CHECK_STR(actual, expected)                                       \
  do                                                                      \
    {                                                                     \
      const char *a_ = (actual), *e_ = (expected);                        \
      if (!a_ || strcmp (a_, e_) != 0)                                    \
        fprintf (stderr, "\n%s:%d: got\n[%s]\nexpected\n[%s]\n", __FILE__,  \
                 __LINE__, a_ ? a_ : "(null)", e_);                       \
      CU_ASSERT (a_ && strcmp (a_, e_) == 0);                             \
    }                                                                     \
  while (0)

/* ------------------------------------------------------------------ */
/* CFG helpers.                                                        */
/* ------------------------------------------------------------------ */

/* Builds a CFG from EDGES[M][2] (no cut edges) and exit list.  Asserts
   (CUnit) that every call succeeds.  */
pp_cfg *tu_cfg_make (unsigned n, unsigned entry, const unsigned (*edges)[2],
                     unsigned m, const unsigned *exits, unsigned n_exits);
/* Deep copy through the public API (edges with their cut kinds, exits,
   no_split).  */
pp_cfg *tu_cfg_clone (const pp_cfg *cfg);

/* A random CFG with N_MIN..N_MAX nodes, entry 0, every node reachable from
   the entry, no duplicate edges (self loops allowed), every node without
   successors an exit, some other nodes exits, a few nodes no_split.
   Back edges are NOT marked.  */
pp_cfg *tu_random_cfg (uint64_t seed, unsigned n_min, unsigned n_max);

/* Independent DFS back-edge marking from the entry, successors in edge
   order; writes 1 into BACK[i] for every back edge i.  Returns count.  */
unsigned tu_ref_back_edges (const pp_cfg *cfg, unsigned char *back);

/* ------------------------------------------------------------------ */
/* Independent DAG analysis.                                           */
/* ------------------------------------------------------------------ */

/* Kahn topological order over dag->edges (ignores dag->topo and the CSR
   arrays).  Returns 1 and fills ORDER (n_nodes) if acyclic.  */
int tu_topo (const pp_dag *dag, unsigned *order);

/* FROM[v] := number of paths v -> t over dag->edges.  Returns 0 if the
   DAG has a cycle.  FROM must hold n_nodes initialized mpz_t.  */
int tu_count_from (const pp_dag *dag, mpz_t *from);

/* A flat list of paths (edge sequences).  */
typedef struct tu_pathset {
  size_t n;           /* number of paths */
  size_t *off;        /* path i is e[off[i] .. off[i+1]-1]; n+1 entries */
  unsigned *e;
  size_t cap_n, cap_e;
} tu_pathset;

/* Enumerates every s-t path of DAG by DFS over dag->out_edges.  Returns 1,
   or 0 (and an incomplete set) if there are more than LIMIT paths.  */
int tu_enum_paths (const pp_dag *dag, size_t limit, tu_pathset *ps);
void tu_pathset_free (tu_pathset *ps);
static inline size_t tu_path_len (const tu_pathset *ps, size_t i)
{ return ps->off[i + 1] - ps->off[i]; }
static inline const unsigned *tu_path (const tu_pathset *ps, size_t i)
{ return ps->e + ps->off[i]; }

/* Own sum of W along PATH (does not call pp_path_sum).  */
void tu_sum (mpz_t *w, const unsigned *path, size_t len, mpz_t out);
/* 1 if PATH is an s-t path of DAG (contiguous, from s, to t).  */
int tu_is_st_path (const pp_dag *dag, const unsigned *path, size_t len);

/* ------------------------------------------------------------------ */
/* Reference preferential numbering: thesis Fig. 3.10, literally.      */
/* Prefixes are identified by a trie over the interesting paths' edge  */
/* sequences (not by Ball-Larus sums), node order is our own reverse   */
/* topological order, out-edges in dag->out_edges order.               */
/* W[e] and DEF[e] per DAG edge (W = 0 where undefined), IDS[i] per    */
/* interesting path PATHS[i] (edge sequences).                         */
/* ------------------------------------------------------------------ */
void tu_ref_ppp (const pp_dag *dag, unsigned k, const unsigned *const *paths,
                 const size_t *lens, mpz_t *w, unsigned char *def,
                 mpz_t *ids);

/* ------------------------------------------------------------------ */
/* Reference of the pp_split_paths contract.                           */
/* ------------------------------------------------------------------ */

/* Number of s-t paths of the DAG a CFG stands for (cut edges replaced by
   s->dst and src->t, s->entry, exit->t), computed without pp_dag.
   Returns 0 if that graph has a cycle.  */
int tu_cfg_count (const pp_cfg *cfg, mpz_t out);

/* Greedy: while count > MAX, cut (PP_CUT_SPLIT) all uncut in-edges of the
   node whose cut lowers the count most (ties: lowest index; never the
   entry, never no_split, never a node without an uncut in-edge).
   PP_ERR_RANGE when no candidate lowers the count.  */
pp_status tu_ref_split (pp_cfg *cfg, const mpz_t max, unsigned *n_cuts);

/* Finds the DAG edge SRC->DST of kind KIND (first one), or -1.  */
long tu_find_edge (const pp_dag *dag, unsigned src, unsigned dst,
                   pp_edge_kind kind);

#endif /* PATHPROF_TESTUTIL_H */
