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

#include <signal.h>
#include <stdint.h>

#include "ppd-io.h"

/* Prints "pathprof: MESSAGE\n" on stderr in one write(2), without stdio
   (whose buffers and locks belong to the program), preserving errno.  */
void __pathprof_report (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

/* While the runtime writes a file or a message, two signals that the
   uninstrumented program would not have got must not end it: SIGXFSZ,
   raised by write(2) past a file size limit (ulimit -f) that a profile
   or trace exceeds (gcov's .gcda writes do kill the program), and
   SIGPIPE, raised by a message written to a standard error that is a
   pipe nobody reads any more.  Between hold and release both are
   blocked in the calling thread, so such a write fails with EFBIG or
   EPIPE, and release discards those the writes raised (not one the
   program had pending already).  Holds nest.  */
struct pathprof_signal_hold
{
  sigset_t old_mask;
  sigset_t pending_before;
};
void __pathprof_hold_signals (struct pathprof_signal_hold *h);
void __pathprof_release_signals (struct pathprof_signal_hold *h);
/* An exec from a signal handler that interrupted a write of this
   copy's, in the thread that holds: the new image must start with the
   signal mask the program had, not with the two signals blocked (a
   blocked SIGPIPE stays blocked across exec, and a shell or server the
   program execs would never get one).  exec_unhold unblocks the held
   signals that the outermost hold found unblocked; exec_rehold, after an
   exec that failed, blocks them again for the write that goes on.
   Nothing when the thread holds nothing.  */
void __pathprof_exec_unhold (void);
void __pathprof_exec_rehold (void);

/* FD, a file the runtime just opened; moved to another descriptor if it
   is the standard error's, which the program had closed: the runtime's
   messages (__pathprof_report) would go into the file.  -1 (errno
   EMFILE, FD closed) if no other descriptor is free.  */
int __pathprof_off_stderr (int fd);

/* Creates the missing directories of file name PATH, as `mkdir -p` its
   dirname would (mode 0777 less the umask), as gcov's and LLVM's
   runtimes do for their profiles.  0; -1 with errno, and the directory
   that could not be created in FAILED (FAILED_SIZE bytes; ENAMETOOLONG
   for a PATH that does not fit), else.  */
int __pathprof_make_parents (const char *path, char *failed,
                             size_t failed_size);

/* The profile file name: PATHPROF_FILE with %p, %h, %m and %% expanded,
   or "<executable basename>.ppd"; a relative name is taken relative to
   START_DIR (when non-NULL).  SIGNATURE is what %m expands to (8 hex
   digits).  malloc'd; NULL when out of memory.  */
char *__pathprof_profile_name (const char *start_dir, uint32_t signature);
/* The directory the program was started in, for relative profile and
   trace names: "" until __pathprof_settle_start_dir, which the first
   registration of this copy calls (runtime.c, wpp.c).  */
extern char __pathprof_start_dir[];
/* Sets __pathprof_start_dir, once: another copy's (its objects
   registered earlier, perhaps before a chdir), else the current
   directory.  */
void __pathprof_settle_start_dir (void);

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

/* Which pages of a counter array the process wrote (touched.c): the
   others hold no count.  One walk over the counters (a snapshot, a reset)
   opens a struct pathprof_pages, asks __pathprof_touched_run for the
   runs of counters that may be non-zero, and closes it.  */
#define PATHPROF_PAGES_WINDOWS 8
#define PATHPROF_PAGES_SPAN 64 /* pages per window, aligned */
struct pathprof_pages_window
{
  uint64_t first, count;  /* the pages whose entries are in `entry` */
  uint64_t used;          /* when last used (pathprof_pages' clock) */
  uint64_t entry[PATHPROF_PAGES_SPAN];
};
struct pathprof_pages
{
  int fd;                 /* /proc/self/pagemap; -1 unopened, -2 unusable */
  uint64_t page;          /* the page size */
  uint64_t clock;
  unsigned last;          /* the window used last */
  struct pathprof_pages_window window[PATHPROF_PAGES_WINDOWS];
};
/* Reads the page size (from a constructor: not async-signal-safe), and
   returns it.  */
uint64_t __pathprof_pages_setup (void);
void __pathprof_pages_open (struct pathprof_pages *p);
void __pathprof_pages_close (struct pathprof_pages *p);
/* The first index I >= FROM of C[0..N) on a page the process touched
   (every page, where pagemap cannot tell), and in *END the end of the
   run of counters on touched pages from there; N (and *END = N) when
   none is left.  */
uint64_t __pathprof_touched_run (struct pathprof_pages *p, const uint64_t *c,
                                 uint64_t from, uint64_t n, uint64_t *end);

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
