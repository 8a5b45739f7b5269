/* pathprof: reading, writing and merging profile data files (.ppd).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * Shared by libpathprof (which merges into the file at exit) and the
 * pathprof tool (show, merge, dump), so that there is exactly one reader
 * and one writer of the format defined in pathprof-format.h section 3.
 * Plain C99 + POSIX, no allocation other than malloc, no output: every
 * failure is returned with a message the caller prints.
 *
 * libpathprof is a static archive linked into users' programs, where a
 * short global name like `ppd_read` could clash with the user's own
 * symbols at link time (hidden visibility does not prevent that).  So the
 * real symbols carry the reserved `__pathprof_` prefix; the macros below
 * let the sources use the short names.
 */
#ifndef PATHPROF_PPD_IO_H
#define PATHPROF_PPD_IO_H

#include <stddef.h>
#include <stdint.h>

#include "pathprof-format.h"

#define ppd_crc32 __pathprof_ppd_crc32
#define ppd_crc32_tables __pathprof_ppd_crc32_tables
#define ppd_profile_init __pathprof_ppd_profile_init
#define ppd_profile_free __pathprof_ppd_profile_free
#define ppd_find_object __pathprof_ppd_find_object
#define ppd_find_function __pathprof_ppd_find_function
#define ppd_add_object __pathprof_ppd_add_object
#define ppd_add_function __pathprof_ppd_add_function
#define ppd_add_count __pathprof_ppd_add_count
#define ppd_add_residual __pathprof_ppd_add_residual
#define ppd_function_finish __pathprof_ppd_function_finish
#define ppd_set_program __pathprof_ppd_set_program
#define ppd_sort __pathprof_ppd_sort
#define ppd_check_merge __pathprof_ppd_check_merge
#define ppd_merge __pathprof_ppd_merge
#define ppd_parse __pathprof_ppd_parse
#define ppd_serialize __pathprof_ppd_serialize
#define ppd_read_fd __pathprof_ppd_read_fd
#define ppd_write_fd __pathprof_ppd_write_fd
#define ppd_read_file __pathprof_ppd_read_file
#define ppd_resolve_link __pathprof_ppd_resolve_link
#define ppd_take_attributes __pathprof_ppd_take_attributes
#define ppd_sat_add __pathprof_ppd_sat_add

/* Results.  The message buffers (PPD_MSG_SIZE bytes) hold the details.  */
enum ppd_status
{
  PPD_OK = 0,
  PPD_ERR_IO,       /* a system call failed (errno-based message) */
  PPD_ERR_NOMEM,    /* malloc failed */
  PPD_ERR_CORRUPT,  /* not a well-formed .ppd of a supported version */
  PPD_ERR_MISMATCH  /* two profiles that cannot be added together */
};

#define PPD_MSG_SIZE 512

struct ppd_count
{
  uint64_t id;
  uint64_t count;
};

struct ppd_function
{
  char *name;
  char *source_file;
  uint32_t cfg_checksum;
  uint32_t storage;       /* PATHPROF_STORAGE_* */
  uint64_t n_paths;
  uint64_t dropped;       /* path ends not counted: beyond the path log's
                             limit, or with an id out of range */
  struct ppd_count *counts; /* after ppd_function_finish: ids increasing,
                               counts > 0; the tested paths of a PPP
                               function, none for RESIDUAL storage */
  size_t n_counts, cap_counts;
  /* Residual (untested) paths, PPP and RESIDUAL storage only: executions
     that found the runtime's bound reached, and the paths logged, in the
     same canonical form as COUNTS.  */
  uint64_t residual_dropped;
  struct ppd_count *residual;
  size_t n_residual, cap_residual;
};

struct ppd_object
{
  char *notes_file;
  uint32_t notes_stamp;
  uint64_t runs;
  struct ppd_function *functions;
  size_t n_functions, cap_functions;
  int sorted;             /* functions in strcmp order of name: lookups
                             are binary searches (kept by the appenders) */
};

/* A slot of a hash index of names (ppd-io.c): the position + 1 of the
   named element in its array (0: empty), and the name's hash.  */
struct ppd_name_slot
{
  uint32_t pos1, hash;
};

struct ppd_profile
{
  char *program;          /* NULL when unknown */
  struct ppd_object *objects;
  size_t n_objects, cap_objects;
  int objects_unordered;  /* parsing: objects read out of order */
  /* ppd_find_object's index of the objects by notes file, built at the
     first search among many; NULL when there is none.  */
  struct ppd_name_slot *object_index;
  size_t object_index_mask;
};

/* CRC-32 (zlib's): start with CRC = 0, feed pieces in order.  */
uint32_t ppd_crc32 (uint32_t crc, const void *buf, size_t size);
/* The same, by tables only (what ppd_crc32 does without PCLMULQDQ).  */
uint32_t ppd_crc32_tables (uint32_t crc, const void *buf, size_t size);

/* a + b, saturating at UINT64_MAX: a merged count is never smaller than
   either input, even in the (unreachable in practice) overflow case.  */
static inline uint64_t
ppd_sat_add (uint64_t a, uint64_t b)
{
  uint64_t s = a + b;
  return s < a ? UINT64_MAX : s;
}

void ppd_profile_init (struct ppd_profile *p);
void ppd_profile_free (struct ppd_profile *p);

/* Lookups, NULL when absent.  Objects are few (a linear search); function
   lookups are binary searches while the object is sorted, which files
   written by ppd_serialize always are.  */
struct ppd_object *ppd_find_object (const struct ppd_profile *p,
                                    const char *notes_file);
struct ppd_function *ppd_find_function (const struct ppd_object *o,
                                        const char *name);

/* Appenders; they copy the strings.  NULL when out of memory.  The
   returned pointers stay valid only until the next append to the same
   container (arrays grow by realloc).  */
int ppd_set_program (struct ppd_profile *p, const char *program);
struct ppd_object *ppd_add_object (struct ppd_profile *p,
                                   const char *notes_file,
                                   uint32_t notes_stamp, uint64_t runs);
struct ppd_function *ppd_add_function (struct ppd_object *o,
                                       const char *name,
                                       const char *source_file,
                                       uint32_t cfg_checksum,
                                       uint32_t storage, uint64_t n_paths,
                                       uint64_t dropped);
/* Append (id, count) to the counts or to the residual paths, in any
   order; ppd_function_finish then sorts both lists by id, adds up repeated
   ids and removes zero counts.  0 or -1 (no memory).  */
int ppd_add_count (struct ppd_function *f, uint64_t id, uint64_t count);
int ppd_add_residual (struct ppd_function *f, uint64_t id, uint64_t count);
void ppd_function_finish (struct ppd_function *f);

/* Puts objects in notes-file order and functions in name order, the
   canonical order in which files are written (so that the same counts
   always give the same bytes, whatever the registration order).  */
void ppd_sort (struct ppd_profile *p);

/* Whether SRC can be added to DST: an object of the same notes file must
   have the same stamp (same compilation), and a function of the same name
   in it the same checksum, storage, path count and source file.  On
   PPD_ERR_MISMATCH, MSG names the first offending object or function.  */
enum ppd_status ppd_check_merge (const struct ppd_profile *dst,
                                 const struct ppd_profile *src, char *msg);
/* Adds SRC into DST (counts, residual paths, both dropped counts and runs
   add; new objects and functions are copied; DST's program name is
   replaced by SRC's if SRC has one).  Checks first with ppd_check_merge;
   DST is unchanged on PPD_ERR_MISMATCH.  PPD_ERR_NOMEM may leave DST
   partly merged.  */
enum ppd_status ppd_merge (struct ppd_profile *dst,
                           const struct ppd_profile *src, char *msg);

/* Decodes a whole file image.  Checks magic, version, sizes, both CRCs and
   every record (so a truncated or bit-flipped file is PPD_ERR_CORRUPT with
   the reason in MSG, never a crash).  OUT is initialized by the call and
   must be freed with ppd_profile_free whatever the result.  */
enum ppd_status ppd_parse (const unsigned char *buf, size_t size,
                           struct ppd_profile *out, char *msg);
/* Encodes P (after ppd_sort and ppd_function_finish of every function)
   into a malloc'd image.  */
enum ppd_status ppd_serialize (struct ppd_profile *p, unsigned char **buf,
                               size_t *size, char *msg);

/* Whole-file I/O on descriptors, retrying short transfers and EINTR.  On
   PPD_ERR_IO errno is left set and MSG holds strerror.  ppd_read_fd reads
   from the current offset to end of file into a malloc'd buffer, or
   stops once it has read more than a profile's magic from the start of
   something else (ppd_parse then says so; /dev/zero never ends).  */
enum ppd_status ppd_read_fd (int fd, unsigned char **buf, size_t *size,
                             char *msg);
enum ppd_status ppd_write_fd (int fd, const unsigned char *buf, size_t size,
                              char *msg);

/* Reads and parses the file PATH (PPD_ERR_IO if it cannot be read).  */
enum ppd_status ppd_read_file (const char *path, struct ppd_profile *out,
                               char *msg);
/* PATH itself, or the file it is a symbolic link to (possibly not yet
   existing), following links to links: a file written through a rename
   must replace the target, not the link (users link profiles into
   place).  malloc'd; NULL if out of memory.  */
char *ppd_resolve_link (const char *path);
/* Gives the new file FD, which is to replace a file of status OLD, its
   permissions and, where the process may give them, its owner and group:
   a file shared by several users stays shared.  errno is kept.  */
struct stat;
void ppd_take_attributes (int fd, const struct stat *old);

#endif /* PATHPROF_PPD_IO_H */
