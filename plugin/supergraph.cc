/* pathprof plugin: the instrumentation pass in the inter-procedural modes.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Per function, where the usual pass (pass.cc) maps, numbers and
 * instruments the CFG as it is, this one first reads the markers the
 * pre-pass left (ipa.cc) and deletes them: every block then holds a known
 * sequence of subpath nodes in contexts, and the function's CFG is the
 * *concrete* graph of a supergraph map (plugin/core/segment.h), which
 * decides the cut edges: the images of the subpath CFGs' back and split
 * edges (and, in trace builds, of their call sites), never GCC's DFS back
 * edges on the changed graph.
 *
 *   trace build  the root alone; every call site ends its block (split
 *                here), the concrete edges get weights that add up to the
 *                subpath ids (pp_sg_weights), placed on the chords as
 *                usual; a subpath's end appends it to the trace, the entry
 *                and the landing pads and setjmp receivers tell the
 *                runtime which frame runs (runtime/wpp.c);
 *   IPPP build   the supergraph of the inlined call chains; the
 *                interesting segments of the root become concrete
 *                Ball-Larus paths (pp_sg_encode), their nodes are never
 *                cut by path splitting, and the supergraph is numbered
 *                with PPP (or Ball-Larus, ipps-mode=bl) as any function;
 *                the notes record the map so that reports decode paths
 *                into segments.
 */
#include "gcc-compat.h"
#include "pathprof.h"
#include "pathprof-format.h"
#include "textlex.h"

namespace {

/* Fills ERR as the core does.  */
pp_status
fail (pp_error *err, const char *message)
{
  err->status = PP_ERR_INVALID;
  snprintf (err->message, sizeof err->message, "%s", message);
  return PP_ERR_INVALID;
}

/* The items of one GCC block.  */
struct block_items
{
  pp_sg_item *v;
  unsigned n, cap;
};

/* Whether subpath node U of F starts after a call site.  */
bool
after_call (const pp_subpath_fn *f, unsigned u)
{
  for (unsigned k = 0; k < f->n_sites; k++)
    if (f->cfg->edges[f->site_edge[k]].dst == u)
      return true;
  return false;
}

/* Trace builds: every call site must end its block, so that the cut
   after it is a concrete edge.  The marker of the node after a site comes
   right after the site's call.  */
void
split_after_sites (function *fn, const pp_ipa_fn *f)
{
  auto_vec<gimple *> calls;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        const pp_tag *t = pp_marker_tag (gsi_stmt (gsi));
        if (!t || t->ctx != 0 || !after_call (f->sub, t->node))
          continue;
        gimple_stmt_iterator p = gsi;
        gsi_prev_nondebug (&p);
        if (!gsi_end_p (p) && is_gimple_call (gsi_stmt (p)))
          calls.safe_push (gsi_stmt (p));
      }
  unsigned i;
  gimple *call;
  FOR_EACH_VEC_ELT (calls, i, call)
    split_block (gimple_bb (call), call);
}

/* Reads the markers into ITEMS (by block index) and deletes them.  False
   (with *WHY) if a marker is not one of F's contexts.  */
bool
read_markers (function *fn, const pp_ipa_fn *f, block_items *items,
              const char **why)
{
  basic_block bb;
  bool ok = true;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);)
      {
        const pp_tag *t = pp_marker_tag (gsi_stmt (gsi));
        if (!t)
          {
            gsi_next (&gsi);
            continue;
          }
        unsigned ctx_fn = t->ctx == 0 ? f->index
                          : t->ctx < f->n_ctx ? f->ctx[t->ctx].fn
                                              : (unsigned) -1;
        if (ctx_fn != t->fn)
          {
            *why = "a block of another function or context";
            ok = false;
          }
        block_items *b = &items[bb->index];
        if (b->n == b->cap)
          {
            b->cap = b->cap ? 2 * b->cap : 4;
            b->v = XRESIZEVEC (pp_sg_item, b->v, b->cap);
          }
        b->v[b->n].ctx = t->ctx;
        b->v[b->n].node = t->node;
        b->n++;
        gsi_remove (&gsi, true);
      }
  return ok;
}

/* The supergraph map of F over MAP's CFG, and the cut kind of every
   concrete edge (applied to MAP's CFG).  NULL (with *WHY) on failure.  */
pp_supergraph *
build_map (const pp_ipa_fn *f, pp_fn_map *map, block_items *items,
           bool calls_cut, pp_error *err)
{
  pp_supergraph *sg = pp_sg_new (pp_ipa_subpaths, pp_n_ipa_fns, f->index,
                                 map->cfg, err);
  if (!sg)
    return NULL;
  pp_status st = PP_OK;
  for (unsigned c = 1; c < f->n_ctx && st == PP_OK; c++)
    {
      unsigned id;
      st = pp_sg_add_context (sg, f->ctx[c].parent, f->ctx[c].site,
                              f->ctx[c].fn, &id, err);
      gcc_checking_assert (st != PP_OK || id == c);
    }
  const pp_subpath_fn *sub = f->sub;
  for (unsigned v = 0; v < map->n_nodes && st == PP_OK; v++)
    {
      int b = map->node_bb[v]->index;
      pp_sg_item it = { 0, 0 };
      if (b == ENTRY_BLOCK)
        it.node = sub->cfg->entry;
      else if (b == EXIT_BLOCK)
        it.node = sub->exit_block;
      if (b >= NUM_FIXED_BLOCKS)
        st = pp_sg_set_items (sg, v, items[b].v, items[b].n, err);
      else
        st = pp_sg_set_items (sg, v, &it, 1, err);
    }
  pp_cut_kind *cuts = XNEWVEC (pp_cut_kind, map->cfg->n_edges + 1);
  if (st == PP_OK)
    st = pp_sg_finish (sg, calls_cut, cuts, err);
  for (unsigned i = 0; i < map->cfg->n_edges && st == PP_OK; i++)
    {
      pp_cfg_edge *e = &map->cfg->edges[i];
      e->cut = cuts[i];
      /* Every entry into a setjmp receiver starts a path (cfg-map.cc):
         in the subpath CFG its in-edges are split cuts.  */
      if (!map->edge_hard[i] && map->restart[e->dst] && e->cut == PP_CUT_NONE)
        st = fail (err, "an edge into a setjmp receiver is not cut");
    }
  free (cuts);
  if (st != PP_OK)
    {
      pp_sg_free (sg);
      return NULL;
    }
  return sg;
}

/* Whether node V of MAP is an exception landing pad.  */
bool
landing_pad (const pp_fn_map *map, unsigned v)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, map->node_bb[v]->preds)
    if (e->flags & EDGE_EH)
      return true;
  return false;
}

/* The descriptor, notes and storage of a new record.  */
pp_fn_record *
new_record (const pp_ipa_fn *f, uint32_t checksum, uint32_t storage,
            uint64_t n_paths)
{
  pp_fn_record *rec = XCNEW (pp_fn_record);
  rec->name = xstrdup (f->name);
  rec->source = xstrdup (f->source);
  rec->is_public = TREE_PUBLIC (f->decl);
  rec->checksum = checksum;
  rec->storage = storage;
  rec->n_paths = n_paths;
  return rec;
}

/* Places MAP's counter updates (by PROFILE, DAG edge counts, where not
   NULL) and applies WEIGHTS (n_regs sets) onto the chords.  */
bool
place (const pp_fn_map *map, const pp_dag *dag, const double *profile,
       mpz_t *const *weights, unsigned n_regs, pp_action **actions,
       unsigned *n_chords, pp_error *err)
{
  double *freq = pp_estimate_frequencies (map, dag, profile);
  pp_placement *pl = NULL;
  pp_status st = pp_placement_compute (dag, freq, &pl, err);
  for (unsigned reg = 0; reg < n_regs && st == PP_OK; reg++)
    st = pp_placement_apply (dag, pl, weights[reg], &actions[reg], err);
  if (pl)
    *n_chords = pl->n_chords;
  pp_placement_free (pl);
  free (freq);
  return st == PP_OK;
}

/* A trace build's function.  */
void
instrument_trace (function *fn, const pp_ipa_fn *f, pp_fn_map *map,
                  pp_supergraph *sg)
{
  tree fndecl = fn->decl;
  pp_error err;
  pp_dag *dag = NULL;
  pp_action *actions[PP_N_REGS] = { NULL, NULL };
  unsigned n_chords = 0;
  mpz_t *weights = NULL;
  pp_status st = pp_dag_build (map->cfg, &dag, &err);
  if (st == PP_OK)
    {
      weights = XNEWVEC (mpz_t, dag->n_edges + 1);
      for (unsigned k = 0; k < dag->n_edges; k++)
        mpz_init (weights[k]);
      st = pp_sg_weights (sg, dag, weights, &err);
    }
  if (st == PP_OK
      && !place (map, dag, NULL, &weights, 1, actions, &n_chords, &err))
    st = err.status;
  /* The calls that end the subpaths at call sites.  */
  map->cut_call = XCNEWVEC (gimple *, map->cfg->n_edges + 1);
  map->cut_callee = XCNEWVEC (tree, map->cfg->n_edges + 1);
  for (unsigned i = 0; i < map->cfg->n_edges && st == PP_OK; i++)
    {
      if (map->cfg->edges[i].cut != PP_CUT_CALL)
        continue;
      gimple *g = ppc_last_nondebug_stmt (map->node_bb[map->cfg->edges[i]
                                                         .src]);
      gcall *call = g ? dyn_cast<gcall *> (g) : NULL;
      if (!call)
        {
          st = fail (&err, "a call site does not end its block");
          break;
        }
      map->cut_call[i] = call;
      map->cut_callee[i] = pp_ipa_announced_callee (call);
    }
  if (st != PP_OK)
    {
      pp_skip_function (fndecl, err.message);
      goto out;
    }

  {
    pp_fn_record *rec
      = new_record (f, f->sub->checksum, PATHPROF_STORAGE_TRACE,
                    pp_mpz_to_u64 (f->sub->num->total));
    pp_emit_storage (rec);
    rec->notes = pp_notes_subpath (f, true);
    pp_push_record (rec);

    /* The frame: its number at entry, for the landing pads and setjmp
       receivers to say which frame runs again.  */
    tree frame = create_tmp_var (uint64_type_node, "pathprof_frame");
    tree self = create_tmp_reg (const_ptr_type_node, "pathprof_self");
    ppc_suppress_warnings (frame);
    map->head_prefix = XCNEWVEC (gimple_seq, map->n_nodes + 1);
    for (unsigned v = 0; v < map->n_nodes; v++)
      if (map->restart[v] || landing_pad (map, v))
        gimple_seq_add_stmt_without_update (
          &map->head_prefix[v],
          gimple_build_call (pp_wpp_decl (PP_WPP_RESUME), 1, frame));
    gimple_seq seq = NULL;
    gimple_seq_add_stmt_without_update (
      &seq, gimple_build_assign (self, NOP_EXPR,
                                 pp_ipa_self_address (fndecl)));
    gcall *enter = gimple_build_call (pp_wpp_decl (PP_WPP_ENTER), 2,
                                      pp_function_descriptor_addr (rec),
                                      self);
    gimple_call_set_lhs (enter, frame);
    gimple_seq_add_stmt_without_update (&seq, enter);
    gsi_insert_seq_on_edge (single_succ_edge (ENTRY_BLOCK_PTR_FOR_FN (fn)),
                            seq);

    pp_instr_stats stats;
    pp_instrument (map, dag, NULL, actions, 1, rec, NULL, &stats);
    free (stats.check_notes);   /* (a trace build has no checks) */
    cgraph_edge::rebuild_edges ();
    cgraph_edge::rebuild_references ();
    if (pp_opts.verbose)
      inform (DECL_SOURCE_LOCATION (fndecl),
              "pathprof: %qD: %wu subpaths, %u call sites, %u blocks, "
              "%u edges, %u chords, %u edges with code, %u subpath ends",
              fndecl, (unsigned HOST_WIDE_INT) rec->n_paths,
              f->sub->n_sites, map->n_nodes, map->n_edges, n_chords,
              stats.n_edge_seqs, stats.n_records);
  }

out:
  pp_actions_free (actions[0], dag ? dag->n_edges : 0);
  for (unsigned k = 0; weights && k < dag->n_edges; k++)
    mpz_clear (weights[k]);
  free (weights);
  pp_dag_free (dag);
}

/* The notes records of SG's map: contexts, then the items of every
   concrete node that has some.  */
char *
map_records (const pp_ipa_fn *f, const pp_supergraph *sg,
             const pp_fn_map *map)
{
  char *buf = NULL;
  size_t size = 0;
  FILE *m = open_memstream (&buf, &size);
  for (unsigned c = 1; c < f->n_ctx; c++)
    {
      fprintf (m, "  %s %u %u %u ", PATHPROF_NOTES_CONTEXT, c,
               f->ctx[c].parent, f->ctx[c].site);
      char *q = pp_text_quote (pp_ipa_fns[f->ctx[c].fn]->name);
      fprintf (m, "%s\n", q);
      free (q);
    }
  for (unsigned v = 0; v < map->n_nodes; v++)
    {
      unsigned n;
      const pp_sg_item *it = pp_sg_items (sg, v, &n);
      if (!n)
        continue;
      fprintf (m, "  %s %u", PATHPROF_NOTES_NODE, v);
      for (unsigned i = 0; i < n; i++)
        fprintf (m, " %u:%u", it[i].ctx, it[i].node);
      fputc ('\n', m);
    }
  fclose (m);
  return buf;
}

int
cmp_mpz (const void *a, const void *b)
{
  return mpz_cmp (*(const mpz_t *) a, *(const mpz_t *) b);
}

/* The interesting segments of F as concrete Ball-Larus ids of DAG (the
   final numbering), and with PROFILE the edge counts they add up to
   (NULL if the file gives no count, or profile-placement=0); with MARK,
   first only marks the nodes of their paths no_split (before path
   splitting).  Returns the number of ids.  */
unsigned
interesting_ids (const pp_ipa_fn *f, const pp_supergraph *sg, pp_cfg *cfg,
                 const pp_dag *dag, const pp_numbering *num, bool mark,
                 mpz_t **ids_out, double **profile)
{
  pp_segment *segs;
  unsigned *lines, n, n_not_inlined, n_bad = 0, first_bad = 0;
  double *counts, *edge_count = NULL;
  char first_why[PP_ERROR_MESSAGE_SIZE];
  pp_ipps_segments (f, &segs, &lines, &counts, &n, &n_not_inlined);
  mpz_t *ids = mark ? NULL : XNEWVEC (mpz_t, n + 1);
  unsigned n_ids = 0;
  for (unsigned i = 0; i < n; i++)
    {
      unsigned *edges;
      size_t len;
      pp_error err;
      if (pp_sg_encode (sg, dag, &segs[i], &edges, &len, &err) != PP_OK)
        {
          if (!n_bad++)
            {
              first_bad = lines[i];
              snprintf (first_why, sizeof first_why, "%s", err.message);
            }
          continue;
        }
      if (mark)
        for (size_t k = 0; k + 1 < len; k++)
          cfg->no_split[dag->edges[edges[k]].dst] = 1;
      else
        {
          mpz_init (ids[n_ids]);
          if (pp_bl_encode (dag, num, edges, len, ids[n_ids], &err) == PP_OK)
            n_ids++;
          else
            mpz_clear (ids[n_ids]);
          if (profile && pp_opts.profile_placement && counts[i] >= 0)
            {
              if (!edge_count)
                edge_count = XCNEWVEC (double, dag->n_edges);
              for (size_t k = 0; k < len; k++)
                edge_count[edges[k]] += counts[i];
            }
        }
      free (edges);
    }
  /* Reported once, before splitting: segments the compiled supergraph
     does not have (GCC removed or merged what they run through).  */
  if (mark && n_bad && pp_opts.stale != PP_STALE_IGNORE)
    warning_at (DECL_SOURCE_LOCATION (f->decl), 0,
                "pathprof: %qD: %u interesting segments (the first at "
                "%s:%u: %s) are not paths of the compiled supergraph; "
                "they are not counted as interesting",
                f->decl, n_bad, pp_opts.ipps_file, first_bad, first_why);
  if (mark && n_not_inlined && pp_opts.verbose)
    inform (DECL_SOURCE_LOCATION (f->decl),
            "pathprof: %qD: %u interesting segments run through call "
            "chains that are not inlined",
            f->decl, n_not_inlined);
  pp_ipps_free_segments (segs, lines, counts, n);
  if (profile)
    *profile = edge_count;
  /* Distinct segments run distinct concrete paths; a copy of the file
     edited by hand might still list one twice.  */
  unsigned m = 0;
  if (n_ids)
    qsort (ids, n_ids, sizeof *ids, cmp_mpz);
  for (unsigned i = 0; i < n_ids; i++)
    if (m && mpz_cmp (ids[i], ids[m - 1]) == 0)
      mpz_clear (ids[i]);
    else if (m != i)
      {
        mpz_swap (ids[m++], ids[i]);
        mpz_clear (ids[i]);
      }
    else
      m++;
  if (ids_out)
    *ids_out = ids;
  return m;
}

/* An IPPP build's function.  */
void
instrument_ipps (function *fn, const pp_ipa_fn *f, pp_fn_map *map,
                 pp_supergraph *sg)
{
  tree fndecl = fn->decl;
  pp_error err;
  pp_dag *dag = NULL;
  pp_numbering *num = NULL;
  pp_action *actions[PP_N_REGS] = { NULL, NULL };
  unsigned n_regs = 1, n_chords = 0, n_splits = 0;
  pp_plan plan;
  pp_plan_init (&plan);
  mpz_t *ids = NULL;
  unsigned n_ids = 0;
  char *extra = NULL;
  unsigned char *tested_map = NULL;

  /* The nodes of the interesting segments' paths first, so that path
     splitting spares them.  */
  pp_status st = pp_dag_build (map->cfg, &dag, &err);
  if (st == PP_OK && f->listed)
    interesting_ids (f, sg, map->cfg, dag, NULL, true, NULL, NULL);
  pp_dag_free (dag);
  dag = NULL;
  if (st == PP_OK)
    st = pp_number_fitting (map->cfg, &dag, &num, &n_splits, &err);
  if (st == PP_OK && f->listed)
    n_ids = interesting_ids (f, sg, map->cfg, dag, num, false, &ids,
                             &plan.edge_profile);
  if (st == PP_OK)
    {
      if (pp_opts.ipps_bl)
        plan.storage = PATHPROF_STORAGE_ARRAY;
      else if (n_ids)
        {
          if (!pp_plan_ppp_ids (ids, NULL, n_ids, dag, num, &plan, &err))
            st = err.status;
          ids = NULL;
        }
      else if (!f->listed && pp_opts.unlisted_skip)
        goto out;
      else
        {
          plan.storage = PATHPROF_STORAGE_RESIDUAL;
          if (f->stale)
            plan.stale = xstrdup (f->stale);
        }
    }
  /* Below ppp-array-threshold: an array of Ball-Larus counters, the
     interesting segments marked (as intra-procedural functions: pass.cc). */
  if (st == PP_OK)
    pp_plan_split (&plan, num->total, &tested_map);
  if (st == PP_OK)
    {
      mpz_t *weights[PP_N_REGS] = { num->weight, NULL };
      if (plan.storage == PATHPROF_STORAGE_PPP && !plan.split)
        {
          weights[PP_REG_PPP] = plan.slot_weight;
          n_regs = 2;
        }
      if (!place (map, dag, plan.edge_profile, weights, n_regs, actions,
                  &n_chords, &err))
        st = err.status;
    }
  if (st != PP_OK)
    {
      pp_skip_function (fndecl, err.message);
      goto out;
    }

  {
    pp_fn_record *rec = new_record (f, pp_cfg_checksum (map->cfg),
                                    plan.storage,
                                    pp_mpz_to_u64 (num->total));
    rec->n_slots = plan.split ? 0 : plan.n_slots;
    rec->slot_bl = plan.slot_bl;
    plan.slot_bl = NULL;
    rec->split = plan.split;
    rec->n_interesting = plan.n_interesting;
    rec->unchecked = plan.unchecked;
    rec->end_kind = plan.end_kind;
    plan.end_kind = NULL;
    rec->tested_map = tested_map;
    tested_map = NULL;
    pp_emit_storage (rec);
    extra = map_records (f, sg, map);
    rec->notes = pp_notes_function (rec, map, dag, num, &plan,
                                    actions[PP_REG_BL], extra);
    pp_push_record (rec);
    pp_instr_stats stats;
    pp_instrument (map, dag, NULL, actions, n_regs, rec, plan.edge_profile,
                   &stats);
    pp_notes_insert (&rec->notes, stats.check_notes);
    free (stats.check_notes);
    cgraph_edge::rebuild_edges ();
    if (pp_opts.verbose)
      inform (DECL_SOURCE_LOCATION (fndecl),
              "pathprof: %qD: supergraph of %u contexts, %wu paths, %s, "
              "%u interesting segments, %u blocks, %u edges "
              "(%u split nodes), %u chords, %u edges with code, %s",
              fndecl, f->n_ctx ? f->n_ctx : 1,
              (unsigned HOST_WIDE_INT) rec->n_paths,
              pp_record_storage (rec), plan.n_interesting,
              map->n_nodes, map->n_edges, n_splits, n_chords,
              stats.n_edge_seqs, pp_path_ends_text (rec, &stats));
  }

out:
  free (extra);
  free (tested_map);
  for (unsigned i = 0; ids && i < n_ids; i++)
    mpz_clear (ids[i]);
  free (ids);
  for (unsigned reg = 0; reg < PP_N_REGS; reg++)
    pp_actions_free (actions[reg], dag ? dag->n_edges : 0);
  pp_plan_free (&plan);
  pp_numbering_free (num);
  pp_dag_free (dag);
}

} // namespace

void
pp_instrument_inter (function *fn)
{
  pp_ipa_fn *f = pp_ipa_lookup (fn->decl);
  /* Not seen by the pre-pass (created later), or not handled (it said
     why).  */
  if (!f || !f->sub)
    return;
  /* Our inlining (inline.cc) left the loop tree to be fixed up; the pass
     manager would do it after this pass, but the steady loop paths
     (instrument.cc) need the loops of the supergraph now.  Before SSA the
     loops have no preheaders or simple latches to keep, so this only
     rebuilds the loop tree (and the map is built after it anyway).  */
  if (current_loops && loops_state_satisfies_p (LOOPS_NEED_FIXUP))
    {
      calculate_dominance_info (CDI_DOMINATORS);
      fix_loop_structure (NULL);
      free_dominance_info (CDI_DOMINATORS);
    }
  if (pp_opts.wpp)
    split_after_sites (fn, f);
  unsigned nb = last_basic_block_for_fn (fn);
  block_items *items = XCNEWVEC (block_items, nb + 1);
  const char *why = NULL;
  pp_fn_map map;
  memset (&map, 0, sizeof map);
  pp_error err;
  pp_supergraph *sg = NULL;
  bool ok = read_markers (fn, f, items, &why);
  if (ok && !pp_map_function (fn, &map, &why))
    ok = false;
  if (ok && !(sg = build_map (f, &map, items, pp_opts.wpp, &err)))
    {
      why = err.message;
      ok = false;
    }
  if (!ok)
    pp_skip_function (fn->decl, why);
  else if (pp_opts.wpp)
    instrument_trace (fn, f, &map, sg);
  else
    instrument_ipps (fn, f, &map, sg);
  pp_sg_free (sg);
  pp_map_free (&map);
  for (unsigned b = 0; b < nb; b++)
    free (items[b].v);
  free (items);
}
