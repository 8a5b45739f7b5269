/* pathprof core: error reporting and allocation helpers.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE 1 /* strndup */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

const char *
pp_status_name (pp_status status)
{
  switch (status)
    {
    case PP_OK: return "ok";
    case PP_ERR_INVALID: return "invalid input";
    case PP_ERR_CYCLE: return "cycle in DAG";
    case PP_ERR_UNREACHABLE: return "node not on any entry-exit path";
    case PP_ERR_RANGE: return "value out of range";
    case PP_ERR_DUPLICATE: return "duplicate path";
    case PP_ERR_NOMEM: return "out of memory";
    case PP_ERR_IO: return "input/output error";
    }
  return "unknown status";
}

pp_status
pp_fail (pp_error *err, pp_status status, const char *fmt, ...)
{
  if (err)
    {
      va_list ap;
      va_start (ap, fmt);
      err->status = status;
      vsnprintf (err->message, sizeof err->message, fmt, ap);
      va_end (ap);
    }
  return status;
}

pp_status
pp_fail_at (pp_error *err, pp_status status, const char *file,
            unsigned line, const char *fmt, ...)
{
  if (!err)
    return status;
  size_t n = 0;
  if (file && line)
    {
      int k = snprintf (err->message, sizeof err->message, "%s:%u: ", file,
                        line);
      n = k < 0 ? 0 : (size_t) k;
    }
  if (n < sizeof err->message)
    {
      va_list ap;
      va_start (ap, fmt);
      vsnprintf (err->message + n, sizeof err->message - n, fmt, ap);
      va_end (ap);
    }
  err->status = status;
  return status;
}

void *
pp_calloc (size_t n, size_t size, pp_error *err)
{
  /* calloc (0, ...) may return NULL legitimately; always ask for one.  */
  void *p = calloc (n ? n : 1, size ? size : 1);
  if (!p)
    pp_fail (err, PP_ERR_NOMEM, "out of memory allocating %zu x %zu bytes",
             n, size);
  return p;
}

mpz_t *
pp_mpz_array_new (size_t n, pp_error *err)
{
  mpz_t *a = pp_calloc (n, sizeof (mpz_t), err);
  if (a)
    for (size_t i = 0; i < n; i++)
      mpz_init (a[i]);
  return a;
}

void
pp_mpz_array_free (mpz_t *a, size_t n)
{
  if (!a)
    return;
  for (size_t i = 0; i < n; i++)
    mpz_clear (a[i]);
  free (a);
}

void
pp_path_sum (mpz_t *const weight, const unsigned *path, size_t len,
             mpz_t sum)
{
  mpz_set_ui (sum, 0);
  for (size_t i = 0; i < len; i++)
    mpz_add (sum, sum, weight[path[i]]);
}

/* The strings at offsets NAME_OFF and SOURCE_OFF of element I.  */
static int
cmp_name_source (const char *elem, size_t name_off, size_t source_off,
                 const char *name, const char *source)
{
  int c = strcmp (*(char *const *) (elem + name_off), name);
  return c ? c : strcmp (*(char *const *) (elem + source_off), source);
}

size_t
pp_lookup_name_source (const void *base, size_t n, size_t size,
                       size_t name_off, size_t source_off, const char *name,
                       const char *source, size_t *first)
{
  const char *b = base;
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (cmp_name_source (b + mid * size, name_off, source_off, name,
                           source)
          < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  size_t end = lo;
  while (end < n
         && cmp_name_source (b + end * size, name_off, source_off, name,
                             source)
              == 0)
    end++;
  if (first)
    *first = lo;
  return end - lo;
}

/* In BASE (pp_lookup_name_source's): the number of elements named NAME,
   under any source, the first of them at *FIRST.  */
static size_t
lookup_name (const void *base, size_t n, size_t size, size_t name_off,
             size_t source_off, const char *name, size_t *first)
{
  /* Every source sorts at or after "": the lower bound of (NAME, "") is
     the first element named NAME, if any.  */
  pp_lookup_name_source (base, n, size, name_off, source_off, name, "",
                         first);
  const char *b = base;
  size_t end = *first;
  while (end < n
         && strcmp (*(char *const *) (b + end * size + name_off), name) == 0)
    end++;
  return end - *first;
}

/* Whether an element of BASE has the source SOURCE (a linear search:
   they are sorted by name first).  */
static int
lists_source (const void *base, size_t n, size_t size, size_t source_off,
              const char *source)
{
  const char *b = base;
  for (size_t i = 0; i < n; i++)
    if (strcmp (*(char *const *) (b + i * size + source_off), source) == 0)
      return 1;
  return 0;
}

const void *
pp_lookup_elsewhere (const void *base, size_t n, size_t size,
                     size_t name_off, size_t source_off, const char *name,
                     const char *source,
                     int (*match) (const void *elem, const void *ctx),
                     const void *ctx)
{
  const char *b = base;
  size_t first, count = lookup_name (base, n, size, name_off, source_off,
                                     name, &first);
  const void *found = NULL;
  for (size_t i = first; i < first + count; i++)
    {
      const void *e = b + i * size;
      if (strcmp (*(char *const *) ((const char *) e + source_off), source)
          == 0)
        return NULL;
      if (!found && match (e, ctx))
        found = e;
    }
  return found && !lists_source (base, n, size, source_off, source) ? found
                                                                   : NULL;
}

pp_status
pp_add_lines (char ***lines, size_t *n, size_t *cap, const char *text,
              pp_error *err)
{
  for (;;)
    {
      const char *nl = strchr (text, '\n');
      size_t len = nl ? (size_t) (nl - text) : strlen (text);
      /* A CR that ends a line would not read back: the lexer drops one
         before each LF (textlex.h), so a comment "x\r", written
         "# x\r\n", would read as "x".  */
      while (len && text[len - 1] == '\r')
        len--;
      if (*n == *cap)
        {
          size_t ncap = *cap ? 2 * *cap : 4;
          char **v = realloc (*lines, ncap * sizeof *v);
          if (!v)
            return pp_fail (err, PP_ERR_NOMEM, "out of memory");
          *lines = v;
          *cap = ncap;
        }
      char *c = strndup (text, len);
      if (!c)
        return pp_fail (err, PP_ERR_NOMEM, "out of memory");
      (*lines)[(*n)++] = c;
      if (!nl)
        return PP_OK;
      text = nl + 1;
    }
}
