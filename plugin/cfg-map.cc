/* pathprof plugin: GCC's CFG -> the core's pp_cfg.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules are those of specs/cfg-rules.md; in short:
 *   - one node per live block, ENTRY_BLOCK and EXIT_BLOCK included, in
 *     block-index order; successors in GCC's order;
 *   - normal edges are plain CFG edges, cut when GCC marks them
 *     EDGE_DFS_BACK;
 *   - EH and computed-goto edges ("hard": no code can go on them) stay in
 *     the CFG but are never cut; their code is split between the jumping
 *     statement and the head of their target (instrument.cc);
 *   - the abnormal edges of setjmp and nonlocal gotos are left out (they
 *     go through a dispatcher block that never executes); their targets
 *     ("restart" nodes) start a new path on every entry;
 *   - exits are EXIT_BLOCK and every node without a successor in pp_cfg
 *     (noreturn calls, resx leaving the function, longjmp).
 * Whatever falls outside these rules makes pp_map_function fail, and the
 * caller skips the function.
 */
#include "gcc-compat.h"
#include "pathprof.h"

#include <math.h>

/* The block contains only .ABNORMAL_DISPATCHER: it stands for "some call
   longjmp'd back here" and never executes.  */
static bool
is_dispatcher (basic_block bb)
{
  gimple_stmt_iterator gsi = gsi_start_nondebug_after_labels_bb (bb);
  return !gsi_end_p (gsi)
         && gimple_call_internal_p (gsi_stmt (gsi), IFN_ABNORMAL_DISPATCHER);
}

/* Classifies E; sets *UNSUPPORTED for edges no rule covers.  */
static pp_edge_class
classify_edge (edge e, bool *unsupported)
{
  if (e->flags & (EDGE_FAKE | EDGE_TM_ABORT | EDGE_TM_UNINSTRUMENTED))
    {
      *unsupported = true;
      return PPE_HARD;
    }
  if (e->flags & EDGE_EH)
    return PPE_HARD;
  if (e->flags & EDGE_ABNORMAL)
    {
      if (is_dispatcher (e->src))
        return PPE_OMITTED;
      gimple *last = ppc_last_nondebug_stmt (e->src);
      /* A call that may longjmp or do a nonlocal goto: the edge leads to
         the dispatcher (or straight to a receiver).  */
      if (last && is_gimple_call (last))
        return PPE_OMITTED;
      if (last && gimple_code (last) == GIMPLE_GOTO && computed_goto_p (last))
        return PPE_HARD;
      *unsupported = true;
      return PPE_HARD;
    }
  return PPE_NORMAL;
}

/* Where code "on entry to BB" must go; see pp_head_kind.  A block that a
   longjmp returns into starts with the returns_twice call: the code must
   run after the call returns, whichever way it returns.  */
static pp_head_kind
head_kind (basic_block bb, gimple **stmt)
{
  *stmt = NULL;
  if (bb->index < NUM_FIXED_BLOCKS)
    return PPH_START;
  gimple_stmt_iterator gsi = gsi_start_nondebug_after_labels_bb (bb);
  if (gsi_end_p (gsi))
    return PPH_START;
  gimple *g = gsi_stmt (gsi);
  if (!is_gimple_call (g) || !(gimple_call_flags (g) & ECF_RETURNS_TWICE))
    return PPH_START;
  *stmt = g;
  if (g == ppc_last_nondebug_stmt (bb) && stmt_ends_bb_p (g))
    return PPH_OUT_EDGES;
  return PPH_AFTER_STMT;
}

void
pp_map_free (pp_fn_map *map)
{
  pp_cfg_free (map->cfg);
  free (map->node_bb);
  free (map->bb_node);
  free (map->cfg_edge);
  free (map->edge_hard);
  free (map->restart);
  free (map->hard_target);
  free (map->head_kind);
  free (map->head_stmt);
  free (map->cut_call);
  free (map->cut_callee);
  free (map->head_prefix);
  memset (map, 0, sizeof *map);
}

/* Breadth-first reachability from ENTRY: over all edges, or (PP_EDGES_ONLY)
   over those that become pp_cfg edges (which never enter a dispatcher).  */
static void
reach (function *fn, unsigned char *seen, bool pp_edges_only)
{
  unsigned nb = last_basic_block_for_fn (fn);
  basic_block *queue = XNEWVEC (basic_block, nb);
  unsigned head = 0, tail = 0;
  bool unsupported = false;
  memset (seen, 0, nb);
  queue[tail++] = ENTRY_BLOCK_PTR_FOR_FN (fn);
  seen[ENTRY_BLOCK] = 1;
  while (head < tail)
    {
      basic_block bb = queue[head++];
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
        {
          if (pp_edges_only
              && (classify_edge (e, &unsupported) == PPE_OMITTED
                  || is_dispatcher (e->dest)))
            continue;
          if (!seen[e->dest->index])
            {
              seen[e->dest->index] = 1;
              queue[tail++] = e->dest;
            }
        }
    }
  XDELETEVEC (queue);
}

bool
pp_map_function (function *fn, pp_fn_map *map, const char **why)
{
  memset (map, 0, sizeof *map);
  map->fn = fn;
  unsigned nb = last_basic_block_for_fn (fn);
  unsigned char *keep = XCNEWVEC (unsigned char, nb);
  unsigned char *live = XCNEWVEC (unsigned char, nb);
  bool ok = false;
  basic_block bb;
  edge e;
  edge_iterator ei;

  /* Blocks: every block reachable from ENTRY without the setjmp plumbing
     is a node.  A block that runs but is reachable only through that
     plumbing (a nonlocal label nothing falls into) would start executing
     with a stale path register: refuse the function instead.  */
  reach (fn, keep, true);
  reach (fn, live, false);
  bool unsupported = false;
  FOR_ALL_BB_FN (bb, fn)
    {
      if (live[bb->index] && !keep[bb->index] && !is_dispatcher (bb))
        {
          *why = "a block is reachable only through a nonlocal goto or "
                 "longjmp";
          goto out;
        }
      if (keep[bb->index])
        FOR_EACH_EDGE (e, ei, bb->succs)
          classify_edge (e, &unsupported);
    }
  if (unsupported)
    {
      *why = "it has an abnormal edge of an unsupported kind";
      goto out;
    }

  map->bb_node = XNEWVEC (int, nb);
  map->node_bb = XNEWVEC (basic_block, nb);
  for (unsigned i = 0; i < nb; i++)
    {
      map->bb_node[i] = -1;
      basic_block b = BASIC_BLOCK_FOR_FN (fn, i);
      if (b && keep[i])
        {
          map->bb_node[i] = map->n_nodes;
          map->node_bb[map->n_nodes++] = b;
        }
    }
  map->exit_node = map->bb_node[EXIT_BLOCK] >= 0
                       ? (unsigned) map->bb_node[EXIT_BLOCK]
                       : map->n_nodes;
  map->cfg = pp_cfg_new (map->n_nodes, map->bb_node[ENTRY_BLOCK]);
  if (!map->cfg)
    {
      *why = "out of memory";
      goto out;
    }
  map->restart = XCNEWVEC (unsigned char, map->n_nodes);
  map->hard_target = XCNEWVEC (unsigned char, map->n_nodes);
  map->head_kind = XCNEWVEC (unsigned char, map->n_nodes);
  map->head_stmt = XCNEWVEC (gimple *, map->n_nodes);

  /* Edges, in node order then successor order; cut = GCC's back edges.  */
  ppc_mark_dfs_back_edges (fn);
  {
    unsigned cap = 16, n = 0;
    map->cfg_edge = XNEWVEC (edge, cap);
    map->edge_hard = XNEWVEC (unsigned char, cap);
    for (unsigned v = 0; v < map->n_nodes; v++)
      FOR_EACH_EDGE (e, ei, map->node_bb[v]->succs)
        {
          pp_edge_class cls = classify_edge (e, &unsupported);
          int w = map->bb_node[e->dest->index];
          if (cls == PPE_OMITTED)
            continue;
          gcc_assert (w >= 0);
          pp_cut_kind cut = PP_CUT_NONE;
          if ((e->flags & EDGE_DFS_BACK) && cls == PPE_NORMAL)
            cut = PP_CUT_BACK;
          if (pp_cfg_add_edge (map->cfg, v, w, cut) < 0)
            {
              *why = "out of memory";
              goto out;
            }
          if (n == cap)
            {
              cap *= 2;
              map->cfg_edge = XRESIZEVEC (edge, map->cfg_edge, cap);
              map->edge_hard = XRESIZEVEC (unsigned char, map->edge_hard,
                                           cap);
            }
          map->cfg_edge[n] = e;
          map->edge_hard[n] = cls == PPE_HARD;
          if (cls == PPE_HARD)
            {
              map->hard_target[w] = 1;
              map->n_hard++;
            }
          if (cut == PP_CUT_BACK)
            map->n_back++;
          n++;
        }
    map->n_edges = n;
  }

  for (unsigned v = 0; v < map->n_nodes; v++)
    map->head_kind[v] = head_kind (map->node_bb[v], &map->head_stmt[v]);

  /* Entering a node through the setjmp plumbing (typically from the
     dispatcher, which is not a node) skips whatever the path register
     should hold: such a node must start paths afresh.  */
  FOR_ALL_BB_FN (bb, fn)
    if (live[bb->index])
      FOR_EACH_EDGE (e, ei, bb->succs)
        if (map->bb_node[e->dest->index] >= 0
            && classify_edge (e, &unsupported) == PPE_OMITTED)
          map->restart[map->bb_node[e->dest->index]] = 1;

  /* Checks and extra cuts.  */
  {
    pp_cfg *cfg = map->cfg;
    unsigned *n_out = XCNEWVEC (unsigned, map->n_nodes);
    unsigned char *hard_out = XCNEWVEC (unsigned char, map->n_nodes);
    const char *bad = NULL;
    for (unsigned i = 0; i < map->n_edges; i++)
      {
        n_out[cfg->edges[i].src]++;
        if (map->edge_hard[i])
          hard_out[cfg->edges[i].src] = 1;
      }
    for (unsigned i = 0; i < map->n_edges && !bad; i++)
      {
        unsigned v = cfg->edges[i].src, w = cfg->edges[i].dst;
        if (!map->edge_hard[i])
          {
            /* Every entry to a restart node starts a new path.  */
            if (map->restart[w] && cfg->edges[i].cut == PP_CUT_NONE)
              {
                cfg->edges[i].cut = PP_CUT_SPLIT;
                map->n_extra_cuts++;
              }
            continue;
          }
        if (v == cfg->entry || !ppc_last_nondebug_stmt (map->node_bb[v]))
          bad = "an abnormal edge leaves a block without statements";
        else if (w == map->exit_node)
          bad = "an abnormal edge enters the exit block";
        else if (map->restart[w])
          bad = "a setjmp receiver is also an exception or computed-goto "
                "target";
        else if (map->cfg_edge[i]->flags & EDGE_DFS_BACK)
          {
            /* A retreating hard edge cannot be cut: cut the plain edges
               into its source instead, which breaks the same cycles
               unless they also run through other hard edges (then the
               DAG check below fails).  */
            for (unsigned j = 0; j < map->n_edges; j++)
              if (cfg->edges[j].dst == v && !map->edge_hard[j]
                  && cfg->edges[j].cut == PP_CUT_NONE)
                {
                  cfg->edges[j].cut = PP_CUT_SPLIT;
                  map->n_extra_cuts++;
                }
          }
      }
    for (unsigned v = 0; v < map->n_nodes && !bad; v++)
      {
        bool needs_head = map->restart[v] || map->hard_target[v];
        bool is_exit = v == map->exit_node || n_out[v] == 0;
        if (map->head_kind[v] == PPH_OUT_EDGES
            && (hard_out[v] || (n_out[v] == 0 && (needs_head || is_exit))))
          bad = "a returns_twice call ends a block with no plain successor";
        if (is_exit && pp_cfg_set_exit (cfg, v, NULL) != PP_OK)
          bad = "out of memory";
        /* Path splitting may not cut a node whose in-edges cannot carry
           code, nor one whose entry code already lives at its head.  */
        if (needs_head)
          cfg->no_split[v] = 1;
      }
    free (n_out);
    free (hard_out);
    if (bad)
      {
        *why = bad;
        goto out;
      }
  }
  ok = true;

out:
  XDELETEVEC (keep);
  XDELETEVEC (live);
  if (!ok)
    pp_map_free (map);
  return ok;
}

/* Static frequency estimate.  GCC's own estimate (pass profile_estimate)
   runs among the early optimizations, after stage=early and (from -O1)
   before stage=late; both stages use this one, so: an edge runs
   10^depth times per call, depth being the loop depth of the shallower
   end (capped), shared equally among the successors of its source.  Hard
   edges and the edges into their targets are boosted far above anything
   else, so that the spanning tree keeps them free of code whenever it
   can: code there costs an extra store per in-edge and a load at the
   target (instrument.cc).

   With PROFILE (the edge counts of the interesting paths, from the test
   runs' path profile) the measured count ranks the edges and the
   estimate, scaled below 1, only breaks its ties (the edges the tests
   never ran, or ran equally often): the test profile predicts the field
   better than loop depth does, and a placement off the hot paths saves
   an increment per register on every path that avoids a chord (Ball and
   Larus 1996, section 3.3, with an edge profile).  Hard edges stay above
   every count.  */
double *
pp_estimate_frequencies (const pp_fn_map *map, const pp_dag *dag,
                         const double *profile)
{
  const double boost = 1e12;
  /* Above any count a test run can reach, yet with room below 2^53 for
     the count to keep ordering the hard edges among themselves.  */
  const double hard_floor = 1e15;
  function *fn = map->fn;
  double *freq = XNEWVEC (double, dag->n_edges);
  unsigned *n_out = XCNEWVEC (unsigned, map->n_nodes);
  for (unsigned i = 0; i < map->n_edges; i++)
    n_out[map->cfg->edges[i].src]++;

  for (unsigned k = 0; k < dag->n_edges; k++)
    {
      const pp_dag_edge *de = &dag->edges[k];
      double f = 1.0;
      unsigned boosts = 0;
      switch (de->kind)
        {
        case PP_EDGE_ENTRY:
          f = 1.0;
          break;
        case PP_EDGE_EXIT:
          f = pow (10.0, MIN (ppc_loop_depth (fn, map->node_bb[de->origin]),
                              8u));
          break;
        case PP_EDGE_REAL:
        case PP_EDGE_CUT_START:
        case PP_EDGE_CUT_END:
          {
            edge e = map->cfg_edge[de->origin];
            unsigned d = MIN (ppc_loop_depth (fn, e->src),
                              ppc_loop_depth (fn, e->dest));
            unsigned src = map->cfg->edges[de->origin].src;
            f = pow (10.0, MIN (d, 8u)) / MAX (n_out[src], 1u);
            boosts += map->edge_hard[de->origin];
          }
          break;
        }
      if (de->dst < map->n_nodes
          && (map->hard_target[de->dst] || map->restart[de->dst]))
        boosts++;
      /* The estimate is at most 10^8 (depth 8): scaled below 1, it only
         breaks the ties of the profile.  */
      if (profile)
        freq[k] = profile[k] + f / 1e9 + boosts * hard_floor;
      else
        freq[k] = f * pow (boost, boosts);
    }
  free (n_out);
  return freq;
}
