/* pathprof core: the interesting-segment file (specs/ips-format.md).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input of inter-procedural preferential and residual path profiling
 * (IPPP): a depth k, the functions the segments mention, identified as in
 * the interesting-path file by (assembler name, source file) and checked
 * by (subpath checksum, subpath count), and the interesting depth-k
 * segments (segment.h), optionally with counts.  `pathprof ips` builds one
 * in memory from whole-program path traces and writes it
 * (pp_ips_new, _add_fn, _add_segment, _finish, _write); the plugin reads
 * it (-fplugin-arg-pathprof-ipps=FILE).  Reader and builder check the same
 * things with the same messages.
 *
 * Failures return a pp_status and fill the pp_error: PP_ERR_INVALID for
 * syntax and structure, PP_ERR_RANGE for a subpath id that is not below
 * the function's subpath count, PP_ERR_DUPLICATE for a function (name,
 * source, checksum) or a segment given twice, PP_ERR_IO, PP_ERR_NOMEM.
 * Reader messages are "FILE:LINE: ..." or "FILE: cannot open: ...".
 */
#ifndef PATHPROF_IPS_H
#define PATHPROF_IPS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ppcore.h"
#include "segment.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pp_ips_fn
{
  char *name;            /* assembler name, never empty */
  char *source;          /* DECL_SOURCE_FILE */
  uint32_t checksum;     /* pp_subpath_checksum */
  uint64_t subpaths;     /* subpath count, >= 1 */
  unsigned line;         /* of its `function` record; 0 if built */
} pp_ips_fn;

typedef struct pp_ips_seg
{
  pp_segment seg;        /* function indices into the set's fns */
  int has_count;
  uint64_t count;
  unsigned line;         /* 0 if built */
} pp_ips_seg;

typedef struct pp_ips
{
  char *file;            /* name in diagnostics, or NULL */
  char **comments;       /* header comments, without '#' and one blank */
  size_t n_comments, cap_comments;
  unsigned depth;        /* k */
  /* After _finish (and as read): functions sorted by name, source,
     checksum, none twice; segments sorted by pp_segment_cmp, none
     twice.  */
  pp_ips_fn *fns;
  size_t n_fns, cap_fns;
  pp_ips_seg *segs;
  size_t n_segs, cap_segs;
} pp_ips;

pp_status pp_ips_read (const char *path, pp_ips **out, pp_error *err);
pp_status pp_ips_parse (const char *buf, size_t len, const char *name,
                        pp_ips **out, pp_error *err);
void pp_ips_free (pp_ips *set);

/* The entries of (NAME, SOURCE): their number and, in *FIRST, the index
   of the first one (they are consecutive, by checksum).  Finished sets
   only.  */
size_t pp_ips_lookup (const pp_ips *set, const char *name,
                      const char *source, size_t *first);

/* When (NAME, SOURCE) is not listed: the first entry listing NAME under
   another source with CHECKSUM and SUBPATHS, while none lists SOURCE
   (pp_interesting_lookup_elsewhere's rule).  NULL otherwise.  */
const pp_ips_fn *pp_ips_lookup_elsewhere (const pp_ips *set,
                                          const char *name,
                                          const char *source,
                                          uint32_t checksum,
                                          uint64_t subpaths);

/* Building.  FILE (may be NULL) names the set in messages.  */
pp_ips *pp_ips_new (const char *file, unsigned depth, pp_error *err);
pp_status pp_ips_add_comment (pp_ips *set, const char *text, pp_error *err);
/* Adds a function; its index (until _finish renumbers) in *INDEX.  */
pp_status pp_ips_add_fn (pp_ips *set, const char *name, const char *source,
                         uint32_t checksum, uint64_t subpaths,
                         unsigned *index, pp_error *err);
/* Adds a copy of SEG (function indices as returned by _add_fn).  */
pp_status pp_ips_add_segment (pp_ips *set, const pp_segment *seg,
                              int has_count, uint64_t count, pp_error *err);
/* Sorts into the canonical order (renumbering the functions) and checks
   as the reader does.  */
pp_status pp_ips_finish (pp_ips *set, pp_error *err);
/* Writes a finished set in canonical form.  */
pp_status pp_ips_write (const pp_ips *set, FILE *out, pp_error *err);
/* A segment's tokens as the file writes them ("0:3 ( 1:0 ) 0:5" after
   "ROOT [at SITE FN]... :"), malloc'd; NULL when out of memory.  */
char *pp_ips_segment_text (const pp_segment *seg);

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_IPS_H */
