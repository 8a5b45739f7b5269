/* pathprof core: error reporting and allocation helpers.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

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
