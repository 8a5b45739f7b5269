/* pathprof plugin: the counts are written before an exec.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * exec*() replaces the process image without running exit handlers, so
 * whatever the process counted since it started (or forked) would be
 * lost: a shell's child that ran its redirections before execve, a
 * server's worker that re-execs itself.  gcov's -fprofile-arcs replaces
 * these calls by its __gcov_exec* wrappers, which dump, exec and reset if
 * the exec returns (GCC's builtins.cc, expand_builtin_fork_or_exec), in
 * every function it compiles.  pathprof does the same here, in every
 * function of a unit that registers counters:
 *
 *   __pathprof_exec_prepare ();    writes the counts
 *   execv (path, argv);            the call as it was
 *   __pathprof_exec_failed ();     reached only if the exec failed: the
 *                                  counts written are zeroed, so that the
 *                                  exit handler does not write them again
 *
 * The call itself is left alone, rather than redirected to a wrapper as
 * gcov does: it stays the builtin it was, so gcov's expansion in the same
 * compilation (--coverage) still wraps it, and the variadic execl,
 * execle and execlp need no argument copying.  The runtime does nothing
 * in a vfork child (specs/runtime.md, "fork, exec").  fork needs no call:
 * the runtime's pthread_atfork handler zeroes the child's counters.
 *
 * The C library's daemon() gets the same two calls.  It forks, and the
 * parent _exits, so what the process counted before it would be lost
 * with the parent: the child starts from zero, as after every fork.  The
 * first call writes those counts; the second, in the child (or in the
 * parent if daemon failed), zeroes what was written.  gcov does not wrap
 * daemon, and needs not: its counters are zeroed only by its own fork
 * wrapper, which daemon's fork does not go through, so its child writes
 * everything.
 *
 * Calls through a pointer, and exec calls in objects or libraries built
 * without the plugin, are not seen (as with gcov): -Wl,--wrap=execve is
 * the way for those.
 */
#include "gcc-compat.h"
#include "pathprof.h"

namespace {

/* Whether FNDECL is the C library's daemon(): declared, not defined
   here, with C linkage (<unistd.h>'s, in C++ too).  */
bool
is_daemon (tree fndecl)
{
  return DECL_EXTERNAL (fndecl) && TREE_PUBLIC (fndecl)
         && id_equal (DECL_ASSEMBLER_NAME (fndecl), "daemon");
}

/* Whether G calls one of the exec functions that gcov wraps, or
   daemon().  */
bool
is_exec_call (gimple *g)
{
  if (!is_gimple_call (g))
    return false;
  tree fndecl = gimple_call_fndecl (g);
  if (!fndecl)
    return false;
  if (is_daemon (fndecl))
    return true;
  if (!fndecl_built_in_p (fndecl, BUILT_IN_NORMAL))
    return false;
  switch (DECL_FUNCTION_CODE (fndecl))
    {
    case BUILT_IN_EXECL:
    case BUILT_IN_EXECLE:
    case BUILT_IN_EXECLP:
    case BUILT_IN_EXECV:
    case BUILT_IN_EXECVE:
    case BUILT_IN_EXECVP:
      return true;
    default:
      return false;
    }
}

/* The edge a failed exec that ends BB goes on by: its one successor that
   is not an abnormal or EH edge, or NULL.  */
edge
return_edge (basic_block bb)
{
  edge found = NULL, e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (!(e->flags & (EDGE_ABNORMAL | EDGE_EH | EDGE_FAKE)))
      {
        if (found)
          return NULL;
        found = e;
      }
  return found;
}

gcall *
hook_call (bool failed, gimple *exec_call)
{
  gcall *g = gimple_build_call (pp_exec_hook_decl (failed), 0);
  gimple_set_location (g, gimple_location (exec_call));
  return g;
}

} // namespace

unsigned
pp_hook_exec_calls (function *fn)
{
  if (lookup_attribute ("naked", DECL_ATTRIBUTES (fn->decl)))
    return 0;
  unsigned n = 0;
  bool on_edges = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *g = gsi_stmt (gsi);
        if (!is_exec_call (g))
          continue;
        n++;
        gsi_insert_before (&gsi, hook_call (false, g), GSI_SAME_STMT);
        if (!stmt_ends_bb_p (g))
          /* The iterator moves to the new call, which the loop skips.  */
          gsi_insert_after (&gsi, hook_call (true, g), GSI_NEW_STMT);
        else if (edge e = return_edge (bb))
          {
            /* A call that may longjmp (in a function that calls setjmp)
               or throw ends its block.  */
            gsi_insert_on_edge (e, hook_call (true, g));
            on_edges = true;
          }
        /* (No such edge: nothing runs after the exec returns.)  */
      }
  if (on_edges)
    {
      gsi_commit_edge_inserts ();
      if (current_loops)
        pp_fix_loops ();
    }
  return n;
}
