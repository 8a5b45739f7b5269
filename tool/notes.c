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
 * DAG edges (with their Ball-Larus weights).  The first problem stops the
 * reading with a diagnostic "FILE:LINE: message" in the style of
 * compilers, so editors can jump to it.
 */
#define _GNU_SOURCE 1

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notes.h"
#include "pathprof-format.h"

/* ------------------------------------------------------------------ */
/* Names                                                               */
/* ------------------------------------------------------------------ */

static const char *const kind_names[]
  = { "real", "entry", "exit", "cutstart", "cutend" };
static const char *const cut_names[] = { "none", "back", "split" };

const char *
notes_edge_kind_name (pp_edge_kind kind)
{
  return (unsigned) kind < 5 ? kind_names[kind] : "?";
}

const char *
notes_cut_name (pp_cut_kind cut)
{
  return (unsigned) cut < 3 ? cut_names[cut] : "?";
}

/* ------------------------------------------------------------------ */
/* Reader state                                                        */
/* ------------------------------------------------------------------ */

struct token
{
  int quoted;
  char *text; /* NUL-terminated; quoted strings decoded */
};

struct name_slot
{
  const char *name; /* owned by the notes_function */
  unsigned line;
};

struct dagedge_rec
{
  unsigned src, dst;
  pp_edge_kind kind;
  long origin;
  mpz_t weight;
  unsigned line;
};

/* Per-function records seen so far.  */
enum
{
  HAVE_SOURCE = 1,
  HAVE_CHECKSUM = 2,
  HAVE_PATHS = 4,
  HAVE_STORAGE = 8,
  HAVE_CFG = 16
};

struct reader
{
  const char *path;
  char *msg;
  size_t msg_size;
  unsigned line;
  struct notes_file *nf;
  /* header records seen */
  int have_stamp, have_producer, have_object;
  /* the function being read, if any */
  struct notes_function *fn;
  unsigned have;
  unsigned line_checksum, line_paths;
  unsigned char *is_exit;
  struct dagedge_rec *dagedges;
  size_t n_dagedges, cap_dagedges;
  size_t functions_cap;
  /* names of the functions read, for duplicate detection */
  struct name_slot *names;
  size_t names_cap, names_used;
};

static int
fail (struct reader *r, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

static int
fail (struct reader *r, const char *fmt, ...)
{
  va_list ap;
  int n = snprintf (r->msg, r->msg_size, "%s:%u: ", r->path, r->line);
  if (n < 0 || (size_t) n >= r->msg_size)
    return -1;
  va_start (ap, fmt);
  vsnprintf (r->msg + n, r->msg_size - n, fmt, ap);
  va_end (ap);
  return -1;
}

static int
nomem (struct reader *r)
{
  return fail (r, "out of memory");
}

static int
grow (void **arr, size_t *cap, size_t need, size_t size)
{
  if (need <= *cap)
    return 0;
  size_t n = *cap ? *cap * 2 : 8;
  while (n < need)
    n *= 2;
  void *p = realloc (*arr, n * size);
  if (!p)
    return -1;
  *arr = p;
  *cap = n;
  return 0;
}

/* ------------------------------------------------------------------ */
/* Lexing                                                              */
/* ------------------------------------------------------------------ */

static int
hexval (int c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Splits LINE (modified in place) into *TOKS.  Separators are spaces and
   tabs (the writer uses single spaces; runs of them and indentation are
   accepted).  */
static int
tokenize (struct reader *r, char *line, struct token **toks, size_t *n,
          size_t *cap)
{
  char *p = line;
  *n = 0;
  for (;;)
    {
      while (*p == ' ' || *p == '\t')
        p++;
      if (!*p)
        return 0;
      if (grow ((void **) toks, cap, *n + 1, sizeof **toks))
        return nomem (r);
      struct token *t = &(*toks)[(*n)++];
      if (*p != '"')
        {
          t->quoted = 0;
          t->text = p;
          while (*p && *p != ' ' && *p != '\t')
            {
              if (*p == '"')
                return fail (r, "unexpected '\"' in '%s'", t->text);
              p++;
            }
          if (*p)
            *p++ = 0;
          continue;
        }
      /* A quoted string, decoded in place (never longer than its
         source).  */
      t->quoted = 1;
      t->text = ++p;
      char *out = p;
      for (;;)
        {
          if (!*p)
            return fail (r, "unterminated string");
          if (*p == '"')
            break;
          if (*p != '\\')
            {
              *out++ = *p++;
              continue;
            }
          p++;
          switch (*p)
            {
            case '\\':
            case '"':
              *out++ = *p++;
              break;
            case 'n':
              *out++ = '\n';
              p++;
              break;
            case 't':
              *out++ = '\t';
              p++;
              break;
            case 'x':
              {
                int h = hexval (p[1]), l = h < 0 ? -1 : hexval (p[2]);
                if (l < 0)
                  return fail (r, "bad escape '\\x' (two hex digits needed)");
                if (h == 0 && l == 0)
                  return fail (r, "NUL byte in string");
                *out++ = (char) (h * 16 + l);
                p += 3;
                break;
              }
            default:
              if (!*p)
                return fail (r, "unterminated string");
              return fail (r, "bad escape '\\%c'", *p);
            }
        }
      p++; /* closing quote */
      if (*p && *p != ' ' && *p != '\t')
        return fail (r, "junk after string");
      *out = 0;
      if (*p)
        p++;
    }
}

/* ------------------------------------------------------------------ */
/* Fields                                                              */
/* ------------------------------------------------------------------ */

static int
want_fields (struct reader *r, const struct token *t, size_t n,
             size_t expect)
{
  if (n == expect)
    return 0;
  return fail (r, "'%s' expects %zu field%s, got %zu", t[0].text, expect - 1,
               expect == 2 ? "" : "s", n - 1);
}

/* An unsigned integer, decimal or 0x hex, at most MAX.  */
static int
get_uint (struct reader *r, const struct token *t, const char *what,
          unsigned long long max, unsigned long long *v)
{
  const char *s = t->text;
  int base = 10;
  if (t->quoted)
    return fail (r, "bad %s \"%s\" (a number is expected)", what, s);
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    {
      base = 16;
      s += 2;
    }
  if (!*s)
    return fail (r, "bad %s '%s'", what, t->text);
  unsigned long long x = 0;
  for (; *s; s++)
    {
      int d = base == 16 ? hexval (*s) : (*s >= '0' && *s <= '9' ? *s - '0'
                                                                  : -1);
      if (d < 0)
        return fail (r, "bad %s '%s'", what, t->text);
      if (x > (max - (unsigned) d) / (unsigned) base)
        return fail (r, "%s '%s' out of range", what, t->text);
      x = x * (unsigned) base + (unsigned) d;
    }
  *v = x;
  return 0;
}

static int
get_unsigned (struct reader *r, const struct token *t, const char *what,
              unsigned *v)
{
  unsigned long long x;
  if (get_uint (r, t, what, (unsigned) -1, &x))
    return -1;
  *v = (unsigned) x;
  return 0;
}

static int
get_mpz (struct reader *r, const struct token *t, const char *what, mpz_t v)
{
  const char *s = t->text;
  int base = 10;
  if (t->quoted)
    return fail (r, "bad %s \"%s\" (a number is expected)", what, s);
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    {
      base = 16;
      s += 2;
    }
  /* mpz_set_str accepts white space and signs; the format does not.  */
  if (!*s)
    return fail (r, "bad %s '%s'", what, t->text);
  for (const char *c = s; *c; c++)
    if (base == 16 ? hexval (*c) < 0 : (*c < '0' || *c > '9'))
      return fail (r, "bad %s '%s'", what, t->text);
  if (mpz_set_str (v, s, base) != 0)
    return fail (r, "bad %s '%s'", what, t->text);
  return 0;
}

static int
get_node (struct reader *r, const struct token *t, const char *what,
          unsigned *v)
{
  if (get_unsigned (r, t, what, v))
    return -1;
  if (*v >= r->fn->n_nodes)
    return fail (r, "%s %u out of range (the cfg has %u nodes)", what, *v,
                 r->fn->n_nodes);
  return 0;
}

static int
get_string (struct reader *r, const struct token *t, const char *what,
            char **v)
{
  if (!t->quoted)
    return fail (r, "%s must be a quoted string, not '%s'", what, t->text);
  *v = strdup (t->text);
  return *v ? 0 : nomem (r);
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

static void
function_clear (struct notes_function *f)
{
  free (f->name);
  free (f->source);
  mpz_clear (f->paths);
  if (f->blocks)
    for (unsigned i = 0; i < f->n_nodes; i++)
      free (f->blocks[i].file);
  free (f->blocks);
  pp_cfg_free (f->cfg);
  pp_dag_free (f->dag);
  pp_numbering_free (f->num);
}

static void
clear_dagedges (struct reader *r)
{
  for (size_t i = 0; i < r->n_dagedges; i++)
    mpz_clear (r->dagedges[i].weight);
  r->n_dagedges = 0;
}

static int
start_function (struct reader *r, const struct token *t, size_t n)
{
  struct notes_file *nf = r->nf;
  if (want_fields (r, t, n, 2))
    return -1;
  if (!t[1].quoted)
    return fail (r, "function name must be a quoted string, not '%s'",
                 t[1].text);
  if (!t[1].text[0])
    return fail (r, "empty function name");
  if (grow ((void **) &nf->functions, &r->functions_cap, nf->n_functions + 1,
            sizeof *nf->functions))
    return nomem (r);
  struct notes_function *f = &nf->functions[nf->n_functions++];
  memset (f, 0, sizeof *f);
  mpz_init (f->paths);
  f->line = r->line;
  f->name = strdup (t[1].text);
  if (!f->name)
    return nomem (r);
  r->fn = f;
  r->have = 0;
  free (r->is_exit);
  r->is_exit = NULL;
  clear_dagedges (r);
  long prev = remember_name (r, f->name, r->line);
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
    if (!(r->have & required[i].bit))
      return fail (r, "function '%s' has no '%s' record", f->name,
                   required[i].name);
  for (unsigned v = 0; v < f->n_nodes; v++)
    if (r->is_exit[v])
      {
        pp_error err;
        if (pp_cfg_set_exit (f->cfg, v, &err) != PP_OK)
          return fail (r, "function '%s': %s", f->name, err.message);
      }
  unsigned end_line = r->line;
  uint32_t sum = pp_cfg_checksum (f->cfg);
  if (sum != f->checksum)
    {
      r->line = r->line_checksum;
      return fail (r,
                   "function '%s': checksum 0x%08x does not match its CFG "
                   "(0x%08x)",
                   f->name, (unsigned) f->checksum, (unsigned) sum);
    }
  pp_error err;
  if (pp_dag_build (f->cfg, &f->dag, &err) != PP_OK)
    {
      r->line = f->line;
      return fail (r, "function '%s': bad CFG: %s", f->name, err.message);
    }
  if (pp_bl_number (f->dag, &f->num, &err) != PP_OK)
    {
      r->line = f->line;
      return fail (r, "function '%s': %s", f->name, err.message);
    }
  if (mpz_cmp (f->num->total, f->paths) != 0)
    {
      char *want = mpz_get_str (NULL, 10, f->paths);
      char *got = mpz_get_str (NULL, 10, f->num->total);
      r->line = r->line_paths;
      fail (r, "function '%s': 'paths' says %s, the DAG has %s paths",
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
          r->line = d->line;
          fail (r,
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
        {
          r->line = end_line;
          return fail (r,
                       "function '%s': %zu dagedge records, the DAG has %u "
                       "edges",
                       f->name, r->n_dagedges, f->dag->n_edges);
        }
    }
  r->fn = NULL;
  return 0;
}

/* ------------------------------------------------------------------ */
/* Records                                                             */
/* ------------------------------------------------------------------ */

static int
function_record (struct reader *r, struct token *t, size_t n)
{
  struct notes_function *f = r->fn;
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
      if (want_fields (r, t, n, 2))
        return -1;
      return get_string (r, &t[1], "source file", &f->source);
    }
  if (strcmp (kw, PATHPROF_NOTES_CHECKSUM) == 0)
    {
      ONCE (HAVE_CHECKSUM);
      if (want_fields (r, t, n, 2)
          || get_uint (r, &t[1], "checksum", UINT32_MAX, &x))
        return -1;
      f->checksum = (uint32_t) x;
      r->line_checksum = r->line;
      return 0;
    }
  if (strcmp (kw, PATHPROF_NOTES_PATHS) == 0)
    {
      ONCE (HAVE_PATHS);
      r->line_paths = r->line;
      if (want_fields (r, t, n, 2))
        return -1;
      return get_mpz (r, &t[1], "path count", f->paths);
    }
  if (strcmp (kw, PATHPROF_NOTES_STORAGE) == 0)
    {
      ONCE (HAVE_STORAGE);
      if (want_fields (r, t, n, 2))
        return -1;
      if (!t[1].quoted && strcmp (t[1].text, "array") == 0)
        f->storage = PATHPROF_STORAGE_ARRAY;
      else if (!t[1].quoted && strcmp (t[1].text, "hash") == 0)
        f->storage = PATHPROF_STORAGE_HASH;
      else
        return fail (r, "bad storage '%s' (array or hash)", t[1].text);
      return 0;
    }
  if (strcmp (kw, PATHPROF_NOTES_CFG) == 0)
    {
      unsigned nodes, entry;
      ONCE (HAVE_CFG);
      if (want_fields (r, t, n, 3)
          || get_unsigned (r, &t[1], "node count", &nodes)
          || get_unsigned (r, &t[2], "entry node", &entry))
        return -1;
      if (nodes == 0)
        return fail (r, "the cfg has no nodes");
      /* Two more DAG nodes (s, t) must fit, and arrays are allocated
         from this number: refuse what no compiler produces.  */
      if (nodes > (1u << 26))
        return fail (r, "node count %u too large", nodes);
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
      if (want_fields (r, t, n, 7) || get_node (r, &t[1], "node", &node)
          || get_unsigned (r, &t[2], "basic block", &bb))
        return -1;
      if (!t[3].quoted)
        return fail (r, "block file must be a quoted string, not '%s'",
                     t[3].text);
      if (get_uint (r, &t[4], "line", (unsigned long) -1, &lo)
          || get_uint (r, &t[5], "line", (unsigned long) -1, &hi)
          || get_uint (r, &t[6], "line", (unsigned long) -1, &last))
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
      if (want_fields (r, t, n, 2) || get_node (r, &t[1], "node", &node))
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
      if (want_fields (r, t, n, 4) || get_node (r, &t[1], "node", &src)
          || get_node (r, &t[2], "node", &dst))
        return -1;
      if (t[3].quoted)
        return fail (r, "bad cut kind \"%s\" (none, back or split)",
                     t[3].text);
      for (cut = PP_CUT_NONE; cut <= PP_CUT_SPLIT; cut++)
        if (strcmp (t[3].text, cut_names[cut]) == 0)
          break;
      if (cut > PP_CUT_SPLIT)
        return fail (r, "bad cut kind '%s' (none, back or split)", t[3].text);
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
      if (want_fields (r, t, n, 7) || get_unsigned (r, &t[1], "dagedge index",
                                                    &idx))
        return -1;
      if (idx != r->n_dagedges)
        return fail (r, "dagedge %u out of order (expected %zu)", idx,
                     r->n_dagedges);
      if (get_unsigned (r, &t[2], "dag node", &src)
          || get_unsigned (r, &t[3], "dag node", &dst))
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
      else if (get_uint (r, &t[5], "origin", (unsigned) -1, &ox))
        return -1;
      else
        origin = (long) ox;
      if (grow ((void **) &r->dagedges, &r->cap_dagedges, r->n_dagedges + 1,
                sizeof *r->dagedges))
        return nomem (r);
      struct dagedge_rec *d = &r->dagedges[r->n_dagedges];
      mpz_init (d->weight);
      r->n_dagedges++;
      d->src = src;
      d->dst = dst;
      d->kind = kind;
      d->origin = origin;
      d->line = r->line;
      return get_mpz (r, &t[6], "weight", d->weight);
    }
  if (strcmp (kw, PATHPROF_NOTES_END) == 0)
    {
      if (want_fields (r, t, n, 1))
        return -1;
      return finish_function (r);
    }
  if (strcmp (kw, PATHPROF_NOTES_STAMP) == 0
      || strcmp (kw, PATHPROF_NOTES_PRODUCER) == 0
      || strcmp (kw, PATHPROF_NOTES_OBJECT) == 0)
    return fail (r, "'%s' inside function '%s'", kw, f->name);
  if (strcmp (kw, PATHPROF_NOTES_FUNCTION) == 0)
    return fail (r, "'function' inside function '%s' (missing 'end'?)",
                 f->name);
  return fail (r, "unknown record '%s' in function '%s'", kw, f->name);
#undef ONCE
#undef NEED_CFG
}

static int
header_record (struct reader *r, struct token *t, size_t n)
{
  const char *kw = t[0].text;
  unsigned long long x;
  if (strcmp (kw, PATHPROF_NOTES_STAMP) == 0)
    {
      if (r->have_stamp++)
        return fail (r, "duplicate 'stamp'");
      if (want_fields (r, t, n, 2)
          || get_uint (r, &t[1], "stamp", UINT32_MAX, &x))
        return -1;
      r->nf->stamp = (uint32_t) x;
      return 0;
    }
  if (strcmp (kw, PATHPROF_NOTES_PRODUCER) == 0)
    {
      if (r->have_producer++)
        return fail (r, "duplicate 'producer'");
      if (want_fields (r, t, n, 2))
        return -1;
      return get_string (r, &t[1], "producer", &r->nf->producer);
    }
  if (strcmp (kw, PATHPROF_NOTES_OBJECT) == 0)
    {
      if (r->have_object++)
        return fail (r, "duplicate 'object'");
      if (want_fields (r, t, n, 2))
        return -1;
      return get_string (r, &t[1], "object file", &r->nf->object);
    }
  if (strcmp (kw, PATHPROF_NOTES_FUNCTION) == 0)
    return start_function (r, t, n);
  static const char *const fn_only[]
    = { PATHPROF_NOTES_SOURCE, PATHPROF_NOTES_CHECKSUM, PATHPROF_NOTES_PATHS,
        PATHPROF_NOTES_STORAGE, PATHPROF_NOTES_CFG, PATHPROF_NOTES_BLOCK,
        PATHPROF_NOTES_EXIT, PATHPROF_NOTES_EDGE, PATHPROF_NOTES_DAGEDGE,
        PATHPROF_NOTES_END };
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

int
notes_read (const char *path, struct notes_file *nf, char *msg,
            size_t msg_size)
{
  struct reader r;
  struct token *toks = NULL;
  size_t ntok = 0, captok = 0;
  char *buf = NULL;
  size_t len = 0;
  int ret = -1;

  memset (nf, 0, sizeof *nf);
  memset (&r, 0, sizeof r);
  r.path = path;
  r.msg = msg;
  r.msg_size = msg_size;
  r.nf = nf;
  nf->path = strdup (path);

  FILE *fp = fopen (path, "r");
  if (!fp)
    {
      snprintf (msg, msg_size, "%s: %s", path, strerror (errno));
      return -2;
    }
  size_t cap = 0;
  for (;;)
    {
      if (len + 4096 + 1 > cap)
        {
          size_t ncap = cap ? cap * 2 : 65536;
          char *nb = realloc (buf, ncap);
          if (!nb)
            {
              fclose (fp);
              snprintf (msg, msg_size, "%s: out of memory", path);
              goto out;
            }
          buf = nb;
          cap = ncap;
        }
      size_t got = fread (buf + len, 1, cap - len - 1, fp);
      len += got;
      if (got == 0)
        break;
    }
  if (ferror (fp))
    {
      snprintf (msg, msg_size, "%s: %s", path, strerror (errno));
      fclose (fp);
      ret = -2;
      goto out;
    }
  fclose (fp);
  buf[len] = 0;
  if (!nf->path)
    {
      snprintf (msg, msg_size, "%s: out of memory", path);
      goto out;
    }

  char *p = buf, *end = buf + len;
  r.line = 0;
  while (p < end || r.line == 0)
    {
      char *nl = memchr (p, '\n', (size_t) (end - p));
      char *line = p;
      r.line++;
      if (nl)
        *nl = 0;
      p = nl ? nl + 1 : end;
      size_t ll = strlen (line);
      if (line + ll != (nl ? nl : end))
        {
          fail (&r, "NUL byte in line");
          goto out;
        }
      if (ll && line[ll - 1] == '\r')
        line[--ll] = 0; /* a file that went through a CRLF editor */
      if (r.line == 1)
        {
          if (tokenize (&r, line, &toks, &ntok, &captok))
            goto out;
          unsigned long long v;
          if (ntok != 2 || toks[0].quoted
              || strcmp (toks[0].text, PATHPROF_NOTES_MAGIC) != 0)
            {
              fail (&r, "not a notes file: expected '%s %u' on the first "
                        "line",
                    PATHPROF_NOTES_MAGIC, PATHPROF_NOTES_VERSION);
              goto out;
            }
          if (get_uint (&r, &toks[1], "version", UINT32_MAX, &v))
            goto out;
          if (v != PATHPROF_NOTES_VERSION)
            {
              fail (&r, "unsupported notes version %llu (this reader "
                        "supports %u)",
                    v, PATHPROF_NOTES_VERSION);
              goto out;
            }
          nf->version = (unsigned) v;
          continue;
        }
      /* Comments: '#' as the first non-blank character.  */
      const char *q = line;
      while (*q == ' ' || *q == '\t')
        q++;
      if (*q == '#')
        continue;
      if (tokenize (&r, line, &toks, &ntok, &captok))
        goto out;
      if (ntok == 0)
        continue;
      if (toks[0].quoted)
        {
          fail (&r, "a record must start with a keyword, not \"%s\"",
                toks[0].text);
          goto out;
        }
      if (r.fn ? function_record (&r, toks, ntok)
               : header_record (&r, toks, ntok))
        goto out;
    }
  if (r.fn)
    {
      r.line = r.fn->line;
      fail (&r, "function '%s' has no 'end'", r.fn->name);
      goto out;
    }
  if (!r.have_stamp)
    {
      fail (&r, "no 'stamp' record");
      goto out;
    }
  qsort (nf->functions, nf->n_functions, sizeof *nf->functions,
         cmp_function);
  ret = 0;
out:
  clear_dagedges (&r);
  free (r.dagedges);
  free (r.is_exit);
  free (r.names);
  free (toks);
  free (buf);
  return ret;
}

void
notes_free (struct notes_file *nf)
{
  for (size_t i = 0; i < nf->n_functions; i++)
    function_clear (&nf->functions[i]);
  free (nf->functions);
  free (nf->path);
  free (nf->producer);
  free (nf->object);
  memset (nf, 0, sizeof *nf);
}

struct notes_function *
notes_find (const struct notes_file *nf, const char *name)
{
  struct notes_function key;
  key.name = (char *) name;
  return bsearch (&key, nf->functions, nf->n_functions,
                  sizeof *nf->functions, cmp_function);
}
