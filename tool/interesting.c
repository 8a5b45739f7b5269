/* pathprof tool: `pathprof interesting`, the interesting-path file from
 * profiles (specs/file-formats.md, "pathprof interesting").
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A function is identified across profiles, as in the interesting-path
 * file, by (name, source, checksum): the profiles of one function add up
 * whatever object or build they come from, and different checksums stay
 * separate entries.  The executed paths of a function are its counts and,
 * in a profile of a preferential build, its residual paths (both lists
 * hold Ball-Larus ids).  The file is built with the core's writer, so
 * that its canonical form is the reader's.
 */
#define _GNU_SOURCE 1

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "decode.h"
#include "interesting.h"
#include "output.h"

/* One function of one profile.  */
struct fn_ref
{
  const char *profile;
  const struct ppd_function *pf;
};

static int
cmp_ref (const void *a, const void *b)
{
  const struct ppd_function *x = ((const struct fn_ref *) a)->pf;
  const struct ppd_function *y = ((const struct fn_ref *) b)->pf;
  int c = strcmp (x->name, y->name);
  if (!c)
    c = strcmp (x->source_file, y->source_file);
  if (!c && x->cfg_checksum != y->cfg_checksum)
    c = x->cfg_checksum < y->cfg_checksum ? -1 : 1;
  return c;
}

static int
same_entry (const struct ppd_function *x, const struct ppd_function *y)
{
  return strcmp (x->name, y->name) == 0
         && strcmp (x->source_file, y->source_file) == 0
         && x->cfg_checksum == y->cfg_checksum;
}

static int
cmp_id (const void *a, const void *b)
{
  const struct ppd_count *x = a, *y = b;
  return x->id < y->id ? -1 : x->id > y->id;
}

static int
cmp_hot (const void *a, const void *b)
{
  const struct ppd_count *x = a, *y = b;
  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return cmp_id (a, b);
}

/* The fraction F of --coverage, exactly, as NUM / DEN: a decimal
   ("0.9", ".95", "1"), 0 < F <= 1.  -1 if malformed.  */
static int
parse_fraction (const char *s, mpz_t num, mpz_t den)
{
  size_t int_digits = strspn (s, "0123456789");
  const char *p = s + int_digits;
  size_t frac_digits = 0;
  if (*p == '.')
    {
      frac_digits = strspn (p + 1, "0123456789");
      p += 1 + frac_digits;
    }
  if (*p || int_digits + frac_digits == 0)
    return -1;
  char *digits = malloc (int_digits + frac_digits + 1);
  if (!digits)
    tool_out_of_memory ();
  memcpy (digits, s, int_digits);
  memcpy (digits + int_digits, s + int_digits + 1, frac_digits);
  digits[int_digits + frac_digits] = 0;
  mpz_set_str (num, digits, 10);
  free (digits);
  mpz_ui_pow_ui (den, 10, frac_digits);
  if (mpz_sgn (num) <= 0 || mpz_cmp (num, den) > 0)
    return -1;
  return 0;
}

int
tool_coverage_valid (const char *s)
{
  mpz_t num, den;
  mpz_inits (num, den, NULL);
  int ok = parse_fraction (s, num, den) == 0;
  mpz_clears (num, den, NULL);
  return ok;
}

/* How many of the N paths of HOT (hottest first, executions TOTAL) the
   options select.  */
static size_t
selected (const struct ppd_count *hot, size_t n, uint64_t total,
          const struct interesting_options *opt, const mpz_t num,
          const mpz_t den)
{
  if (opt->top)
    return opt->top < n ? opt->top : n;
  if (!opt->coverage)
    return n;
  /* The shortest prefix whose executions reach F of the total:
     cum / total >= num / den, i.e. cum * den >= num * total.  */
  mpz_t cum, lhs, rhs;
  mpz_inits (cum, lhs, rhs, NULL);
  tool_mpz_set_u64 (rhs, total);
  mpz_mul (rhs, rhs, num);
  size_t k = 0;
  for (;;)
    {
      mpz_mul (lhs, cum, den);
      if (mpz_cmp (lhs, rhs) >= 0 || k == n)
        break;
      mpz_t c;
      mpz_init (c);
      tool_mpz_set_u64 (c, hot[k].count);
      mpz_add (cum, cum, c);
      mpz_clear (c);
      k++;
    }
  mpz_clears (cum, lhs, rhs, NULL);
  return k;
}

/* Adds the entry REFS[0..N-1] (one function in several profiles) to
   SET.  -1 if the profiles disagree on its path count.  */
static int
add_entry (pp_interesting *set, const struct fn_ref *refs, size_t n,
           const struct interesting_options *opt, const mpz_t num,
           const mpz_t den)
{
  const struct ppd_function *f0 = refs[0].pf;
  uint64_t dropped = 0, residual_dropped = 0;
  size_t n_all = 0;
  for (size_t i = 0; i < n; i++)
    {
      const struct ppd_function *pf = refs[i].pf;
      if (pf->n_paths != f0->n_paths)
        {
          tool_error ("%s: function '%s' (source \"%s\", checksum 0x%08x) "
                      "has %llu paths, %llu in %s: the profiles come from "
                      "incompatible builds",
                      refs[i].profile, pf->name, pf->source_file,
                      (unsigned) pf->cfg_checksum,
                      (unsigned long long) pf->n_paths,
                      (unsigned long long) f0->n_paths, refs[0].profile);
          return -1;
        }
      dropped = ppd_sat_add (dropped, pf->dropped);
      residual_dropped = ppd_sat_add (residual_dropped, pf->residual_dropped);
      n_all += pf->n_counts + pf->n_residual;
    }
  /* Every executed path of every profile, then each id once.  */
  struct ppd_count *all = malloc ((n_all ? n_all : 1) * sizeof *all);
  if (!all)
    tool_out_of_memory ();
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    {
      const struct ppd_function *pf = refs[i].pf;
      /* (memcpy from a NULL list, even of 0 bytes, is undefined.)  */
      for (size_t c = 0; c < pf->n_counts; c++)
        all[k++] = pf->counts[c];
      for (size_t c = 0; c < pf->n_residual; c++)
        all[k++] = pf->residual[c];
    }
  qsort (all, n_all, sizeof *all, cmp_id);
  size_t m = 0;
  uint64_t total = 0;
  for (size_t i = 0; i < n_all; i++)
    {
      if (m && all[m - 1].id == all[i].id)
        all[m - 1].count = ppd_sat_add (all[m - 1].count, all[i].count);
      else
        all[m++] = all[i];
      total = ppd_sat_add (total, all[i].count);
    }
  qsort (all, m, sizeof *all, cmp_hot);
  size_t chosen = selected (all, m, total, opt, num, den);

  if (dropped)
    tool_error ("warning: function '%s' (source \"%s\", checksum 0x%08x): "
                "%llu path execution%s dropped (the runtime's memory "
                "bound, PATHPROF_LOG_LIMIT); its interesting paths may be "
                "incomplete",
                f0->name, f0->source_file, (unsigned) f0->cfg_checksum,
                (unsigned long long) dropped, dropped == 1 ? "" : "s");
  if (residual_dropped)
    tool_error ("warning: function '%s' (source \"%s\", checksum 0x%08x): "
                "%llu residual path execution%s not logged (the runtime's "
                "memory bound, PATHPROF_LOG_LIMIT); its interesting paths "
                "may be incomplete",
                f0->name, f0->source_file, (unsigned) f0->cfg_checksum,
                (unsigned long long) residual_dropped,
                residual_dropped == 1 ? "" : "s");

  pp_error err;
  mpz_t z;
  mpz_init (z);
  tool_mpz_set_u64 (z, f0->n_paths);
  pp_interesting_fn *fn = pp_interesting_add_fn (
    set, f0->name, f0->source_file, f0->cfg_checksum, z, &err);
  if (!fn)
    tool_out_of_memory ();
  for (size_t i = 0; i < chosen; i++)
    {
      tool_mpz_set_u64 (z, all[i].id);
      if (pp_interesting_add_path (fn, z, 1, all[i].count, &err) != PP_OK)
        tool_out_of_memory ();
    }
  mpz_clear (z);
  free (all);
  return 0;
}

/* The header comments: the inputs and the selection.  */
static void
add_comments (pp_interesting *set, char *const *paths, int n,
              const struct interesting_options *opt)
{
  char *buf = NULL;
  size_t size = 0;
  FILE *m = open_memstream (&buf, &size);
  if (!m)
    tool_out_of_memory ();
  fputs ("written by pathprof interesting from", m);
  for (int i = 0; i < n; i++)
    fprintf (m, " %s", paths[i]);
  fputs ("\nselection: ", m);
  if (opt->top)
    fprintf (m, "--top %lu, the %lu hottest path%s of each function",
             opt->top, opt->top, opt->top == 1 ? "" : "s");
  else if (opt->coverage)
    fprintf (m,
             "--coverage %s, the hottest paths covering at least %s of each "
             "function's path executions",
             opt->coverage, opt->coverage);
  else
    fputs ("every executed path", m);
  fclose (m);
  pp_error err;
  if (!buf || pp_interesting_add_comment (set, buf, &err) != PP_OK)
    tool_out_of_memory ();
  free (buf);
}

/* Writes SET to OPT->output (or OUT).  */
static int
write_set (const pp_interesting *set, const struct interesting_options *opt,
           FILE *out)
{
  pp_error err;
  if (!opt->output)
    {
      if (pp_interesting_write (set, out, &err) != PP_OK)
        {
          tool_error ("%s", err.message);
          return 1;
        }
      return 0;
    }
  struct tool_output o;
  if (tool_output_open (&o, opt->output))
    return 1;
  if (pp_interesting_write (set, o.f, &err) != PP_OK)
    {
      tool_error ("%s: %s", opt->output, err.message);
      tool_output_discard (&o);
      return 1;
    }
  return tool_output_close (&o);
}

int
tool_interesting (char *const *paths, int n,
                  const struct interesting_options *opt, FILE *out)
{
  mpz_t num, den;
  mpz_inits (num, den, NULL);
  if (opt->coverage && parse_fraction (opt->coverage, num, den))
    {
      /* main.c checks it first (tool_coverage_valid).  */
      tool_error ("interesting: bad --coverage value '%s'", opt->coverage);
      mpz_clears (num, den, NULL);
      return 1;
    }
  struct ppd_profile *profiles = calloc ((size_t) n, sizeof *profiles);
  if (!profiles)
    tool_out_of_memory ();
  int status = 0;
  size_t n_refs = 0;
  for (int i = 0; i < n && !status; i++)
    {
      if (tool_read_profile (paths[i], &profiles[i]))
        status = 1;
      for (size_t j = 0; j < profiles[i].n_objects; j++)
        n_refs += profiles[i].objects[j].n_functions;
    }
  struct fn_ref *refs = calloc (n_refs ? n_refs : 1, sizeof *refs);
  if (!refs)
    tool_out_of_memory ();
  size_t k = 0;
  for (int i = 0; i < n && !status; i++)
    for (size_t j = 0; j < profiles[i].n_objects; j++)
      for (size_t f = 0; f < profiles[i].objects[j].n_functions; f++)
        {
          refs[k].profile = paths[i];
          refs[k++].pf = &profiles[i].objects[j].functions[f];
        }
  qsort (refs, k, sizeof *refs, cmp_ref);

  pp_error err;
  pp_interesting *set = pp_interesting_new (NULL, &err);
  if (!set)
    tool_out_of_memory ();
  add_comments (set, paths, n, opt);
  for (size_t i = 0; i < k && !status;)
    {
      size_t j = i + 1;
      while (j < k && same_entry (refs[j].pf, refs[i].pf))
        j++;
      if (add_entry (set, refs + i, j - i, opt, num, den))
        status = 1;
      i = j;
    }
  if (!status && pp_interesting_finish (set, &err) != PP_OK)
    {
      /* Cannot happen for valid profiles (ids are below n_paths); a
         message rather than a wrong file.  */
      tool_error ("%s", err.message);
      status = 1;
    }
  if (!status)
    status = write_set (set, opt, out);
  pp_interesting_free (set);
  free (refs);
  for (int i = 0; i < n; i++)
    ppd_profile_free (&profiles[i]);
  free (profiles);
  mpz_clears (num, den, NULL);
  return status;
}
