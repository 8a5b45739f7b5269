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

/* pp_fail with "FILE:LINE: " in front of the message when FILE is
   non-NULL and LINE non-zero (diagnostics about a text file, or about the
   same data built in memory).  */
pp_status pp_fail_at (pp_error *err, pp_status status, const char *file,
                      unsigned line, const char *fmt, ...)
  __attribute__ ((format (printf, 5, 6)));

/* In BASE, N elements of SIZE bytes sorted by the strings at NAME_OFF,
   then SOURCE_OFF (the `char *` members of the interesting-path and
   interesting-segment files' function records): the number of elements
   equal to (NAME, SOURCE), the first of them at *FIRST.  */
size_t pp_lookup_name_source (const void *base, size_t n, size_t size,
                              size_t name_off, size_t source_off,
                              const char *name, const char *source,
                              size_t *first);

/* In the same BASE, for (NAME, SOURCE) that is not listed: the first
   element named NAME under another source that MATCH (element, CTX)
   accepts, while no element at all has the source SOURCE; NULL if there
   is none, or if (NAME, SOURCE) is listed (pp_interesting_lookup_
   elsewhere and pp_ips_lookup_elsewhere say why).  */
const void *pp_lookup_elsewhere (const void *base, size_t n, size_t size,
                                 size_t name_off, size_t source_off,
                                 const char *name, const char *source,
                                 int (*match) (const void *elem,
                                               const void *ctx),
                                 const void *ctx);

/* Appends TEXT to the malloc'd array of strings *LINES (*N of them,
   room for *CAP), one element per line of TEXT: the header comments of
   the text files.  */
pp_status pp_add_lines (char ***lines, size_t *n, size_t *cap,
                        const char *text, pp_error *err);

/* calloc that reports failure through ERR; NULL on failure.  */
void *pp_calloc (size_t n, size_t size, pp_error *err);

/* An array of N initialized mpz_t (set to 0); NULL and ERR on failure.  */
mpz_t *pp_mpz_array_new (size_t n, pp_error *err);
void pp_mpz_array_free (mpz_t *a, size_t n);

#endif
