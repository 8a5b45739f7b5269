/* pathprof plugin: preferential and residual path profiling decisions.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With -fplugin-arg-pathprof-interesting=FILE (specs/interesting-format.md)
 * every function gets one of three treatments (thesis 3.3, 3.5.1, 3.6):
 *
 *   listed, matching checksum and path count, some paths listed
 *       PPP: its interesting paths get compact PPP ids 0..range-1 and a
 *       slot each in an array of min (range, ppp-max) slots; a second
 *       register keeps the Ball-Larus id to tell an interesting path from
 *       an alias and to name residual paths;
 *   listed without paths, or unlisted, or stale (listed under its name
 *       and source, but no entry matches its CFG any more; or listed with
 *       its CFG only under another source: pp_report_elsewhere)
 *       RESIDUAL: no tested path, every path it runs is logged as
 *       residual; or, with unlisted=skip, not instrumented at all.
 * With fully-tested=skip, a listed function whose every path is listed is
 * not instrumented either: it cannot run a residual path.
 *
 * Interesting paths whose PPP id is ppp-max or more get no slot: at run
 * time they are logged as residual, and the notes record them as tested
 * (`interesting ID -`) so that reports do not count them as untested (the
 * thesis' array-size policy, section 3.6).  When the range of all of them
 * exceeds ppp-max and the file gives counts, only the hottest that fit
 * are numbered (pp_ppp_number_hottest, notes `hottest`): the slots go to
 * the paths that run, not to those whose ids happen to be small.
 *
 * Both PPP and RESIDUAL functions with at most ppp-array-threshold
 * Ball-Larus paths are counted in an array instead (pp_plan_split): one
 * register and one increment per path, as in Ball-Larus mode, the tested
 * paths marked in a read-only bitmap that the runtime reads when it
 * writes the profile.  The slots and their check pay off only where an
 * array of every path's counter is too large (the thesis' premise);
 * below that size the array is the cheaper instrumentation and the
 * profile is the same.
 */
#include "gcc-compat.h"
#include "pathprof.h"
#include "pathprof-format.h"
#include "interesting.h"

namespace {

/* The interesting-path file, read once at plugin initialization.  */
pp_interesting *interesting_set;

} // namespace

void
pp_report_stale (tree fndecl, const char *reason)
{
  switch (pp_opts.stale)
    {
    case PP_STALE_IGNORE:
      return;
    case PP_STALE_WARN:
      if (pp_opts.unlisted_skip)
        warning_at (DECL_SOURCE_LOCATION (fndecl), 0,
                    "pathprof: %qD does not match its entry at %s: it is "
                    "not instrumented (%<unlisted=skip%>; "
                    "%<-fplugin-arg-pathprof-stale=%> says what to do "
                    "about this)",
                    fndecl, reason);
      else
        warning_at (DECL_SOURCE_LOCATION (fndecl), 0,
                    "pathprof: %qD does not match its entry at %s: all its "
                    "paths are residual (%<-fplugin-arg-pathprof-stale=%> "
                    "says what to do about this)",
                    fndecl, reason);
      return;
    case PP_STALE_ERROR:
      error_at (DECL_SOURCE_LOCATION (fndecl),
                "pathprof: %qD does not match its entry at %s "
                "(%<-fplugin-arg-pathprof-stale=error%>)",
                fndecl, reason);
      return;
    }
}

namespace {

/* pp_report_elsewhere's message, once per SOURCE.  */
void
report_elsewhere (tree fndecl, const char *where, const char *there,
                  const char *source)
{
  /* Once per source: a build that names a source differently from the
     profiled build (another directory, absolute names, no
     -ffile-prefix-map) has every function of it in this case, and one
     message says what is wrong.  */
  static hash_set<nofree_string_hash> *reported;
  if (pp_opts.stale == PP_STALE_IGNORE)
    return;
  if (!reported)
    reported = new hash_set<nofree_string_hash>;
  if (reported->contains (source))
    return;
  reported->add (xstrdup (source));
  location_t loc = DECL_SOURCE_LOCATION (fndecl);
  auto_diagnostic_group group;
  if (pp_opts.stale == PP_STALE_WARN)
    {
      if (pp_opts.unlisted_skip
              ? !warning_at (loc, 0,
                             "pathprof: %qD is listed at %s only under "
                             "another source, %qs: it is not instrumented "
                             "(%<unlisted=skip%>; "
                             "%<-fplugin-arg-pathprof-stale=%> says what to "
                             "do about this)",
                             fndecl, where, there)
              : !warning_at (loc, 0,
                             "pathprof: %qD is listed at %s only under "
                             "another source, %qs: all its paths are "
                             "residual (%<-fplugin-arg-pathprof-stale=%> says "
                             "what to do about this)",
                             fndecl, where, there))
        return;
    }
  else
    error_at (loc,
              "pathprof: %qD is listed at %s only under another source, "
              "%qs (%<-fplugin-arg-pathprof-stale=error%>)",
              fndecl, where, there);
  inform (loc,
          "pathprof: its source is %qs here; a build must name its sources "
          "as the profiled build did (the same %<-ffile-prefix-map%>); "
          "other functions of %qs in this case are not reported",
          source, source);
}

} // namespace

char *
pp_report_elsewhere (tree fndecl, const char *file, unsigned line,
                     const char *there, const char *source)
{
  char *where = xasprintf ("%s:%u", file, line);
  char *reason = xasprintf ("%s (source '%s' there, '%s' now)", where, there,
                            source);
  report_elsewhere (fndecl, where, there, source);
  free (where);
  return reason;
}

namespace {

/* Whether a preferential or residual function of N_PATHS Ball-Larus paths
   is counted in an array of every path's counter (ppp-array-threshold)
   rather than in slots or the residual log.  */
bool
counted_in_array (const mpz_t n_paths)
{
  return mpz_cmp_ui (n_paths, pp_opts.ppp_array_threshold) <= 0;
}

/* The edge profile of ENTRY's counted paths over DAG, or NULL when the
   file gives no count (or profile-placement=0).  */
double *
edge_profile (const pp_interesting_fn *entry, const pp_dag *dag,
              const pp_numbering *num)
{
  pp_error err;
  if (!pp_opts.profile_placement)
    return NULL;
  double *count = NULL;
  for (size_t k = 0; k < entry->n_paths_listed; k++)
    {
      const pp_interesting_path *p = &entry->paths[k];
      if (!p->has_count)
        continue;
      if (!count)
        count = XCNEWVEC (double, dag->n_edges);
      /* The ids were checked against the path count when the entry was
         matched; were one out of range, the estimate would do.  */
      if (pp_bl_add_path_count (dag, num, p->id, (double) p->count, count,
                                &err) != PP_OK)
        {
          free (count);
          return NULL;
        }
    }
  return count;
}

/* Numbers ENTRY's paths with PPP over DAG and sizes the slot array.  */
bool
plan_ppp (const pp_interesting_fn *entry, const pp_dag *dag,
          const pp_numbering *num, pp_plan *plan, pp_error *err)
{
  unsigned n = entry->n_paths_listed;
  mpz_t *ids = XNEWVEC (mpz_t, n);
  for (unsigned k = 0; k < n; k++)
    mpz_init_set (ids[k], entry->paths[k].id);
  plan->edge_profile = edge_profile (entry, dag, num);
  for (unsigned k = 0; k < n; k++)
    {
      const pp_interesting_path *p = &entry->paths[k];
      if (!p->has_count || mpz_sizeinbase (p->id, 2) > 64)
        continue;
      if (!plan->counted_bl)
        {
          plan->counted_bl = XNEWVEC (uint64_t, n);
          plan->counted_runs = XNEWVEC (uint64_t, n);
        }
      plan->counted_bl[plan->n_counted] = pp_mpz_to_u64 (p->id);
      plan->counted_runs[plan->n_counted++] = p->count;
    }
  /* The tested runs' counts choose which paths get slots when not all
     can; not for a function counted in an array (pp_plan_split), where
     every path has its counter.  */
  uint64_t *counts = NULL;
  if (!counted_in_array (num->total))
    for (unsigned k = 0; k < n; k++)
      if (entry->paths[k].has_count)
        {
          if (!counts)
            counts = XCNEWVEC (uint64_t, n);
          counts[k] = entry->paths[k].count;
        }
  bool ok = pp_plan_ppp_ids (ids, counts, n, dag, num, plan, err);
  free (counts);
  return ok;
}

/* A path end first checks that the PPP id is below n_slots (an
   uninteresting path's id can be anything, negative ones wrapped), then
   compares the slot's Ball-Larus id.  When every path of the DAG has a
   PPP id between LO <= 0 and HI, where HI - LO is not much larger than
   the range, slots for all of them (the extra ones holes, whose Ball-Larus
   id matches no path) make the first check useless: that saves a compare
   and a branch at every path end.  The slot of PPP id i is then
   i + slot_shift (= -LO), which only the instrumented code needs to know
   (the shift is in the register's weights, pp_plan::slot_weight):
   the runtime reads the slots' Ball-Larus ids, and the notes give PPP ids
   and the shift.  "Not much larger": at most triple the range, or
   PAD_SLOTS_FREE slots (64 KiB), and never past ppp-max; nearly every
   function qualifies (specs/plugin-arguments.md gives the counts).  */
const uint64_t pad_slots_free = 4096;

bool
pad_slots (const pp_dag *dag, pp_plan *plan, uint64_t range, pp_error *err)
{
  mpz_t lo, hi, need;
  mpz_init (lo);
  mpz_init (hi);
  mpz_init (need);
  bool ok = pp_path_sum_bounds (dag, plan->ppp->weight, lo, hi, err) == PP_OK;
  if (ok)
    {
      if (mpz_sgn (lo) > 0)
        mpz_set_ui (lo, 0);
      mpz_sub (need, hi, lo);
      mpz_add_ui (need, need, 1);
      uint64_t allowed = MAX (range <= UINT64_MAX / 3 ? 3 * range : range,
                              pad_slots_free);
      allowed = MIN (allowed, (uint64_t) pp_opts.ppp_max);
      if (mpz_cmp_ui (need, allowed) <= 0)
        {
          plan->n_slots = pp_mpz_to_u64 (need);
          mpz_neg (lo, lo);
          plan->slot_shift = pp_mpz_to_u64 (lo);
          plan->unchecked = true;
        }
    }
  mpz_clear (lo);
  mpz_clear (hi);
  mpz_clear (need);
  return ok;
}

} // namespace

bool
pp_plan_ppp_ids (mpz_t *ids, const uint64_t *counts, unsigned n,
                 const pp_dag *dag, const pp_numbering *num, pp_plan *plan,
                 pp_error *err)
{
  plan->n_interesting = n;
  plan->interesting = ids;
  if (pp_ppp_number_hottest (dag, num, plan->interesting, counts, n,
                             pp_opts.ppp_max, &plan->ppp, err)
      != PP_OK)
    return false;
  /* The range is at most the number of Ball-Larus paths, which fits.  */
  uint64_t range = pp_mpz_to_u64 (plan->ppp->numbered_range);
  plan->n_slots = MIN (range, (uint64_t) pp_opts.ppp_max);
  if (!pad_slots (dag, plan, range, err))
    return false;
  plan->slot_bl = XNEWVEC (uint64_t, plan->n_slots);
  for (uint64_t i = 0; i < plan->n_slots; i++)
    plan->slot_bl[i] = PATHPROF_NO_PATH;
  /* The interesting paths that get a slot are those counted there.  */
  mpz_t *counted = XNEWVEC (mpz_t, n);
  unsigned n_counted = 0;
  for (unsigned k = 0; k < n; k++)
    {
      /* (A path left out of the numbering may still sum to a free slot's
         id; it stays without, so that the notes say which were numbered.
         Negative sums wrap to no slot.)  */
      if (plan->ppp->numbered && !plan->ppp->numbered[k])
        continue;
      uint64_t ppp_id = pp_mpz_to_u64 (plan->ppp->ppp_id[k]);
      if (ppp_id < plan->n_slots - plan->slot_shift)
        {
          plan->slot_bl[ppp_id + plan->slot_shift]
              = pp_mpz_to_u64 (plan->interesting[k]);
          mpz_init_set (counted[n_counted++], plan->interesting[k]);
        }
    }
  /* Which path ends can do without the Ball-Larus compare: those where
     every path ending there has a slot (its PPP id is then its own), and
     those where none has (the compare would always fail).  Where no end
     compares, nothing reads the Ball-Larus register and GCC drops its
     code.  */
  plan->end_kind = XNEWVEC (unsigned char, dag->n_edges);
  bool ok = pp_path_end_kinds (dag, num, counted, n_counted, plan->end_kind,
                               err) == PP_OK;
  for (unsigned k = 0; k < n_counted; k++)
    mpz_clear (counted[k]);
  free (counted);
  if (!ok)
    return false;
  plan->slot_weight = XNEWVEC (mpz_t, dag->n_edges);
  for (unsigned e = 0; e < dag->n_edges; e++)
    {
      mpz_init (plan->slot_weight[e]);
      mpz_mul_ui (plan->slot_weight[e], plan->ppp->weight[e],
                  PATHPROF_PPP_SLOT_BYTES);
      if (dag->edges[e].src == dag->s)
        {
          mpz_t shift;
          mpz_init (shift);
          mpz_set_ui (shift, PATHPROF_PPP_SLOT_BYTES);
          mpz_mul_ui (shift, shift, (unsigned long) plan->slot_shift);
          mpz_add (plan->slot_weight[e], plan->slot_weight[e], shift);
          mpz_clear (shift);
        }
    }
  plan->storage = PATHPROF_STORAGE_PPP;
  return true;
}

bool
pp_plan_split (pp_plan *plan, const mpz_t n_paths,
               unsigned char **tested_map)
{
  *tested_map = NULL;
  if ((plan->storage != PATHPROF_STORAGE_PPP
       && plan->storage != PATHPROF_STORAGE_RESIDUAL)
      || !counted_in_array (n_paths))
    return false;
  plan->split = true;
  if (plan->storage != PATHPROF_STORAGE_PPP)
    return true;
  /* Every interesting path is counted: none lacks a slot, and the notes
     give each its PPP id (the numbering still says how compact PPP would
     have been: pathprof stats).  */
  free (plan->slot_bl);
  plan->slot_bl = NULL;
  free (plan->end_kind);
  plan->end_kind = NULL;
  plan->n_slots = pp_mpz_to_u64 (plan->ppp->range);
  plan->unchecked = false;
  plan->slot_shift = 0;
  unsigned char *map
    = XCNEWVEC (unsigned char, pp_mpz_to_u64 (n_paths) / 8 + 1);
  for (unsigned k = 0; k < plan->n_interesting; k++)
    {
      uint64_t id = pp_mpz_to_u64 (plan->interesting[k]);
      map[id / 8] |= (unsigned char) (1u << (id % 8));
    }
  *tested_map = map;
  return true;
}

bool
pp_read_interesting (const char *file)
{
  pp_error err;
  if (pp_interesting_read (file, &interesting_set, &err) != PP_OK)
    {
      error ("pathprof: %s", err.message);
      return false;
    }
  return true;
}

const char *
pp_storage_name (uint32_t storage)
{
  static const char *const names[] = PATHPROF_STORAGE_NAMES;
  return storage < ARRAY_SIZE (names) ? names[storage] : "?";
}

const char *
pp_record_storage (const pp_fn_record *rec)
{
  static char buf[96];
  if (rec->storage != PATHPROF_STORAGE_PPP || rec->split)
    snprintf (buf, sizeof buf, "%s%s storage", pp_storage_name (rec->storage),
              rec->split ? " array" : "");
  else
    snprintf (buf, sizeof buf, "ppp storage, %llu slot%s%s",
              (unsigned long long) rec->n_slots, rec->n_slots == 1 ? "" : "s",
              rec->unchecked ? " (every path has one: no bounds check)" : "");
  return buf;
}

const char *
pp_path_ends_text (const pp_fn_record *rec, const pp_instr_stats *stats)
{
  static char buf[512];
  int n = snprintf (buf, sizeof buf, "%u path end%s", stats->n_records,
                    stats->n_records == 1 ? "" : "s");
  if (rec->storage == PATHPROF_STORAGE_PPP && !rec->split)
    n += snprintf (buf + n, sizeof buf - n, " (%u compare%s with the slot)",
                   stats->n_checked, stats->n_checked == 1 ? "s" : "");
  n += snprintf (buf + n, sizeof buf - n,
                 ", %u steady loop path%s counted in %s (%u at the loop's "
                 "exits), %u path register%s holding an address",
                 stats->n_steady, stats->n_steady == 1 ? "" : "s",
                 stats->n_steady == 1 ? "a register" : "registers",
                 stats->n_steady_exits, stats->n_address_regs,
                 stats->n_address_regs == 1 ? "" : "s");
  if (stats->n_peel)
    snprintf (buf + n, sizeof buf - n,
              ", %u loop%s to peel (%u compare%s settled)", stats->n_peel,
              stats->n_peel == 1 ? "" : "s", stats->n_peel_folded,
              stats->n_peel_folded == 1 ? "" : "s");
  return buf;
}

void
pp_plan_init (pp_plan *plan)
{
  memset (plan, 0, sizeof *plan);
  plan->storage = PATHPROF_STORAGE_ARRAY;
}

void
pp_plan_free (pp_plan *plan)
{
  free (plan->stale);
  for (unsigned k = 0; k < plan->n_interesting && plan->interesting; k++)
    mpz_clear (plan->interesting[k]);
  free (plan->interesting);
  free (plan->slot_bl);
  free (plan->counted_bl);
  free (plan->counted_runs);
  free (plan->end_kind);
  for (unsigned e = 0; plan->slot_weight && e < plan->ppp->n_edges; e++)
    mpz_clear (plan->slot_weight[e]);
  free (plan->slot_weight);
  pp_ppp_free (plan->ppp);
  free (plan->edge_profile);
  pp_plan_init (plan);
}

bool
pp_plan_function (tree fndecl, const char *name, const char *source,
                  uint32_t checksum, const pp_dag *dag,
                  const pp_numbering *num, pp_plan *plan, pp_error *err)
{
  if (!interesting_set)
    return true;

  size_t first, n_entries
      = pp_interesting_lookup (interesting_set, name, source, &first);
  const pp_interesting_fn *stale = NULL;
  for (size_t i = first; i < first + n_entries; i++)
    {
      const pp_interesting_fn *entry = &interesting_set->fns[i];
      if (entry->checksum != checksum
          || mpz_cmp (entry->n_paths, num->total) != 0)
        {
          stale = entry;
          continue;
        }
      if (entry->n_paths_listed > 0)
        {
          /* fully-tested=skip: every path is tested (the file's paths are
             distinct and below its path count), so none can be residual,
             and only the tested counts would be lost.  */
          if (pp_opts.fully_tested_skip
              && mpz_cmp_ui (entry->n_paths, entry->n_paths_listed) == 0)
            {
              plan->skip = true;
              return true;
            }
          return plan_ppp (entry, dag, num, plan, err);
        }
      /* Known, and none of its paths tested: as unlisted.  */
      stale = NULL;
      break;
    }

  /* Only public functions: a static one of the same name and code in
     another file (zlib's fixedtables in inflate.c and infback.c) is
     another function.  */
  const pp_interesting_fn *elsewhere
      = n_entries || !TREE_PUBLIC (fndecl) ? NULL
                  : pp_interesting_lookup_elsewhere (interesting_set, name,
                                                     source, checksum,
                                                     num->total);
  if (elsewhere)
    plan->stale = pp_report_elsewhere (fndecl, pp_opts.interesting_file,
                                       elsewhere->line, elsewhere->source,
                                       source);
  else if (stale)
    {
      char *there = mpz_get_str (NULL, 10, stale->n_paths);
      char *now = mpz_get_str (NULL, 10, num->total);
      plan->stale = xasprintf ("%s:%u (checksum 0x%08x and %s paths "
                               "there, 0x%08x and %s now)",
                               pp_opts.interesting_file, stale->line,
                               stale->checksum, there, checksum, now);
      free (there);
      free (now);
      pp_report_stale (fndecl, plan->stale);
    }
  if (pp_opts.unlisted_skip)
    plan->skip = true;
  else
    plan->storage = PATHPROF_STORAGE_RESIDUAL;
  return true;
}
