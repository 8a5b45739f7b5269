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
 * try_peel_loop) does.  Loops nested in one another (in slots, a loop
 * whose latch counts on each way and the loops in it or around it; in a
 * function counted in an array, any, instrument.cc's choose_array_peels)
 * are peeled inner first, the copies put in SSA form before an outer
 * loop copies them.
 * The outer loop's checks in the inner loop hold for the inner loop's
 * first iteration too, and so do its inner conditions (the checks that
 * its paths settle where they do not start after the inner loop's back
 * edge, instrument.cc's compute_inner_kinds): when the inner loop is
 * peeled, copy_outer_conds gives the outer loop's request the copies to
 * fold with them.
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
 * the original blocks, which are the loop that remains.  A cold edge may
 * enter a loop nested in the loop (GNU make's loop over the pattern
 * rules leaves the loop over a rule's targets for most rules after its
 * back edge, tested, and never after entering it): that loop is peeled
 * first (request_for), the cold edge is then the one into its first
 * iteration's copy (cold_edge), and the copy of the blocks stops at the
 * header of the loop that remains of it, where only its back edges and
 * its copy's, path ends both, come from outside it.  The copy's
 * blocks join LOOP (copy_bbs), but nothing here marks irreducible
 * regions or exits again: a copy that enters or leaves an irreducible
 * region leaves those marks stale, and pass.cc's pp_fix_loops, which runs
 * after every function with a peeled loop (and there is a cold copy only
 * in a peeled loop), brings the loop structure up to date before any
 * other pass reads it.
 */
#include "gcc-compat.h"
#include "tree-ssa-loop-manip.h"
#include "tree-ssa.h"
#include "cfgcleanup.h"
#include "pathprof.h"

namespace {

/* An edge by its blocks' indices: GCC frees a removed edge at once
   (free_edge), a removed block only at the next collection, so a stored
   edge pointer could dangle where a block index is looked up again.  */
struct edge_key
{
  int src, dest;
};

struct peel_request
{
  function *fn;
  basic_block header;
  vec<gcond *> conds;
  vec<bool> values;       /* what each condition becomes */
  /* The cold copy (see the file comment), unless COLD_EDGES is empty.  */
  vec<edge_key> cold_edges;
  vec<gcond *> cold_conds;
  vec<bool> cold_values;
  /* Conditions in loops nested in it whose copies in their first
     iteration (not they) become INNER_VALUES.  */
  vec<gcond *> inner_conds;
  vec<bool> inner_values;
};

vec<peel_request *> requests;
/* Peeled loops whose cold copy waits for the peeling to finish.  */
vec<peel_request *> cold_requests;
/* A loop peeled in the function, by block indices: the header of the
   loop that remains and that of its copy, the first iteration.  */
struct peeled_loop
{
  int header, copy;
};
vec<peeled_loop> peeled;

/* The copy of the header HEADER of a loop peeled, or NULL.  */
basic_block
peeled_copy (basic_block header)
{
  for (unsigned i = 0; i < peeled.length (); i++)
    if (peeled[i].header == header->index
        && peeled[i].copy < last_basic_block_for_fn (cfun))
      return BASIC_BLOCK_FOR_FN (cfun, peeled[i].copy);
  return NULL;
}

/* The edge KEY names in cfun, or NULL where it is no longer there.  */
edge
find_key_edge (edge_key key)
{
  if (key.src >= last_basic_block_for_fn (cfun)
      || key.dest >= last_basic_block_for_fn (cfun))
    return NULL;
  basic_block src = BASIC_BLOCK_FOR_FN (cfun, key.src);
  basic_block dest = BASIC_BLOCK_FOR_FN (cfun, key.dest);
  return src && dest ? find_edge (src, dest) : NULL;
}

/* The cold edge KEY names: the edge itself, or where it went into the
   header of a loop since peeled, the edge into the copy's header (the
   only one: peel_one enters the copy from the loop's preheader, which
   all the edges into the loop from outside go through).  NULL where it
   is no longer there.  */
edge
cold_edge (edge_key key)
{
  edge e = find_key_edge (key);
  if (e || key.dest >= last_basic_block_for_fn (cfun))
    return e;
  basic_block dest = BASIC_BLOCK_FOR_FN (cfun, key.dest);
  basic_block copy = dest ? peeled_copy (dest) : NULL;
  return copy && single_pred_p (copy) ? single_pred_edge (copy) : NULL;
}

/* Whether BB is in both AHEAD and BEHIND: a block cold_copy copies.  */
bool
in_region (basic_block bb, const_sbitmap ahead, const_sbitmap behind)
{
  return bitmap_bit_p (ahead, bb->index) && bitmap_bit_p (behind, bb->index);
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

/* The copy of COND, in a loop just peeled (its copy tables still
   there), or NULL.  */
gcond *
cond_copy (gcond *cond)
{
  basic_block copy = get_bb_copy (gimple_bb (cond));
  /* (A condition ends its block.)  */
  return copy ? safe_dyn_cast<gcond *> (last_stmt (copy)) : NULL;
}

/* Where LOOP was just peeled (its copy tables still there), gives the
   requests waiting for the loops around it the copies of their
   conditions in LOOP, to fold as the originals: the first iteration's
   copy is inside those loops, and the paths that reach it there start
   inside them as well (their cold conditions are left alone, kept in
   the copy).  Without it, the outer loop's checks would compare in the
   inner loop's first iteration.  A request's inner conditions in LOOP
   (see peel_request) become conditions where LOOP is nested directly in
   the request's loop, and their copies inner conditions too where LOOP
   is nested deeper (the copy is in the loop nested directly, peeled
   later).  */
void
copy_outer_conds (const peel_request *req, class loop *loop)
{
  for (unsigned r = 0; r < requests.length (); r++)
    {
      peel_request *outer = requests[r];
      if (outer == req || outer->fn != req->fn)
        continue;
      unsigned n = outer->conds.length ();
      for (unsigned i = 0; i < n; i++)
        {
          basic_block bb = gimple_bb (outer->conds[i]);
          if (!bb || !flow_bb_inside_loop_p (loop, bb))
            continue;
          if (gcond *cond = cond_copy (outer->conds[i]))
            {
              outer->conds.safe_push (cond);
              outer->values.safe_push (outer->values[i]);
            }
        }
      bool direct = loop_outer (loop) == outer->header->loop_father;
      n = outer->inner_conds.length ();
      for (unsigned i = 0; i < n; i++)
        {
          basic_block bb = gimple_bb (outer->inner_conds[i]);
          if (!bb || !flow_bb_inside_loop_p (loop, bb))
            continue;
          gcond *cond = cond_copy (outer->inner_conds[i]);
          if (cond && direct)
            {
              outer->conds.safe_push (cond);
              outer->values.safe_push (outer->inner_values[i]);
            }
          else if (cond)
            {
              outer->inner_conds.safe_push (cond);
              outer->inner_values.safe_push (outer->inner_values[i]);
            }
        }
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
  if (ok)
    {
      peeled_loop p = { loop->header->index,
                        get_bb_copy (loop->header)->index };
      peeled.safe_push (p);
      copy_outer_conds (req, loop);
    }
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
  auto_vec<edge> cold_edges;
  for (i = 0; i < req->cold_edges.length (); i++)
    {
      e = cold_edge (req->cold_edges[i]);
      if (!e || (e->flags & (EDGE_ABNORMAL | EDGE_EH))
          || !flow_bb_inside_loop_p (loop, e->src)
          || !flow_bb_inside_loop_p (loop, e->dest)
          || e->dest == loop->header)
        return false;
      cold_edges.safe_push (e);
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
      /* (Into the header of a loop, from outside it, only its back
         edges or, once it is peeled, its copy's come: paths end there.)  */
      FOR_EACH_EDGE (e, ei, bb->succs)
        if (e->dest != loop->header && flow_bb_inside_loop_p (loop, e->dest)
            && !(peeled_copy (e->dest)
                 && !flow_bb_inside_loop_p (e->dest->loop_father, bb)))
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
    if (in_region (bb, ahead, behind))
      {
        /* (A loop nested in the copy would need a copy of its own.)  */
        if (bb->loop_father != loop)
          return false;
        region.safe_push (bb);
      }
  if (!region.is_empty ())
    {
      if (!can_copy_bbs_p (region.address (), region.length ()))
        return false;
      /* The copy runs as often as the cold edges, the original so much
         less (by GCC's estimate: the tests never took them).  */
      profile_count cold = profile_count::zero (), into = profile_count::zero ();
      FOR_EACH_VEC_ELT (cold_edges, i, e)
        if (bitmap_bit_p (behind, e->dest->index)
            && !in_region (e->src, ahead, behind))
          cold += e->count ();
      FOR_EACH_VEC_ELT (region, i, bb)
        FOR_EACH_EDGE (e, ei, bb->preds)
          if (!in_region (e->src, ahead, behind))
            into += e->count ();
      auto_vec<basic_block> copies;
      copies.safe_grow (region.length ());
      initialize_original_copy_tables ();
      copy_bbs (region.address (), region.length (), copies.address (), NULL,
                0, NULL, loop, region.last (), false);
      FOR_EACH_VEC_ELT (cold_edges, i, e)
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
  req->inner_conds.release ();
  req->inner_values.release ();
  free (req);
}

/* Forgets request I.  */
void
drop_request (unsigned i)
{
  free_request (requests[i]);
  requests.unordered_remove (i);
}

/* Appends SRC to DST and frees SRC (pp_request_peel takes its vectors
   over).  */
template <typename T>
void
append_and_release (vec<T> &dst, vec<T> src)
{
  dst.safe_splice (src);
  src.release ();
}

/* The request of cfun's loop whose header is HEADER, a new one (that
   folds nothing) if there is none yet: one peel per loop, whether its
   own checks or a cold copy around it asked.  */
peel_request *
request_for (basic_block header)
{
  for (unsigned i = 0; i < requests.length (); i++)
    if (requests[i]->fn == cfun && requests[i]->header == header)
      return requests[i];
  peel_request *req = XCNEW (peel_request);
  req->fn = cfun;
  req->header = header;
  requests.safe_push (req);
  return req;
}

} // namespace

void
pp_request_peel (basic_block header, vec<gcond *> conds, vec<bool> values,
                 vec<edge> cold_edges, vec<gcond *> cold_conds,
                 vec<bool> cold_values, vec<gcond *> inner_conds,
                 vec<bool> inner_values)
{
  peel_request *req = request_for (header);
  append_and_release (req->inner_conds, inner_conds);
  append_and_release (req->inner_values, inner_values);
  append_and_release (req->conds, conds);
  append_and_release (req->values, values);
  append_and_release (req->cold_conds, cold_conds);
  append_and_release (req->cold_values, cold_values);
  unsigned i;
  edge e;
  FOR_EACH_VEC_ELT (cold_edges, i, e)
    {
      edge_key key = { e->src->index, e->dest->index };
      req->cold_edges.safe_push (key);
      /* A cold edge into a nested loop needs that loop peeled (see
         cold_edge), before REQ's is (encloses_request).  */
      if (e->dest->loop_father->header == e->dest && e->dest != header)
        request_for (e->dest);
    }
  cold_edges.release ();
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
  peeled.truncate (0);
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
  peeled.release ();
}
