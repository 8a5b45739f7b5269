/* pathprof core: the interesting-path file (specs/interesting-format.md).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input of preferential (PPP) and residual (RPP) path profiling: per
 * function, identified by (assembler name, source file) and checked by
 * (CFG checksum, number of Ball-Larus paths), the Ball-Larus ids of its
 * interesting paths, of any size, optionally with counts.  The plugin
 * reads it (pp_interesting_read); `pathprof interesting` builds one in
 * memory and writes it (pp_interesting_new, _add_fn, _add_path, _finish,
 * _write).  The reader and the builder check the same things, with the
 * same messages, so a file the tool writes is always one the plugin
 * reads.
 *
 * Every function that can fail returns a pp_status and fills the
 * pp_error: PP_ERR_INVALID for syntax, PP_ERR_RANGE for an id that is not
 * below the function's path count, PP_ERR_DUPLICATE for a path or a
 * (name, source, checksum) given twice, PP_ERR_IO when the file cannot be
 * read or written, PP_ERR_NOMEM.  The messages of the reader are
 * "FILE:LINE: what was expected / what is wrong" or "FILE: cannot open:
 * <strerror>"; the complete list is tested in tests/unit/test_interesting.c.
 */
#ifndef PATHPROF_INTERESTING_H
#define PATHPROF_INTERESTING_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <gmp.h>

#include "ppcore.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pp_interesting_path
{
  mpz_t id;             /* Ball-Larus id, below the function's n_paths */
  int has_count;        /* a count was given */
  uint64_t count;       /* how often it ran (guides placement), else 0 */
  unsigned line;        /* of its `path` record; 0 if built in memory */
} pp_interesting_path;

typedef struct pp_interesting_fn
{
  char *name;           /* assembler name, never empty */
  char *source;         /* as GCC names it (DECL_SOURCE_FILE) */
  uint32_t checksum;    /* pp_cfg_checksum */
  mpz_t n_paths;        /* Ball-Larus paths of its DAG, >= 1 */
  pp_interesting_path *paths; /* after _finish (and as read): by
                                 increasing id, no id twice */
  size_t n_paths_listed;
  size_t cap_paths;
  unsigned line;        /* of its `function` record; 0 if built */
} pp_interesting_fn;

typedef struct pp_interesting
{
  char *file;           /* name in diagnostics (as given), or NULL */
  /* Comment lines between the header and the first function, without
     the '#' and one following blank; written back by _write.  */
  char **comments;
  size_t n_comments, cap_comments;
  /* After _finish (and as read): sorted by name, then source, then
     checksum (byte order), no (name, source, checksum) twice.  */
  pp_interesting_fn *fns;
  size_t n_fns, cap_fns;
} pp_interesting;

/* Reads the file PATH.  *OUT is NULL on failure.  */
pp_status pp_interesting_read (const char *path, pp_interesting **out,
                               pp_error *err);
/* Parses BUF[0..LEN) (need not be NUL-terminated), named NAME in
   diagnostics.  *OUT is NULL on failure.  */
pp_status pp_interesting_parse (const char *buf, size_t len,
                                const char *name, pp_interesting **out,
                                pp_error *err);
void pp_interesting_free (pp_interesting *set);

/* The entries of (NAME, SOURCE): their number (0 if it is not listed),
   and in *FIRST the index in SET->fns of the first one; they are
   consecutive, by increasing checksum.  SET must be finished.  */
size_t pp_interesting_lookup (const pp_interesting *set, const char *name,
                              const char *source, size_t *first);

/* When (NAME, SOURCE) is not listed: the first entry (in the file's
   order) that lists NAME under another source with CHECKSUM and N_PATHS,
   the function's identity but for its source, while no function at all
   is listed under SOURCE -- most likely this very function, profiled in
   a build that named its sources differently (another directory,
   absolute names, another -ffile-prefix-map).  NULL if there is none, if
   (NAME, SOURCE) is listed, or if another function is listed under
   SOURCE (the source was profiled under its name: this function is new
   there, or a copy of one elsewhere).  */
const pp_interesting_fn *
pp_interesting_lookup_elsewhere (const pp_interesting *set, const char *name,
                                 const char *source, uint32_t checksum,
                                 const mpz_t n_paths);

/* Building a set in memory.  FILE (may be NULL) names it in messages.  */
pp_interesting *pp_interesting_new (const char *file, pp_error *err);
/* Adds a header comment; a TEXT with newlines becomes several lines.  */
pp_status pp_interesting_add_comment (pp_interesting *set, const char *text,
                                      pp_error *err);
/* Adds a function and returns it (valid until the next _add_fn), or
   NULL with ERR (no memory).  */
pp_interesting_fn *pp_interesting_add_fn (pp_interesting *set,
                                          const char *name,
                                          const char *source,
                                          uint32_t checksum,
                                          const mpz_t n_paths, pp_error *err);
/* Adds a path to FN, in any order; HAS_COUNT says whether COUNT is
   meaningful.  */
pp_status pp_interesting_add_path (pp_interesting_fn *fn, const mpz_t id,
                                   int has_count, uint64_t count,
                                   pp_error *err);
/* Sorts SET into the canonical order and checks it as the reader does:
   non-empty names, n_paths >= 1, ids below n_paths, no id twice in a
   function, no (name, source, checksum) twice.  */
pp_status pp_interesting_finish (pp_interesting *set, pp_error *err);

/* Writes a finished SET in the canonical form: the header, the
   comments, the functions in order, their paths by id.  PP_ERR_IO if a
   write to OUT fails (the caller opened it and closes it).  */
pp_status pp_interesting_write (const pp_interesting *set, FILE *out,
                                pp_error *err);

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_INTERESTING_H */
