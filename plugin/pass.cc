/* pathprof plugin: the two passes.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where the instrumentation runs (specs/cfg-rules.md), by the stage
 * argument:
 *
 *   all_lowering_passes ... cfg, ompexp, build_cgraph_edges
 *   ipa free_lang_data, visibility
 *   ipa build_ssa_passes:  fixup_cfg, >>> pathprof <<< (early), ssa, ...,
 *                          nothrow, rebuild_cgraph_edges
 *   >>> pathprof_emit <<<  (early: once per unit)
 *   ipa opt_local_passes:  ..., einline (the early inliner),
 *                          early_optimizations, release_ssa, ...
 *   ipa remove_symbols
 *   >>> pathprof_late <<<  (late: every function of the unit)
 *   >>> pathprof_emit <<<  (late: once per unit)
 *   ipa ..., ipa-profile (gcov's instrumentation), ..., [LTO streaming],
 *   ipa inline, ...
 *   all_optimizations: ..., tracer, >>> pathprof_tails <<< (both stages:
 *                          tails.cc), fre, ..., dom, ..., vrp, ...
 *
 * stage=late (the default, Ball-Larus and preferential modes): where gcov
 * instruments, once the early inliner and optimizations are done with
 * every function.  A function is profiled as GCC will compile it; a
 * helper inlined into a loop adds no path end there.  An IPA pass over
 * all functions, as gcov's, rather than a GIMPLE pass in opt_local_passes,
 * which runs on callees before callers: einline would then copy callees'
 * instrumented bodies.  The functions are in SSA form: the registers are
 * plain variables when the code goes in, and update_ssa renames them.
 *
 * stage=early (and always for wpp and ipps, which inline call chains
 * into the functions as written, ipa.cc):
 * - Before every inliner, the early one included: a function's paths are
 *   counted in its own counters wherever its body is copied.
 * - After the CFG is built, EH lowered and OpenMP regions outlined, so the
 *   pass sees every function, outlined bodies included, with its final
 *   control structure and its EH and abnormal edges (true late too).
 * - Before into-SSA: the path register and the pending registers are plain
 *   local variables, and into-SSA builds the PHIs.
 *
 * Both run at compile time in every mode, -O0 and -flto included, and
 * before LTO streaming, so LTO objects carry the instrumented bodies and
 * the descriptors (lto1 does nothing).  The IL there depends only on the
 * source and the flags (not -g), which makes the CFG, the checksum and
 * the numbering deterministic.
 *
 * The per-unit pass comes when all the functions of the unit have been
 * seen: it builds the descriptors and the constructor, puts the
 * runtime's calls around every exec call of the unit (exec-hooks.cc) and
 * writes the notes.  Functions created after that (the constructor
 * itself, clones) are compiler-made and are not instrumented.
 */
#include "gcc-compat.h"
#include "pathprof.h"
#include "pathprof-format.h"

namespace {

bool emitted;               /* the unit's descriptors are out */
/* Instrumented functions, in the order the pass saw them (which is
   deterministic): a record's index is its descriptor's.  */
pp_fn_record **records;
unsigned n_records, records_cap;

void
push_record (pp_fn_record *rec)
{
  if (n_records == records_cap)
    {
      records_cap = records_cap ? 2 * records_cap : 16;
      records = XRESIZEVEC (pp_fn_record *, records, records_cap);
    }
  records[n_records++] = rec;
}

/* Numbers and instruments the current function; false if it leaves it
   alone (with a warning, or as the interesting-path file says).  */
bool
instrument_function (function *fn)
{
  tree fndecl = fn->decl;
  pp_fn_map map;
  const char *why = NULL;
  pp_error err;
  pp_dag *dag = NULL;
  pp_numbering *num = NULL;
  pp_placement *pl = NULL;
  pp_action *actions[PP_N_REGS] = { NULL, NULL };
  unsigned n_regs = 1;
  double *freq = NULL;
  unsigned n_splits = 0;
  pp_status st;
  bool done = false;
  pp_plan plan;
  pp_plan_init (&plan);
  unsigned char *tested_map = NULL;

  if (!pp_map_function (fn, &map, &why))
    {
      pp_skip_function (fndecl, why);
      return false;
    }
  st = pp_number_fitting (map.cfg, &dag, &num, &n_splits, &err);
  /* Preferential mode: what the interesting-path file says.  */
  if (st == PP_OK
      && !pp_plan_function (fndecl, pp_asm_name (fndecl),
                            pp_source_file (fndecl),
                            pp_cfg_checksum (map.cfg), dag, num, &plan,
                            &err))
    st = err.status;
  if (st == PP_OK && plan.skip)
    goto out;
  /* Below ppp-array-threshold: an array of Ball-Larus counters, the
     tested paths marked.  */
  if (st == PP_OK)
    pp_plan_split (&plan, num->total, &tested_map);
  if (st == PP_OK)
    {
      freq = pp_estimate_frequencies (&map, dag, plan.edge_profile);
      st = pp_placement_compute (dag, freq, &pl, &err);
    }
  if (st == PP_OK)
    st = pp_placement_apply (dag, pl, num->weight, &actions[PP_REG_BL], &err);
  if (st == PP_OK && plan.storage == PATHPROF_STORAGE_PPP && !plan.split)
    {
      /* Both registers on the same chords (thesis 3.6).  */
      n_regs = 2;
      st = pp_placement_apply (dag, pl, plan.slot_weight,
                               &actions[PP_REG_PPP], &err);
    }
  if (st != PP_OK)
    {
      pp_skip_function (fndecl, err.message);
      goto out;
    }

  {
    pp_fn_record *rec = XCNEW (pp_fn_record);
    rec->name = xstrdup (pp_asm_name (fndecl));
    rec->source = xstrdup (pp_source_file (fndecl));
    rec->is_public = TREE_PUBLIC (fndecl);
    rec->checksum = pp_cfg_checksum (map.cfg);
    rec->n_paths = pp_mpz_to_u64 (num->total);
    rec->index = n_records;
    rec->storage = plan.storage;
    rec->n_slots = plan.n_slots;
    rec->slot_bl = plan.slot_bl;
    plan.slot_bl = NULL;
    rec->n_counted = plan.n_counted;
    rec->counted_bl = plan.counted_bl;
    rec->counted_runs = plan.counted_runs;
    plan.counted_bl = plan.counted_runs = NULL;
    rec->split = plan.split;
    rec->n_interesting = plan.n_interesting;
    rec->unchecked = plan.unchecked;
    rec->end_kind = plan.end_kind;
    plan.end_kind = NULL;
    if (plan.split)
      rec->n_slots = 0;
    rec->tested_map = tested_map;
    tested_map = NULL;
    pp_emit_storage (rec);
    rec->notes = pp_notes_function (rec, &map, dag, num, &plan,
                                    actions[PP_REG_BL], NULL);

    if (pp_opts.trace)
      pp_insert_trace (&map, rec->name);
    pp_instr_stats stats;
    pp_instrument (&map, dag, num, actions, n_regs, rec, plan.edge_profile,
                   &stats);
    pp_notes_insert (&rec->notes, stats.check_notes);
    free (stats.check_notes);
    push_record (rec);
    done = true;

    if (pp_opts.verbose)
      inform (DECL_SOURCE_LOCATION (fndecl),
              "pathprof: %qD: %wu paths, %s, %u blocks, %u edges "
              "(%u back, %u other cuts, %u split nodes, %u abnormal), "
              "%u chords, %u edges with code, %s, %u pending "
              "registers",
              fndecl, (unsigned HOST_WIDE_INT) rec->n_paths,
              pp_record_storage (rec),
              map.n_nodes, map.n_edges, map.n_back, map.n_extra_cuts,
              n_splits, map.n_hard, pl->n_chords, stats.n_edge_seqs,
              pp_path_ends_text (rec, &stats), stats.n_qvars);
  }

out:
  for (unsigned reg = 0; reg < PP_N_REGS; reg++)
    pp_actions_free (actions[reg], dag ? dag->n_edges : 0);
  pp_plan_free (&plan);
  free (tested_map);
  pp_placement_free (pl);
  free (freq);
  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_map_free (&map);
  return done;
}

const pass_data instrument_pass_data = {
  GIMPLE_PASS,
  "pathprof",      /* name: -fdump-tree-pathprof */
  OPTGROUP_NONE,
  TV_NONE,
  PROP_cfg,        /* properties_required */
  0,               /* properties_provided */
  0,               /* properties_destroyed */
  0,               /* todo_flags_start */
  0,               /* todo_flags_finish */
};

class instrument_pass : public gimple_opt_pass
{
public:
  instrument_pass (gcc::context *ctxt)
      : gimple_opt_pass (instrument_pass_data, ctxt)
  {
  }

  bool
  gate (function *) final override
  {
    return !emitted && !in_lto_p;
  }

  unsigned int
  execute (function *fn) final override
  {
    if (pp_excluded (fn->decl))
      return 0;
    if (PP_INTER_MODE)
      pp_instrument_inter (fn);
    else if (instrument_function (fn))
      /* Calls we added (the path log, atomics) need call-graph
         edges.  */
      cgraph_edge::rebuild_edges ();
    return 0;
  }
};

/* stage=late: the functions that lose their pure and const flags by the
   end of the pass: those it instruments.  While the pass runs, every
   function it has still to see counts as one (all but those it left
   alone so far).  */
hash_set<tree> *losing_pure_const;

int
by_order (const void *a, const void *b)
{
  const cgraph_node *x = *(const cgraph_node *const *) a;
  const cgraph_node *y = *(const cgraph_node *const *) b;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* stage=late: every function of the unit, once GCC's early inliner and
   early optimizations have run on all of them, as gcov's pass_ipa_tree_
   profile does.  Not a GIMPLE pass in opt_local_passes: there, a callee
   is done before its callers, and einline would copy its instrumented
   body into them.  */
const pass_data late_pass_data = {
  SIMPLE_IPA_PASS,
  "pathprof_late", /* name: -fdump-ipa-pathprof_late */
  OPTGROUP_NONE,
  TV_NONE,
  0, 0, 0, 0, 0,
};

class late_pass : public simple_ipa_opt_pass
{
public:
  late_pass (gcc::context *ctxt) : simple_ipa_opt_pass (late_pass_data, ctxt)
  {
  }

  bool
  gate (function *) final override
  {
    return !emitted && !in_lto_p && !seen_error ();
  }

  unsigned int
  execute (function *) final override
  {
    /* In source order (the symbol table lists the newest first), as the
       early pass sees them: the notes and descriptors list them so.  */
    auto_vec<cgraph_node *> nodes;
    cgraph_node *node;
    FOR_EACH_DEFINED_FUNCTION (node)
      if (gimple_has_body_p (node->decl) && !node->inlined_to
          && !pp_excluded (node->decl))
        nodes.safe_push (node);
    nodes.qsort (by_order);
    unsigned i;
    hash_set<tree> losing;
    FOR_EACH_VEC_ELT (nodes, i, node)
      losing.add (node->decl);
    losing_pure_const = &losing;
    FOR_EACH_VEC_ELT (nodes, i, node)
      {
        push_cfun (DECL_STRUCT_FUNCTION (node->decl));
        /* An instrumented function writes memory and may call the
           runtime: GCC's pure-const analysis, which ran on the function
           as it was, must not let later passes hoist, merge or drop its
           calls (gcov's tree_profiling does the same).  */
        if (instrument_function (cfun))
          {
            node->set_const_flag (false, false);
            node->set_pure_flag (false, false);
          }
        else
          losing.remove (node->decl);
        pop_cfun ();
      }
    losing_pure_const = NULL;
    /* Then every function: the calls to functions that lost their flags
       need virtual operands, and the instrumented ones have their
       registers, counter updates and calls to bring into SSA form.  */
    FOR_EACH_DEFINED_FUNCTION (node)
      {
        if (!gimple_has_body_p (node->decl) || node->inlined_to)
          continue;
        function *fn = DECL_STRUCT_FUNCTION (node->decl);
        push_cfun (fn);
        basic_block bb;
        FOR_EACH_BB_FN (bb, fn)
          for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
               gsi_next (&gsi))
            if (is_gimple_call (gsi_stmt (gsi)))
              update_stmt (gsi_stmt (gsi));
        mark_virtual_operands_for_renaming (fn);
        update_ssa (TODO_update_ssa);
        if (current_loops)
          {
            pp_fix_loops ();
            unsigned n_asked, n_folded, n_cold;
            unsigned n_peeled = pp_peel_loops (fn, &n_asked, &n_folded,
                                               &n_cold);
            if (n_asked && pp_opts.verbose && n_cold)
              inform (DECL_SOURCE_LOCATION (node->decl),
                      "pathprof: %qD: %u of %u loops peeled, %u conditions "
                      "folded, %u cold %s", node->decl, n_peeled,
                      n_asked, n_folded, n_cold,
                      n_cold == 1 ? "copy" : "copies");
            else if (n_asked && pp_opts.verbose)
              inform (DECL_SOURCE_LOCATION (node->decl),
                      "pathprof: %qD: %u of %u loops peeled, %u conditions "
                      "folded", node->decl, n_peeled, n_asked, n_folded);
            if (n_peeled)
              pp_fix_loops ();
          }
        free_dominance_info (CDI_DOMINATORS);
        free_dominance_info (CDI_POST_DOMINATORS);
        /* Calls we added need call-graph edges.  */
        cgraph_edge::rebuild_edges ();
        pop_cfun ();
      }
    pp_peel_release ();
    return 0;
  }
};

/* Every function of a unit that registers counters writes them before
   an exec (exec-hooks.cc), instrumented or not, as gcov's do.  */
void
hook_exec_calls (void)
{
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (!gimple_has_body_p (node->decl) || node->inlined_to)
        continue;
      function *fn = DECL_STRUCT_FUNCTION (node->decl);
      push_cfun (fn);
      if (pp_hook_exec_calls (fn))
        {
          if (gimple_in_ssa_p (fn))
            {
              mark_virtual_operands_for_renaming (fn);
              update_ssa (TODO_update_ssa_only_virtuals);
            }
          free_dominance_info (CDI_DOMINATORS);
          /* The calls added need call-graph edges.  */
          cgraph_edge::rebuild_edges ();
        }
      pop_cfun ();
    }
}

const pass_data emit_pass_data = {
  SIMPLE_IPA_PASS,
  "pathprof_emit", /* name: -fdump-ipa-pathprof_emit */
  OPTGROUP_NONE,
  TV_NONE,
  0, 0, 0, 0, 0,
};

class emit_pass : public simple_ipa_opt_pass
{
public:
  emit_pass (gcc::context *ctxt) : simple_ipa_opt_pass (emit_pass_data, ctxt)
  {
  }

  bool
  gate (function *) final override
  {
    return !emitted && !in_lto_p && !seen_error ();
  }

  unsigned int
  execute (function *) final override
  {
    emitted = true;
    char *notes_file = pp_notes_file_name ();
    if (pp_opts.ipps_file)
      /* The subpath CFGs that the supergraphs' maps refer to.  */
      for (unsigned i = 0; i < pp_n_ipa_fns; i++)
        if (pp_ipa_fns[i]->sub)
          pp_notes_add_unit_record (pp_notes_subpath (pp_ipa_fns[i], false));
    /* The object and its notes share a stamp derived from the notes'
       content, not from the time or GCC's random seed: an unchanged
       rebuild (make clean, a touched source, a rebuilt plugin module)
       merges with the profile of the previous one, as its counters mean
       the same paths, and builds are reproducible.  */
    char *notes_text = pp_notes_text (records, n_records);
    uint32_t stamp = pp_notes_stamp (notes_file, notes_text);
    /* A unit without functions needs no constructor (and so links
       without the runtime), but still gets its notes.  */
    if (n_records)
      {
        if (!pp_opts.wpp)
          hook_exec_calls ();
        pp_emit_object (records, n_records, notes_file, stamp);
      }
    /* -fcompare-debug's second compilation (flag_compare_debug) must
       build the same code, but its object is thrown away: no notes, as
       gcov writes no .gcno there.  */
    if (!flag_compare_debug)
      pp_notes_write (notes_file, stamp, notes_text);
    free (notes_text);
    free (notes_file);
    if (PP_INTER_MODE)
      {
        pp_ipps_release ();
        pp_ipa_release ();
      }
    for (unsigned i = 0; i < n_records; i++)
      {
        free (records[i]->name);
        free (records[i]->source);
        free (records[i]->notes);
        free (records[i]->slot_bl);
        free (records[i]->counted_bl);
        free (records[i]->counted_runs);
        free (records[i]->end_kind);
        free (records[i]);
      }
    free (records);
    records = NULL;
    n_records = records_cap = 0;
    return 0;
  }
};

} // namespace

pp_status
pp_number_fitting (pp_cfg *cfg, pp_dag **dag, pp_numbering **num,
                   unsigned *n_splits, pp_error *err)
{
  *dag = NULL;
  *num = NULL;
  *n_splits = 0;
  pp_status st = pp_dag_build (cfg, dag, err);
  if (st == PP_OK)
    st = pp_bl_number (*dag, num, err);
  if (st != PP_OK)
    return st;
  /* Ids must fit the 64-bit register: at most 2^64 - 1 paths.  */
  mpz_t max;
  mpz_init (max);
  mpz_setbit (max, 64);
  mpz_sub_ui (max, max, 1);
  if (mpz_cmp ((*num)->total, max) > 0)
    {
      pp_numbering_free (*num);
      pp_dag_free (*dag);
      *num = NULL;
      *dag = NULL;
      st = pp_split_paths (cfg, max, n_splits, err);
      if (st == PP_OK)
        st = pp_dag_build (cfg, dag, err);
      if (st == PP_OK)
        st = pp_bl_number (*dag, num, err);
    }
  mpz_clear (max);
  return st;
}

void
pp_skip_function (tree fndecl, const char *why)
{
  if (pp_opts.warn_skipped)
    warning_at (DECL_SOURCE_LOCATION (fndecl), 0,
                "pathprof: %qD is not instrumented: %s", fndecl, why);
  else if (pp_opts.verbose)
    inform (DECL_SOURCE_LOCATION (fndecl),
            "pathprof: %qD is not instrumented: %s", fndecl, why);
}

void
pp_fix_loops (void)
{
  loops_state_set (LOOPS_NEED_FIXUP);
  calculate_dominance_info (CDI_DOMINATORS);
  fix_loop_structure (NULL);
}

bool
pp_excluded (tree fndecl)
{
  tree attrs = DECL_ATTRIBUTES (fndecl);
  if (lookup_attribute ("no_profile_instrument_function", attrs)
      || lookup_attribute ("naked", attrs)
      || lookup_attribute ("omp declare target", attrs))
    return true;
  /* A body GCC keeps only to inline it, whose out-of-line copy, if any,
     is another object's: C's gnu_inline and C99 inline definitions
     (glibc's atoi at -O2), C++'s extern templates (libstdc++'s
     std::string members).  Profiled, it would count only where the IPA
     inliner copies it after us, never the calls to the library's copy,
     and the notes would list a function the program does not have.
     gcov's --coverage leaves these alone as well (tree-profile.cc); its
     calls end paths as a library function's do.  */
  if (DECL_EXTERNAL (fndecl))
    return true;
  cgraph_node *node = cgraph_node::get (fndecl);
  return node && node->offloadable;
}

const char *
pp_asm_name (tree fndecl)
{
  return targetm.strip_name_encoding (
      IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl)));
}

const char *
pp_source_file (tree fndecl)
{
  const char *file = DECL_SOURCE_FILE (fndecl);
  return file ? pp_profile_file_name (file) : "";
}

const char *
pp_profile_file_name (const char *file)
{
  /* The remapped name is GC memory; an identifier's string lives as long
     as the compilation.  */
  const char *mapped = remap_profile_filename (file);
  if (mapped == file)
    return file;
  return IDENTIFIER_POINTER (get_identifier (mapped));
}

void
pp_push_record (pp_fn_record *rec)
{
  rec->index = n_records;
  push_record (rec);
}

unsigned
pp_n_records (void)
{
  return n_records;
}

uint64_t
pp_mpz_to_u64 (const mpz_t v)
{
  mpz_t m;
  mpz_init (m);
  mpz_fdiv_r_2exp (m, v, 64);
  uint64_t r = 0;
  size_t count = 0;
  mpz_export (&r, &count, -1, sizeof r, 0, 0, m);
  mpz_clear (m);
  return r;
}

opt_pass *
pp_make_instrument_pass (gcc::context *ctxt)
{
  return new instrument_pass (ctxt);
}

opt_pass *
pp_make_late_pass (gcc::context *ctxt)
{
  return new late_pass (ctxt);
}

opt_pass *
pp_make_emit_pass (gcc::context *ctxt)
{
  return new emit_pass (ctxt);
}

bool
pp_loses_pure_const (tree fndecl)
{
  if (!losing_pure_const || !fndecl)
    return false;
  /* set_pure_flag and set_const_flag clear the flags of the function's
     aliases too (a C++ constructor's C1 and C2 symbols).  */
  if (cgraph_node *node = cgraph_node::get (fndecl))
    fndecl = node->ultimate_alias_target ()->decl;
  return losing_pure_const->contains (fndecl);
}
