/* pathprof plugin: copies of a small block that counts a path, one for
 * each way into it, where every way brings the counter's address as a
 * constant.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The counting code goes where a path ends, and where ways with
 * different paths meet before that end, the path register reaches it by
 * a PHI.  Once GCC has propagated the constants, the PHI's arguments are
 * often the counters' addresses themselves: the ways into a loop's exit
 * block from the first iteration that peel.cc copied and from the loop
 * that remains (mawk's `test`, whose `switch` cases return), or the
 * cases of a `switch` whose code GCC merged.  Out of SSA, each way then
 * loads its address into a register and jumps to one increment through
 * it, where gcov's instrumentation increments a counter at a constant
 * address: one instruction, not two.  This pass, late in GCC's
 * optimizations (after its tracer, which is off by default, and before
 * its last FRE, dominator and VRP passes, which fold what it leaves), gives
 * each such way its own copy of the block, as GCC's tracer duplicates a
 * trace's blocks; in the copy the PHI has one argument, the counter's
 * address, which those passes fold into the increment.
 *
 * Only blocks of at most MAX_STATEMENTS statements, not loop headers,
 * that themselves count through the PHI's value (a load or store through
 * it, or an index into a counter or slot array), and only where every
 * way in brings a constant: the busiest way keeps the block, and its PHI
 * folds too once the others have their copies (at most MAX_COPIES; not
 * for ways GCC optimizes for size).  Where one way brought a computed
 * address, a copy for the busiest way gained nothing, and GCC's RTL
 * cross-jumping merged the copy's common code back with the original's
 * behind a jump on the busiest way (specs/cfg-rules.md, "Copies of
 * counting blocks").  The copies hold the same statements: every path is
 * counted as before, where it was (`tail-copies=0` turns the pass off;
 * plugin/tests checks the counts and the copies of cases/tails.c).
 */
#include "gcc-compat.h"
#include "tree-ssa.h"
#include "pathprof.h"

namespace {

const unsigned max_statements = 12;
const unsigned max_copies = 8;

/* Whether DECL is one of the plugin's counter or slot arrays
   (emit.cc's build_counter_var).  */
bool
counter_decl_p (tree decl)
{
  if (!decl || !VAR_P (decl) || !DECL_ARTIFICIAL (decl) || !DECL_NAME (decl))
    return false;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
  return strncmp (name, "__pathprof_c", 12) == 0
         || strncmp (name, "__pathprof_s", 12) == 0;
}

/* Whether ARG, a PHI argument, is the address of (an element of) a
   counter array.  */
bool
counter_address_p (tree arg)
{
  return TREE_CODE (arg) == ADDR_EXPR
         && counter_decl_p (get_base_address (TREE_OPERAND (arg, 0)));
}

/* Whether REF, a memory reference, goes through the pointer NAME or
   indexes a counter array with NAME.  */
bool
ref_uses_p (tree ref, tree name)
{
  for (; handled_component_p (ref) || TREE_CODE (ref) == MEM_REF;
       ref = TREE_OPERAND (ref, 0))
    {
      if (TREE_CODE (ref) == MEM_REF)
        return TREE_OPERAND (ref, 0) == name;
      if (TREE_CODE (ref) == ARRAY_REF && TREE_OPERAND (ref, 1) == name
          && counter_decl_p (get_base_address (ref)))
        return true;
    }
  return false;
}

/* Whether BB itself counts through NAME, the result of one of its PHIs.  */
bool
counts_through_p (basic_block bb, tree name)
{
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      if (!gimple_assign_single_p (stmt))
        continue;
      if (ref_uses_p (gimple_assign_lhs (stmt), name)
          || ref_uses_p (gimple_assign_rhs1 (stmt), name))
        return true;
    }
  return false;
}

/* The number of statements of BB that become code.  */
unsigned
n_statements (basic_block bb)
{
  unsigned n = 0;
  for (gimple_stmt_iterator gsi = gsi_start_nondebug_after_labels_bb (bb);
       !gsi_end_p (gsi); gsi_next_nondebug (&gsi))
    n++;
  return n;
}

/* Whether E's argument of a PHI of BB through which BB counts is a
   counter's address (or, for an index, a constant).  */
bool
constant_counter_on (basic_block bb, edge e)
{
  for (gphi_iterator gsi = gsi_start_phis (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gphi *phi = gsi.phi ();
      tree res = gimple_phi_result (phi);
      if (virtual_operand_p (res))
        continue;
      tree arg = gimple_phi_arg_def (phi, e->dest_idx);
      bool constant = POINTER_TYPE_P (TREE_TYPE (res))
                          ? counter_address_p (arg)
                          : TREE_CODE (arg) == INTEGER_CST;
      if (constant && counts_through_p (bb, res))
        return true;
    }
  return false;
}

/* The ways into BB to give copies of it: all but the busiest, which
   keeps BB, where every way into BB brings a counter's address.  */
void
ways_to_copy (basic_block bb, auto_vec<edge> *ways)
{
  if (EDGE_COUNT (bb->preds) > max_copies + 1)
    return;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->preds)
    {
      if ((e->flags & EDGE_COMPLEX) || e->src == bb
          || !constant_counter_on (bb, e))
        {
          ways->truncate (0);
          return;
        }
      ways->safe_push (e);
    }
  ways->qsort ([] (const void *a, const void *b) {
    profile_count x = (*(const edge *) a)->count ();
    profile_count y = (*(const edge *) b)->count ();
    return x > y ? -1 : y > x ? 1 : 0;
  });
  ways->ordered_remove (0);
  unsigned i;
  FOR_EACH_VEC_ELT_REVERSE (*ways, i, e)
    if (optimize_edge_for_size_p (e))
      ways->ordered_remove (i);
}

const pass_data tails_pass_data = {
  GIMPLE_PASS,
  "pathprof_tails",
  OPTGROUP_NONE,
  TV_NONE,
  PROP_cfg | PROP_ssa,
  0, 0, 0,
  TODO_update_ssa,
};

class tails_pass : public gimple_opt_pass
{
public:
  tails_pass (gcc::context *ctxt) : gimple_opt_pass (tails_pass_data, ctxt)
  {
  }

  bool
  gate (function *fn) final override
  {
    /* (GCC keeps the loop tree up to date until RTL: its tracer relies
       on it here too.)  */
    return optimize > 0 && pp_opts.tail_copies && current_loops
           && !optimize_function_for_size_p (fn);
  }

  unsigned int
  execute (function *fn) final override
  {
    unsigned n_blocks = 0, n_copies = 0;
    auto_vec<basic_block> blocks;
    basic_block bb;
    FOR_EACH_BB_FN (bb, fn)
      if (EDGE_COUNT (bb->preds) > 1 && bb->loop_father->header != bb
          && n_statements (bb) <= max_statements
          && can_duplicate_block_p (bb))
        blocks.safe_push (bb);
    if (blocks.is_empty ())
      return 0;
    initialize_original_copy_tables ();
    unsigned i;
    FOR_EACH_VEC_ELT (blocks, i, bb)
      {
        auto_vec<edge> ways;
        ways_to_copy (bb, &ways);
        unsigned j;
        edge e;
        FOR_EACH_VEC_ELT (ways, j, e)
          {
            basic_block copy = duplicate_block (bb, e, e->src);
            flush_pending_stmts (e);
            add_phi_args_after_copy (&copy, 1, NULL);
            n_copies++;
          }
        n_blocks += !ways.is_empty ();
      }
    free_original_copy_tables ();
    if (!n_copies)
      return 0;
    if (pp_opts.verbose)
      inform (DECL_SOURCE_LOCATION (fn->decl),
              "pathprof: %qD: %u counting block%s copied for %u way%s in",
              fn->decl, n_blocks, n_blocks == 1 ? "" : "s", n_copies,
              n_copies == 1 ? "" : "s");
    free_dominance_info (CDI_DOMINATORS);
    /* A copy of a latch is a latch more: cleanup_cfg puts loops right.  */
    loops_state_set (LOOPS_NEED_FIXUP);
    return TODO_cleanup_cfg;
  }
};

} // namespace

opt_pass *
pp_make_tails_pass (gcc::context *ctxt)
{
  return new tails_pass (ctxt);
}
