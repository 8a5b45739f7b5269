/* pathprof plugin: the one place that includes GCC's internal headers and
 * hides the differences between GCC versions.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every plugin source includes this header first (GCC's headers must come
 * before any system header that they would otherwise poison).  Supported:
 * GCC 12 (tested); the #if blocks below cover the API changes we know of
 * up to GCC 14 so a port is a rebuild plus a test run, not a rewrite.
 *
 * Note that GCC's system.h poisons malloc/calloc/realloc/strdup in files
 * that include it: plugin code allocates with xmalloc/XNEWVEC/xstrdup
 * (libiberty, abort on failure as GCC itself does) and only free()s what
 * the core library allocated with malloc.
 */
#ifndef PATHPROF_GCC_COMPAT_H
#define PATHPROF_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfg.h"
#include "cfganal.h"
#include "cfgloop.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-expr.h"
#include "gimplify.h"
#include "tree-cfg.h"
#include "ssa.h"
#include "tree-into-ssa.h"
#include "stor-layout.h"
#include "varasm.h"
#include "cgraph.h"
#include "diagnostic-core.h"
#include "toplev.h"
#include "options.h"
#include "flags.h"
#include "langhooks.h"
#include "builtins.h"
#include "attribs.h"
#include "target.h"
#include "insn-flags.h"
#include "ggc.h"
#include "internal-fn.h"
#include "intl.h"
#include "file-prefix-map.h"

#if GCC_VERSION < 12000
#error "pathprof needs GCC 12 or later"
#endif

/* The last statement of BB that is not a debug statement, or NULL.
   (last_stmt () was removed in GCC 14.)  */
static inline gimple *
ppc_last_nondebug_stmt (basic_block bb)
{
  gimple_stmt_iterator gsi = gsi_last_nondebug_bb (bb);
  return gsi_end_p (gsi) ? NULL : gsi_stmt (gsi);
}

/* Marks the retreating edges of FN's CFG with EDGE_DFS_BACK.  */
static inline void
ppc_mark_dfs_back_edges (function *fn)
{
  mark_dfs_back_edges (fn);
}

/* Silences every warning GCC could give about an artificial variable of
   ours (e.g. "may be used uninitialized" when it cannot prove that the
   path register is set before being read on every path).  */
static inline void
ppc_suppress_warnings (tree decl)
{
  suppress_warning (decl);
}

/* The loop depth of BB, 0 when the function has no loop tree.  */
static inline unsigned
ppc_loop_depth (function *fn, basic_block bb)
{
  if (!loops_for_fn (fn) || !bb->loop_father)
    return 0;
  return bb_loop_depth (bb);
}

/* Whether 64-bit atomic read-modify-write is native on the target (what
   gcov checks to resolve -fprofile-update=prefer-atomic).  */
static inline bool
ppc_have_atomic_64 (void)
{
  bool have = false;
#ifdef HAVE_sync_compare_and_swapdi
  have = have || HAVE_sync_compare_and_swapdi;
#endif
#ifdef HAVE_atomic_compare_and_swapdi
  have = have || HAVE_atomic_compare_and_swapdi;
#endif
  return have;
}

#endif /* PATHPROF_GCC_COMPAT_H */
