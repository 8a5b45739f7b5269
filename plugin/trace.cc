/* pathprof plugin: block tracing, a testing aid (argument "trace").
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Independently of the path register, every invocation of an instrumented
 * function calls
 *
 *   uint64_t __pathprof_trace_enter (const char *name);   on entry
 *   void __pathprof_trace (uint64_t invocation, uint32_t node);
 *                                                 on entry to each node
 *
 * with the pp_cfg node numbers of the notes file.  A test harness provides
 * both functions (libpathprof does not) and checks the counters against the
 * paths it rebuilds from the traces: an oracle for exactness on any code,
 * exceptions, setjmp and computed gotos included.  The call for a node goes
 * where the node's head code goes (after a setjmp call that starts it), so
 * a longjmp back into a node is traced too.
 */
#include "gcc-compat.h"
#include "pathprof.h"

namespace {

tree enter_fn, node_fn;

tree
trace_fn (const char *name, tree ret, tree arg1, tree arg2)
{
  tree decl = build_fn_decl (name, build_function_type_list (ret, arg1, arg2,
                                                             NULL_TREE));
  DECL_ATTRIBUTES (decl)
      = tree_cons (get_identifier ("leaf"), NULL_TREE, DECL_ATTRIBUTES (decl));
  pp_gc_protect (decl);
  return decl;
}

} // namespace

void
pp_insert_trace (const pp_fn_map *map, const char *name)
{
  if (!enter_fn)
    {
      tree cstr = build_pointer_type (
          build_qualified_type (char_type_node, TYPE_QUAL_CONST));
      enter_fn = trace_fn ("__pathprof_trace_enter", uint64_type_node, cstr,
                           NULL_TREE);
      node_fn = trace_fn ("__pathprof_trace", void_type_node,
                          uint64_type_node, uint32_type_node);
    }
  tree inv = create_tmp_reg (uint64_type_node, "pathprof_inv");
  ppc_suppress_warnings (inv);
  tree str = build_string_literal (strlen (name) + 1, name);
  gcall *enter = gimple_build_call (enter_fn, 1, str);
  gimple_call_set_lhs (enter, inv);
  gsi_insert_on_edge (single_succ_edge (ENTRY_BLOCK_PTR_FOR_FN (map->fn)),
                      enter);

  for (unsigned v = 0; v < map->n_nodes; v++)
    {
      basic_block bb = map->node_bb[v];
      if (bb->index < NUM_FIXED_BLOCKS)
        continue;
      tree node = build_int_cst (uint32_type_node, v);
      switch (map->head_kind[v])
        {
        case PPH_START:
          {
            gimple_stmt_iterator gsi = gsi_after_labels (bb);
            gsi_insert_before (&gsi, gimple_build_call (node_fn, 2, inv, node),
                               GSI_SAME_STMT);
          }
          break;
        case PPH_AFTER_STMT:
          {
            gimple_stmt_iterator gsi = gsi_for_stmt (map->head_stmt[v]);
            gsi_insert_after (&gsi, gimple_build_call (node_fn, 2, inv, node),
                              GSI_NEW_STMT);
          }
          break;
        case PPH_OUT_EDGES:
          for (unsigned i = 0; i < map->n_edges; i++)
            if (map->cfg->edges[i].src == v)
              gsi_insert_on_edge (map->cfg_edge[i],
                                  gimple_build_call (node_fn, 2, inv, node));
          break;
        }
    }
}

bool
pp_trace_call_p (const gimple *g)
{
  tree fn = is_gimple_call (g) ? gimple_call_fndecl (g) : NULL_TREE;
  return (fn && (fn == enter_fn || fn == node_fn)) || pp_ipa_trace_call_p (g);
}
