/* pathprof tool: a profile's functions decoded with their notes.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What `show` and `residual` share: finding and checking the notes file
 * of every object of a profile, decoding each recorded path id (of the
 * counts list and of the residual list) into DAG edges, and describing a
 * decoded path as source lines.
 */
#ifndef PATHPROF_TOOL_DECODE_H
#define PATHPROF_TOOL_DECODE_H

#include <stdint.h>
#include <stdio.h>

#include "notes.h"
#include "tool.h"

/* One recorded path of a function.  */
struct path_view
{
  uint64_t id, count;
  int residual;    /* from the profile's residual list (logged as not in
                      the function's slots), else from its counts */
  unsigned *edges; /* DAG edges s..t, NULL when not decoded */
  size_t len;
  pp_sg_decoded *seg; /* an IPPP build's function: the segment, or NULL */
};

/* One function of a profile.  */
struct fn_view
{
  const struct ppd_object *obj;
  const struct ppd_function *pf;
  const struct notes_function *nfn; /* NULL: cannot decode */
  char *error;                      /* why not, for --json */
  uint64_t total;                   /* path executions (both lists) */
  uint64_t invocations;             /* valid when nfn */
  struct path_view *paths;          /* both lists, by count desc, id
                                       asc, the counted one first */
  size_t n_paths;
  uint64_t *dag_counts;             /* per DAG edge, when nfn */
  uint64_t *dag_residual_counts;    /* the same, residual paths only */
};

/* The order of a function's paths (fn_view::paths), for qsort: by
   count desc, id asc, the counted one first.  */
int tool_cmp_path_hot (const void *a, const void *b);

/* Every function of a profile, with the notes of its objects.  */
struct profile_view
{
  const struct ppd_profile *profile;
  struct fn_view *views;    /* objects in order, their functions in order */
  size_t n_views;
  struct notes_file *notes; /* per object */
  char **notes_errors;      /* per object: why unusable, or NULL */
};

/* Decodes every function of P with the notes of its object, found in
   NOTES_DIR (by base name) when given and there, else at the path the
   profile records.  Each problem (notes missing, malformed, of another
   compilation, a function missing from them or different) is reported on
   stderr and leaves the functions concerned undecoded.  Returns 0, or 1
   if anything was reported.  */
int tool_view_profile (const struct ppd_profile *p, const char *notes_dir,
                       struct profile_view *out);
void tool_profile_view_free (struct profile_view *pv);

/* How a path starts or ends (its first or last DAG edge): "entry",
   "exit", "back" or "split".  */
const char *tool_end_label (const struct notes_function *nfn,
                            unsigned dag_edge);
/* The CFG nodes of a decoded path, in order (NODES has len + 1 entries);
   returns their number.  */
size_t tool_path_nodes (const struct notes_function *nfn,
                        const struct path_view *p, unsigned *nodes);
/* "file:lo-hi,lo other:lo": the source lines of a decoded path
   (consecutive blocks of one file share the file name; blocks without a
   location are left out; "(no location)" if none has one).  malloc'd.  */
char *tool_blocks_text (const struct notes_function *nfn,
                        const struct path_view *p);
/* An IPPP build's path as the segment it runs (specs/segments.md),
   malloc'd.  With LINES, for people: "[entry] f:3 t.c:8 ( g:0 t.c:3 )
   f:5 t.c:8-9 [exit]" (a piece is FUNCTION:SUBPATH and its lines; one
   that starts inside an inlined copy opens it with "f@SITE ("); else the
   canonical form, the interesting-segment file's with names: "f at 1 h :
   h:3 ) f:5".  */
char *tool_segment_text (const struct notes_function *nfn,
                         const struct path_view *p, int lines);
/* "[entry] t.c:1-2,3 [back]": the blocks text between the end labels
   (for an IPPP build's function, the segment with lines).  */
void tool_print_path (FILE *out, const struct notes_function *nfn,
                      const struct path_view *p);

/* For a path of an IPPP build's function, the JSON members
   `, "segment": canonical, "segment_text": with lines, "fragment": bool`
   (nothing for other paths).  */
void tool_json_segment (FILE *out, const struct notes_function *nfn,
                        const struct path_view *p);
/* COUNT / TOTAL in percent (0 when TOTAL is 0).  */
double tool_share (uint64_t count, uint64_t total);
/* Decimal digits of V.  */
int tool_digits (uint64_t v);
/* S as a JSON string ("null" for NULL): UTF-8 passes through, control
   characters are escaped, and each byte that is not part of a
   well-formed UTF-8 sequence becomes U+FFFD.  */
void tool_json_string (FILE *out, const char *s);
/* S[0..N-1] as a JSON array of strings, on one line.  */
void tool_json_strings (FILE *out, char *const *s, int n);
/* The opening of a function's JSON object in `show` and `residual`: its
   name, source, checksum, storage, n_paths and error members, indented
   for the objects' function lists; the caller continues with ",".  */
void tool_json_function_head (FILE *out, const struct fn_view *v);
/* The opening of the JSON object of profile object O (the I-th of its
   list) up to its "functions" member's '[': notes, stamp, runs and
   notes_error (NOTES_ERROR or null).  */
void tool_json_object_head (FILE *out, const struct ppd_object *o, size_t i,
                            const char *notes_error);
/* The number of runs of a profile: the largest of its objects'.  */
uint64_t tool_max_runs (const struct ppd_profile *p);
/* Z := V, without assuming unsigned long has 64 bits.  */
void tool_mpz_set_u64 (mpz_t z, uint64_t v);

#endif /* PATHPROF_TOOL_DECODE_H */
