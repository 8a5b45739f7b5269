/* pathprof tool: `pathprof stats`, the compactness of the preferential
 * numbering of a build (specs/file-formats.md, "pathprof stats").
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For each PPP function of the notes: its interesting paths (n), the PPP
 * range (one more than the largest PPP id), the slots allocated, delta =
 * range / n (thesis section 3.3: 1 is perfect), and the Ball-Larus
 * counterpart of thesis Fig. 3.18: the range the same paths span in
 * Ball-Larus ids, max - min + 1, and its delta.  Thresholds are compared
 * exactly (range * 100 <= n * 105, ...), never in floating point.
 */
#define _GNU_SOURCE 1

#include <stdlib.h>
#include <string.h>

#include "decode.h"

struct ppp_stat
{
  const char *notes;                /* the notes file, as given */
  const struct notes_function *f;
  size_t n;                         /* interesting paths */
  uint64_t bl_min, bl_max;
  mpz_t bl_range;                   /* bl_max - bl_min + 1 */
  size_t beyond;                    /* interesting paths marked '-' */
};

/* The delta thresholds of the distribution, as NUM / DEN.  */
static const struct
{
  unsigned num, den;
  const char *text;
} thresholds[] = { { 105, 100, "1.05" }, { 3, 2, "1.5" }, { 2, 1, "2" } };
#define N_THRESHOLDS (sizeof thresholds / sizeof *thresholds)

/* Whether range / n <= num / den.  */
static int
delta_at_most (const struct ppp_stat *s, unsigned num, unsigned den)
{
  mpz_t a, b;
  mpz_init (a);
  mpz_init (b);
  mpz_mul_ui (a, s->f->ppp_range, den);
  mpz_set_ui (b, num);
  mpz_mul_ui (b, b, (unsigned long) s->n);
  int r = mpz_cmp (a, b) <= 0;
  mpz_clear (a);
  mpz_clear (b);
  return r;
}

static double
ratio (const mpz_t range, size_t n)
{
  return mpz_get_d (range) / (double) n;
}

static int
cmp_name (const struct ppp_stat *x, const struct ppp_stat *y)
{
  int c = strcmp (x->f->name, y->f->name);
  if (!c)
    c = strcmp (x->f->source, y->f->source);
  return c ? c : strcmp (x->notes, y->notes);
}

static int
cmp_by_name (const void *a, const void *b)
{
  return cmp_name (*(struct ppp_stat *const *) a,
                   *(struct ppp_stat *const *) b);
}

/* By decreasing delta (range_x / n_x > range_y / n_y), then name.  */
static int
cmp_by_delta (const void *a, const void *b)
{
  const struct ppp_stat *x = *(struct ppp_stat *const *) a;
  const struct ppp_stat *y = *(struct ppp_stat *const *) b;
  mpz_t l, r;
  mpz_init (l);
  mpz_init (r);
  mpz_mul_ui (l, x->f->ppp_range, (unsigned long) y->n);
  mpz_mul_ui (r, y->f->ppp_range, (unsigned long) x->n);
  int c = mpz_cmp (r, l);
  mpz_clear (l);
  mpz_clear (r);
  return c ? (c < 0 ? -1 : 1) : cmp_name (x, y);
}

/* The slots S's function has: none when it is counted in an array (its
   notes' `ppp` record then gives the range as the slot count).  */
static uint64_t
slots_of (const struct ppp_stat *s)
{
  return s->f->in_array ? 0 : s->f->n_slots;
}

struct totals
{
  size_t by_storage[PATHPROF_STORAGE_TRACE + 1]; /* PATHPROF_STORAGE_* */
  size_t in_arrays;      /* ppp and residual ones counted in arrays */
  size_t stale;
  size_t interesting, beyond, beyond_functions;
  mpz_t range, slots, bl_range;
  size_t at_most[N_THRESHOLDS];
};

static size_t
total_functions (const struct totals *t)
{
  size_t total = 0;
  for (unsigned s = 0; s <= PATHPROF_STORAGE_TRACE; s++)
    total += t->by_storage[s];
  return total;
}

/* ------------------------------------------------------------------ */
/* Text                                                                */
/* ------------------------------------------------------------------ */

/* "f (t.c)", with " in NOTES" when several notes files are reported.  */
static void
print_name (FILE *out, const struct ppp_stat *s, int many)
{
  fprintf (out, "%s (%s)", s->f->name, s->f->source);
  if (many)
    fprintf (out, " in %s", s->notes);
}

static int
mpz_width (const mpz_t z)
{
  char *t = mpz_get_str (NULL, 10, z);
  if (!t)
    tool_out_of_memory ();
  int w = (int) strlen (t);
  free (t);
  return w;
}

static void
print_table (FILE *out, struct ppp_stat **by_name, size_t n, int many)
{
  int wn = 11, wr = 5, ws = 5, wb = 8;
  for (size_t i = 0; i < n; i++)
    {
      const struct ppp_stat *s = by_name[i];
      if (tool_digits (s->n) > wn)
        wn = tool_digits (s->n);
      if (mpz_width (s->f->ppp_range) > wr)
        wr = mpz_width (s->f->ppp_range);
      if (tool_digits (slots_of (s)) > ws)
        ws = tool_digits (slots_of (s));
      if (mpz_width (s->bl_range) > wb)
        wb = mpz_width (s->bl_range);
    }
  fprintf (out, "\n  %*s  %*s  %*s  %6s  %*s  %8s  %7s  function\n", wn,
           "interesting", wr, "range", ws, "slots", "delta", wb, "bl_range",
           "bl_delta", "ratio");
  for (size_t i = 0; i < n; i++)
    {
      const struct ppp_stat *s = by_name[i];
      fprintf (out, "  %*zu  ", wn, s->n);
      gmp_fprintf (out, "%*Zd", wr, s->f->ppp_range);
      fprintf (out, "  %*llu  %6.2f  ", ws, (unsigned long long) slots_of (s),
               ratio (s->f->ppp_range, s->n));
      gmp_fprintf (out, "%*Zd", wb, s->bl_range);
      fprintf (out, "  %8.2f  %7.2f  ", ratio (s->bl_range, s->n),
               mpz_get_d (s->bl_range) / mpz_get_d (s->f->ppp_range));
      print_name (out, s, many);
      fputc ('\n', out);
    }
}

static void
print_text (FILE *out, char *const *paths, int n_paths,
            const struct totals *t, struct ppp_stat **by_name,
            struct ppp_stat **by_delta, size_t n, struct notes_file *nfs)
{
  int many = n_paths > 1;
  fputs ("notes:", out);
  for (int i = 0; i < n_paths; i++)
    fprintf (out, " %s", paths[i]);
  fprintf (out,
           "\nfunctions: %zu (ppp %zu, residual %zu, array %zu, hash %zu, "
           "trace %zu); stale: %zu; ppp and residual counted in arrays: "
           "%zu\n",
           total_functions (t), t->by_storage[PATHPROF_STORAGE_PPP],
           t->by_storage[PATHPROF_STORAGE_RESIDUAL],
           t->by_storage[PATHPROF_STORAGE_ARRAY],
           t->by_storage[PATHPROF_STORAGE_HASH],
           t->by_storage[PATHPROF_STORAGE_TRACE], t->stale, t->in_arrays);
  gmp_fprintf (out,
               "interesting paths: %zu in %zu ppp function%s; PPP range: %Zd; "
               "slots: %Zd; Ball-Larus range: %Zd\n",
               t->interesting, n, n == 1 ? "" : "s", t->range, t->slots,
               t->bl_range);
  if (n)
    {
      print_table (out, by_name, n, many);
      fprintf (out,
               "\ndelta (PPP range / interesting paths) of the %zu ppp "
               "function%s:\n",
               n, n == 1 ? "" : "s");
      for (size_t k = 0; k < N_THRESHOLDS; k++)
        fprintf (out, "  <= %-5s %*zu  (%.2f%%)\n", thresholds[k].text,
                 tool_digits (n), t->at_most[k],
                 tool_share (t->at_most[k], n));
      size_t above = n - t->at_most[N_THRESHOLDS - 1];
      fprintf (out, "  >  %-5s %*zu  (%.2f%%)\n",
               thresholds[N_THRESHOLDS - 1].text, tool_digits (n), above,
               tool_share (above, n));
      size_t worst = n < 10 ? n : 10;
      fprintf (out, "\nworst delta:\n");
      for (size_t i = 0; i < worst; i++)
        {
          const struct ppp_stat *s = by_delta[i];
          gmp_fprintf (out, "  %6.2f  %zu interesting, range %Zd: ",
                       ratio (s->f->ppp_range, s->n), s->n, s->f->ppp_range);
          print_name (out, s, many);
          fputc ('\n', out);
        }
    }
  if (t->beyond_functions)
    {
      fprintf (out,
               "\ninteresting paths beyond the slots (logged as residual at "
               "run time, still tested): %zu in %zu function%s\n",
               t->beyond, t->beyond_functions,
               t->beyond_functions == 1 ? "" : "s");
      for (size_t i = 0; i < n; i++)
        if (by_name[i]->beyond)
          {
            const struct ppp_stat *s = by_name[i];
            fputs ("  ", out);
            print_name (out, s, many);
            gmp_fprintf (out, ": %zu of %zu (slots %llu, range %Zd",
                         s->beyond, s->n, (unsigned long long) s->f->n_slots,
                         s->f->ppp_range);
            if (s->f->hottest)
              gmp_fprintf (out, "; the %llu hottest numbered alone, range "
                                "%Zd",
                           (unsigned long long) s->f->hottest,
                           s->f->hottest_range);
            fputs (")\n", out);
          }
    }
  if (t->stale)
    {
      fprintf (out, "\nstale functions (every path residual):\n");
      for (int i = 0; i < n_paths; i++)
        for (size_t j = 0; j < nfs[i].n_functions; j++)
          {
            const struct notes_function *f = &nfs[i].functions[j];
            if (!f->stale)
              continue;
            fprintf (out, "  %s (%s)", f->name, f->source);
            if (many)
              fprintf (out, " in %s", paths[i]);
            fprintf (out, ": %s\n", f->stale);
          }
    }
}

/* ------------------------------------------------------------------ */
/* JSON                                                                */
/* ------------------------------------------------------------------ */

static void
json_stat (FILE *out, const struct ppp_stat *s)
{
  fputs ("{\"notes\": ", out);
  tool_json_string (out, s->notes);
  fputs (", \"name\": ", out);
  tool_json_string (out, s->f->name);
  fputs (", \"source\": ", out);
  tool_json_string (out, s->f->source);
  gmp_fprintf (out,
               ", \"interesting\": %zu, \"range\": %Zd, \"slots\": %llu, "
               "\"delta\": %.4f, \"beyond_slots\": %zu, \"bl_min\": %llu, "
               "\"bl_max\": %llu, \"bl_range\": %Zd, \"bl_delta\": %.4f, "
               "\"in_array\": %s, \"hottest\": %llu, \"hottest_range\": %Zd}",
               s->n, s->f->ppp_range,
               (unsigned long long) slots_of (s),
               ratio (s->f->ppp_range, s->n), s->beyond,
               (unsigned long long) s->bl_min, (unsigned long long) s->bl_max,
               s->bl_range, ratio (s->bl_range, s->n),
               s->f->in_array ? "true" : "false",
               (unsigned long long) s->f->hottest,
               s->f->hottest ? s->f->hottest_range : s->f->ppp_range);
}

static void
print_json (FILE *out, char *const *paths, int n_paths,
            const struct totals *t, struct ppp_stat **by_name,
            struct ppp_stat **by_delta, size_t n, struct notes_file *nfs)
{
  fputs ("{\n  \"format\": \"pathprof-stats\",\n  \"version\": 1,\n"
         "  \"notes\": ",
         out);
  tool_json_strings (out, paths, n_paths);
  fprintf (out,
           ",\n  \"functions\": {\"total\": %zu, \"ppp\": %zu, "
           "\"residual\": %zu, \"array\": %zu, \"hash\": %zu, \"trace\": "
           "%zu, \"stale\": %zu, \"in_arrays\": %zu},\n",
           total_functions (t), t->by_storage[PATHPROF_STORAGE_PPP],
           t->by_storage[PATHPROF_STORAGE_RESIDUAL],
           t->by_storage[PATHPROF_STORAGE_ARRAY],
           t->by_storage[PATHPROF_STORAGE_HASH],
           t->by_storage[PATHPROF_STORAGE_TRACE], t->stale, t->in_arrays);
  gmp_fprintf (out,
               "  \"interesting_paths\": %zu,\n  \"range\": %Zd,\n"
               "  \"slots\": %Zd,\n  \"bl_range\": %Zd,\n"
               "  \"beyond_slots\": %zu,\n"
               "  \"delta_distribution\": [",
               t->interesting, t->range, t->slots, t->bl_range, t->beyond);
  for (size_t k = 0; k < N_THRESHOLDS; k++)
    fprintf (out, "%s{\"at_most\": %s, \"functions\": %zu, \"share\": %.2f}",
             k ? ", " : "", thresholds[k].text, t->at_most[k],
             tool_share (t->at_most[k], n));
  size_t above = n - (n ? t->at_most[N_THRESHOLDS - 1] : 0);
  fprintf (out,
           ", {\"above\": %s, \"functions\": %zu, \"share\": %.2f}],\n"
           "  \"ppp_functions\": [",
           thresholds[N_THRESHOLDS - 1].text, above, tool_share (above, n));
  for (size_t i = 0; i < n; i++)
    {
      fputs (i ? ",\n    " : "\n    ", out);
      json_stat (out, by_name[i]);
    }
  fputs (n ? "\n  ],\n  \"worst\": [" : "],\n  \"worst\": [", out);
  size_t worst = n < 10 ? n : 10;
  for (size_t i = 0; i < worst; i++)
    {
      fputs (i ? ",\n    " : "\n    ", out);
      json_stat (out, by_delta[i]);
    }
  fputs (worst ? "\n  ],\n  \"stale\": [" : "],\n  \"stale\": [", out);
  size_t k = 0;
  for (int i = 0; i < n_paths; i++)
    for (size_t j = 0; j < nfs[i].n_functions; j++)
      {
        const struct notes_function *f = &nfs[i].functions[j];
        if (!f->stale)
          continue;
        fputs (k++ ? ",\n    {\"notes\": " : "\n    {\"notes\": ", out);
        tool_json_string (out, paths[i]);
        fputs (", \"name\": ", out);
        tool_json_string (out, f->name);
        fputs (", \"source\": ", out);
        tool_json_string (out, f->source);
        fputs (", \"reason\": ", out);
        tool_json_string (out, f->stale);
        fputc ('}', out);
      }
  fputs (k ? "\n  ]\n}\n" : "]\n}\n", out);
}

/* ------------------------------------------------------------------ */
/* stats                                                               */
/* ------------------------------------------------------------------ */

int
tool_stats (char *const *paths, int n_paths, int json, FILE *out)
{
  int status = 0;
  struct notes_file *nfs = calloc ((size_t) n_paths, sizeof *nfs);
  if (!nfs)
    tool_out_of_memory ();
  struct totals t;
  memset (&t, 0, sizeof t);
  mpz_inits (t.range, t.slots, t.bl_range, NULL);
  size_t n = 0;
  for (int i = 0; i < n_paths; i++)
    {
      char msg[1024];
      int r = notes_read (paths[i], &nfs[i], msg, sizeof msg);
      if (r == -2)
        tool_error ("%s", msg);
      else if (r != 0)
        {
          fflush (stdout);
          fprintf (stderr, "%s\n", msg);
        }
      if (r != 0)
        {
          /* Nothing of a bad file is reported: half of its functions
             would give wrong totals.  */
          status = 1;
          notes_free (&nfs[i]);
          continue;
        }
      for (size_t j = 0; j < nfs[i].n_functions; j++)
        {
          const struct notes_function *f = &nfs[i].functions[j];
          t.by_storage[f->storage]++;
          t.in_arrays += f->in_array;
          t.stale += f->stale != NULL;
          n += f->storage == PATHPROF_STORAGE_PPP;
        }
    }
  struct ppp_stat *stats = calloc (n ? n : 1, sizeof *stats);
  struct ppp_stat **by_name = calloc (n ? n : 1, sizeof *by_name);
  struct ppp_stat **by_delta = calloc (n ? n : 1, sizeof *by_delta);
  if (!stats || !by_name || !by_delta)
    tool_out_of_memory ();
  size_t k = 0;
  mpz_t z;
  mpz_init (z);
  for (int i = 0; i < n_paths; i++)
    for (size_t j = 0; j < nfs[i].n_functions; j++)
      {
        const struct notes_function *f = &nfs[i].functions[j];
        if (f->storage != PATHPROF_STORAGE_PPP)
          continue;
        struct ppp_stat *s = &stats[k];
        by_name[k] = by_delta[k] = s;
        k++;
        s->notes = paths[i];
        s->f = f;
        /* The reader guarantees at least one interesting path, by
           increasing id.  */
        s->n = f->n_interesting;
        s->bl_min = f->interesting[0].bl_id;
        s->bl_max = f->interesting[f->n_interesting - 1].bl_id;
        mpz_init (s->bl_range);
        tool_mpz_set_u64 (s->bl_range, s->bl_max - s->bl_min);
        mpz_add_ui (s->bl_range, s->bl_range, 1);
        for (size_t m = 0; m < f->n_interesting; m++)
          s->beyond += !f->interesting[m].has_ppp_id;
        t.interesting += s->n;
        t.beyond += s->beyond;
        t.beyond_functions += s->beyond != 0;
        mpz_add (t.range, t.range, f->ppp_range);
        tool_mpz_set_u64 (z, slots_of (s));
        mpz_add (t.slots, t.slots, z);
        mpz_add (t.bl_range, t.bl_range, s->bl_range);
        for (size_t m = 0; m < N_THRESHOLDS; m++)
          t.at_most[m]
            += delta_at_most (s, thresholds[m].num, thresholds[m].den);
      }
  mpz_clear (z);
  qsort (by_name, n, sizeof *by_name, cmp_by_name);
  qsort (by_delta, n, sizeof *by_delta, cmp_by_delta);
  if (json)
    print_json (out, paths, n_paths, &t, by_name, by_delta, n, nfs);
  else
    print_text (out, paths, n_paths, &t, by_name, by_delta, n, nfs);
  for (size_t i = 0; i < n; i++)
    mpz_clear (stats[i].bl_range);
  free (stats);
  free (by_name);
  free (by_delta);
  for (int i = 0; i < n_paths; i++)
    notes_free (&nfs[i]);
  free (nfs);
  mpz_clears (t.range, t.slots, t.bl_range, NULL);
  return status;
}
