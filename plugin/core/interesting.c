/* pathprof core: the interesting-path file (interesting.h,
 * specs/interesting-format.md).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The grammar is strictly sequential (function, source, checksum, paths,
 * path..., end), so every syntax error says what was expected and what
 * was found.  Checks that need a whole function (duplicate ids) run at
 * its `end`, checks that need the whole file (duplicate functions) at
 * the end of the file; each reports the line of the second occurrence.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "interesting.h"
#include "internal.h"
#include "pathprof-format.h"
#include "textlex.h"

/* ------------------------------------------------------------------ */
/* Messages                                                            */
/* ------------------------------------------------------------------ */

/* A diagnostic about SET: "FILE:LINE: " in front when it came from a
   file.  */
#define fail_at(err, status, set, line, ...)                             \
  pp_fail_at (err, status, (set)->file, line, __VA_ARGS__)

/* The decimal digits of Z, malloc'd ("?" when out of memory).  */
static char *
mpz_text (const mpz_t z)
{
  char *s = mpz_get_str (NULL, 10, z);
  return s ? s : strdup ("?");
}

/* ------------------------------------------------------------------ */
/* Building                                                            */
/* ------------------------------------------------------------------ */

pp_interesting *
pp_interesting_new (const char *file, pp_error *err)
{
  pp_interesting *set = pp_calloc (1, sizeof *set, err);
  if (set && file && !(set->file = strdup (file)))
    {
      free (set);
      pp_fail (err, PP_ERR_NOMEM, "out of memory");
      return NULL;
    }
  return set;
}

static void
fn_clear (pp_interesting_fn *fn)
{
  free (fn->name);
  free (fn->source);
  mpz_clear (fn->n_paths);
  for (size_t i = 0; i < fn->n_paths_listed; i++)
    mpz_clear (fn->paths[i].id);
  free (fn->paths);
}

void
pp_interesting_free (pp_interesting *set)
{
  if (!set)
    return;
  for (size_t i = 0; i < set->n_fns; i++)
    fn_clear (&set->fns[i]);
  free (set->fns);
  for (size_t i = 0; i < set->n_comments; i++)
    free (set->comments[i]);
  free (set->comments);
  free (set->file);
  free (set);
}

pp_status
pp_interesting_add_comment (pp_interesting *set, const char *text,
                            pp_error *err)
{
  return pp_add_lines (&set->comments, &set->n_comments, &set->cap_comments,
                       text, err);
}

pp_interesting_fn *
pp_interesting_add_fn (pp_interesting *set, const char *name,
                       const char *source, uint32_t checksum,
                       const mpz_t n_paths, pp_error *err)
{
  if (pp_text_grow ((void **) &set->fns, &set->cap_fns, set->n_fns + 1,
                    sizeof *set->fns))
    {
      pp_fail (err, PP_ERR_NOMEM, "out of memory");
      return NULL;
    }
  pp_interesting_fn *fn = &set->fns[set->n_fns];
  memset (fn, 0, sizeof *fn);
  fn->name = strdup (name);
  fn->source = strdup (source);
  if (!fn->name || !fn->source)
    {
      free (fn->name);
      free (fn->source);
      pp_fail (err, PP_ERR_NOMEM, "out of memory");
      return NULL;
    }
  mpz_init_set (fn->n_paths, n_paths);
  fn->checksum = checksum;
  set->n_fns++;
  return fn;
}

pp_status
pp_interesting_add_path (pp_interesting_fn *fn, const mpz_t id,
                         int has_count, uint64_t count, pp_error *err)
{
  if (pp_text_grow ((void **) &fn->paths, &fn->cap_paths,
                    fn->n_paths_listed + 1, sizeof *fn->paths))
    return pp_fail (err, PP_ERR_NOMEM, "out of memory");
  pp_interesting_path *p = &fn->paths[fn->n_paths_listed++];
  mpz_init_set (p->id, id);
  p->has_count = has_count;
  p->count = has_count ? count : 0;
  p->line = 0;
  return PP_OK;
}

/* ------------------------------------------------------------------ */
/* Checking                                                            */
/* ------------------------------------------------------------------ */

static int
cmp_path (const void *a, const void *b)
{
  const pp_interesting_path *x = a, *y = b;
  int c = mpz_cmp (x->id, y->id);
  if (c)
    return c;
  return x->line < y->line ? -1 : x->line > y->line;
}

/* How FN is named in messages about a set built in memory (a parsed set
   has the line instead).  */
#define FN_FMT "function '%s' (source \"%s\", checksum 0x%08x): "
#define FN_ARGS(fn) (fn)->name, (fn)->source, (unsigned) (fn)->checksum

/* Checks one function and sorts its paths by id.  */
static pp_status
check_fn (const pp_interesting *set, pp_interesting_fn *fn, pp_error *err)
{
  if (!fn->name[0])
    return fail_at (err, PP_ERR_INVALID, set, fn->line,
                    "empty function name");
  if (mpz_sgn (fn->n_paths) <= 0)
    return fail_at (err, PP_ERR_INVALID, set, fn->line,
                    "function '%s': path count 0: a function has at least "
                    "one path",
                    fn->name);
  if (fn->n_paths_listed) /* (qsort of NULL is undefined) */
    qsort (fn->paths, fn->n_paths_listed, sizeof *fn->paths, cmp_path);
  /* Report the problem met first in the file: the smallest line.  */
  const pp_interesting_path *bad = NULL, *first = NULL;
  int range = 0;
  for (size_t i = 0; i < fn->n_paths_listed; i++)
    {
      const pp_interesting_path *p = &fn->paths[i];
      int out = mpz_cmp (p->id, fn->n_paths) >= 0;
      int dup = i > 0 && mpz_cmp (p->id, fn->paths[i - 1].id) == 0;
      if ((out || dup) && (!bad || p->line < bad->line))
        {
          bad = p;
          range = out;
          first = dup ? &fn->paths[i - 1] : NULL;
        }
    }
  if (!bad)
    return PP_OK;
  char *id = mpz_text (bad->id), *n = mpz_text (fn->n_paths);
  pp_status st;
  if (range && bad->line)
    st = fail_at (err, PP_ERR_RANGE, set, bad->line,
                  "path id %s is not below the function's %s paths", id, n);
  else if (range)
    st = fail_at (err, PP_ERR_RANGE, set, 0,
                  FN_FMT "path id %s is not below the function's %s paths",
                  FN_ARGS (fn), id, n);
  else if (bad->line)
    st = fail_at (err, PP_ERR_DUPLICATE, set, bad->line,
                  "duplicate path %s (first at line %u)", id, first->line);
  else
    st = fail_at (err, PP_ERR_DUPLICATE, set, 0, FN_FMT "duplicate path %s",
                  FN_ARGS (fn), id);
  free (id);
  free (n);
  return st;
}

static int
cmp_fn (const void *a, const void *b)
{
  const pp_interesting_fn *x = a, *y = b;
  int c = strcmp (x->name, y->name);
  if (!c)
    c = strcmp (x->source, y->source);
  if (!c && x->checksum != y->checksum)
    c = x->checksum < y->checksum ? -1 : 1;
  if (!c && x->line != y->line)
    c = x->line < y->line ? -1 : 1;
  return c;
}

static int
same_entry (const pp_interesting_fn *x, const pp_interesting_fn *y)
{
  return strcmp (x->name, y->name) == 0 && strcmp (x->source, y->source) == 0
         && x->checksum == y->checksum;
}

/* Sorts the functions and refuses a (name, source, checksum) twice.  */
static pp_status
check_set (pp_interesting *set, pp_error *err)
{
  if (set->n_fns)
    qsort (set->fns, set->n_fns, sizeof *set->fns, cmp_fn);
  const pp_interesting_fn *bad = NULL;
  for (size_t i = 1; i < set->n_fns; i++)
    if (same_entry (&set->fns[i], &set->fns[i - 1])
        && (!bad || set->fns[i].line < bad->line))
      bad = &set->fns[i];
  if (!bad)
    return PP_OK;
  const pp_interesting_fn *first = bad - 1;
  if (bad->line)
    return fail_at (err, PP_ERR_DUPLICATE, set, bad->line,
                    "duplicate function '%s' (source \"%s\", checksum "
                    "0x%08x; first at line %u)",
                    bad->name, bad->source, (unsigned) bad->checksum,
                    first->line);
  return fail_at (err, PP_ERR_DUPLICATE, set, 0,
                  FN_FMT "listed twice", FN_ARGS (bad));
}

pp_status
pp_interesting_finish (pp_interesting *set, pp_error *err)
{
  for (size_t i = 0; i < set->n_fns; i++)
    {
      pp_status st = check_fn (set, &set->fns[i], err);
      if (st != PP_OK)
        return st;
    }
  return check_set (set, err);
}

size_t
pp_interesting_lookup (const pp_interesting *set, const char *name,
                       const char *source, size_t *first)
{
  return pp_lookup_name_source (set->fns, set->n_fns, sizeof *set->fns,
                                offsetof (pp_interesting_fn, name),
                                offsetof (pp_interesting_fn, source), name, source,
                                first);
}

/* pp_interesting_lookup_elsewhere's match: the function's identity but
   for its source.  */
struct cfg_identity
{
  uint32_t checksum;
  mpz_srcptr n_paths;
};

static int
same_cfg (const void *elem, const void *ctx)
{
  const pp_interesting_fn *e = elem;
  const struct cfg_identity *id = ctx;
  return e->checksum == id->checksum && mpz_cmp (e->n_paths, id->n_paths) == 0;
}

const pp_interesting_fn *
pp_interesting_lookup_elsewhere (const pp_interesting *set, const char *name,
                                 const char *source, uint32_t checksum,
                                 const mpz_t n_paths)
{
  struct cfg_identity id = { checksum, n_paths };
  return pp_lookup_elsewhere (set->fns, set->n_fns, sizeof *set->fns,
                              offsetof (pp_interesting_fn, name),
                              offsetof (pp_interesting_fn, source), name,
                              source, same_cfg, &id);
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */
/* ------------------------------------------------------------------ */

enum parse_state
{
  OUTSIDE,       /* before a `function` */
  WANT_SOURCE,
  WANT_CHECKSUM,
  WANT_PATHS,
  IN_PATHS       /* `path` records, then `end` */
};

static const char *const wanted[]
  = { PATHPROF_INTERESTING_FUNCTION, PATHPROF_INTERESTING_SOURCE,
      PATHPROF_INTERESTING_CHECKSUM, PATHPROF_INTERESTING_PATHS };

/* `function "NAME"`: starts FN.  */
static pp_status
function_record (pp_text *tx, pp_interesting *set, pp_interesting_fn **fn,
                 pp_error *err)
{
  char *name = NULL;
  if (pp_text_fields (tx, 1)
      || pp_text_string (tx, 1, "function name", &name))
    return PP_ERR_INVALID;
  if (!name[0])
    {
      free (name);
      pp_text_fail (tx, "empty function name");
      return PP_ERR_INVALID;
    }
  mpz_t one;
  mpz_init_set_ui (one, 1);
  *fn = pp_interesting_add_fn (set, name, "", 0, one, err);
  mpz_clear (one);
  free (name);
  if (!*fn)
    return PP_ERR_NOMEM;
  (*fn)->line = tx->line;
  return PP_OK;
}

/* `path ID [COUNT]`.  */
static pp_status
path_record (pp_text *tx, pp_interesting_fn *fn, pp_error *err)
{
  if (tx->n_toks != 2 && tx->n_toks != 3)
    {
      pp_text_fail (tx, "'%s' expects 1 or 2 fields, got %zu",
                    tx->toks[0].text, tx->n_toks - 1);
      return PP_ERR_INVALID;
    }
  mpz_t id;
  unsigned long long count = 0;
  mpz_init (id);
  pp_status st = PP_OK;
  if (pp_text_mpz (tx, 1, "path id", id)
      || (tx->n_toks == 3
          && pp_text_uint (tx, 2, "count", UINT64_MAX, &count)))
    st = PP_ERR_INVALID;
  else if (mpz_cmp (id, fn->n_paths) >= 0)
    {
      char *n = mpz_text (fn->n_paths);
      pp_text_fail (tx, "path id %s is not below the function's %s paths",
                    tx->toks[1].text, n);
      free (n);
      st = PP_ERR_RANGE;
    }
  else
    {
      st = pp_interesting_add_path (fn, id, tx->n_toks == 3, count, err);
      if (st == PP_OK)
        fn->paths[fn->n_paths_listed - 1].line = tx->line;
    }
  mpz_clear (id);
  return st;
}

/* One record in STATE; advances it.  */
static pp_status
record (pp_text *tx, pp_interesting *set, enum parse_state *state,
        pp_interesting_fn **fn, pp_error *err)
{
  const char *kw = tx->toks[0].text;
  unsigned long long checksum;
  if (*state == IN_PATHS)
    {
      if (strcmp (kw, PATHPROF_INTERESTING_PATH) == 0)
        return path_record (tx, *fn, err);
      if (strcmp (kw, PATHPROF_INTERESTING_END) == 0)
        {
          if (pp_text_fields (tx, 0))
            return PP_ERR_INVALID;
          *state = OUTSIDE;
          return check_fn (set, *fn, err);
        }
      pp_text_fail (tx, "expected '%s' or '%s', found '%s'%s",
                    PATHPROF_INTERESTING_PATH, PATHPROF_INTERESTING_END, kw,
                    strcmp (kw, PATHPROF_INTERESTING_FUNCTION) == 0
                      ? " (missing 'end'?)"
                      : "");
      return PP_ERR_INVALID;
    }
  if (strcmp (kw, wanted[*state]) != 0)
    {
      pp_text_fail (tx, "expected '%s', found '%s'", wanted[*state], kw);
      return PP_ERR_INVALID;
    }
  switch (*state)
    {
    case OUTSIDE:
      *state = WANT_SOURCE;
      return function_record (tx, set, fn, err);
    case WANT_SOURCE:
      *state = WANT_CHECKSUM;
      free ((*fn)->source);
      (*fn)->source = NULL;
      if (pp_text_fields (tx, 1)
          || pp_text_string (tx, 1, "source file", &(*fn)->source))
        return PP_ERR_INVALID;
      return PP_OK;
    case WANT_CHECKSUM:
      *state = WANT_PATHS;
      if (pp_text_fields (tx, 1)
          || pp_text_uint (tx, 1, "checksum", UINT32_MAX, &checksum))
        return PP_ERR_INVALID;
      (*fn)->checksum = (uint32_t) checksum;
      return PP_OK;
    case WANT_PATHS:
      *state = IN_PATHS;
      if (pp_text_fields (tx, 1)
          || pp_text_mpz (tx, 1, "path count", (*fn)->n_paths))
        return PP_ERR_INVALID;
      if (mpz_sgn ((*fn)->n_paths) == 0)
        {
          pp_text_fail (tx, "path count 0: a function has at least one path");
          return PP_ERR_INVALID;
        }
      return PP_OK;
    case IN_PATHS:
      break;
    }
  return PP_OK;
}

/* Reads TX into SET.  */
static pp_status
parse (pp_text *tx, pp_interesting *set, pp_error *err)
{
  enum parse_state state = OUTSIDE;
  pp_interesting_fn *fn = NULL;
  pp_status st;
  if (pp_text_read_magic (tx, PATHPROF_INTERESTING_MAGIC,
                          PATHPROF_INTERESTING_VERSION,
                          "interesting-path file"))
    return PP_ERR_INVALID;
  tx->want_comments = 1;
  for (;;)
    {
      int more = pp_text_next_record (tx);
      if (more < 0)
        return PP_ERR_INVALID;
      if (more == 0)
        break;
      if (tx->comment)
        {
          /* Header comments are kept, so that a file round-trips.  */
          if (set->n_fns == 0)
            {
              const char *c = tx->comment;
              st = pp_interesting_add_comment (set, c[0] == ' ' ? c + 1 : c,
                                               err);
              if (st != PP_OK)
                return st;
            }
          continue;
        }
      st = record (tx, set, &state, &fn, err);
      if (st != PP_OK)
        return st;
    }
  if (state != OUTSIDE)
    {
      tx->line = fn->line;
      pp_text_fail (tx, "function '%s' has no '%s'", fn->name,
                    PATHPROF_INTERESTING_END);
      return PP_ERR_INVALID;
    }
  return check_set (set, err);
}

static pp_status
parse_cb (pp_text *tx, void *set, pp_error *err)
{
  return parse (tx, set, err);
}

/* Reads the file PATH, or BUF[0..LEN) named PATH, into *OUT.  */
static pp_status
read_set (const char *path, const char *buf, size_t len, pp_interesting **out,
          pp_error *err)
{
  pp_interesting *set = pp_interesting_new (path, err);
  *out = NULL;
  if (!set)
    return PP_ERR_NOMEM;
  pp_status st = pp_text_parse_with (path, buf, len, parse_cb, set, err);
  if (st != PP_OK)
    pp_interesting_free (set);
  else
    *out = set;
  return st;
}

pp_status
pp_interesting_parse (const char *buf, size_t len, const char *name,
                      pp_interesting **out, pp_error *err)
{
  return read_set (name, buf, len, out, err);
}

pp_status
pp_interesting_read (const char *path, pp_interesting **out, pp_error *err)
{
  return read_set (path, NULL, 0, out, err);
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */
/* ------------------------------------------------------------------ */

pp_status
pp_interesting_write (const pp_interesting *set, FILE *out, pp_error *err)
{
  fprintf (out, "%s %u\n", PATHPROF_INTERESTING_MAGIC,
           PATHPROF_INTERESTING_VERSION);
  for (size_t i = 0; i < set->n_comments; i++)
    fprintf (out, "#%s%s\n", set->comments[i][0] ? " " : "",
             set->comments[i]);
  for (size_t i = 0; i < set->n_fns; i++)
    {
      const pp_interesting_fn *fn = &set->fns[i];
      fputs (PATHPROF_INTERESTING_FUNCTION " ", out);
      if (pp_text_write_string (out, fn->name))
        return pp_fail (err, PP_ERR_NOMEM, "out of memory");
      fputs ("\n  " PATHPROF_INTERESTING_SOURCE " ", out);
      if (pp_text_write_string (out, fn->source))
        return pp_fail (err, PP_ERR_NOMEM, "out of memory");
      fprintf (out, "\n  %s 0x%08x\n  %s ", PATHPROF_INTERESTING_CHECKSUM,
               (unsigned) fn->checksum, PATHPROF_INTERESTING_PATHS);
      mpz_out_str (out, 10, fn->n_paths);
      fputc ('\n', out);
      for (size_t k = 0; k < fn->n_paths_listed; k++)
        {
          const pp_interesting_path *p = &fn->paths[k];
          fputs ("  " PATHPROF_INTERESTING_PATH " ", out);
          mpz_out_str (out, 10, p->id);
          if (p->has_count)
            fprintf (out, " %llu", (unsigned long long) p->count);
          fputc ('\n', out);
        }
      fputs (PATHPROF_INTERESTING_END "\n", out);
    }
  if (ferror (out))
    return pp_fail (err, PP_ERR_IO, "write error: %s", strerror (errno));
  return PP_OK;
}
