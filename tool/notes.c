/* pathprof tool: reader of the notes file (.ppno), specs/notes-format.md.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reader is strict: the notes are machine-written, so anything
 * unexpected means a bug or a damaged file, and decoding path ids against
 * a misread CFG would print plausible nonsense.  Every record is checked
 * as it is read, and at each `end` the function's CFG is rebuilt with the
 * core library and must reproduce the recorded checksum, path count and
 * DAG edges (with their Ball-Larus weights); in a preferential build the
 * interesting paths are numbered again with the core's PPP algorithm and
 * must reproduce the recorded range and PPP ids.  The first problem stops the
 * reading with a diagnostic "FILE:LINE: message" in the style of
 * compilers, so editors can jump to it.
 */
#define _GNU_SOURCE 1

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notes-reader.h"
#include "pathprof-format.h"

/* ------------------------------------------------------------------ */
/* Names                                                               */
/* ------------------------------------------------------------------ */

static const char *const kind_names[]
  = { "real", "entry", "exit", "cutstart", "cutend" };
static const char *const cut_names[] = { "none", "back", "split", "call" };

const char *
notes_action_name (pp_op op)
{
  static const char *const names[] = { "none", "add", "set" };
  return op <= PP_OP_SET ? names[op] : "?";
}

const char *
notes_edge_kind_name (pp_edge_kind kind)
{
  return (unsigned) kind < 5 ? kind_names[kind] : "?";
}

const char *
notes_cut_name (pp_cut_kind cut)
{
  return (unsigned) cut <= PP_CUT_CALL ? cut_names[cut] : "?";
}

const char *
notes_storage_name (unsigned storage)
{
  static const char *const names[] = PATHPROF_STORAGE_NAMES;
  return storage < sizeof names / sizeof *names ? names[storage] : "?";
}

/* ------------------------------------------------------------------ */
/* Reader state                                                        */
/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* Fields                                                              */
/* ------------------------------------------------------------------ */

/* Z := V, without assuming unsigned long has 64 bits.  */
static void
set_u64 (mpz_t z, uint64_t v)
{
  mpz_import (z, 1, 1, sizeof v, 0, 0, &v);
}

static int
get_unsigned (struct reader *r, size_t i, const char *what, unsigned *v)
{
  unsigned long long x;
  if (pp_text_uint (&r->tx, i, what, (unsigned) -1, &x))
    return -1;
  *v = (unsigned) x;
  return 0;
}

static int
get_node (struct reader *r, size_t i, const char *what, unsigned *v)
{
  if (get_unsigned (r, i, what, v))
    return -1;
  if (*v >= r->fn->n_nodes)
    return fail (r, "%s %u out of range (the cfg has %u nodes)", what, *v,
                 r->fn->n_nodes);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Functions                                                           */
/* ------------------------------------------------------------------ */

static unsigned long
hash_name (const char *s)
{
  unsigned long h = 5381;
  while (*s)
    h = h * 33 + (unsigned char) *s++;
  return h;
}

/* Records NAME; 0, or the line of an earlier function of that name.  */
static long
remember_name (struct reader *r, const char *name, unsigned line)
{
  if ((r->names_used + 1) * 2 > r->names_cap)
    {
      size_t ncap = r->names_cap ? r->names_cap * 2 : 64;
      struct name_slot *n = calloc (ncap, sizeof *n);
      if (!n)
        return -1;
      for (size_t i = 0; i < r->names_cap; i++)
        if (r->names[i].name)
          {
            size_t j = hash_name (r->names[i].name) % ncap;
            while (n[j].name)
              j = (j + 1) % ncap;
            n[j] = r->names[i];
          }
      free (r->names);
      r->names = n;
      r->names_cap = ncap;
    }
  size_t j = hash_name (name) % r->names_cap;
  while (r->names[j].name)
    {
      if (strcmp (r->names[j].name, name) == 0)
        return r->names[j].line;
      j = (j + 1) % r->names_cap;
    }
  r->names[j].name = name;
  r->names[j].line = line;
  r->names_used++;
  return 0;
}

void
notes_function_clear (struct notes_function *f)
{
  notes_inter_clear (f);
  free (f->name);
  free (f->source);
  mpz_clear (f->paths);
  mpz_clear (f->ppp_range);
  mpz_clear (f->hottest_range);
  if (f->blocks)
    for (unsigned i = 0; i < f->n_nodes; i++)
      free (f->blocks[i].file);
  free (f->blocks);
  free (f->interesting);
  free (f->stale);
  pp_cfg_free (f->cfg);
  pp_dag_free (f->dag);
  pp_numbering_free (f->num);
  free (f->actions);
}

static void
clear_dagedges (struct reader *r)
{
  for (size_t i = 0; i < r->n_dagedges; i++)
    mpz_clear (r->dagedges[i].weight);
  r->n_dagedges = 0;
}

static int
start_function (struct reader *r, int subpaths)
{
  struct notes_file *nf = r->nf;
  const pp_token *t = r->tx.toks;
  if (pp_text_fields (&r->tx, 1))
    return -1;
  if (!t[1].quoted)
    return fail (r, "function name must be a quoted string, not '%s'",
                 t[1].text);
  if (!t[1].text[0])
    return fail (r, "empty function name");
  struct notes_function **list = subpaths ? &nf->subpaths : &nf->functions;
  size_t *n = subpaths ? &nf->n_subpaths : &nf->n_functions;
  if (pp_text_grow ((void **) list, subpaths ? &r->subpaths_cap
                                             : &r->functions_cap,
                    *n + 1, sizeof **list))
    return nomem (r);
  struct notes_function *f = &(*list)[(*n)++];
  memset (f, 0, sizeof *f);
  f->is_subpaths = subpaths;
  mpz_init (f->paths);
  mpz_init (f->ppp_range);
  mpz_init (f->hottest_range);
  f->line = r->tx.line;
  f->name = strdup (t[1].text);
  if (!f->name)
    return nomem (r);
  r->fn = f;
  r->have = 0;
  r->interesting_cap = r->sites_cap = r->contexts_cap = 0;
  free (r->is_exit);
  r->is_exit = NULL;
  clear_dagedges (r);
  /* (Subpaths records share names with functions; their duplicates
     are found once they are sorted.)  */
  long prev = subpaths ? 0 : remember_name (r, f->name, r->tx.line);
  if (prev < 0)
    return nomem (r);
  if (prev > 0)
    return fail (r, "duplicate function '%s' (first at line %ld)", f->name,
                 prev);
  return 0;
}

static int
same_dagedge (const struct dagedge_rec *d, const pp_dag_edge *e,
              const mpz_t weight)
{
  return d->src == e->src && d->dst == e->dst && d->kind == e->kind
         && d->origin == e->origin && mpz_cmp (d->weight, weight) == 0;
}


/* F's slots for a diagnostic: "the N slots", or with a shift "the N
   slots from PPP id -SHIFT".  */
static const char *
slots_text (const struct notes_function *f, char *buf, size_t size)
{
  if (f->slot_shift)
    snprintf (buf, size, "the %llu slots from PPP id -%llu",
              (unsigned long long) f->n_slots,
              (unsigned long long) f->slot_shift);
  else
    snprintf (buf, size, "the %llu slots", (unsigned long long) f->n_slots);
  return buf;
}

/* At `end`, before the rebuild: the preferential records agree with the
   storage and with each other.  */
static int
check_storage_records (struct reader *r)
{
  struct notes_function *f = r->fn;
  const char *storage = notes_storage_name (f->storage);
  if (f->storage == PATHPROF_STORAGE_PPP && !(r->have & HAVE_PPP))
    return fail (r, "function '%s' of storage 'ppp' has no 'ppp' record",
                 f->name);
  if (f->storage != PATHPROF_STORAGE_PPP && (r->have & HAVE_PPP))
    return fail_at (r, r->line_ppp,
                    "'ppp' record in a function of storage '%s' (only for "
                    "storage 'ppp')",
                    storage);
  if (f->storage != PATHPROF_STORAGE_PPP && f->n_interesting)
    return fail_at (r, f->interesting[0].line,
                    "'interesting' record in a function of storage '%s' "
                    "(only for storage 'ppp')",
                    storage);
  if (f->storage != PATHPROF_STORAGE_RESIDUAL && (r->have & HAVE_STALE))
    return fail_at (r, r->line_stale,
                    "'stale' record in a function of storage '%s' (only for "
                    "storage 'residual')",
                    storage);
  if (f->storage != PATHPROF_STORAGE_PPP)
    return 0;
  if (f->in_array)
    {
      /* Counted in an array: every interesting path has its PPP id.  */
      mpz_t slots;
      mpz_init (slots);
      set_u64 (slots, f->n_slots);
      int differ = mpz_cmp (slots, f->ppp_range) != 0 || f->slot_shift;
      mpz_clear (slots);
      if (differ)
        return fail_at (r, r->line_ppp,
                        "function '%s' of storage 'ppp array': its %llu "
                        "slots are not its PPP range",
                        f->name, (unsigned long long) f->n_slots);
    }
  if (f->hottest)
    {
      if (f->in_array)
        return fail_at (r, r->line_hottest,
                        "'hottest' record in a function of storage 'ppp "
                        "array' (every path has its counter)");
      size_t with_id = 0;
      for (size_t i = 0; i < f->n_interesting; i++)
        with_id += f->interesting[i].has_ppp_id != 0;
      if (with_id != f->hottest)
        return fail_at (r, r->line_hottest,
                        "function '%s': 'hottest' says %llu paths were "
                        "numbered, %zu have a PPP id",
                        f->name, (unsigned long long) f->hottest, with_id);
    }
  if (r->ppp_declared != f->n_interesting)
    return fail_at (r, r->line_ppp,
                    "function '%s': 'ppp' says %llu interesting path%s, "
                    "there %s %zu 'interesting' record%s",
                    f->name, r->ppp_declared, r->ppp_declared == 1 ? "" : "s",
                    f->n_interesting == 1 ? "is" : "are", f->n_interesting,
                    f->n_interesting == 1 ? "" : "s");
  for (size_t i = 0; i < f->n_interesting; i++)
    {
      const struct notes_interesting *in = &f->interesting[i];
      if (in->has_ppp_id && in->ppp_id >= f->n_slots - f->slot_shift)
        {
          char slots[96];
          slots_text (f, slots, sizeof slots);
          return fail_at (r, in->line,
                          "function '%s': interesting path %llu: PPP id %llu "
                          "is not below %s (write '-')",
                          f->name, (unsigned long long) in->bl_id,
                          (unsigned long long) in->ppp_id, slots);
        }
    }
  return 0;
}

/* Fails at LINE when the PPP numbering's range GOT is not the RECORD's
   range WANT.  */
static int
range_differs (struct reader *r, unsigned line, const char *record,
               const char *numbered, const mpz_t want, const mpz_t got)
{
  if (mpz_cmp (want, got) == 0)
    return 0;
  char *w = mpz_get_str (NULL, 10, want);
  char *g = mpz_get_str (NULL, 10, got);
  int ret = fail_at (r, line,
                     "function '%s': '%s' says range %s, the PPP numbering "
                     "of %s gives %s",
                     r->fn->name, record, w ? w : "?", numbered,
                     g ? g : "?");
  free (w);
  free (g);
  return ret;
}

/* After the rebuild: the interesting paths exist, and numbering them
   with the core's PPP algorithm (as the plugin did) gives the recorded
   range and ids.  A mismatch means the profile's slots would be decoded
   to the wrong paths.  */
static int
check_ppp_numbering (struct reader *r)
{
  struct notes_function *f = r->fn;
  if (f->storage != PATHPROF_STORAGE_PPP)
    return 0;
  mpz_t *ids = malloc (f->n_interesting * sizeof *ids);
  if (!ids)
    return nomem (r);
  for (size_t i = 0; i < f->n_interesting; i++)
    {
      mpz_init (ids[i]);
      set_u64 (ids[i], f->interesting[i].bl_id);
    }
  int ret = 0;
  for (size_t i = 0; i < f->n_interesting && !ret; i++)
    if (mpz_cmp (ids[i], f->paths) >= 0)
      {
        char *paths = mpz_get_str (NULL, 10, f->paths);
        ret = fail_at (r, f->interesting[i].line,
                       "function '%s': interesting path %llu is not below "
                       "the function's %s paths",
                       f->name,
                       (unsigned long long) f->interesting[i].bl_id,
                       paths ? paths : "?");
        free (paths);
      }
  pp_ppp_result *res = NULL;
  pp_error err;
  if (!ret
      && pp_ppp_number (f->dag, f->num, ids, (unsigned) f->n_interesting,
                        &res, &err)
           != PP_OK)
    ret = fail_at (r, r->line_ppp, "function '%s': PPP numbering: %s",
                   f->name, err.message);
  if (!ret)
    ret = range_differs (r, r->line_ppp, PATHPROF_NOTES_PPP,
                         "its interesting paths", f->ppp_range, res->range);
  /* Only the hottest numbered: the weights, ids and slots are those of
     the paths with an id, numbered alone.  */
  if (!ret && f->hottest)
    {
      size_t k = 0;
      for (size_t i = 0; i < f->n_interesting; i++)
        if (f->interesting[i].has_ppp_id)
          mpz_set (ids[k++], ids[i]);
      pp_ppp_free (res);
      res = NULL;
      if (pp_ppp_number (f->dag, f->num, ids, (unsigned) k, &res, &err)
          != PP_OK)
        ret = fail_at (r, r->line_hottest,
                       "function '%s': PPP numbering of the hottest: %s",
                       f->name, err.message);
      else
        ret = range_differs (r, r->line_hottest, PATHPROF_NOTES_HOTTEST,
                             "the paths with an id", f->hottest_range,
                             res->range);
    }
  const mpz_t *numbered_range = f->hottest ? &f->hottest_range
                                           : &f->ppp_range;
  /* The slots the plugin allocates: min (range, ppp-max) from PPP id 0,
     or padded, one per PPP id any path can have (pp_path_sum_bounds),
     from the smallest (the shift) when it is negative.  */
  if (!ret && !f->in_array)
    {
      mpz_t lo, hi, need;
      mpz_inits (lo, hi, need, NULL);
      if (pp_path_sum_bounds (f->dag, res->weight, lo, hi, &err) != PP_OK)
        ret = fail_at (r, r->line_ppp, "function '%s': PPP bounds: %s",
                       f->name, err.message);
      else
        {
          if (mpz_sgn (lo) > 0)
            mpz_set_ui (lo, 0);
          mpz_sub (need, hi, lo);
          mpz_add_ui (need, need, 1);
          char *from = mpz_get_str (NULL, 10, lo);
          mpz_neg (lo, lo);
          mpz_t slots, shift;
          mpz_inits (slots, shift, NULL);
          set_u64 (slots, f->n_slots);
          set_u64 (shift, f->slot_shift);
          int plain = f->slot_shift == 0
                      && mpz_cmp (slots, *numbered_range) <= 0;
          int padded = mpz_cmp (slots, need) == 0 && mpz_cmp (shift, lo) == 0;
          if (!plain && !padded)
            {
              char *want = mpz_get_str (NULL, 10, need);
              char text[96];
              ret = fail_at (r, r->line_ppp,
                             "function '%s': %s: neither at most the range "
                             "from 0 nor one per PPP id its paths can have "
                             "(%s from PPP id %s)",
                             f->name, slots_text (f, text, sizeof text),
                             want ? want : "?", from ? from : "?");
              free (want);
            }
          free (from);
          mpz_clears (slots, shift, NULL);
        }
      mpz_clears (lo, hi, need, NULL);
    }
  /* X: the path's index in the numbering, which has only those with an
     id when only the hottest were numbered (then the others, left out,
     have no id to check).  */
  for (size_t i = 0, x = 0; i < f->n_interesting && !ret; i++, x++)
    {
      const struct notes_interesting *in = &f->interesting[i];
      if (f->hottest && !in->has_ppp_id)
        {
          x--;
          continue;
        }
      /* ppp_id[x] < range, which may exceed 64 bits; compare as mpz.  */
      mpz_t rec, slots;
      mpz_init (rec);
      mpz_init (slots);
      set_u64 (rec, in->ppp_id);
      set_u64 (slots, f->n_slots - f->slot_shift);
      char *got = mpz_get_str (NULL, 10, res->ppp_id[x]);
      char text[96];
      if (in->has_ppp_id && mpz_cmp (rec, res->ppp_id[x]) != 0)
        ret = fail_at (r, in->line,
                       "function '%s': interesting path %llu has PPP id "
                       "%llu, the PPP numbering gives %s",
                       f->name, (unsigned long long) in->bl_id,
                       (unsigned long long) in->ppp_id, got ? got : "?");
      else if (!in->has_ppp_id && mpz_cmp (res->ppp_id[x], slots) < 0)
        ret = fail_at (r, in->line,
                       "function '%s': interesting path %llu is marked '-', "
                       "but its PPP id %s is below %s",
                       f->name, (unsigned long long) in->bl_id,
                       got ? got : "?", slots_text (f, text, sizeof text));
      free (got);
      mpz_clear (rec);
      mpz_clear (slots);
    }
  pp_ppp_free (res);
  for (size_t i = 0; i < f->n_interesting; i++)
    mpz_clear (ids[i]);
  free (ids);
  return ret;
}

/* At `end`: rebuild and verify.  */
static int
finish_function (struct reader *r)
{
  struct notes_function *f = r->fn;
  static const struct
  {
    unsigned bit;
    const char *name;
  } required[] = { { HAVE_SOURCE, "source" },   { HAVE_CHECKSUM, "checksum" },
                   { HAVE_PATHS, "paths" },     { HAVE_STORAGE, "storage" },
                   { HAVE_CFG, "cfg" } };
  for (size_t i = 0; i < sizeof required / sizeof *required; i++)
    if (!(r->have & required[i].bit)
        && !(f->is_subpaths && required[i].bit == HAVE_STORAGE))
      return fail (r, "%s '%s' has no '%s' record",
                   f->is_subpaths ? "subpaths" : "function", f->name,
                   required[i].name);
  if (check_storage_records (r))
    return -1;
  for (unsigned v = 0; v < f->n_nodes; v++)
    if (r->is_exit[v])
      {
        pp_error err;
        if (pp_cfg_set_exit (f->cfg, v, &err) != PP_OK)
          return fail (r, "function '%s': %s", f->name, err.message);
      }
  unsigned end_line = r->tx.line;
  uint32_t sum;
  if (f->is_subpaths || f->storage == PATHPROF_STORAGE_TRACE)
    {
      /* A subpath CFG: its checksum covers the call sites too.  */
      if (notes_inter_subpath (r))
        return -1;
      sum = f->sub->checksum;
    }
  else if (f->n_sites || f->refused)
    return fail_at (r, r->line_refused,
                    "'site' and 'refused' describe subpath CFGs (storage "
                    "trace, subpaths records) only");
  else
    sum = pp_cfg_checksum (f->cfg);
  if (sum != f->checksum)
    return fail_at (r, r->line_checksum,
                    "function '%s': checksum 0x%08x does not match its CFG "
                    "(0x%08x)",
                    f->name, (unsigned) f->checksum, (unsigned) sum);
  pp_error err;
  if (pp_dag_build (f->cfg, &f->dag, &err) != PP_OK)
    return fail_at (r, f->line, "function '%s': bad CFG: %s", f->name,
                    err.message);
  if (pp_bl_number (f->dag, &f->num, &err) != PP_OK)
    return fail_at (r, f->line, "function '%s': %s", f->name, err.message);
  if (mpz_cmp (f->num->total, f->paths) != 0)
    {
      char *want = mpz_get_str (NULL, 10, f->paths);
      char *got = mpz_get_str (NULL, 10, f->num->total);
      fail_at (r, r->line_paths,
               "function '%s': 'paths' says %s, the DAG has %s paths",
               f->name, want ? want : "?", got ? got : "?");
      free (want);
      free (got);
      return -1;
    }
  /* The dagedge records are redundant (a reader can rebuild them, as we
     just did); when present they must agree, edge for edge.  */
  if (r->n_dagedges)
    {
      for (size_t i = 0; i < r->n_dagedges && i < f->dag->n_edges; i++)
        {
          const struct dagedge_rec *d = &r->dagedges[i];
          const pp_dag_edge *e = &f->dag->edges[i];
          if (same_dagedge (d, e, f->num->weight[i]))
            continue;
          char *w1 = mpz_get_str (NULL, 10, d->weight);
          char *w2 = mpz_get_str (NULL, 10, f->num->weight[i]);
          fail_at (r, d->line,
                   "function '%s': dagedge %zu is '%u %u %s %ld %s', the "
                   "rebuilt DAG has '%u %u %s %ld %s'",
                   f->name, i, d->src, d->dst, notes_edge_kind_name (d->kind),
                   d->origin, w1 ? w1 : "?", e->src, e->dst,
                   notes_edge_kind_name (e->kind), e->origin, w2 ? w2 : "?");
          free (w1);
          free (w2);
          return -1;
        }
      if (r->n_dagedges != f->dag->n_edges)
        return fail_at (r, end_line,
                        "function '%s': %zu dagedge records, the DAG has %u "
                        "edges",
                        f->name, r->n_dagedges, f->dag->n_edges);
      f->actions = malloc (r->n_dagedges);
      if (!f->actions)
        return nomem (r);
      for (size_t i = 0; i < r->n_dagedges; i++)
        f->actions[i] = (unsigned char) r->dagedges[i].action;
    }
  if (check_ppp_numbering (r))
    return -1;
  r->fn = NULL;
  return 0;
}

/* ------------------------------------------------------------------ */
/* Records                                                             */
/* ------------------------------------------------------------------ */

static int
storage_record (struct reader *r)
{
  struct notes_function *f = r->fn;
  static const char *const names[] = PATHPROF_STORAGE_NAMES;
  const pp_token *t = r->tx.toks;
  /* storage NAME [array]  */
  if (r->tx.n_toks != 3 && pp_text_fields (&r->tx, 1))
    return -1;
  int s;
  for (s = 0; s < (int) (sizeof names / sizeof *names); s++)
    if (!t[1].quoted && strcmp (t[1].text, names[s]) == 0)
      break;
  if (s == (int) (sizeof names / sizeof *names))
    return fail (r, "bad storage '%s' (array, hash, ppp or residual)",
                 t[1].text);
  if ((s == PATHPROF_STORAGE_PPP || s == PATHPROF_STORAGE_RESIDUAL)
      && !r->have_interesting_file && !r->nf->ips_file)
    return fail (r,
                 "storage '%s' in notes without an 'interesting-file' "
                 "record (not a preferential build)",
                 names[s]);
  if (s == PATHPROF_STORAGE_TRACE
      && r->nf->version < PATHPROF_NOTES_VERSION_INTER)
    return fail (r, "storage 'trace' needs notes version %u",
                 PATHPROF_NOTES_VERSION_INTER);
  f->in_array = 0;
  if (r->tx.n_toks == 3)
    {
      if (t[2].quoted || strcmp (t[2].text, PATHPROF_NOTES_STORAGE_ARRAY))
        return fail (r, "bad storage form '%s' (only 'array')", t[2].text);
      if (s != PATHPROF_STORAGE_PPP && s != PATHPROF_STORAGE_RESIDUAL)
        return fail (r, "storage '%s' cannot be counted in an 'array' (only "
                     "ppp and residual)", names[s]);
      f->in_array = 1;
    }
  f->storage = s;
  return 0;
}

/* linkage public|local  */
static int
linkage_record (struct reader *r)
{
  if (pp_text_fields (&r->tx, 1))
    return -1;
  const pp_token *t = &r->tx.toks[1];
  if (!t->quoted && strcmp (t->text, PATHPROF_NOTES_LINKAGE_PUBLIC) == 0)
    r->fn->is_public = 1;
  else if (!t->quoted && strcmp (t->text, PATHPROF_NOTES_LINKAGE_LOCAL) == 0)
    r->fn->is_public = 0;
  else
    return fail (r, "bad linkage '%s' (public or local)", t->text);
  return 0;
}

/* ppp N_INTERESTING RANGE N_SLOTS */
static int
ppp_record (struct reader *r)
{
  struct notes_function *f = r->fn;
  unsigned long long slots, shift = 0;
  r->line_ppp = r->tx.line;
  /* The slot shift is optional (0).  */
  if (r->tx.n_toks != 4 && r->tx.n_toks != 5)
    return fail (r, "'ppp' expects 3 or 4 fields, got %zu",
                 r->tx.n_toks - 1);
  if (pp_text_uint (&r->tx, 1, "interesting path count", UINT64_MAX,
                    &r->ppp_declared)
      || pp_text_mpz (&r->tx, 2, "PPP range", f->ppp_range)
      || pp_text_uint (&r->tx, 3, "slot count", UINT64_MAX, &slots)
      || (r->tx.n_toks == 5
          && pp_text_uint (&r->tx, 4, "slot shift", UINT64_MAX, &shift)))
    return -1;
  f->n_slots = slots;
  f->slot_shift = shift;
  if (r->ppp_declared == 0)
    return fail (r, "no interesting paths (a function without any has "
                    "storage 'residual')");
  mpz_t v;
  mpz_init (v);
  set_u64 (v, r->ppp_declared);
  int small = mpz_cmp (f->ppp_range, v) < 0;
  mpz_clear (v);
  if (small)
    return fail (r, "range %s is smaller than the %llu interesting paths",
                 r->tx.toks[2].text, r->ppp_declared);
  if (shift && shift >= slots)
    return fail (r, "slot shift %llu is not below the %llu slots", shift,
                 slots);
  return 0;
}

/* hottest K RANGE (after `ppp`) */
static int
hottest_record (struct reader *r)
{
  struct notes_function *f = r->fn;
  unsigned long long k;
  r->line_hottest = r->tx.line;
  if (!(r->have & HAVE_PPP))
    return fail (r, "'hottest' before 'ppp'");
  if (pp_text_fields (&r->tx, 2)
      || pp_text_uint (&r->tx, 1, "numbered path count", UINT64_MAX, &k)
      || pp_text_mpz (&r->tx, 2, "range of the hottest", f->hottest_range))
    return -1;
  if (k == 0 || k >= r->ppp_declared)
    return fail (r, "%llu hottest paths numbered: not between 1 and the "
                    "%llu interesting paths (exclusive)",
                 k, r->ppp_declared);
  if (mpz_cmp (f->hottest_range, f->ppp_range) >= 0)
    return fail (r, "range %s of the hottest paths is not below the range "
                    "of all of them",
                 r->tx.toks[2].text);
  f->hottest = k;
  return 0;
}

/* interesting BL_ID PPP_ID|- */
static int
interesting_record (struct reader *r)
{
  struct notes_function *f = r->fn;
  unsigned long long bl, ppp = 0;
  const pp_token *t = r->tx.toks;
  if (pp_text_fields (&r->tx, 2)
      || pp_text_uint (&r->tx, 1, "path id", UINT64_MAX, &bl))
    return -1;
  int has_ppp = t[2].quoted || strcmp (t[2].text, "-") != 0;
  if (has_ppp && pp_text_uint (&r->tx, 2, "PPP id", UINT64_MAX, &ppp))
    return -1;
  if (f->n_interesting)
    {
      const struct notes_interesting *prev
        = &f->interesting[f->n_interesting - 1];
      if (bl == prev->bl_id)
        return fail (r, "duplicate interesting path %llu (first at line %u)",
                     bl, prev->line);
      if (bl < prev->bl_id)
        return fail (r,
                     "interesting path %llu out of order (after %llu; by "
                     "increasing path id)",
                     bl, (unsigned long long) prev->bl_id);
    }
  if (pp_text_grow ((void **) &f->interesting, &r->interesting_cap,
                    f->n_interesting + 1, sizeof *f->interesting))
    return nomem (r);
  struct notes_interesting *in = &f->interesting[f->n_interesting++];
  in->bl_id = bl;
  in->has_ppp_id = has_ppp;
  in->ppp_id = ppp;
  in->line = r->tx.line;
  return 0;
}

static int
function_record (struct reader *r)
{
  struct notes_function *f = r->fn;
  const pp_token *t = r->tx.toks;
  const char *kw = t[0].text;
  unsigned long long x;

#define ONCE(bit)                                                         \
  do                                                                      \
    {                                                                     \
      if (r->have & (bit))                                                \
        return fail (r, "duplicate '%s'", kw);                            \
      r->have |= (bit);                                                   \
    }                                                                     \
  while (0)
#define NEED_CFG()                                                        \
  do                                                                      \
    {                                                                     \
      if (!(r->have & HAVE_CFG))                                          \
        return fail (r, "'%s' before 'cfg'", kw);                         \
    }                                                                     \
  while (0)

  if (strcmp (kw, PATHPROF_NOTES_SOURCE) == 0)
    {
      ONCE (HAVE_SOURCE);
      if (pp_text_fields (&r->tx, 1))
        return -1;
      return pp_text_string (&r->tx, 1, "source file", &f->source);
    }
  if (strcmp (kw, PATHPROF_NOTES_CHECKSUM) == 0)
    {
      ONCE (HAVE_CHECKSUM);
      if (pp_text_fields (&r->tx, 1)
          || pp_text_uint (&r->tx, 1, "checksum", UINT32_MAX, &x))
        return -1;
      f->checksum = (uint32_t) x;
      r->line_checksum = r->tx.line;
      return 0;
    }
  if (strcmp (kw, PATHPROF_NOTES_PATHS) == 0)
    {
      ONCE (HAVE_PATHS);
      r->line_paths = r->tx.line;
      if (pp_text_fields (&r->tx, 1))
        return -1;
      return pp_text_mpz (&r->tx, 1, "path count", f->paths);
    }
  if (strcmp (kw, PATHPROF_NOTES_STORAGE) == 0)
    {
      ONCE (HAVE_STORAGE);
      return storage_record (r);
    }
  if (strcmp (kw, PATHPROF_NOTES_LINKAGE) == 0)
    {
      ONCE (HAVE_LINKAGE);
      return linkage_record (r);
    }
  if (strcmp (kw, PATHPROF_NOTES_PPP) == 0)
    {
      ONCE (HAVE_PPP);
      return ppp_record (r);
    }
  if (strcmp (kw, PATHPROF_NOTES_HOTTEST) == 0)
    {
      ONCE (HAVE_HOTTEST);
      return hottest_record (r);
    }
  if (strcmp (kw, PATHPROF_NOTES_INTERESTING) == 0)
    return interesting_record (r);
  if (strcmp (kw, PATHPROF_NOTES_STALE) == 0)
    {
      ONCE (HAVE_STALE);
      r->line_stale = r->tx.line;
      if (pp_text_fields (&r->tx, 1))
        return -1;
      return pp_text_string (&r->tx, 1, "stale reason", &f->stale);
    }
  if (strcmp (kw, PATHPROF_NOTES_CFG) == 0)
    {
      unsigned nodes, entry;
      ONCE (HAVE_CFG);
      if (pp_text_fields (&r->tx, 2)
          || get_unsigned (r, 1, "node count", &nodes)
          || get_unsigned (r, 2, "entry node", &entry))
        return -1;
      if (nodes == 0)
        return fail (r, "the cfg has no nodes");
      /* Two more DAG nodes (s, t) must fit, and arrays are allocated
         from this number: refuse what no compiler produces.  */
      if (nodes > (1u << 26))
        return fail (r, "node count %u too large", nodes);
      /* Every node but the entry is reached by an `edge` record of at
         least 8 bytes further on ("edge 1 2 none"): a count that the
         rest of the file cannot hold would only allocate gigabytes (40
         bytes a node) to fail later.  */
      if (nodes - 1 > pp_text_remaining (&r->tx) / 8)
        return fail (r, "node count %u: the rest of the file cannot hold "
                        "the edges of so many nodes", nodes);
      if (entry >= nodes)
        return fail (r, "entry node %u out of range (the cfg has %u nodes)",
                     entry, nodes);
      f->n_nodes = nodes;
      f->entry = entry;
      f->blocks = calloc (nodes, sizeof *f->blocks);
      r->is_exit = calloc (nodes, 1);
      f->cfg = pp_cfg_new (nodes, entry);
      if (!f->blocks || !r->is_exit || !f->cfg)
        return nomem (r);
      return 0;
    }
  if (strcmp (kw, PATHPROF_NOTES_BLOCK) == 0)
    {
      unsigned node, bb;
      unsigned long long lo, hi, last;
      NEED_CFG ();
      if (pp_text_fields (&r->tx, 6) || get_node (r, 1, "node", &node)
          || get_unsigned (r, 2, "basic block", &bb))
        return -1;
      if (!t[3].quoted)
        return fail (r, "block file must be a quoted string, not '%s'",
                     t[3].text);
      if (pp_text_uint (&r->tx, 4, "line", (unsigned long) -1, &lo)
          || pp_text_uint (&r->tx, 5, "line", (unsigned long) -1, &hi)
          || pp_text_uint (&r->tx, 6, "line", (unsigned long) -1, &last))
        return -1;
      if (lo > hi)
        return fail (r, "bad line range %llu-%llu", lo, hi);
      if (last && (last < lo || last > hi))
        return fail (r, "last line %llu outside the block's lines %llu-%llu",
                     last, lo, hi);
      if (f->blocks[node].present)
        return fail (r, "duplicate block for node %u", node);
      f->blocks[node].present = 1;
      f->blocks[node].bb = bb;
      f->blocks[node].line_lo = (unsigned long) lo;
      f->blocks[node].line_hi = (unsigned long) hi;
      f->blocks[node].line_last = (unsigned long) last;
      f->blocks[node].file = strdup (t[3].text);
      return f->blocks[node].file ? 0 : nomem (r);
    }
  if (strcmp (kw, PATHPROF_NOTES_EXIT) == 0)
    {
      unsigned node;
      NEED_CFG ();
      if (pp_text_fields (&r->tx, 1) || get_node (r, 1, "node", &node))
        return -1;
      if (r->is_exit[node])
        return fail (r, "node %u is already an exit", node);
      r->is_exit[node] = 1;
      return 0;
    }
  if (strcmp (kw, PATHPROF_NOTES_EDGE) == 0)
    {
      unsigned src, dst;
      pp_cut_kind cut;
      NEED_CFG ();
      if (pp_text_fields (&r->tx, 3) || get_node (r, 1, "node", &src)
          || get_node (r, 2, "node", &dst))
        return -1;
      if (t[3].quoted)
        return fail (r, "bad cut kind \"%s\" (none, back or split)",
                     t[3].text);
      pp_cut_kind max = r->nf->version >= PATHPROF_NOTES_VERSION_INTER
                          ? PP_CUT_CALL : PP_CUT_SPLIT;
      for (cut = PP_CUT_NONE; cut <= max; cut++)
        if (strcmp (t[3].text, cut_names[cut]) == 0)
          break;
      if (cut > max)
        return fail (r, "bad cut kind '%s' (%s)", t[3].text,
                     max == PP_CUT_CALL ? "none, back, split or call"
                                        : "none, back or split");
      if (f->cfg->n_edges >= (1u << 28))
        return fail (r, "too many edges");
      if (pp_cfg_add_edge (f->cfg, src, dst, cut) < 0)
        return nomem (r);
      return 0;
    }
  if (strcmp (kw, PATHPROF_NOTES_DAGEDGE) == 0)
    {
      unsigned idx, src, dst;
      unsigned long long ox;
      long origin;
      pp_edge_kind kind;
      NEED_CFG ();
      if (pp_text_fields (&r->tx, 7)
          || get_unsigned (r, 1, "dagedge index", &idx))
        return -1;
      if (idx != r->n_dagedges)
        return fail (r, "dagedge %u out of order (expected %zu)", idx,
                     r->n_dagedges);
      if (get_unsigned (r, 2, "dag node", &src)
          || get_unsigned (r, 3, "dag node", &dst))
        return -1;
      if (src >= f->n_nodes + 2 || dst >= f->n_nodes + 2)
        return fail (r, "dag node %u out of range (the DAG has %u nodes)",
                     src >= f->n_nodes + 2 ? src : dst, f->n_nodes + 2);
      for (kind = PP_EDGE_REAL; kind <= PP_EDGE_CUT_END; kind++)
        if (!t[4].quoted && strcmp (t[4].text, kind_names[kind]) == 0)
          break;
      if (kind > PP_EDGE_CUT_END)
        return fail (r,
                     "bad edge kind '%s' (real, entry, exit, cutstart or "
                     "cutend)",
                     t[4].text);
      if (!t[5].quoted && strcmp (t[5].text, "-1") == 0)
        origin = -1;
      else if (pp_text_uint (&r->tx, 5, "origin", (unsigned) -1, &ox))
        return -1;
      else
        origin = (long) ox;
      if (pp_text_grow ((void **) &r->dagedges, &r->cap_dagedges,
                        r->n_dagedges + 1, sizeof *r->dagedges))
        return nomem (r);
      struct dagedge_rec *d = &r->dagedges[r->n_dagedges];
      mpz_init (d->weight);
      r->n_dagedges++;
      d->src = src;
      d->dst = dst;
      d->kind = kind;
      d->origin = origin;
      d->line = r->tx.line;
      for (d->action = PP_OP_NONE; d->action <= PP_OP_SET; d->action++)
        if (!t[7].quoted
            && strcmp (t[7].text, notes_action_name (d->action)) == 0)
          break;
      if (d->action > PP_OP_SET)
        return fail (r, "bad action '%s' (none, add or set)", t[7].text);
      return pp_text_mpz (&r->tx, 6, "weight", d->weight);
    }
  if (strcmp (kw, PATHPROF_NOTES_END) == 0)
    {
      if (pp_text_fields (&r->tx, 0))
        return -1;
      return finish_function (r);
    }
  if (strcmp (kw, PATHPROF_NOTES_STAMP) == 0
      || strcmp (kw, PATHPROF_NOTES_PRODUCER) == 0
      || strcmp (kw, PATHPROF_NOTES_OBJECT) == 0
      || strcmp (kw, PATHPROF_NOTES_INTERESTING_FILE) == 0)
    return fail (r, "'%s' inside function '%s'", kw, f->name);
  if (strcmp (kw, PATHPROF_NOTES_FUNCTION) == 0
      || strcmp (kw, PATHPROF_NOTES_SUBPATHS) == 0)
    return fail (r, "'%s' inside function '%s' (missing 'end'?)", kw,
                 f->name);
  int inter = notes_inter_function (r, kw);
  if (inter <= 0)
    return inter;
  return fail (r, "unknown record '%s' in function '%s'", kw, f->name);
#undef ONCE
#undef NEED_CFG
}

/* A header record given once, a string: KW "VALUE".  */
static int
header_string (struct reader *r, int *seen, const char *what, char **v)
{
  if ((*seen)++)
    return fail (r, "duplicate '%s'", r->tx.toks[0].text);
  if (pp_text_fields (&r->tx, 1))
    return -1;
  return pp_text_string (&r->tx, 1, what, v);
}

static int
header_record (struct reader *r)
{
  const char *kw = r->tx.toks[0].text;
  unsigned long long x;
  if (strcmp (kw, PATHPROF_NOTES_STAMP) == 0)
    {
      if (r->have_stamp++)
        return fail (r, "duplicate 'stamp'");
      if (pp_text_fields (&r->tx, 1)
          || pp_text_uint (&r->tx, 1, "stamp", UINT32_MAX, &x))
        return -1;
      r->nf->stamp = (uint32_t) x;
      return 0;
    }
  if (strcmp (kw, PATHPROF_NOTES_PRODUCER) == 0)
    return header_string (r, &r->have_producer, "producer",
                          &r->nf->producer);
  if (strcmp (kw, PATHPROF_NOTES_OBJECT) == 0)
    return header_string (r, &r->have_object, "object file",
                          &r->nf->object);
  if (strcmp (kw, PATHPROF_NOTES_INTERESTING_FILE) == 0)
    return header_string (r, &r->have_interesting_file,
                          "interesting-path file",
                          &r->nf->interesting_file);
  if (strcmp (kw, PATHPROF_NOTES_FUNCTION) == 0)
    return start_function (r, 0);
  if (strcmp (kw, PATHPROF_NOTES_SUBPATHS) == 0
      && r->nf->version >= PATHPROF_NOTES_VERSION_INTER)
    return start_function (r, 1);
  int inter = notes_inter_header (r, kw);
  if (inter <= 0)
    return inter;
  static const char *const fn_only[]
    = { PATHPROF_NOTES_SOURCE,      PATHPROF_NOTES_CHECKSUM,
        PATHPROF_NOTES_PATHS,       PATHPROF_NOTES_STORAGE,
        PATHPROF_NOTES_LINKAGE,     PATHPROF_NOTES_CFG,
        PATHPROF_NOTES_BLOCK,       PATHPROF_NOTES_EXIT,
        PATHPROF_NOTES_EDGE,
        PATHPROF_NOTES_DAGEDGE,     PATHPROF_NOTES_PPP,
        PATHPROF_NOTES_INTERESTING, PATHPROF_NOTES_STALE,
        PATHPROF_NOTES_HOTTEST,     PATHPROF_NOTES_END };
  for (size_t i = 0; i < sizeof fn_only / sizeof *fn_only; i++)
    if (strcmp (kw, fn_only[i]) == 0)
      return fail (r, "'%s' outside a function", kw);
  return fail (r, "unknown record '%s'", kw);
}

/* ------------------------------------------------------------------ */
/* Files                                                               */
/* ------------------------------------------------------------------ */

static int
cmp_function (const void *a, const void *b)
{
  return strcmp (((const struct notes_function *) a)->name,
                 ((const struct notes_function *) b)->name);
}

/* The first line: the magic and the version.  */
static int
read_magic (struct reader *r)
{
  unsigned long long v;
  if (pp_text_next_line (&r->tx) < 0)
    return -1;
  if (r->tx.n_toks != 2 || r->tx.toks[0].quoted
      || strcmp (r->tx.toks[0].text, PATHPROF_NOTES_MAGIC) != 0)
    return fail (r, "not a notes file: expected '%s %u' on the first line",
                 PATHPROF_NOTES_MAGIC, PATHPROF_NOTES_VERSION);
  if (pp_text_uint (&r->tx, 1, "version", UINT32_MAX, &v))
    return -1;
  if (v != PATHPROF_NOTES_VERSION && v != PATHPROF_NOTES_VERSION_INTER)
    return fail (r, "unsupported notes version %llu (this reader supports "
                    "%u and %u)",
                 v, PATHPROF_NOTES_VERSION, PATHPROF_NOTES_VERSION_INTER);
  r->nf->version = (unsigned) v;
  return 0;
}

int
notes_read (const char *path, struct notes_file *nf, char *msg,
            size_t msg_size)
{
  struct reader r;
  int ret = -1;

  memset (nf, 0, sizeof *nf);
  memset (&r, 0, sizeof r);
  r.nf = nf;
  nf->path = strdup (path);
  if (!nf->path)
    {
      snprintf (msg, msg_size, "%s: out of memory", path);
      return -1;
    }
  int st = pp_text_init_file (&r.tx, nf->path, msg, msg_size);
  if (st)
    {
      pp_text_free (&r.tx);
      return st;
    }
  if (read_magic (&r))
    goto out;
  for (;;)
    {
      int more = pp_text_next_record (&r.tx);
      if (more < 0)
        goto out;
      if (more == 0)
        break;
      if (r.fn ? function_record (&r) : header_record (&r))
        goto out;
    }
  if (r.fn)
    {
      fail_at (&r, r.fn->line, "function '%s' has no 'end'", r.fn->name);
      goto out;
    }
  if (!r.have_stamp)
    {
      fail (&r, "no 'stamp' record");
      goto out;
    }
  if (nf->n_functions)
    qsort (nf->functions, nf->n_functions, sizeof *nf->functions,
           cmp_function);
  if (notes_inter_resolve (&r))
    goto out;
  for (size_t i = 0; i < nf->n_functions; i++)
    nf->functions[i].file = nf;
  for (size_t i = 0; i < nf->n_subpaths; i++)
    nf->subpaths[i].file = nf;
  ret = 0;
out:
  clear_dagedges (&r);
  free (r.dagedges);
  free (r.is_exit);
  free (r.names);
  pp_text_free (&r.tx);
  return ret;
}

void
notes_free (struct notes_file *nf)
{
  for (size_t i = 0; i < nf->n_functions; i++)
    notes_function_clear (&nf->functions[i]);
  free (nf->functions);
  free (nf->path);
  free (nf->producer);
  free (nf->object);
  free (nf->interesting_file);
  notes_inter_free (nf);
  memset (nf, 0, sizeof *nf);
}

struct notes_function *
notes_find (const struct notes_file *nf, const char *name)
{
  struct notes_function key;
  if (!nf->n_functions) /* no array: bsearch's is declared nonnull */
    return NULL;
  key.name = (char *) name;
  return bsearch (&key, nf->functions, nf->n_functions,
                  sizeof *nf->functions, cmp_function);
}
