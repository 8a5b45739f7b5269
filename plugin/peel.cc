/* pathprof plugin: peeling the first iteration of a loop whose back edge
 * needs the PPP check only because of that iteration.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A path that ends with a loop's back edge starts either at the loop's
 * header, after the previous iteration's back edge, or before the loop:
 * the first iteration's.  Where the tests ran every way around the loop
 * but not every way into it, the back edge must compare the slot's
 * Ball-Larus id with the register on every iteration, for the first
 * one's sake.  With the first iteration peeled off (a copy of the body,
 * entered from before the loop, whose back edge goes to the loop's
 * header), the loop that remains is entered only through its back edges,
 * so every path that ends inside it starts inside it
 * (pp_end_kinds_from); instrument.cc decides which of its checks that
 * settles, and the copy keeps them all.  The loop's path registers are
 * then constants at its header on every entry, and GCC folds the resets
 * and the first adds away.
 *
 * pp_instrument asks (pp_request_peel) with the conditions of the checks
 * to fold, the statements themselves: gimple_duplicate_loop_body_to_
 * header_edge leaves the original blocks as the loop and puts the copy
 * before it, so the statements asked about stay in the loop and their
 * copies, in the first iteration, keep the full check.  It runs once the
 * function is in SSA form with its instrumentation (pass.cc, the late
 * stage only), as GCC's own peeling (tree-ssa-loop-ivcanon.cc's
 * try_peel_loop) does.  Loops nested in one another (a loop whose latch
 * counts on each way, and the loops in it or around it) are peeled inner
 * first, the copies put in SSA form before an outer loop copies them.
 *
 * Cold copies.  Where some way around the loop was never tested, a way
 * into its latch may still mix a tested path with untested ones that
 * differ from it only by edges no tested path takes (GNU make's loop over
 * a command line's characters copies a plain character by one path with
 * one_shell false, tested, and one with it true, never tested).  Once
 * the loop is peeled, cold_copy leads those cold edges into a copy of the
 * blocks between them and the checks of such ways (the blocks that both
 * come after a cold edge and lead to such a check, inside one iteration):
 * the copy keeps the checks, and in the original every path that reaches
 * them took only the tested paths' edges, so they fold as
 * pp_way_kinds_from says for those edges (instrument.cc's cold_ways).
 * Out of the copy, control goes back to the original blocks wherever
 * none of those checks lies ahead, so no path of the original reaches a
 * folded check through a cold edge.  It runs after all the peeling, on
 * the original blocks, which are the loop that remains.
 */
#include "gcc-compat.h"
#include "tree-ssa-loop-manip.h"
#include "tree-ssa.h"
#include "cfgcleanup.h"
#include "pathprof.h"

namespace {

struct peel_request
{
  function *fn;
  basic_block header;
  vec<gcond *> conds;
  vec<bool> values;       /* what each condition becomes */
  /* The cold copy (see the file comment), unless COLD_EDGES is empty.  */
  vec<edge> cold_edges;
  vec<gcond *> cold_conds;
  vec<bool> cold_values;
};

vec<peel_request *> requests;
/* Peeled loops whose cold copy waits for the peeling to finish.  */
vec<peel_request *> cold_requests;

/* Whether E is still an edge of the CFG.  */
bool
edge_present (edge e)
{
  edge f;
  edge_iterator ei;
  FOR_EACH_EDGE (f, ei, e->src->succs)
    if (f == e)
      return true;
  return false;
}

/* Folds each of CONDS into what VALUES says.  */
void
fold_conds (vec<gcond *> conds, vec<bool> values)
{
  unsigned i;
  gcond *cond;
  FOR_EACH_VEC_ELT (conds, i, cond)
    {
      if (values[i])
        gimple_cond_make_true (cond);
      else
        gimple_cond_make_false (cond);
      update_stmt (cond);
    }
}

/* Peels REQ's loop and folds its conditions; false when the loop is no
   longer there as asked or GCC cannot copy it (then nothing changes).  */
bool
peel_one (peel_request *req)
{
  class loop *loop = req->header->loop_father;
  if (!loop || !loop_outer (loop) || loop->header != req->header)
    return false;
  /* Every condition must still be in the loop (in a subloop too: it is
     reached only through the loop's header).  */
  unsigned i;
  gcond *cond;
  FOR_EACH_VEC_ELT (req->conds, i, cond)
    if (!gimple_bb (cond) || !flow_bb_inside_loop_p (loop, gimple_bb (cond)))
      return false;
  if (!can_duplicate_loop_p (loop))
    return false;
  auto_sbitmap wont_exit (2);
  bitmap_clear (wont_exit);
  initialize_original_copy_tables ();
  bool ok = gimple_duplicate_loop_body_to_header_edge (
      loop, loop_preheader_edge (loop), 1, wont_exit, NULL, NULL,
      DLTHE_FLAG_UPDATE_FREQ);
  free_original_copy_tables ();
  if (!ok)
    return false;
  /* (The loop that remains runs one iteration less: the bounds GCC
     recorded for it are upper ones and stay true.)  */
  fold_conds (req->conds, req->values);
  return true;
}

/* Makes REQ's cold copy in its peeled loop (see the file comment) and
   folds its cold conditions in the original; false when the loop or
   the edges are no longer there as asked, or the blocks to copy hold a
   nested loop or cannot be copied (then nothing changes).  */
bool
cold_copy (peel_request *req)
{
  class loop *loop = req->header->loop_father;
  if (!loop || !loop_outer (loop) || loop->header != req->header)
    return false;
  unsigned i;
  edge e;
  edge_iterator ei;
  auto_vec<basic_block> work;
  FOR_EACH_VEC_ELT (req->cold_edges, i, e)
    {
      if (!edge_present (e) || (e->flags & (EDGE_ABNORMAL | EDGE_EH))
          || !flow_bb_inside_loop_p (loop, e->src)
          || !flow_bb_inside_loop_p (loop, e->dest)
          || e->dest == loop->header)
        return false;
      work.safe_push (e->dest);
    }
  /* The blocks after a cold edge (AHEAD) and those before a cold
     condition (BEHIND), inside one iteration.  */
  auto_sbitmap ahead (last_basic_block_for_fn (cfun));
  auto_sbitmap behind (last_basic_block_for_fn (cfun));
  bitmap_clear (ahead);
  bitmap_clear (behind);
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      if (!bitmap_set_bit (ahead, bb->index))
        continue;
      FOR_EACH_EDGE (e, ei, bb->succs)
        if (e->dest != loop->header && flow_bb_inside_loop_p (loop, e->dest))
          work.safe_push (e->dest);
    }
  gcond *cond;
  FOR_EACH_VEC_ELT (req->cold_conds, i, cond)
    {
      basic_block bb = gimple_bb (cond);
      if (!bb || !flow_bb_inside_loop_p (loop, bb))
        return false;
      work.safe_push (bb);
    }
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      if (!bitmap_set_bit (behind, bb->index) || bb == loop->header)
        continue;
      FOR_EACH_EDGE (e, ei, bb->preds)
        if (flow_bb_inside_loop_p (loop, e->src))
          work.safe_push (e->src);
    }
  auto_vec<basic_block> region;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    if (bitmap_bit_p (ahead, bb->index) && bitmap_bit_p (behind, bb->index))
      {
        /* (A loop nested in the copy would need a copy of its own.)  */
        if (bb->loop_father != loop)
          return false;
        region.safe_push (bb);
      }
  if (!region.is_empty ()
      && !can_copy_bbs_p (region.address (), region.length ()))
    return false;
  if (!region.is_empty ())
    {
      /* The copy runs as often as the cold edges, the original so much
         less (by GCC's estimate: the tests never took them).  */
      profile_count cold = profile_count::zero (), into = profile_count::zero ();
      FOR_EACH_VEC_ELT (req->cold_edges, i, e)
        if (bitmap_bit_p (behind, e->dest->index)
            && !(bitmap_bit_p (ahead, e->src->index)
                 && bitmap_bit_p (behind, e->src->index)))
          cold += e->count ();
      FOR_EACH_VEC_ELT (region, i, bb)
        FOR_EACH_EDGE (e, ei, bb->preds)
          if (!bitmap_bit_p (ahead, e->src->index)
              || !bitmap_bit_p (behind, e->src->index))
            into += e->count ();
      auto_vec<basic_block> copies;
      copies.safe_grow (region.length ());
      initialize_original_copy_tables ();
      copy_bbs (region.address (), region.length (), copies.address (), NULL,
                0, NULL, loop, region.last (), false);
      FOR_EACH_VEC_ELT (req->cold_edges, i, e)
        if (bitmap_bit_p (behind, e->dest->index))
          {
            /* (Never NULL: no cold edge is abnormal or EH.)  */
            edge to_copy = redirect_edge_and_branch (e, get_bb_copy (e->dest));
            flush_pending_stmts (to_copy);
          }
      add_phi_args_after_copy (copies.address (), copies.length (), NULL);
      free_original_copy_tables ();
      if (into.nonzero_p () && cold <= into)
        {
          scale_bbs_frequencies_profile_count (copies.address (),
                                               copies.length (), cold, into);
          scale_bbs_frequencies_profile_count (region.address (),
                                               region.length (), into - cold,
                                               into);
        }
    }
  fold_conds (req->cold_conds, req->cold_values);
  return true;
}

/* Whether another request of REQ's function waits for a loop inside
   REQ's loop.  */
bool
encloses_request (const peel_request *req)
{
  class loop *loop = req->header->loop_father;
  if (!loop)
    return false;
  for (unsigned i = 0; i < requests.length (); i++)
    {
      const peel_request *r = requests[i];
      if (r->fn == req->fn && r->header != req->header
          && flow_bb_inside_loop_p (loop, r->header))
        return true;
    }
  return false;
}

/* Frees REQ.  */
void
free_request (peel_request *req)
{
  req->conds.release ();
  req->values.release ();
  req->cold_edges.release ();
  req->cold_conds.release ();
  req->cold_values.release ();
  free (req);
}

/* Forgets request I.  */
void
drop_request (unsigned i)
{
  free_request (requests[i]);
  requests.unordered_remove (i);
}

} // namespace

void
pp_request_peel (basic_block header, vec<gcond *> conds, vec<bool> values,
                 vec<edge> cold_edges, vec<gcond *> cold_conds,
                 vec<bool> cold_values)
{
  peel_request *req = XNEW (peel_request);
  req->fn = cfun;
  req->header = header;
  req->conds = conds;
  req->values = values;
  req->cold_edges = cold_edges;
  req->cold_conds = cold_conds;
  req->cold_values = cold_values;
  requests.safe_push (req);
}

unsigned
pp_peel_loops (function *fn, unsigned *n_asked, unsigned *n_folded,
               unsigned *n_cold)
{
  unsigned n_peeled = 0;
  *n_asked = *n_folded = *n_cold = 0;
  for (unsigned i = 0; i < requests.length (); i++)
    *n_asked += requests[i]->fn == fn;
  if (!*n_asked)
    return 0;
  if (fn != cfun || !current_loops)
    return 0;
  /* As GCC's own peeling has them (tree-ssa-loop-ivcanon.cc).  */
  loop_optimizer_init (LOOPS_NORMAL);
  calculate_dominance_info (CDI_DOMINATORS);
  /* Inner loops first, each round's copies put in SSA form before the
     next round copies them again (as GCC's complete unrolling does,
     tree-ssa-loop-ivcanon.cc): a loop is peeled once no other request
     waits inside it.  A loop nested in a peeled one is copied with it,
     its conditions folded as they were.  */
  for (bool progress = true; progress;)
    {
      progress = false;
      unsigned round = 0;
      for (unsigned i = 0; i < requests.length ();)
        {
          peel_request *req = requests[i];
          if (req->fn != fn || encloses_request (req))
            {
              i++;
              continue;
            }
          if (peel_one (req))
            {
              round++;
              *n_folded += req->conds.length ();
              if (!req->cold_edges.is_empty ())
                {
                  cold_requests.safe_push (req);
                  requests.unordered_remove (i);
                  progress = true;
                  continue;
                }
            }
          drop_request (i);
          progress = true;
        }
      if (round)
        update_ssa (TODO_update_ssa);
      n_peeled += round;
    }
  /* Then the cold copies, in the loops that remain.  */
  while (!cold_requests.is_empty ())
    {
      peel_request *req = cold_requests.pop ();
      if (cold_copy (req))
        {
          ++*n_cold;
          *n_folded += req->cold_conds.length ();
        }
      free_request (req);
    }
  if (*n_cold)
    {
      /* Blocks that only cold edges reached are the copy's alone now
         (their definitions wait for update_ssa, which releases them).  */
      free_dominance_info (CDI_DOMINATORS);
      delete_unreachable_blocks ();
      update_ssa (TODO_update_ssa);
    }
  loop_optimizer_finalize ();
  free_dominance_info (CDI_DOMINATORS);
  return n_peeled;
}

void
pp_peel_release (void)
{
  while (!requests.is_empty ())
    drop_request (requests.length () - 1);
  while (!cold_requests.is_empty ())
    free_request (cold_requests.pop ());
}
