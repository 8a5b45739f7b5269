/* pathprof core: helpers shared by the core's own files (not installed).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef PATHPROF_CORE_INTERNAL_H
#define PATHPROF_CORE_INTERNAL_H

#include "ppcore.h"

/* Records STATUS and a printf-style message in ERR (if non-NULL) and
   returns STATUS, so failures read `return pp_fail (err, ..., ...);`.  */
pp_status pp_fail (pp_error *err, pp_status status, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

/* calloc that reports failure through ERR; NULL on failure.  */
void *pp_calloc (size_t n, size_t size, pp_error *err);

/* An array of N initialized mpz_t (set to 0); NULL and ERR on failure.  */
mpz_t *pp_mpz_array_new (size_t n, pp_error *err);
void pp_mpz_array_free (mpz_t *a, size_t n);

#endif
