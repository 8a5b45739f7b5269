/* pathprof runtime: declarations shared by the runtime's own files.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * Not installed.  The runtime is built with -fvisibility=hidden: each
 * executable or shared library gets a private copy, so an instrumented
 * shared library keeps its own object list and writes its own counts when
 * it is unloaded (dlclose) or at exit, and never leaves a dangling pointer
 * in another copy's list.  Internal names carry the reserved __pathprof_
 * prefix because hidden visibility does not protect against clashes with
 * the user's symbols at static link time.
 */
#ifndef PATHPROF_RUNTIME_INTERNAL_H
#define PATHPROF_RUNTIME_INTERNAL_H

#include <stdint.h>

#include "ppd-io.h"

/* Prints "pathprof: MESSAGE\n" on stderr in one write(2), without stdio
   (whose buffers and locks belong to the program), preserving errno.  */
void __pathprof_report (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

/* The profile file name: PATHPROF_FILE with %p, %h, %m and %% expanded,
   or "<executable basename>.ppd"; a relative name is taken relative to
   START_DIR (when non-NULL).  SIGNATURE is what %m expands to (8 hex
   digits).  malloc'd; NULL when out of memory.  */
char *__pathprof_profile_name (const char *start_dir, uint32_t signature);

/* Whether OBJECT was built for this runtime's ABI; reports it if not.  */
int __pathprof_abi_ok (const struct pathprof_object *object);

/* The absolute name of the running executable (malloc'd), or NULL.  */
char *__pathprof_executable (void);

/* Merges SNAP into the profile file PATH under an exclusive lock, through
   a temporary file and a rename; a corrupt or mismatched existing file is
   first kept aside under a new name.  Every failure is reported on stderr.
   Returns 0 when the data were written, -1 otherwise.  SNAP is sorted and
   may be modified.  */
int __pathprof_update_file (const char *path, struct ppd_profile *snap);

/* The path log (path-log.c).  runtime.c refers to these weakly, so that
   programs that log no path do not link path-log.c; hidden, so that a
   weak reference left undefined resolves to NULL at static link time
   instead of becoming a dynamic symbol.  */
#define PATHPROF_INTERNAL_WEAK __attribute__ ((weak, visibility ("hidden")))
/* Reads PATHPROF_LOG_LIMIT (once; reports a malformed value).  */
void __pathprof_log_setup (void) PATHPROF_INTERNAL_WEAK;
/* Adds FN's logged paths with a non-zero count to PF: to its counts when
   AS_COUNTS (a HASH function), else to its residual paths.  0, or -1 when
   out of memory.  */
int __pathprof_log_collect (const struct pathprof_function *fn,
                            struct ppd_function *pf, int as_counts)
  PATHPROF_INTERNAL_WEAK;
/* Zeroes the counts of FN's logged paths; the paths keep their places.  */
void __pathprof_log_reset (struct pathprof_function *fn)
  PATHPROF_INTERNAL_WEAK;
/* Reports, once, that the memory for the path log could not be mapped.  */
void __pathprof_log_report (void) PATHPROF_INTERNAL_WEAK;

#endif /* PATHPROF_RUNTIME_INTERNAL_H */
