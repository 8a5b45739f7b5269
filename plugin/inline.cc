/* pathprof plugin: IPPP's selective inlining (ipps=FILE).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Thesis section 3.4.3: every interesting segment becomes an
 * intra-procedural path of its root's supergraph by inlining, context by
 * context, the call chains it runs through: the chain (site s of the root
 * -> g) inlines g at s; (s -> g, s' -> h) then inlines h at the copy of
 * s' inside that copy of g; and so on down to the file's depth.  A chain
 * no interesting segment runs is not inlined (the callee's run is its own
 * segment then).  Run from the pre-pass (ipa.cc), before any function is
 * in SSA form:
 *
 *   - GCC's own inliner does the work (clone_inlined_nodes +
 *     optimize_inline_calls), one call at a time, always from a *pristine
 *     copy* of the callee made before anything changed
 *     (create_version_clone_with_body): a root's body changes as chains
 *     are inlined into it, but what is inlined is always the callee as
 *     written, also when it calls itself (recursion is bounded by the
 *     depth);
 *   - just before each call is inlined, the markers of the pristine copy
 *     get the tags of the new context, and get their own back afterwards:
 *     the copy's blocks say which context they are;
 *   - a call through a pointer becomes `if (p == &g) g (...); else
 *     p (...);` (one test per target the file names at that site, the
 *     runtime check of the actual callee), and the direct call is inlined;
 *   - the code growth is bounded: chains are inlined root by root, depth
 *     by depth, as long as the statements they add stay within
 *     ipps-growth percent of the unit's; the others are not inlined, and
 *     reported.
 */
#include "gcc-compat.h"
#include "pathprof.h"
#include "pathprof-format.h"
#include "tree-inline.h"
#include "ips.h"

/* Declared in ipa-inline.h, which a plugin cannot include.  */
void clone_inlined_nodes (struct cgraph_edge *e, bool duplicate,
                          bool update_original, int *overall_size);

namespace {

/* The IPS file, read once at plugin initialization.  */
pp_ips *ips;

/* A call chain of a root: context PARENT's call site SITE into FN.  */
struct chain
{
  unsigned parent;   /* chain index, or -1 for the root */
  unsigned site, fn;
  unsigned depth;
  unsigned ctx;      /* the realized context, or 0 if not inlined */
  bool tried;        /* inlining it was attempted */
};

/* Per unit function (ipa.cc's index): its segments as roots, in unit
   function indices, with their lines; its chains.  */
struct root_work
{
  pp_segment *segs;
  unsigned *lines;
  double *counts;            /* per segment: its count, or -1 if none */
  unsigned **seg_chains;     /* per segment: the chains it runs through */
  unsigned *n_seg_chains;
  unsigned n_segs, cap_segs;
  chain *chains;
  unsigned n_chains, cap_chains;
};
root_work *roots;
/* The pristine copies, by unit function index (NULL: none needed).  */
cgraph_node **pristine;
unsigned long long unit_stmts, added_stmts;

/* The file's function J as a unit function index, or -1.  */
long *unit_of;

/* A chain index of root R (PARENT, SITE, FN), created if absent.  */
unsigned
chain_of (root_work *r, unsigned parent, unsigned site, unsigned fn,
          unsigned depth)
{
  for (unsigned i = 0; i < r->n_chains; i++)
    if (r->chains[i].parent == parent && r->chains[i].site == site
        && r->chains[i].fn == fn)
      return i;
  if (r->n_chains == r->cap_chains)
    {
      r->cap_chains = r->cap_chains ? 2 * r->cap_chains : 8;
      r->chains = XRESIZEVEC (chain, r->chains, r->cap_chains);
    }
  chain *c = &r->chains[r->n_chains];
  c->parent = parent;
  c->site = site;
  c->fn = fn;
  c->depth = depth;
  c->ctx = 0;
  c->tried = false;
  return r->n_chains++;
}

/* Adds segment SEG (file indices, read at LINE, run COUNT times or -1 if
   the file does not say) to its root, in unit indices, with the chains it
   runs.  False if it names a function that
   is not in the unit as the file describes it (*WHY NULL: the function
   is stale, which has its own warning), or with *WHY if it does not
   decode.  */
bool
add_segment (const pp_segment *seg, unsigned line, double count,
             const char **why)
{
  pp_segment s;
  pp_error err;
  if (pp_segment_copy (&s, seg, &err) != PP_OK)
    {
      *why = "out of memory";
      return false;
    }
  bool ok = unit_of[s.root] >= 0;
  s.root = (unsigned) unit_of[s.root];
  for (unsigned i = 0; ok && i < s.n_start; i++)
    {
      ok = unit_of[s.start[i].fn] >= 0;
      s.start[i].fn = ok ? (unsigned) unit_of[s.start[i].fn] : 0;
    }
  for (unsigned t = 0; ok && t < s.n_tokens; t++)
    if (s.tokens[t].kind == PP_SEG_PIECE)
      {
        ok = unit_of[s.tokens[t].fn] >= 0;
        s.tokens[t].fn = ok ? (unsigned) unit_of[s.tokens[t].fn] : 0;
      }
  if (!ok)
    {
      *why = NULL;
      pp_segment_clear (&s);
      return false;
    }
  /* Its chains: the start context, then a chain at every '('.  */
  root_work *r = &roots[s.root];
  unsigned cur = (unsigned) -1, depth = 0;
  auto_vec<unsigned> used;
  for (unsigned i = 0; i < s.n_start; i++)
    {
      cur = chain_of (r, cur, s.start[i].site, s.start[i].fn, ++depth);
      used.safe_push (cur);
    }
  auto_vec<unsigned> stack;
  long prev_site = -1;
  for (unsigned t = 0; t < s.n_tokens && ok; t++)
    {
      const pp_seg_token *k = &s.tokens[t];
      switch (k->kind)
        {
        case PP_SEG_PIECE:
          {
            const pp_subpath_fn *f = pp_ipa_fns[k->fn]->sub;
            pp_piece_shape shape;
            if (pp_subpath_decode (f, k->id, NULL, NULL, &shape, &err)
                != PP_OK)
              {
                *why = "a subpath id does not decode";
                ok = false;
                break;
              }
            if (t > 0 && s.tokens[t - 1].kind == PP_SEG_CALL)
              {
                if (prev_site < 0)
                  {
                    *why = "'(' after a subpath that ends at no call site";
                    ok = false;
                    break;
                  }
                stack.safe_push (cur);
                cur = chain_of (r, cur, (unsigned) prev_site, k->fn, ++depth);
                used.safe_push (cur);
              }
            prev_site = shape.ends_at_exit ? -1 : f->edge_site[shape.end_edge];
          }
          break;
        case PP_SEG_RETURN:
          depth--;
          cur = stack.is_empty () ? r->chains[cur].parent : stack.pop ();
          break;
        case PP_SEG_CALL:
          break;
        }
    }
  if (!ok)
    {
      pp_segment_clear (&s);
      return false;
    }
  if (r->n_segs == r->cap_segs)
    {
      r->cap_segs = r->cap_segs ? 2 * r->cap_segs : 16;
      r->segs = XRESIZEVEC (pp_segment, r->segs, r->cap_segs);
      r->lines = XRESIZEVEC (unsigned, r->lines, r->cap_segs);
      r->counts = XRESIZEVEC (double, r->counts, r->cap_segs);
      r->seg_chains = XRESIZEVEC (unsigned *, r->seg_chains, r->cap_segs);
      r->n_seg_chains = XRESIZEVEC (unsigned, r->n_seg_chains, r->cap_segs);
    }
  r->segs[r->n_segs] = s;
  r->seg_chains[r->n_segs] = XNEWVEC (unsigned, used.length () + 1);
  if (!used.is_empty ())
    memcpy (r->seg_chains[r->n_segs], used.address (),
            used.length () * sizeof (unsigned));
  r->n_seg_chains[r->n_segs] = used.length ();
  r->counts[r->n_segs] = count;
  r->lines[r->n_segs++] = line;
  return true;
}

/* Matches the unit's functions with the file's entries: listed, stale or
   unlisted; fills unit_of.  */
void
match_functions (void)
{
  unit_of = XNEWVEC (long, ips->n_fns + 1);
  for (size_t j = 0; j < ips->n_fns; j++)
    unit_of[j] = -1;
  for (unsigned i = 0; i < pp_n_ipa_fns; i++)
    {
      pp_ipa_fn *f = pp_ipa_fns[i];
      if (!f->sub)
        continue;
      size_t first, n = pp_ips_lookup (ips, f->name, f->source, &first);
      const pp_ips_fn *stale = NULL;
      uint64_t subpaths = pp_mpz_to_u64 (f->sub->num->total);
      for (size_t j = first; j < first + n; j++)
        {
          const pp_ips_fn *e = &ips->fns[j];
          if (e->checksum == f->sub->checksum && e->subpaths == subpaths)
            {
              unit_of[j] = i;
              f->listed = true;
              stale = NULL;
              break;
            }
          stale = e;
        }
      const pp_ips_fn *elsewhere
          = n || !TREE_PUBLIC (f->decl) ? NULL
              : pp_ips_lookup_elsewhere (ips, f->name, f->source,
                                         f->sub->checksum, subpaths);
      if (elsewhere)
        f->stale = pp_report_elsewhere (f->decl, pp_opts.ipps_file,
                                        elsewhere->line, elsewhere->source,
                                        f->source);
      else if (stale)
        {
          f->stale = xasprintf ("%s:%u (checksum 0x%08x and %llu subpaths "
                                "there, 0x%08x and %llu now)",
                                pp_opts.ipps_file, stale->line,
                                stale->checksum,
                                (unsigned long long) stale->subpaths,
                                f->sub->checksum,
                                (unsigned long long) subpaths);
          pp_report_stale (f->decl, f->stale);
        }
    }
}

/* The statement before marker TAG in the current function: the call
   site the marker follows.  */
gcall *
call_before_marker (unsigned tag)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      if (gimple_code (gsi_stmt (gsi)) == GIMPLE_PREDICT
          && gimple_uid (gsi_stmt (gsi)) == tag)
        {
          gsi_prev_nondebug (&gsi);
          return gsi_end_p (gsi) ? NULL : dyn_cast<gcall *> (gsi_stmt (gsi));
        }
  return NULL;
}

/* A fresh variable for the result of a call that is being duplicated
   (the result of the original may be an SSA name with a single
   definition), copied into the original result at the start of AFTER.  */
void
split_result (gcall *call, basic_block after)
{
  tree lhs = gimple_call_lhs (call);
  if (!lhs || TREE_CODE (lhs) != SSA_NAME)
    return;
  tree v = create_tmp_var (TREE_TYPE (lhs), "pathprof_ret");
  gimple_call_set_lhs (call, v);
  gimple_stmt_iterator gsi = gsi_after_labels (after);
  gsi_insert_before (&gsi, gimple_build_assign (lhs, v), GSI_SAME_STMT);
}

/* Turns the indirect call CALL of the current function into a test of
   the pointer against each of the N TARGETS, a direct call for each (in
   DIRECT), and the indirect call as the fallback:
       if (p == &t0) t0 (...); else if (p == &t1) t1 (...); else p (...);
   The new blocks hold no markers (reports see through them).  */
void
promote (gcall *call, cgraph_node *const *targets, unsigned n,
         gcall **direct)
{
  basic_block b1 = gimple_bb (call);
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  gsi_prev (&gsi);
  edge fall = gsi_end_p (gsi) ? split_block_after_labels (b1)
                              : split_block (b1, gsi_stmt (gsi));
  basic_block b2 = fall->dest;          /* the call */
  basic_block b3 = split_block (b2, call)->dest; /* after it */
  split_result (call, b3);
  tree fn = gimple_call_fn (call);
  if (TREE_CODE (fn) == OBJ_TYPE_REF)
    fn = OBJ_TYPE_REF_EXPR (fn);
  basic_block cur = b1;
  for (unsigned k = 0; k < n; k++)
    {
      basic_block d = create_empty_bb (cur);
      if (current_loops)
        add_bb_to_loop (d, cur->loop_father);
      gcall *copy = as_a<gcall *> (gimple_copy (call));
      gimple_call_set_fndecl (copy, targets[k]->decl);
      gimple_stmt_iterator gd = gsi_start_bb (d);
      gsi_insert_after (&gd, copy, GSI_NEW_STMT);
      direct[k] = copy;
      make_single_succ_edge (d, b3, EDGE_FALLTHRU);

      tree a = create_tmp_reg (ptr_type_node, "pathprof_fp");
      tree b = create_tmp_reg (ptr_type_node, "pathprof_fn");
      gimple_seq seq = NULL;
      gimple_seq_add_stmt (&seq, gimple_build_assign (a, NOP_EXPR,
                                                      unshare_expr (fn)));
      gimple_seq_add_stmt (&seq, gimple_build_assign (
                                   b, NOP_EXPR,
                                   build_fold_addr_expr (targets[k]->decl)));
      gimple_seq_add_stmt (&seq, gimple_build_cond (EQ_EXPR, a, b, NULL_TREE,
                                                    NULL_TREE));
      gimple_stmt_iterator gc = gsi_last_bb (cur);
      if (gsi_end_p (gc))
        gsi_insert_seq_after (&gc, seq, GSI_NEW_STMT);
      else
        gsi_insert_seq_after (&gc, seq, GSI_CONTINUE_LINKING);
      fall->flags &= ~EDGE_FALLTHRU;
      fall->flags |= EDGE_FALSE_VALUE;
      edge t = make_edge (cur, d, EDGE_TRUE_VALUE);
      t->probability = profile_probability::even ();
      fall->probability = t->probability.invert ();
      if (k + 1 < n)
        {
          basic_block c = create_empty_bb (cur);
          if (current_loops)
            add_bb_to_loop (c, cur->loop_father);
          redirect_edge_succ (fall, c);
          fall = make_single_succ_edge (c, b2, EDGE_FALLTHRU);
          cur = c;
        }
    }
}

/* Gives the markers of NODE's body the tags of context TAG_BASE (saved
   into OLD), or back their own (TAG_BASE 0).  */
void
retag (cgraph_node *node, unsigned tag_base, vec<unsigned> *old)
{
  basic_block bb;
  unsigned k = 0;
  FOR_EACH_BB_FN (bb, DECL_STRUCT_FUNCTION (node->decl))
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *g = gsi_stmt (gsi);
        if (tag_base)
          {
            const pp_tag *t = pp_marker_tag (g);
            if (!t)
              continue;
            old->safe_push (gimple_uid (g));
            gimple_set_uid (g, tag_base + t->node);
          }
        else if (gimple_code (g) == GIMPLE_PREDICT && k < old->length ()
                 && pp_marker_tag (g))
          gimple_set_uid (g, (*old)[k++]);
      }
}

/* GCC's inliner (expand_call_inline) takes a call to an always_inline
   function that it meets but was not asked to inline for a failure to
   inline it, an error at -O0 ("inlining failed in call to
   'always_inline'"): the calls of NODE's body, and of the bodies inlined
   into it, that this inlining leaves alone (GCC's own always-inline pass
   inlines them later) are marked as it marks the calls made direct by
   indirect inlining, whose failures it passes over silently.  The edges
   are rebuilt afterwards (inline_call), which drops the marks.  */
void
quiet_always_inline_calls (cgraph_node *node)
{
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    if (!e->inline_failed)
      quiet_always_inline_calls (e->callee);
    else if (lookup_attribute ("always_inline",
                               DECL_ATTRIBUTES (e->callee->decl)))
      e->indirect_inlining_edge = 1;
}

/* Whether CALLER and CALLEE were compiled with options that change what
   their IL means, across which GCC's inliner never inlines, not even an
   always_inline function (ipa-inline.cc, can_inline_edge_by_limits_p:
   an optimize attribute or pragma that sets -fwrapv, say).  GCC compares
   the floating-point options only where both functions do floating-point
   math, which its function summaries say and a plugin cannot ask: any
   difference in them refuses here.  */
bool
semantics_differ (tree caller, tree callee)
{
  /* (Pasted, not passed to opt_for_fn: an argument of this macro would
     be expanded, and flag_wrapv is a macro of global_options'.)  */
#define DIFFER(flag) \
  (opts_for_fn (caller)->x_##flag != opts_for_fn (callee)->x_##flag)
  return DIFFER (flag_wrapv) || DIFFER (flag_trapv)
         || DIFFER (flag_pcc_struct_return) || DIFFER (optimize_debug)
         || DIFFER (flag_rounding_math) || DIFFER (flag_trapping_math)
         || DIFFER (flag_unsafe_math_optimizations)
         || DIFFER (flag_finite_math_only) || DIFFER (flag_signaling_nans)
         || DIFFER (flag_cx_limited_range) || DIFFER (flag_signed_zeros)
         || DIFFER (flag_associative_math) || DIFFER (flag_reciprocal_math)
         || DIFFER (flag_fp_int_builtin_inexact) || DIFFER (flag_errno_math)
         || DIFFER (flag_non_call_exceptions) || DIFFER (flag_exceptions)
         || DIFFER (flag_devirtualize);
#undef DIFFER
}

/* As GCC's inline_call (ipa-inline-transform.cc): a body compiled without
   strict aliasing (__attribute__ ((optimize ("-fno-strict-aliasing"))),
   to pun types) inlined into ROOT takes strict aliasing away from ROOT,
   whose optimizers would otherwise reorder the punned accesses (PR
   78791; GCC's torture tests alias-1 and pr79043).  */
void
drop_strict_aliasing (tree root, tree callee)
{
  if (opt_for_fn (callee, flag_strict_aliasing)
      || !opt_for_fn (root, flag_strict_aliasing))
    return;
  gcc_options opts = global_options;
  gcc_options opts_set = global_options_set;
  cl_optimization_restore (&opts, &opts_set, opts_for_fn (root));
  opts.x_flag_strict_aliasing = false;
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION (root)
    = build_optimization_node (&opts, &opts_set);
  if (DECL_STRUCT_FUNCTION (root) == cfun)
    set_cfun (cfun, true);  /* reload the global flags */
}

/* Inlines CALL of ROOT (the current function) with the pristine copy of
   unit function FN, its markers tagged from TAG_BASE.  */
bool
inline_call (cgraph_node *root, gcall *call, unsigned fn, unsigned tag_base)
{
  cgraph_edge *e = root->get_edge (call);
  if (!e || !pristine[fn])
    return false;
  e->redirect_callee (pristine[fn]);
  gimple_call_set_fndecl (call, pristine[fn]->decl);
  e->inline_failed = CIF_OK;
  DECL_POSSIBLY_INLINED (pristine[fn]->decl) = true;
  clone_inlined_nodes (e, true, false, NULL);
  auto_vec<unsigned> old;
  retag (pristine[fn], tag_base, &old);
  quiet_always_inline_calls (root);
  optimize_inline_calls (root->decl);
  drop_strict_aliasing (root->decl, pristine[fn]->decl);
  retag (pristine[fn], 0, &old);
  cgraph_edge::rebuild_edges ();
  cgraph_edge::rebuild_references ();
  return true;
}

/* The marker tag base of context C of root F.  */
unsigned
ctx_tag_base (const pp_ipa_fn *f, unsigned c)
{
  return c == 0 ? f->tag_base : f->ctx[c].tag_base;
}

/* The inlining counts of a unit, for the report.  */
struct inline_counts
{
  unsigned done, bound, failed;
};

/* Records chain C of root F as inlined into context PARENT with tag
   base TB: its new context.  */
void
add_context (pp_ipa_fn *f, chain *c, unsigned parent, unsigned tb)
{
  c->ctx = f->n_ctx;
  f->ctx[f->n_ctx].parent = parent;
  f->ctx[f->n_ctx].site = c->site;
  f->ctx[f->n_ctx].fn = c->fn;
  f->ctx[f->n_ctx].tag_base = tb;
  f->n_ctx++;
}

/* Inlines chain C of root F (a direct call CALL in context PARENT), if
   the growth BOUND allows.  */
void
inline_direct (pp_ipa_fn *f, chain *c, unsigned parent, gcall *call,
               unsigned long long bound, inline_counts *n)
{
  pp_ipa_fn *g = pp_ipa_fns[c->fn];
  c->tried = true;
  /* GCC's inliner asks the target too (ipa-inline.cc, can_inline_edge_p):
     a body built for other instruction set extensions (a function
     declared __attribute__ ((target ("sse4.1"))) whose intrinsics are
     always_inline functions of that target) cannot go into a root built
     without them.  Everything is inlined into the root, so the root is
     the caller that matters.  A direct call of such a function is no
     call site (pp_call_site); a call through a pointer is, and its target
     is then not inlined (xz-utils' lzma_crc64 calls crc64_clmul so).  */
  if (!targetm.target_option.can_inline_p (f->decl, g->decl)
      || semantics_differ (f->decl, g->decl))
    {
      n->failed++;
      return;
    }
  if (added_stmts + g->n_stmts > bound)
    {
      n->bound++;
      return;
    }
  unsigned tb = pp_new_tags (c->fn, f->n_ctx);
  if (!inline_call (cgraph_node::get (f->decl), call, c->fn, tb))
    {
      n->failed++;
      return;
    }
  added_stmts += g->n_stmts;
  add_context (f, c, parent, tb);
  n->done++;
}

/* Chain C of root F is a call through a pointer, CALL in context PARENT:
   tests for every target of the site with a chain here, in chain order,
   then inlines each direct call (within the growth BOUND).  */
void
inline_indirect (pp_ipa_fn *f, root_work *r, chain *c, unsigned parent,
                 gcall *call, unsigned long long bound, inline_counts *n)
{
  auto_vec<cgraph_node *> targets;
  auto_vec<unsigned> which;
  for (unsigned j = 0; j < r->n_chains; j++)
    {
      chain *o = &r->chains[j];
      if (o->parent == c->parent && o->site == c->site
          && !pp_ipa_fns[o->fn]->refusal && pristine[o->fn]
          && pp_call_fits (call, pp_ipa_fns[o->fn]->decl)
          && targetm.target_option.can_inline_p (f->decl,
                                                 pp_ipa_fns[o->fn]->decl)
          && !semantics_differ (f->decl, pp_ipa_fns[o->fn]->decl))
        {
          targets.safe_push (cgraph_node::get (pp_ipa_fns[o->fn]->decl));
          which.safe_push (j);
        }
    }
  gcall **direct = XNEWVEC (gcall *, targets.length () + 1);
  if (!targets.is_empty ())
    {
      promote (call, targets.address (), targets.length (), direct);
      cgraph_edge::rebuild_edges ();
      cgraph_edge::rebuild_references ();
    }
  bool fits = false;
  for (unsigned t = 0; t < targets.length (); t++)
    {
      fits |= &r->chains[which[t]] == c;
      inline_direct (f, &r->chains[which[t]], parent, direct[t], bound, n);
    }
  free (direct);
  if (!fits)
    n->failed++; /* its target does not fit the call */
}

/* Realizes root F's chains, depth by depth within the growth bound.  */
void
inline_root (pp_ipa_fn *f, unsigned long long bound, inline_counts *n)
{
  root_work *r = &roots[f->index];
  f->ctx = XCNEWVEC (pp_ipa_context, r->n_chains + 1);
  f->n_ctx = 1;
  f->ctx[0].parent = PP_SG_NONE;
  f->ctx[0].fn = f->index;
  f->ctx[0].tag_base = f->tag_base;
  push_cfun (DECL_STRUCT_FUNCTION (f->decl));
  for (unsigned depth = 1; depth <= pp_ipps_depth (); depth++)
    for (unsigned i = 0; i < r->n_chains; i++)
      {
        chain *c = &r->chains[i];
        if (c->depth != depth || c->tried)
          continue;
        c->tried = true;
        unsigned parent = c->parent == (unsigned) -1
                            ? 0 : r->chains[c->parent].ctx;
        if (c->parent != (unsigned) -1 && !parent)
          continue; /* the parent chain was not inlined */
        const pp_subpath_fn *psub = pp_ipa_fns[f->ctx[parent].fn]->sub;
        gcall *call = NULL;
        if (c->site < psub->n_sites && !pp_ipa_fns[c->fn]->refusal
            && pristine[c->fn])
          {
            unsigned after = psub->cfg->edges[psub->site_edge[c->site]].dst;
            call = call_before_marker (ctx_tag_base (f, parent) + after);
          }
        if (!call)
          n->failed++;
        else if (gimple_call_fndecl (call))
          inline_direct (f, c, parent, call, bound, n);
        else
          inline_indirect (f, r, c, parent, call, bound, n);
      }
  pop_cfun ();
}

} // namespace

bool
pp_read_ips (const char *file)
{
  pp_error err;
  if (pp_ips_read (file, &ips, &err) != PP_OK)
    {
      error ("pathprof: %s", err.message);
      return false;
    }
  return true;
}

unsigned
pp_ipps_depth (void)
{
  return ips ? ips->depth : 0;
}

void
pp_ipps_growth (unsigned long long *unit, unsigned long long *added)
{
  *unit = unit_stmts;
  *added = added_stmts;
}

void
pp_ipps_inline (void)
{
  roots = XCNEWVEC (root_work, pp_n_ipa_fns + 1);
  pristine = XCNEWVEC (cgraph_node *, pp_n_ipa_fns + 1);
  for (unsigned i = 0; i < pp_n_ipa_fns; i++)
    unit_stmts += pp_ipa_fns[i]->n_stmts;
  match_functions ();
  unsigned n_through_stale = 0;

  /* The segments of the listed roots, and their chains.  */
  for (size_t j = 0; j < ips->n_segs; j++)
    {
      const pp_ips_seg *s = &ips->segs[j];
      long root = unit_of[s->seg.root];
      if (root < 0)
        continue; /* a root of another unit, or stale */
      const char *why;
      if (add_segment (&s->seg, s->line,
                       s->has_count ? (double) s->count : -1.0, &why))
        continue;
      if (why)
        warning_at (DECL_SOURCE_LOCATION (pp_ipa_fns[root]->decl), 0,
                    "pathprof: %qD: the segment at %s:%u cannot be used: "
                    "%s",
                    pp_ipa_fns[root]->decl, pp_opts.ipps_file, s->line,
                    why);
      else
        n_through_stale++;
    }
  if (n_through_stale && pp_opts.verbose)
    inform (UNKNOWN_LOCATION,
            "pathprof: %u segments of %qs run through stale functions: "
            "they are not interesting",
            n_through_stale, pp_opts.ipps_file);

  /* Pristine copies of every callee, before any body changes.  */
  for (unsigned i = 0; i < pp_n_ipa_fns; i++)
    for (unsigned c = 0; c < roots[i].n_chains; c++)
      {
        unsigned fn = roots[i].chains[c].fn;
        if (pristine[fn] || pp_ipa_fns[fn]->refusal)
          continue;
        cgraph_node *n = cgraph_node::get (pp_ipa_fns[fn]->decl);
        pristine[fn] = n->create_version_clone_with_body (vNULL, NULL, NULL,
                                                          NULL, NULL,
                                                          "pathprof_copy");
      }

  unsigned long long bound = unit_stmts * pp_opts.ipps_growth / 100;
  inline_counts n = { 0, 0, 0 };
  for (unsigned i = 0; i < pp_n_ipa_fns; i++)
    if (pp_ipa_fns[i]->listed)
      inline_root (pp_ipa_fns[i], bound, &n);

  for (unsigned i = 0; i < pp_n_ipa_fns; i++)
    if (pristine[i])
      pristine[i]->remove ();
  if (n.bound)
    warning (0, "pathprof: %u call chains of %qs are not inlined: they "
             "would make the inlined code exceed %wu%% of the unit%'s %wu "
             "statements (%<-fplugin-arg-pathprof-ipps-growth%>); their "
             "segments are not interesting",
             n.bound, pp_opts.ipps_file,
             (unsigned HOST_WIDE_INT) pp_opts.ipps_growth,
             (unsigned HOST_WIDE_INT) unit_stmts);
  if (n.failed)
    warning (0, "pathprof: %u call chains of %qs cannot be inlined (the "
             "call or the callee changed, the two were compiled with "
             "options that change what code means, or a call through a "
             "pointer does not fit the callee or calls one built for "
             "other instruction set extensions); their segments are not "
             "interesting",
             n.failed, pp_opts.ipps_file);
  if (pp_opts.verbose)
    inform (UNKNOWN_LOCATION,
            "pathprof: inlined %u call chains: %wu statements added to "
            "the unit%'s %wu (%wu per mille, at most %wu%%)",
            n.done, (unsigned HOST_WIDE_INT) added_stmts,
            (unsigned HOST_WIDE_INT) unit_stmts,
            (unsigned HOST_WIDE_INT) (unit_stmts ? 1000 * added_stmts
                                                     / unit_stmts
                                                 : 0),
            (unsigned HOST_WIDE_INT) pp_opts.ipps_growth);
}

void
pp_ipps_segments (const pp_ipa_fn *f, pp_segment **segs, unsigned **lines,
                  double **counts, unsigned *n, unsigned *n_not_inlined)
{
  root_work *r = roots ? &roots[f->index] : NULL;
  unsigned all = r ? r->n_segs : 0;
  *n = *n_not_inlined = 0;
  *segs = XCNEWVEC (pp_segment, all + 1);
  *lines = XCNEWVEC (unsigned, all + 1);
  *counts = XCNEWVEC (double, all + 1);
  for (unsigned i = 0; i < all; i++)
    {
      /* A segment through a chain the growth bound left out is no path
         of this supergraph: it is not interesting (reported once).  */
      bool inlined = true;
      for (unsigned c = 0; c < r->n_seg_chains[i]; c++)
        inlined &= r->chains[r->seg_chains[i][c]].ctx != 0;
      if (!inlined)
        {
          ++*n_not_inlined;
          continue;
        }
      pp_error err;
      if (pp_segment_copy (&(*segs)[*n], &r->segs[i], &err) != PP_OK)
        gcc_unreachable (); /* XNEW aborts first when out of memory */
      (*counts)[*n] = r->counts[i];
      (*lines)[(*n)++] = r->lines[i];
    }
}

void
pp_ipps_free_segments (pp_segment *segs, unsigned *lines, double *counts,
                       unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    pp_segment_clear (&segs[i]);
  free (segs);
  free (lines);
  free (counts);
}

void
pp_ipps_release (void)
{
  for (unsigned i = 0; roots && i < pp_n_ipa_fns; i++)
    {
      for (unsigned s = 0; s < roots[i].n_segs; s++)
        {
          pp_segment_clear (&roots[i].segs[s]);
          free (roots[i].seg_chains[s]);
        }
      free (roots[i].seg_chains);
      free (roots[i].n_seg_chains);
      free (roots[i].segs);
      free (roots[i].lines);
      free (roots[i].counts);
      free (roots[i].chains);
    }
  free (roots);
  free (pristine);
  free (unit_of);
  pp_ips_free (ips);
  ips = NULL;
  roots = NULL;
  pristine = NULL;
  unit_of = NULL;
  unit_stmts = added_stmts = 0;
}
