/* pathprof core: the interesting-segment file (ips.h,
 * specs/ips-format.md).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The grammar is sequential: the magic line, `depth`, the functions
 * (`function`, `source`, `checksum`, `subpaths`, `end`), then one
 * `segment` record per line.  A segment is checked as it is read (its
 * functions declared, its ids below their subpath counts, its call
 * structure); duplicates, of functions and of segments, at the end of
 * the file, reported at the line of the second occurrence.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "ips.h"
#include "pathprof-format.h"
#include "textlex.h"

/* A diagnostic about SET: "FILE:LINE: " in front when it came from a
   file.  */
#define fail_at(err, status, set, line, ...)                             \
  pp_fail_at (err, status, (set)->file, line, __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* Building                                                            */
/* ------------------------------------------------------------------ */

pp_ips *
pp_ips_new (const char *file, unsigned depth, pp_error *err)
{
  pp_ips *set = pp_calloc (1, sizeof *set, err);
  if (set && file && !(set->file = strdup (file)))
    {
      free (set);
      pp_fail (err, PP_ERR_NOMEM, "out of memory");
      return NULL;
    }
  if (set)
    set->depth = depth;
  return set;
}

void
pp_ips_free (pp_ips *set)
{
  if (!set)
    return;
  for (size_t i = 0; i < set->n_fns; i++)
    {
      free (set->fns[i].name);
      free (set->fns[i].source);
    }
  free (set->fns);
  for (size_t i = 0; i < set->n_segs; i++)
    pp_segment_clear (&set->segs[i].seg);
  free (set->segs);
  for (size_t i = 0; i < set->n_comments; i++)
    free (set->comments[i]);
  free (set->comments);
  free (set->file);
  free (set);
}

pp_status
pp_ips_add_comment (pp_ips *set, const char *text, pp_error *err)
{
  return pp_add_lines (&set->comments, &set->n_comments, &set->cap_comments,
                       text, err);
}

pp_status
pp_ips_add_fn (pp_ips *set, const char *name, const char *source,
               uint32_t checksum, uint64_t subpaths, unsigned *index,
               pp_error *err)
{
  if (pp_text_grow ((void **) &set->fns, &set->cap_fns, set->n_fns + 1,
                    sizeof *set->fns))
    return pp_fail (err, PP_ERR_NOMEM, "out of memory");
  pp_ips_fn *fn = &set->fns[set->n_fns];
  memset (fn, 0, sizeof *fn);
  fn->name = strdup (name);
  fn->source = strdup (source);
  if (!fn->name || !fn->source)
    {
      free (fn->name);
      free (fn->source);
      return pp_fail (err, PP_ERR_NOMEM, "out of memory");
    }
  fn->checksum = checksum;
  fn->subpaths = subpaths;
  if (index)
    *index = (unsigned) set->n_fns;
  set->n_fns++;
  return PP_OK;
}

pp_status
pp_ips_add_segment (pp_ips *set, const pp_segment *seg, int has_count,
                    uint64_t count, pp_error *err)
{
  if (pp_text_grow ((void **) &set->segs, &set->cap_segs, set->n_segs + 1,
                    sizeof *set->segs))
    return pp_fail (err, PP_ERR_NOMEM, "out of memory");
  pp_ips_seg *s = &set->segs[set->n_segs];
  memset (s, 0, sizeof *s);
  pp_status st = pp_segment_copy (&s->seg, seg, err);
  if (st != PP_OK)
    return st;
  s->has_count = has_count;
  s->count = has_count ? count : 0;
  set->n_segs++;
  return PP_OK;
}

/* ------------------------------------------------------------------ */
/* Checking                                                            */
/* ------------------------------------------------------------------ */

/* Checks SEG of SET (function indices, subpath ids, structure).  LINE:
   the record's, for messages (0 in memory).  */
static pp_status
check_segment (const pp_ips *set, const pp_segment *seg, unsigned line,
               pp_error *err)
{
  if (seg->root >= set->n_fns)
    return fail_at (err, PP_ERR_INVALID, set, line,
                    "root function %u is not declared", seg->root);
  for (unsigned i = 0; i < seg->n_start; i++)
    if (seg->start[i].fn >= set->n_fns)
      return fail_at (err, PP_ERR_INVALID, set, line,
                      "function %u is not declared", seg->start[i].fn);
  for (unsigned t = 0; t < seg->n_tokens; t++)
    {
      const pp_seg_token *k = &seg->tokens[t];
      if (k->kind != PP_SEG_PIECE)
        continue;
      if (k->fn >= set->n_fns)
        return fail_at (err, PP_ERR_INVALID, set, line,
                        "function %u is not declared", k->fn);
      if (k->id >= set->fns[k->fn].subpaths)
        return fail_at (err, PP_ERR_RANGE, set, line,
                        "subpath %u:%llu: function '%s' has %llu subpaths",
                        k->fn, (unsigned long long) k->id,
                        set->fns[k->fn].name,
                        (unsigned long long) set->fns[k->fn].subpaths);
    }
  pp_error local;
  if (pp_segment_check (seg, set->depth, &local) != PP_OK)
    return fail_at (err, local.status, set, line, "%s", local.message);
  return PP_OK;
}

static int
cmp_fn (const pp_ips_fn *x, const pp_ips_fn *y)
{
  int c = strcmp (x->name, y->name);
  if (!c)
    c = strcmp (x->source, y->source);
  if (!c && x->checksum != y->checksum)
    c = x->checksum < y->checksum ? -1 : 1;
  return c;
}

/* qsort of function indices by their functions (then line, so that the
   first occurrence comes first).  */
static const pp_ips *sort_set;

static int
cmp_fn_index (const void *a, const void *b)
{
  const pp_ips_fn *x = &sort_set->fns[*(const unsigned *) a];
  const pp_ips_fn *y = &sort_set->fns[*(const unsigned *) b];
  int c = cmp_fn (x, y);
  if (!c && x->line != y->line)
    c = x->line < y->line ? -1 : 1;
  return c;
}

static int
cmp_seg (const void *a, const void *b)
{
  const pp_ips_seg *x = a, *y = b;
  int c = pp_segment_cmp (&x->seg, &y->seg);
  if (!c && x->line != y->line)
    c = x->line < y->line ? -1 : 1;
  return c;
}

/* Renumbers the segments' functions: NEW_OF[old] is the new index.  */
static void
renumber (pp_segment *s, const unsigned *new_of)
{
  s->root = new_of[s->root];
  for (unsigned i = 0; i < s->n_start; i++)
    s->start[i].fn = new_of[s->start[i].fn];
  for (unsigned t = 0; t < s->n_tokens; t++)
    if (s->tokens[t].kind == PP_SEG_PIECE)
      s->tokens[t].fn = new_of[s->tokens[t].fn];
}

pp_status
pp_ips_finish (pp_ips *set, pp_error *err)
{
  for (size_t i = 0; i < set->n_fns; i++)
    {
      const pp_ips_fn *f = &set->fns[i];
      if (!f->name[0])
        return fail_at (err, PP_ERR_INVALID, set, f->line,
                        "empty function name");
      if (f->subpaths == 0)
        return fail_at (err, PP_ERR_INVALID, set, f->line,
                        "function '%s': subpath count 0: a function has at "
                        "least one subpath",
                        f->name);
    }
  for (size_t i = 0; i < set->n_segs; i++)
    {
      pp_status st = check_segment (set, &set->segs[i].seg,
                                    set->segs[i].line, err);
      if (st != PP_OK)
        return st;
    }
  /* Functions in canonical order; the same (name, source, checksum)
     twice is an error.  */
  size_t n = set->n_fns;
  unsigned *order = pp_calloc (n ? n : 1, sizeof *order, err);
  unsigned *new_of = pp_calloc (n ? n : 1, sizeof *new_of, err);
  pp_ips_fn *fns = pp_calloc (n ? n : 1, sizeof *fns, err);
  if (!order || !new_of || !fns)
    {
      free (order);
      free (new_of);
      free (fns);
      return PP_ERR_NOMEM;
    }
  for (unsigned i = 0; i < n; i++)
    order[i] = i;
  sort_set = set;
  if (n)
    qsort (order, n, sizeof *order, cmp_fn_index);
  const pp_ips_fn *dup = NULL, *first = NULL;
  for (size_t i = 1; i < n; i++)
    {
      const pp_ips_fn *a = &set->fns[order[i - 1]], *b = &set->fns[order[i]];
      if (cmp_fn (a, b) == 0 && (!dup || b->line < dup->line))
        {
          dup = b;
          first = a;
        }
    }
  if (dup)
    {
      pp_status st;
      if (dup->line)
        st = fail_at (err, PP_ERR_DUPLICATE, set, dup->line,
                      "duplicate function '%s' (source \"%s\", checksum "
                      "0x%08x; first at line %u)",
                      dup->name, dup->source, (unsigned) dup->checksum,
                      first->line);
      else
        st = fail_at (err, PP_ERR_DUPLICATE, set, 0,
                      "function '%s' (source \"%s\", checksum 0x%08x) "
                      "listed twice",
                      dup->name, dup->source, (unsigned) dup->checksum);
      free (order);
      free (new_of);
      free (fns);
      return st;
    }
  for (unsigned i = 0; i < n; i++)
    {
      new_of[order[i]] = i;
      fns[i] = set->fns[order[i]];
    }
  free (set->fns);
  set->fns = fns;
  set->cap_fns = n ? n : 1;
  for (size_t i = 0; i < set->n_segs; i++)
    renumber (&set->segs[i].seg, new_of);
  free (order);
  free (new_of);

  if (set->n_segs)
    qsort (set->segs, set->n_segs, sizeof *set->segs, cmp_seg);
  const pp_ips_seg *sdup = NULL, *sfirst = NULL;
  for (size_t i = 1; i < set->n_segs; i++)
    if (pp_segment_cmp (&set->segs[i - 1].seg, &set->segs[i].seg) == 0
        && (!sdup || set->segs[i].line < sdup->line))
      {
        sdup = &set->segs[i];
        sfirst = &set->segs[i - 1];
      }
  if (sdup)
    {
      if (sdup->line)
        return fail_at (err, PP_ERR_DUPLICATE, set, sdup->line,
                        "duplicate segment (first at line %u)", sfirst->line);
      char *t = pp_ips_segment_text (&sdup->seg);
      pp_status st = fail_at (err, PP_ERR_DUPLICATE, set, 0,
                              "segment '%s' given twice", t ? t : "?");
      free (t);
      return st;
    }
  return PP_OK;
}

size_t
pp_ips_lookup (const pp_ips *set, const char *name, const char *source,
               size_t *first)
{
  return pp_lookup_name_source (set->fns, set->n_fns, sizeof *set->fns,
                                offsetof (pp_ips_fn, name),
                                offsetof (pp_ips_fn, source), name, source,
                                first);
}

/* pp_ips_lookup_elsewhere's match: the function's identity but for its
   source.  */
struct subpath_identity
{
  uint32_t checksum;
  uint64_t subpaths;
};

static int
same_subpaths (const void *elem, const void *ctx)
{
  const pp_ips_fn *e = elem;
  const struct subpath_identity *id = ctx;
  return e->checksum == id->checksum && e->subpaths == id->subpaths;
}

const pp_ips_fn *
pp_ips_lookup_elsewhere (const pp_ips *set, const char *name,
                         const char *source, uint32_t checksum,
                         uint64_t subpaths)
{
  struct subpath_identity id = { checksum, subpaths };
  return pp_lookup_elsewhere (set->fns, set->n_fns, sizeof *set->fns,
                              offsetof (pp_ips_fn, name),
                              offsetof (pp_ips_fn, source), name, source,
                              same_subpaths, &id);
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */
/* ------------------------------------------------------------------ */

enum state
{
  WANT_DEPTH,
  OUTSIDE,       /* a `function` or a `segment` */
  WANT_SOURCE,
  WANT_CHECKSUM,
  WANT_SUBPATHS,
  WANT_END,
  SEGMENTS       /* only `segment` from here */
};

/* A bare unsigned decimal number of at most MAX in S[0..LEN); -1 if S is
   not one.  */
static int
parse_decimal (const char *s, size_t len, unsigned long long max,
               unsigned long long *v)
{
  if (!len)
    return -1;
  unsigned long long x = 0;
  for (size_t i = 0; i < len; i++)
    {
      if (s[i] < '0' || s[i] > '9')
        return -1;
      unsigned d = (unsigned) (s[i] - '0');
      if (x > (max - d) / 10)
        return -1;
      x = x * 10 + d;
    }
  *v = x;
  return 0;
}

/* `segment ROOT [at SITE FN]... : TOKEN... [= COUNT]`.  */
static pp_status
segment_record (pp_text *tx, pp_ips *set, pp_error *err)
{
  size_t n = tx->n_toks, i = 1;
  unsigned long long v, w;
  pp_segment seg;
  memset (&seg, 0, sizeof seg);
  seg.start = calloc (n, sizeof *seg.start);
  seg.tokens = calloc (n, sizeof *seg.tokens);
  if (!seg.start || !seg.tokens)
    {
      pp_segment_clear (&seg);
      return pp_fail (err, PP_ERR_NOMEM, "out of memory");
    }
  pp_status st = PP_ERR_INVALID;
  if (n < 2)
    {
      pp_text_fail (tx, "'%s' expects a root function", tx->toks[0].text);
      goto out;
    }
  if (pp_text_uint (tx, i++, "root function", UINT32_MAX, &v))
    goto out;
  seg.root = (unsigned) v;
  while (i < n && !tx->toks[i].quoted && strcmp (tx->toks[i].text, "at") == 0)
    {
      if (i + 2 >= n)
        {
          pp_text_fail (tx, "'at' expects a call site and a function");
          goto out;
        }
      if (pp_text_uint (tx, i + 1, "call site", UINT32_MAX, &v)
          || pp_text_uint (tx, i + 2, "function", UINT32_MAX, &w))
        goto out;
      seg.start[seg.n_start].site = (unsigned) v;
      seg.start[seg.n_start].fn = (unsigned) w;
      seg.n_start++;
      i += 3;
    }
  if (i >= n || tx->toks[i].quoted || strcmp (tx->toks[i].text, ":") != 0)
    {
      pp_text_fail (tx, "expected ':' or 'at', found '%s'",
                    i < n ? tx->toks[i].text : "end of line");
      goto out;
    }
  i++;
  int has_count = 0;
  unsigned long long count = 0;
  for (; i < n; i++)
    {
      const pp_token *t = &tx->toks[i];
      const char *s = t->text;
      if (t->quoted)
        {
          pp_text_fail (tx, "bad token \"%s\" (a subpath FUNCTION:ID, '(' "
                        "or ')' is expected)",
                        s);
          goto out;
        }
      if (strcmp (s, "=") == 0)
        {
          if (i + 2 != n)
            {
              pp_text_fail (tx, "'=' expects one count at the end of the "
                            "line");
              goto out;
            }
          if (pp_text_uint (tx, i + 1, "count", UINT64_MAX, &count))
            goto out;
          has_count = 1;
          break;
        }
      pp_seg_token *k = &seg.tokens[seg.n_tokens];
      if (strcmp (s, "(") == 0)
        k->kind = PP_SEG_CALL;
      else if (strcmp (s, ")") == 0)
        k->kind = PP_SEG_RETURN;
      else
        {
          const char *colon = strchr (s, ':');
          unsigned long long fn, id;
          if (!colon
              || parse_decimal (s, (size_t) (colon - s), UINT32_MAX, &fn)
              || parse_decimal (colon + 1, strlen (colon + 1), UINT64_MAX,
                                &id))
            {
              pp_text_fail (tx, "bad token '%s' (a subpath FUNCTION:ID, '(' "
                            "or ')' is expected)",
                            s);
              goto out;
            }
          k->kind = PP_SEG_PIECE;
          k->fn = (unsigned) fn;
          k->id = id;
        }
      seg.n_tokens++;
    }
  st = check_segment (set, &seg, tx->line, err);
  if (st == PP_OK)
    st = pp_ips_add_segment (set, &seg, has_count, count, err);
  if (st == PP_OK)
    set->segs[set->n_segs - 1].line = tx->line;
  pp_segment_clear (&seg);
  return st;
out:
  pp_segment_clear (&seg);
  return st;
}

static const char *const wanted[] = {
  PATHPROF_IPS_DEPTH,    NULL,
  PATHPROF_IPS_SOURCE,   PATHPROF_IPS_CHECKSUM,
  PATHPROF_IPS_SUBPATHS, PATHPROF_IPS_END,
};

/* One record in STATE; advances it.  */
static pp_status
record (pp_text *tx, pp_ips *set, enum state *state, pp_error *err)
{
  const char *kw = tx->toks[0].text;
  unsigned long long v;
  pp_ips_fn *fn = set->n_fns ? &set->fns[set->n_fns - 1] : NULL;
  if (*state == OUTSIDE || *state == SEGMENTS)
    {
      if (strcmp (kw, PATHPROF_IPS_SEGMENT) == 0)
        {
          *state = SEGMENTS;
          return segment_record (tx, set, err);
        }
      if (strcmp (kw, PATHPROF_IPS_FUNCTION) != 0)
        {
          pp_text_fail (tx, "expected '%s' or '%s', found '%s'",
                        PATHPROF_IPS_FUNCTION, PATHPROF_IPS_SEGMENT, kw);
          return PP_ERR_INVALID;
        }
      if (*state == SEGMENTS)
        {
          pp_text_fail (tx, "'%s' after the first segment (functions come "
                        "first)",
                        kw);
          return PP_ERR_INVALID;
        }
      char *name = NULL;
      if (pp_text_fields (tx, 2)
          || pp_text_uint (tx, 1, "function index", UINT32_MAX, &v)
          || pp_text_string (tx, 2, "function name", &name))
        return PP_ERR_INVALID;
      if (v != set->n_fns)
        {
          free (name);
          pp_text_fail (tx, "function %llu out of order (expected %zu)", v,
                        set->n_fns);
          return PP_ERR_INVALID;
        }
      if (!name[0])
        {
          free (name);
          pp_text_fail (tx, "empty function name");
          return PP_ERR_INVALID;
        }
      pp_status st = pp_ips_add_fn (set, name, "", 0, 1, NULL, err);
      free (name);
      if (st != PP_OK)
        return st;
      set->fns[set->n_fns - 1].line = tx->line;
      *state = WANT_SOURCE;
      return PP_OK;
    }
  if (strcmp (kw, wanted[*state]) != 0)
    {
      pp_text_fail (tx, "expected '%s', found '%s'", wanted[*state], kw);
      return PP_ERR_INVALID;
    }
  switch (*state)
    {
    case WANT_DEPTH:
      if (pp_text_fields (tx, 1)
          || pp_text_uint (tx, 1, "depth", 1000, &v))
        return PP_ERR_INVALID;
      set->depth = (unsigned) v;
      *state = OUTSIDE;
      return PP_OK;
    case WANT_SOURCE:
      free (fn->source);
      fn->source = NULL;
      if (pp_text_fields (tx, 1)
          || pp_text_string (tx, 1, "source file", &fn->source))
        return PP_ERR_INVALID;
      *state = WANT_CHECKSUM;
      return PP_OK;
    case WANT_CHECKSUM:
      if (pp_text_fields (tx, 1)
          || pp_text_uint (tx, 1, "checksum", UINT32_MAX, &v))
        return PP_ERR_INVALID;
      fn->checksum = (uint32_t) v;
      *state = WANT_SUBPATHS;
      return PP_OK;
    case WANT_SUBPATHS:
      if (pp_text_fields (tx, 1)
          || pp_text_uint (tx, 1, "subpath count", UINT64_MAX, &v))
        return PP_ERR_INVALID;
      if (v == 0)
        {
          pp_text_fail (tx, "subpath count 0: a function has at least one "
                        "subpath");
          return PP_ERR_INVALID;
        }
      fn->subpaths = v;
      *state = WANT_END;
      return PP_OK;
    case WANT_END:
      if (pp_text_fields (tx, 0))
        return PP_ERR_INVALID;
      *state = OUTSIDE;
      return PP_OK;
    default:
      break;
    }
  return PP_OK;
}

static pp_status
parse (pp_text *tx, pp_ips *set, pp_error *err)
{
  enum state state = WANT_DEPTH;
  pp_status st;
  if (pp_text_read_magic (tx, PATHPROF_IPS_MAGIC, PATHPROF_IPS_VERSION,
                          "interesting-segment file"))
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
          if (state == WANT_DEPTH)
            {
              const char *c = tx->comment;
              st = pp_ips_add_comment (set, c[0] == ' ' ? c + 1 : c, err);
              if (st != PP_OK)
                return st;
            }
          continue;
        }
      st = record (tx, set, &state, err);
      if (st != PP_OK)
        return st;
    }
  if (state == WANT_DEPTH)
    {
      pp_text_fail (tx, "no '%s' record", PATHPROF_IPS_DEPTH);
      return PP_ERR_INVALID;
    }
  if (state != OUTSIDE && state != SEGMENTS)
    {
      tx->line = set->fns[set->n_fns - 1].line;
      pp_text_fail (tx, "function '%s' has no '%s'",
                    set->fns[set->n_fns - 1].name, PATHPROF_IPS_END);
      return PP_ERR_INVALID;
    }
  return pp_ips_finish (set, err);
}

static pp_status
parse_cb (pp_text *tx, void *set, pp_error *err)
{
  return parse (tx, set, err);
}

/* Reads the file PATH, or BUF[0..LEN) named PATH, into *OUT.  */
static pp_status
read_set (const char *path, const char *buf, size_t len, pp_ips **out,
          pp_error *err)
{
  pp_ips *set = pp_ips_new (path, 0, err);
  *out = NULL;
  if (!set)
    return PP_ERR_NOMEM;
  pp_status st = pp_text_parse_with (path, buf, len, parse_cb, set, err);
  if (st != PP_OK)
    pp_ips_free (set);
  else
    *out = set;
  return st;
}

pp_status
pp_ips_parse (const char *buf, size_t len, const char *name, pp_ips **out,
              pp_error *err)
{
  return read_set (name, buf, len, out, err);
}

pp_status
pp_ips_read (const char *path, pp_ips **out, pp_error *err)
{
  return read_set (path, NULL, 0, out, err);
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */
/* ------------------------------------------------------------------ */

char *
pp_ips_segment_text (const pp_segment *seg)
{
  char *buf = NULL;
  size_t size = 0;
  FILE *m = open_memstream (&buf, &size);
  if (!m)
    return NULL;
  fprintf (m, "%u", seg->root);
  for (unsigned i = 0; i < seg->n_start; i++)
    fprintf (m, " at %u %u", seg->start[i].site, seg->start[i].fn);
  fputs (" :", m);
  for (unsigned t = 0; t < seg->n_tokens; t++)
    {
      const pp_seg_token *k = &seg->tokens[t];
      if (k->kind == PP_SEG_PIECE)
        fprintf (m, " %u:%llu", k->fn, (unsigned long long) k->id);
      else
        fputs (k->kind == PP_SEG_CALL ? " (" : " )", m);
    }
  if (fclose (m) != 0)
    {
      free (buf);
      return NULL;
    }
  return buf;
}

pp_status
pp_ips_write (const pp_ips *set, FILE *out, pp_error *err)
{
  fprintf (out, "%s %u\n", PATHPROF_IPS_MAGIC, PATHPROF_IPS_VERSION);
  for (size_t i = 0; i < set->n_comments; i++)
    fprintf (out, "#%s%s\n", set->comments[i][0] ? " " : "",
             set->comments[i]);
  fprintf (out, "%s %u\n", PATHPROF_IPS_DEPTH, set->depth);
  for (size_t i = 0; i < set->n_fns; i++)
    {
      const pp_ips_fn *fn = &set->fns[i];
      fprintf (out, "%s %zu ", PATHPROF_IPS_FUNCTION, i);
      if (pp_text_write_string (out, fn->name))
        return pp_fail (err, PP_ERR_NOMEM, "out of memory");
      fputs ("\n  " PATHPROF_IPS_SOURCE " ", out);
      if (pp_text_write_string (out, fn->source))
        return pp_fail (err, PP_ERR_NOMEM, "out of memory");
      fprintf (out, "\n  %s 0x%08x\n  %s %llu\n%s\n", PATHPROF_IPS_CHECKSUM,
               (unsigned) fn->checksum, PATHPROF_IPS_SUBPATHS,
               (unsigned long long) fn->subpaths, PATHPROF_IPS_END);
    }
  for (size_t i = 0; i < set->n_segs; i++)
    {
      const pp_ips_seg *s = &set->segs[i];
      char *t = pp_ips_segment_text (&s->seg);
      if (!t)
        return pp_fail (err, PP_ERR_NOMEM, "out of memory");
      fprintf (out, "%s %s", PATHPROF_IPS_SEGMENT, t);
      free (t);
      if (s->has_count)
        fprintf (out, " = %llu", (unsigned long long) s->count);
      fputc ('\n', out);
    }
  if (ferror (out))
    return pp_fail (err, PP_ERR_IO, "write error: %s", strerror (errno));
  return PP_OK;
}
