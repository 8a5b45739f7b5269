/* pathprof plugin: call sites and subpath CFGs (inter-procedural modes).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The definitions of specs/segments.md, applied to GCC's IL as the
 * pre-pass sees it (lowered, CFG built, before SSA and before any
 * inlining), the same way in trace builds and in IPPP builds so that
 * both get the same subpath CFGs and checksums:
 *
 *   - a function can be inlined by pathprof unless one of the rules of
 *     pp_inline_refusal says no (those of GCC's own inliner that make a
 *     copy behave differently, plus interposable or uncopiable bodies);
 *   - a call is a *call site* when it could be inlined: a call through a
 *     pointer, or a direct call of a function of this unit that can be
 *     inlined, whose arguments fit its parameters; and it must not end
 *     its block (a call that may throw, longjmp or not return is never a
 *     site: it leaves the function by other ways than returning);
 *   - the subpath CFG splits every block after each of its call sites.
 */
#include "gcc-compat.h"
#include "pathprof.h"
#include "tree-inline.h"
#include "calls.h"

/* Whether a statement of a function makes its copies behave differently
   from the function itself (tree-inline.cc: inline_forbidden_p_stmt), or
   reads its own frame (__builtin_return_address).  */
static const char *
stmt_refusal (gimple *g)
{
  if (gimple_code (g) == GIMPLE_GOTO
      && TREE_CODE (gimple_goto_dest (g)) != LABEL_DECL)
    return "it contains a computed goto";
  if (!is_gimple_call (g))
    return NULL;
  if (gimple_maybe_alloca_call_p (g)
      && !gimple_call_alloca_for_var_p (as_a<gcall *> (g)))
    return "it calls alloca";
  tree fn = gimple_call_fndecl (g);
  if (!fn)
    return NULL;
  if (setjmp_call_p (fn))
    return "it calls setjmp";
  if (!fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return NULL;
  switch (DECL_FUNCTION_CODE (fn))
    {
    case BUILT_IN_VA_START:
    case BUILT_IN_NEXT_ARG:
    case BUILT_IN_VA_END:
      return "it uses variable argument lists";
    case BUILT_IN_LONGJMP:
    case BUILT_IN_SETJMP:
    case BUILT_IN_NONLOCAL_GOTO:
      return "it uses setjmp-longjmp or a nonlocal goto";
    case BUILT_IN_RETURN:
    case BUILT_IN_APPLY_ARGS:
    case BUILT_IN_APPLY:
      return "it uses __builtin_apply or __builtin_return";
    case BUILT_IN_RETURN_ADDRESS:
    case BUILT_IN_FRAME_ADDRESS:
    case BUILT_IN_EH_RETURN:
      return "it reads its own frame (__builtin_return_address)";
    default:
      return NULL;
    }
}

const char *
pp_inline_refusal (cgraph_node *node)
{
  tree decl = node->decl;
  function *fn = DECL_STRUCT_FUNCTION (decl);
  tree attrs = DECL_ATTRIBUTES (decl);
  if (lookup_attribute ("noinline", attrs))
    return "it is declared noinline";
  if (lookup_attribute ("noipa", attrs))
    return "it is declared noipa";
  if (lookup_attribute ("noclone", attrs))
    return "it is declared noclone";
  if (lookup_attribute ("target_clones", attrs))
    return "it has target clones";
  if (node->get_availability () < AVAIL_AVAILABLE)
    return "another definition may replace it at link time";
  if (stdarg_p (TREE_TYPE (decl)))
    return "it takes a variable number of arguments";
  if (DECL_STATIC_CHAIN (decl))
    return "it is a nested function using its parent's frame";
  if (fn->calls_setjmp)
    return "it calls setjmp";
  if (fn->has_nonlocal_label)
    return "it has a nonlocal label";
  if (fn->calls_eh_return)
    return "it uses __builtin_eh_return";
  if (copy_forbidden (fn))
    return "its body cannot be copied";
  if (!tree_versionable_function_p (decl))
    return "its body cannot be copied";
  for (tree parm = DECL_ARGUMENTS (decl); parm; parm = DECL_CHAIN (parm))
    if (!DECL_SIZE (parm) || !poly_int_tree_p (DECL_SIZE (parm)))
      return "it has an argument of variable size";
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      if (const char *why = stmt_refusal (gsi_stmt (gsi)))
        return why;
  return NULL;
}

/* Whether a value of type FROM passes as one of type TO.  */
static bool
fits (tree to, tree from)
{
  return useless_type_conversion_p (to, from)
         || (INTEGRAL_TYPE_P (to) && INTEGRAL_TYPE_P (from))
         || (POINTER_TYPE_P (to) && POINTER_TYPE_P (from))
         || (SCALAR_FLOAT_TYPE_P (to) && SCALAR_FLOAT_TYPE_P (from));
}

bool
pp_call_fits (gcall *call, tree callee)
{
  tree parm = DECL_ARGUMENTS (callee);
  for (unsigned i = 0; i < gimple_call_num_args (call);
       i++, parm = DECL_CHAIN (parm))
    if (!parm || !fits (TREE_TYPE (parm), TREE_TYPE (gimple_call_arg (call, i))))
      return false;
  if (parm)
    return false;
  tree lhs = gimple_call_lhs (call);
  tree ret = TREE_TYPE (TREE_TYPE (callee));
  return !lhs || (!VOID_TYPE_P (ret) && fits (TREE_TYPE (lhs), ret));
}

bool
pp_call_site (cgraph_node *caller, gcall *call, pp_ipa_fn **callee)
{
  *callee = NULL;
  if (gimple_call_internal_p (call) || stmt_ends_bb_p (call)
      || gimple_call_chain (call))
    return false;
  tree fndecl = gimple_call_fndecl (call);
  if (!fndecl)
    return true; /* through a pointer */
  cgraph_node *n = cgraph_node::get (fndecl);
  if (!n)
    return false;
  enum availability avail;
  n = n->ultimate_alias_target (&avail);
  if (avail < AVAIL_AVAILABLE)
    return false;
  pp_ipa_fn *f = pp_ipa_lookup (n->decl);
  if (!f || f->skip || f->refusal
      || !targetm.target_option.can_inline_p (caller->decl, n->decl)
      || !pp_call_fits (call, n->decl))
    return false;
  *callee = f;
  return true;
}

bool
pp_build_subpath (pp_ipa_fn *f, const pp_fn_map *map, gcall **sites,
                  pp_ipa_fn **callees, unsigned n_sites, const char **why)
{
  /* Subpath nodes: node v of the map becomes base[v] .. base[v] + m[v],
     m[v] being its call sites (the sites are in node order).  */
  unsigned *base = XNEWVEC (unsigned, map->n_nodes + 1);
  unsigned *m = XCNEWVEC (unsigned, map->n_nodes);
  unsigned k = 0;
  for (unsigned v = 0; v < map->n_nodes; v++)
    while (k < n_sites && gimple_bb (sites[k]) == map->node_bb[v])
      {
        m[v]++;
        k++;
      }
  gcc_assert (k == n_sites);
  unsigned n = 0;
  for (unsigned v = 0; v < map->n_nodes; v++)
    {
      base[v] = n;
      n += m[v] + 1;
    }
  base[map->n_nodes] = n;

  pp_cfg *cfg = pp_cfg_new (n, base[map->cfg->entry]);
  bool ok = cfg != NULL;
  /* Edges in node order: the call cuts inside each block, then the
     block's own out-edges from its last piece.  */
  unsigned e = 0;
  for (unsigned v = 0; v < map->n_nodes && ok; v++)
    {
      for (unsigned j = 0; j < m[v] && ok; j++)
        ok = pp_cfg_add_edge (cfg, base[v] + j, base[v] + j + 1,
                              PP_CUT_CALL) >= 0;
      for (; e < map->cfg->n_edges && map->cfg->edges[e].src == v && ok; e++)
        ok = pp_cfg_add_edge (cfg, base[v] + m[v],
                              base[map->cfg->edges[e].dst],
                              map->cfg->edges[e].cut) >= 0;
      if (ok && map->cfg->is_exit[v])
        ok = pp_cfg_set_exit (cfg, base[v] + m[v], NULL) == PP_OK;
    }
  unsigned exit_block
    = map->exit_node < map->n_nodes ? base[map->exit_node] : n;
  pp_error err;
  pp_subpath_fn *sub = NULL;
  if (ok)
    {
      sub = pp_subpath_new (f->name, f->source, cfg, exit_block, &err);
      if (!sub)
        pp_cfg_free (cfg);
      ok = sub != NULL;
    }
  else
    pp_cfg_free (cfg);
  k = 0;
  for (unsigned i = 0; i < (ok ? cfg->n_edges : 0) && ok; i++)
    if (cfg->edges[i].cut == PP_CUT_CALL)
      {
        ok = pp_subpath_add_site (sub, i, callees[k] ? callees[k]->name : NULL,
                                  &err) == PP_OK;
        k++;
      }
  pp_status st = ok ? pp_subpath_finish (sub, &err) : PP_ERR_NOMEM;
  if (st != PP_OK)
    {
      *why = st == PP_ERR_RANGE ? "it has more than 2^64 - 1 subpaths"
                                : "its subpath CFG cannot be numbered";
      pp_subpath_free (sub);
      free (base);
      free (m);
      return false;
    }

  /* The lines of every subpath node: node base[v] + j holds the
     statements after call site j (j > 0) up to call site j + 1, that
     call included.  */
  f->lines = XCNEWVEC (pp_node_lines, n);
  k = 0;
  for (unsigned v = 0; v < map->n_nodes; v++)
    {
      basic_block bb = map->node_bb[v];
      gimple *first = NULL;
      for (unsigned j = 0; j <= m[v]; j++)
        {
          gimple *stop = NULL;
          if (j < m[v])
            {
              gimple_stmt_iterator gsi = gsi_for_stmt (sites[k + j]);
              gsi_next (&gsi);
              stop = gsi_end_p (gsi) ? NULL : gsi_stmt (gsi);
            }
          pp_node_lines *l = &f->lines[base[v] + j];
          const char *file;
          l->bb = bb->index;
          if (j && !first)
            /* After a call that ends its block: no statement.  */
            file = "", l->lo = l->hi = l->last = 0;
          else
            pp_stmt_range_lines (bb, first, stop, &file, &l->lo, &l->hi,
                                 &l->last, NULL);
          l->file = xstrdup (file);
          first = stop;
        }
      k += m[v];
    }
  f->sub = sub;
  free (base);
  free (m);
  return true;
}
