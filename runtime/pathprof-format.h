/* pathprof: the one definition of every interface and file format shared by
 * the plugin (compiler side), libpathprof (runtime) and the pathprof tool,
 * in the manner of GCC's gcov-io.h.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * This header is part of the runtime and is compiled into users' programs:
 * it is under the zero-clause BSD licence (see COPYING), which imposes no
 * conditions on programs that use it.
 *
 * Three things are defined here:
 *   1. the runtime ABI: the data the plugin emits into every instrumented
 *      object and the entry points of libpathprof it calls;
 *   2. the notes file (.ppno), written by the plugin at compile time;
 *   3. the profile data file (.ppd), written by the runtime at exit.
 * The user documentation of 2 and 3 is specs/file-formats.md; a change here
 * bumps the matching version and changes that document in the same commit.
 */
#ifndef PATHPROF_FORMAT_H
#define PATHPROF_FORMAT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* 1. Runtime ABI                                                      */
/* ------------------------------------------------------------------ */

/* Bumped whenever a struct below changes layout; __pathprof_init refuses
   (with a message, without crashing) objects of another version.  */
#define PATHPROF_ABI_VERSION 1u

/* How a function's path counters are stored.  */
#define PATHPROF_STORAGE_ARRAY 0u /* counters[id], id < n_paths */
#define PATHPROF_STORAGE_HASH 1u  /* open-addressed table, see below */

/* A per-function hash table for functions with more paths than the array
   threshold.  keys[i] holds (path id + 1), 0 marking an empty slot; a path
   that finds every slot taken is counted in `dropped`, never lost
   silently.  Emitted zero-initialized by the plugin (capacity set).  */
struct pathprof_hash_table {
  uint64_t capacity;
  uint64_t *keys;
  uint64_t *counts;
  uint64_t dropped;
};

/* One instrumented function, emitted by the plugin.  All strings are
   NUL-terminated and live in the object's read-only data.  */
struct pathprof_function {
  const char *name;          /* assembler name (mangled for C++) */
  const char *source_file;   /* as given on the command line */
  uint32_t cfg_checksum;     /* pp_cfg_checksum of the profiled CFG */
  uint32_t storage;          /* PATHPROF_STORAGE_* */
  uint64_t n_paths;          /* Ball-Larus paths of its DAG (fits: split) */
  uint64_t *counters;        /* ARRAY: n_paths counters; HASH: NULL */
  struct pathprof_hash_table *table; /* HASH: the table; ARRAY: NULL */
};

/* One instrumented object file (translation unit), emitted by the plugin
   and registered from a static constructor by calling __pathprof_init.  */
struct pathprof_object {
  uint32_t abi_version;      /* PATHPROF_ABI_VERSION */
  uint32_t n_functions;
  const char *notes_file;    /* absolute path of the object's .ppno */
  uint32_t notes_stamp;      /* same stamp as in the .ppno header */
  uint32_t reserved;
  struct pathprof_function *functions;
  struct pathprof_object *next; /* linked by the runtime; emitted NULL */
};

void __pathprof_init (struct pathprof_object *object);
/* Counts path ID in TABLE (called at a path end in HASH storage).  */
void __pathprof_hash_add (struct pathprof_hash_table *table, uint64_t id);
/* The same, safe against concurrent callers (-fprofile-update=atomic).  */
void __pathprof_hash_add_atomic (struct pathprof_hash_table *table,
                                 uint64_t id);

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_FORMAT_H */
