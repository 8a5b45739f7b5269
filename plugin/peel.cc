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
 */
#include "gcc-compat.h"
#include "tree-ssa-loop-manip.h"
#include "pathprof.h"

namespace {

struct peel_request
{
  function *fn;
  basic_block header;
  vec<gcond *> conds;
  vec<bool> values;       /* what each condition becomes */
};

vec<peel_request *> requests;

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
  FOR_EACH_VEC_ELT (req->conds, i, cond)
    {
      if (req->values[i])
        gimple_cond_make_true (cond);
      else
        gimple_cond_make_false (cond);
      update_stmt (cond);
    }
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

/* Forgets request I.  */
void
drop_request (unsigned i)
{
  peel_request *req = requests[i];
  req->conds.release ();
  req->values.release ();
  free (req);
  requests.unordered_remove (i);
}

} // namespace

void
pp_request_peel (basic_block header, vec<gcond *> conds, vec<bool> values)
{
  peel_request *req = XNEW (peel_request);
  req->fn = cfun;
  req->header = header;
  req->conds = conds;
  req->values = values;
  requests.safe_push (req);
}

unsigned
pp_peel_loops (function *fn, unsigned *n_asked, unsigned *n_folded)
{
  unsigned n_peeled = 0;
  *n_asked = *n_folded = 0;
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
            }
          drop_request (i);
          progress = true;
        }
      if (round)
        update_ssa (TODO_update_ssa);
      n_peeled += round;
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
}
