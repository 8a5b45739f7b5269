/* pathprof tool: declarations shared by the tool's files.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef PATHPROF_TOOL_H
#define PATHPROF_TOOL_H

#include <stdio.h>

#include "ppd-io.h"

#ifndef PATHPROF_VERSION
#define PATHPROF_VERSION "0.1"
#endif

/* Prints "pathprof: " and the message on stderr.  */
void tool_error (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));
/* tool_error ("out of memory") and exit status 1.  */
void tool_out_of_memory (void) __attribute__ ((noreturn));

/* Reads PROFILE, reporting failures as "pathprof: PROFILE: problem".  */
int tool_read_profile (const char *path, struct ppd_profile *p);

/* Writes S as a C-escaped string in double quotes (the notes file's
   string syntax, also used by `dump`).  */
void tool_print_cstring (FILE *out, const char *s);

struct show_options
{
  int json;
  unsigned long top;     /* paths per function; 0 = all */
  const char *notes_dir; /* look for notes here first, or NULL */
};

/* `pathprof show`: returns the exit status (0, or 1 if anything could
   not be read or decoded; what could be is still shown).  */
int tool_show (const char *profile, const struct show_options *opt,
               FILE *out);

/* `pathprof dump`: the raw contents of a .ppd as text.  */
int tool_dump (const char *profile, FILE *out);

/* Reads PATHS[0..N-1] (N >= 1) and adds them into ACC, as `merge` does;
   -1 after reporting the first failure ("pathprof: FILE: cannot merge:
   ...").  ACC must be freed with ppd_profile_free either way.  */
int tool_read_merged (char *const *paths, int n, struct ppd_profile *acc);

/* How `pathprof interesting` chooses each function's paths.  */
struct interesting_options
{
  const char *output;     /* -o FILE, or NULL for stdout */
  const char *coverage;   /* --coverage F as given, or NULL */
  unsigned long top;      /* --top K, or 0 */
};

/* Whether S is a valid --coverage fraction: a decimal number F,
   0 < F <= 1.  */
int tool_coverage_valid (const char *s);

/* `pathprof interesting`: the interesting-path file of the profiles
   PATHS[0..N-1].  Returns the exit status.  */
int tool_interesting (char *const *paths, int n,
                      const struct interesting_options *opt, FILE *out);

/* `pathprof residual`: the untested paths of a preferential build's
   profiles PATHS[0..N-1], and the Table 3.1 summary.  OPT as for show
   (TOP: untested paths per function).  */
int tool_residual (char *const *paths, int n, const struct show_options *opt,
                   FILE *out);

/* `pathprof ips`.  */
struct ips_options
{
  unsigned depth;         /* -k K */
  const char *output;     /* -o FILE, or NULL for stdout */
  const char *notes_dir;
  int verbose;
};

/* `pathprof ips`: the depth-k segments of the whole-program path traces
   INPUTS (files, or directories of .ppt files).  Returns the exit
   status.  */
int tool_ips (char *const *inputs, int n_inputs,
              const struct ips_options *opt, FILE *out);

/* `pathprof stats`: PPP numbering statistics of notes files.  */
int tool_stats (char *const *paths, int n, int json, FILE *out);

#endif /* PATHPROF_TOOL_H */
