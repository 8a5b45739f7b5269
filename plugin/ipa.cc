/* pathprof plugin: the pre-pass of the inter-procedural modes.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A simple IPA pass before build_ssa_passes, in trace builds (wpp) and
 * IPPP builds (ipps=FILE) only.  Every function is then lowered, its CFG
 * built, nothing is in SSA form, nothing inlined or instrumented yet; the
 * pass, once per unit:
 *
 *   1. maps every function (cfg-map.cc), decides which functions pathprof
 *      may inline (subpath.cc) and which calls are call sites, and builds
 *      every function's subpath CFG (the definitions of specs/segments.md
 *      on this IL, identical in both modes);
 *   2. marks the start of every subpath node with a *marker*: a
 *      GIMPLE_PREDICT statement whose uid is a tag (function, node,
 *      context).  The inliner copies statements with their uids, so after
 *      inlining every block still says which subpath nodes it runs, in
 *      which context; GCC's clean-ups may merge blocks, never lose a
 *      statement.  The instrumentation pass reads and deletes the markers
 *      before anything else sees them (GCC would take them for prediction
 *      hints);
 *   3. with `trace`, inserts the test harness's block-trace calls here,
 *      before inlining, so that the trace describes the original program
 *      in the inlined copies too (an oracle's input, tests/ippp);
 *   4. in IPPP builds, inlines the call chains of the interesting segments
 *      (inline.cc).
 */
#include "gcc-compat.h"
#include "pathprof.h"
#include "predict.h"
#include "gimple-predict.h"

pp_ipa_fn **pp_ipa_fns;
unsigned pp_n_ipa_fns;
pp_subpath_fn **pp_ipa_subpaths;

namespace {

/* DECL_UID -> table index, sorted by uid.  */
struct uid_index
{
  unsigned uid, index;
};
uid_index *by_uid;

/* Marker tags: the tag of uid U is tags[U - 1].  */
pp_tag *tags;
unsigned n_tags, cap_tags;

/* Per function, while the pass runs: its map and call sites.  */
struct fn_work
{
  pp_fn_map map;
  bool mapped;
  gcall **sites;
  pp_ipa_fn **callees;
  unsigned n_sites;
};
fn_work *work;

int
cmp_uid (const void *a, const void *b)
{
  unsigned x = ((const uid_index *) a)->uid, y = ((const uid_index *) b)->uid;
  return x < y ? -1 : x > y;
}

/* The functions of the unit, in the symbol table's order (deterministic
   for a given source and flags).  */
void
collect_functions (void)
{
  cgraph_node *node;
  unsigned cap = 0;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      if (node->alias || node->thunk || node->inlined_to)
        continue;
      /* An extern inline (gnu_inline) body, such as the intrinsics of
         <immintrin.h>, exists only to be inlined: no out-of-line copy is
         ever emitted, so the address a trace build's entry event takes
         would be an undefined reference at link time.  Left alone, like
         a library function: its calls end subpaths as any call does.  */
      if (DECL_EXTERNAL (node->decl))
        continue;
      if (pp_n_ipa_fns == cap)
        {
          cap = cap ? 2 * cap : 64;
          pp_ipa_fns = XRESIZEVEC (pp_ipa_fn *, pp_ipa_fns, cap);
        }
      pp_ipa_fn *f = XCNEW (pp_ipa_fn);
      f->decl = node->decl;
      f->name = xstrdup (pp_asm_name (node->decl));
      f->source = xstrdup (pp_source_file (node->decl));
      f->index = pp_n_ipa_fns;
      f->address_taken = node->address_taken;
      f->direct_only = !TREE_PUBLIC (node->decl) && !node->address_taken
                       && !node->externally_visible && !node->has_aliases_p ()
                       && !node->force_output;
      pp_ipa_fns[pp_n_ipa_fns++] = f;
    }
  by_uid = XNEWVEC (uid_index, pp_n_ipa_fns + 1);
  for (unsigned i = 0; i < pp_n_ipa_fns; i++)
    {
      by_uid[i].uid = DECL_UID (pp_ipa_fns[i]->decl);
      by_uid[i].index = i;
    }
  qsort (by_uid, pp_n_ipa_fns, sizeof *by_uid, cmp_uid);
  pp_ipa_subpaths = XCNEWVEC (pp_subpath_fn *, pp_n_ipa_fns + 1);
  work = XCNEWVEC (fn_work, pp_n_ipa_fns + 1);
}

unsigned
count_statements (function *fn)
{
  unsigned n = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_nondebug_bb (bb);
         !gsi_end_p (gsi); gsi_next_nondebug (&gsi))
      if (gimple_code (gsi_stmt (gsi)) != GIMPLE_LABEL)
        n++;
  return n;
}

/* Maps every function, and decides which ones can be inlined.  */
void
map_functions (void)
{
  for (unsigned i = 0; i < pp_n_ipa_fns; i++)
    {
      pp_ipa_fn *f = pp_ipa_fns[i];
      function *fn = DECL_STRUCT_FUNCTION (f->decl);
      cgraph_node *node = cgraph_node::get (f->decl);
      push_cfun (fn);
      f->n_stmts = count_statements (fn);
      if (pp_excluded (f->decl))
        f->skip = "its attributes exclude it";
      else if (!pp_map_function (fn, &work[i].map, &f->skip))
        f->skip = f->skip ? f->skip : "it cannot be mapped";
      else
        {
          work[i].mapped = true;
          for (unsigned v = 0; v < work[i].map.n_nodes; v++)
            {
              if (work[i].map.head_kind[v] == PPH_OUT_EDGES)
                f->skip = "a setjmp call ends a block by itself";
              if (work[i].map.restart[v])
                f->has_restart = true;
            }
        }
      if (!f->skip)
        f->refusal = pp_inline_refusal (node);
      pop_cfun ();
    }
}

/* The call sites of F, in node then statement order.  */
void
find_sites (pp_ipa_fn *f)
{
  fn_work *w = &work[f->index];
  cgraph_node *node = cgraph_node::get (f->decl);
  w->n_sites = 0;
  unsigned cap = 0;
  for (unsigned v = 0; v < w->map.n_nodes; v++)
    {
      basic_block bb = w->map.node_bb[v];
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
           gsi_next (&gsi))
        {
          gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi));
          pp_ipa_fn *callee;
          if (!call || !pp_call_site (node, call, &callee))
            continue;
          if (w->n_sites == cap)
            {
              cap = cap ? 2 * cap : 8;
              w->sites = XRESIZEVEC (gcall *, w->sites, cap);
              w->callees = XRESIZEVEC (pp_ipa_fn *, w->callees, cap);
            }
          w->sites[w->n_sites] = call;
          w->callees[w->n_sites++] = callee;
        }
    }
}

/* Builds the subpath CFGs.  A function whose subpath CFG fails is not
   handled, which makes the calls to it no call sites: its callers' CFGs
   are built again, until nothing changes.  */
void
build_subpaths (void)
{
  for (bool changed = true; changed;)
    {
      changed = false;
      for (unsigned i = 0; i < pp_n_ipa_fns; i++)
        {
          pp_ipa_fn *f = pp_ipa_fns[i];
          if (f->skip)
            continue;
          if (f->sub)
            {
              pp_subpath_free (f->sub);
              f->sub = NULL;
              for (unsigned u = 0; f->lines && u < f->sub_nodes; u++)
                free (f->lines[u].file);
              free (f->lines);
              f->lines = NULL;
            }
          push_cfun (DECL_STRUCT_FUNCTION (f->decl));
          find_sites (f);
          const char *why;
          if (!pp_build_subpath (f, &work[i].map, work[i].sites,
                                 work[i].callees, work[i].n_sites, &why))
            {
              f->skip = why;
              changed = true;
            }
          else
            f->sub_nodes = f->sub->cfg->n_nodes;
          pop_cfun ();
        }
    }
  for (unsigned i = 0; i < pp_n_ipa_fns; i++)
    {
      pp_ipa_fn *f = pp_ipa_fns[i];
      pp_ipa_subpaths[i] = f->sub;
      if (f->skip)
        pp_skip_function (f->decl, f->skip);
    }
}

/* The block-trace functions of the test harness (tests/ippp/blocktrace.c;
   trace.cc's, with the function's source, and the addresses that match
   calls to entries):
     uint64_t __pathprof_trace_fn (name, source, self)   on entry
     void __pathprof_trace_node (invocation, node)      a subpath node
     void __pathprof_trace_site (invocation, site, callee)  before a call
                                                        site  */
tree trace_fn_decl, trace_node_decl, trace_site_decl;

tree
harness_fn (const char *name, tree ret, tree a1, tree a2, tree a3)
{
  tree decl = build_fn_decl (name, build_function_type_list (ret, a1, a2, a3,
                                                             NULL_TREE));
  DECL_ATTRIBUTES (decl)
    = tree_cons (get_identifier ("leaf"), NULL_TREE, DECL_ATTRIBUTES (decl));
  TREE_NOTHROW (decl) = 1;
  pp_gc_protect (decl);
  return decl;
}

void
build_trace_decls (void)
{
  if (trace_fn_decl)
    return;
  tree cstr = build_pointer_type (
    build_qualified_type (char_type_node, TYPE_QUAL_CONST));
  trace_fn_decl = harness_fn ("__pathprof_trace_fn", uint64_type_node, cstr,
                              cstr, const_ptr_type_node);
  trace_node_decl = harness_fn ("__pathprof_trace_node", void_type_node,
                                uint64_type_node, uint32_type_node, NULL_TREE);
  trace_site_decl = harness_fn ("__pathprof_trace_site", void_type_node,
                                uint64_type_node, uint32_type_node,
                                const_ptr_type_node);
}

/* pp_ipa_announced_callee of CALL in a temporary, as a `const void *`.  */
tree
callee_address (gimple_seq *seq, gcall *call)
{
  tree fn = pp_ipa_announced_callee (call);
  tree t = create_tmp_reg (const_ptr_type_node, "pathprof_callee");
  gimple_seq_add_stmt (seq, gimple_build_assign (t, NOP_EXPR,
                                                 unshare_expr (fn)));
  return t;
}

/* Inserts F's markers, and with `trace` the block-trace calls.  */
void
insert_markers (pp_ipa_fn *f)
{
  fn_work *w = &work[f->index];
  const pp_fn_map *map = &w->map;
  function *fn = DECL_STRUCT_FUNCTION (f->decl);
  push_cfun (fn);
  tree inv = NULL_TREE;
  if (pp_opts.trace)
    {
      build_trace_decls ();
      inv = create_tmp_var (uint64_type_node, "pathprof_inv");
      ppc_suppress_warnings (inv);
    }
  unsigned k = 0, node = 0;
  for (unsigned v = 0; v < map->n_nodes; v++, node++)
    {
      basic_block bb = map->node_bb[v];
      if (bb->index >= NUM_FIXED_BLOCKS)
        {
          gimple *m = pp_build_marker (f->tag_base + node);
          if (map->head_kind[v] == PPH_AFTER_STMT)
            {
              gimple_stmt_iterator gsi = gsi_for_stmt (map->head_stmt[v]);
              gsi_insert_after (&gsi, m, GSI_NEW_STMT);
            }
          else
            {
              gimple_stmt_iterator gsi = gsi_after_labels (bb);
              gsi_insert_before (&gsi, m, GSI_SAME_STMT);
            }
          if (inv)
            {
              gimple_stmt_iterator gsi = gsi_for_stmt (m);
              gsi_insert_after (&gsi,
                                gimple_build_call (trace_node_decl, 2, inv,
                                                   build_int_cst (
                                                     uint32_type_node, node)),
                                GSI_NEW_STMT);
            }
        }
      for (; k < w->n_sites && gimple_bb (w->sites[k]) == bb; k++)
        {
          node++;
          gimple_stmt_iterator gsi = gsi_for_stmt (w->sites[k]);
          if (inv)
            {
              gimple_seq seq = NULL;
              tree addr = callee_address (&seq, w->sites[k]);
              gimple_seq_add_stmt (&seq,
                                   gimple_build_call (trace_site_decl, 3, inv,
                                                      build_int_cst (
                                                        uint32_type_node, k),
                                                      addr));
              gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
            }
          gimple *m = pp_build_marker (f->tag_base + node);
          gsi_insert_after (&gsi, m, GSI_NEW_STMT);
          if (inv)
            gsi_insert_after (&gsi,
                              gimple_build_call (trace_node_decl, 2, inv,
                                                 build_int_cst (
                                                   uint32_type_node, node)),
                              GSI_NEW_STMT);
        }
    }
  if (inv)
    {
      /* On the entry edge: a new block if the first one is a loop
         header (a block without markers, which is fine).  */
      tree name = build_string_literal (strlen (f->name) + 1, f->name);
      tree source = build_string_literal (strlen (f->source) + 1, f->source);
      gcall *enter = gimple_build_call (trace_fn_decl, 3, name, source,
                                        pp_ipa_self_address (f->decl));
      gimple_call_set_lhs (enter, inv);
      gsi_insert_on_edge_immediate (single_succ_edge (ENTRY_BLOCK_PTR_FOR_FN
                                                      (fn)),
                                    enter);
      /* The calls and the address of the function itself.  */
      cgraph_edge::rebuild_edges ();
      cgraph_edge::rebuild_references ();
    }
  pop_cfun ();
}

const pass_data ipa_pass_data = {
  SIMPLE_IPA_PASS,
  "pathprof_ipa", /* name: -fdump-ipa-pathprof_ipa */
  OPTGROUP_NONE,
  TV_NONE,
  0, 0, 0, 0, 0,
};

class ipa_pass : public simple_ipa_opt_pass
{
public:
  ipa_pass (gcc::context *ctxt) : simple_ipa_opt_pass (ipa_pass_data, ctxt)
  {
  }

  bool
  gate (function *) final override
  {
    return PP_INTER_MODE && !in_lto_p && !seen_error ();
  }

  unsigned int
  execute (function *) final override
  {
    collect_functions ();
    map_functions ();
    build_subpaths ();
    for (unsigned i = 0; i < pp_n_ipa_fns; i++)
      {
        pp_ipa_fn *f = pp_ipa_fns[i];
        if (!f->sub)
          continue;
        f->tag_base = pp_new_tags (i, 0);
        insert_markers (f);
      }
    for (unsigned i = 0; i < pp_n_ipa_fns; i++)
      {
        if (work[i].mapped)
          pp_map_free (&work[i].map);
        free (work[i].sites);
        free (work[i].callees);
      }
    free (work);
    work = NULL;
    if (pp_opts.ipps_file)
      pp_ipps_inline ();
    return 0;
  }
};

} // namespace

bool
pp_ipa_trace_call_p (const gimple *g)
{
  tree fn = is_gimple_call (g) ? gimple_call_fndecl (g) : NULL_TREE;
  return fn
         && (fn == trace_fn_decl || fn == trace_node_decl
             || fn == trace_site_decl);
}

pp_ipa_fn *
pp_ipa_lookup (tree decl)
{
  uid_index key = { DECL_UID (decl), 0 };
  uid_index *found = (uid_index *) bsearch (&key, by_uid, pp_n_ipa_fns,
                                            sizeof *by_uid, cmp_uid);
  return found ? pp_ipa_fns[found->index] : NULL;
}

tree
pp_ipa_self_address (tree fndecl)
{
  pp_ipa_fn *f = pp_ipa_lookup (fndecl);
  if (!f || !f->direct_only)
    return build_fold_addr_expr (fndecl);
  if (!f->self_token)
    f->self_token = pp_self_token (f->name);
  return build_fold_addr_expr (f->self_token);
}

tree
pp_ipa_announced_callee (gcall *call)
{
  if (tree direct = gimple_call_fndecl (call))
    return pp_ipa_self_address (direct);
  tree fn = gimple_call_fn (call);
  if (TREE_CODE (fn) == OBJ_TYPE_REF)
    fn = OBJ_TYPE_REF_EXPR (fn);
  return fn;
}

unsigned
pp_new_tags (unsigned fn, unsigned ctx)
{
  unsigned n = pp_ipa_fns[fn]->sub->cfg->n_nodes;
  if (n_tags + n > cap_tags)
    {
      cap_tags = MAX (2 * cap_tags, n_tags + n + 1024);
      tags = XRESIZEVEC (pp_tag, tags, cap_tags);
    }
  unsigned base = n_tags + 1; /* uids start at 1: 0 is any statement's */
  for (unsigned u = 0; u < n; u++)
    {
      tags[n_tags].fn = fn;
      tags[n_tags].node = u;
      tags[n_tags].ctx = ctx;
      n_tags++;
    }
  return base;
}

gimple *
pp_build_marker (unsigned tag)
{
  gimple *g = gimple_build_predict (PRED_UNCONDITIONAL, TAKEN);
  gimple_set_uid (g, tag);
  return g;
}

const pp_tag *
pp_marker_tag (const gimple *g)
{
  if (gimple_code (g) != GIMPLE_PREDICT
      || gimple_predict_predictor (g) != PRED_UNCONDITIONAL
      || gimple_predict_outcome (g) != TAKEN)
    return NULL;
  unsigned uid = gimple_uid (g);
  return uid >= 1 && uid <= n_tags ? &tags[uid - 1] : NULL;
}

void
pp_ipa_release (void)
{
  for (unsigned i = 0; i < pp_n_ipa_fns; i++)
    {
      pp_ipa_fn *f = pp_ipa_fns[i];
      for (unsigned u = 0; f->lines && u < f->sub_nodes; u++)
        free (f->lines[u].file);
      free (f->lines);
      pp_subpath_free (f->sub);
      free (f->name);
      free (f->source);
      free (f->ctx);
      free (f->stale);
      free (f);
    }
  free (pp_ipa_fns);
  free (pp_ipa_subpaths);
  free (by_uid);
  free (tags);
  pp_ipa_fns = NULL;
  pp_ipa_subpaths = NULL;
  by_uid = NULL;
  tags = NULL;
  pp_n_ipa_fns = n_tags = cap_tags = 0;
}

opt_pass *
pp_make_ipa_pass (gcc::context *ctxt)
{
  return new ipa_pass (ctxt);
}
