/* pathprof runtime tests: a hand-written instrumented object.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * What the plugin emits for one object, written out by hand so that the
 * runtime can be tested before (and independently of) the plugin.  One
 * array-stored function and two hash-stored ones; the test drives their
 * counters and path caches directly, the way instrumented code would.
 * Include in exactly one file per executable or shared library, with
 * FAKE_NOTES, FAKE_STAMP, FAKE_ARRAY_CHECKSUM and FAKE_ABI optionally
 * predefined.
 */
#include <stddef.h>

#include "pathprof-format.h"

#ifndef FAKE_NOTES
#define FAKE_NOTES "/fake/rt_prog.ppno"
#endif
#ifndef FAKE_STAMP
#define FAKE_STAMP 0x5f3a9c21u
#endif
#ifndef FAKE_ARRAY_CHECKSUM
#define FAKE_ARRAY_CHECKSUM 0x11111111u
#endif
#ifndef FAKE_ABI
#define FAKE_ABI PATHPROF_ABI_VERSION
#endif

/* f_array: 8 paths in an array.  */
static uint64_t fake_counters[8];
/* f_hash: 10^6 paths, hash-stored with a path cache of 4 entries (most
   paths go on to the path log).  */
static uint64_t fake_small_cache[2 * 4];
/* f_threads: 1000 paths, a path cache of 8 entries, counted by threads
   with atomic increments.  */
static uint64_t fake_mt_cache[2 * 8];

static struct pathprof_function fake_functions[] = {
  { .name = "f_array", .source_file = "fake.c",
    .cfg_checksum = FAKE_ARRAY_CHECKSUM, .storage = PATHPROF_STORAGE_ARRAY,
    .n_paths = 8, .counters = fake_counters },
  { .name = "f_hash", .source_file = "fake.c", .cfg_checksum = 0x22222222u,
    .storage = PATHPROF_STORAGE_HASH, .n_paths = 1000000,
    .path_cache = fake_small_cache, .path_cache_bits = 2 },
  { .name = "f_threads", .source_file = "fake.c",
    .cfg_checksum = 0x33333333u, .storage = PATHPROF_STORAGE_HASH,
    .n_paths = 1000, .path_cache = fake_mt_cache, .path_cache_bits = 3 },
};
#define fake_hash (&fake_functions[1])
#define fake_mt (&fake_functions[2])

/* What the instrumentation of FN, a function whose paths are logged
   (pathprof-format.h, "Logged paths"), does at the end of path ID: the
   inline probe of its path cache (atomic: as with
   -fprofile-update=atomic), then the call.  */
static inline void
fake_logged_path_end (struct pathprof_function *fn, uint64_t id, int atomic)
{
  uint64_t *cache = fn->path_cache;
  uint64_t e = PATHPROF_PATH_CACHE_SLOT (id, fn->path_cache_bits);
  if (cache && cache[e] == id + 1)
    {
      uint64_t *count = &cache[(1ull << fn->path_cache_bits) + e];
      if (atomic)
        __atomic_fetch_add (count, 1, __ATOMIC_RELAXED);
      else
        ++*count;
    }
  else
    __pathprof_log_path (fn, id);
}

static struct pathprof_object fake_object
  = { FAKE_ABI, 3, FAKE_NOTES, FAKE_STAMP, 0, fake_functions, NULL };

/* An early priority (the plugin, like gcov, uses a reserved one): before
   the program's own constructors, so the exit handler is registered first
   and runs last.  */
__attribute__ ((constructor (101))) static void
fake_register (void)
{
  __pathprof_init (&fake_object);
}
