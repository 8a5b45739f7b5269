/* pathprof runtime tests: a hand-written object in preferential mode.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * What the plugin emits for an object built with an interesting-path
 * file (see fake-object.h for the plain one): a PPP function, whose slots
 * count its tested paths, and two unlisted functions, every path of which
 * is residual.  Include in one file per executable, after
 * fake-object.h.
 */
#include <stddef.h>

/* f_ppp: 20 Ball-Larus paths; PPP ids 0..3 have slots, which hold the
   tested paths 3, 7 and 12 (PPP id 1 is a hole).  */
static struct pathprof_ppp_slot fake_slots[4] = {
  { 3, 0 }, { PATHPROF_NO_PATH, 0 }, { 7, 0 }, { 12, 0 }
};

static struct pathprof_function fake_residual_functions[] = {
  { .name = "f_ppp", .source_file = "res.c", .cfg_checksum = 0x44444444u,
    .storage = PATHPROF_STORAGE_PPP, .n_paths = 20, .slots = fake_slots,
    .n_slots = 4 },
  /* f_res: a large function (10^12 paths).  */
  { .name = "f_res", .source_file = "res.c", .cfg_checksum = 0x55555555u,
    .storage = PATHPROF_STORAGE_RESIDUAL, .n_paths = 1000000000000ull },
  /* f_tiny: 3 paths.  */
  { .name = "f_tiny", .source_file = "res.c", .cfg_checksum = 0x66666666u,
    .storage = PATHPROF_STORAGE_RESIDUAL, .n_paths = 3 },
};

#define fake_ppp (&fake_residual_functions[0])
#define fake_res (&fake_residual_functions[1])
#define fake_tiny (&fake_residual_functions[2])

static struct pathprof_object fake_residual_object
  = { PATHPROF_ABI_VERSION, 3, "/fake/residual.ppno", 0x0000beefu, 0,
      fake_residual_functions, NULL };

__attribute__ ((constructor (101))) static void
fake_residual_register (void)
{
  __pathprof_init (&fake_residual_object);
}

/* A second object, of functions counted in arrays (pathprof-format.h,
   `tested`): f_split, a PPP function whose tested paths 2 and 5 are
   marked, and f_split_res, a RESIDUAL one.  Its name sorts after
   rt_prog's object, which the residual tests' dumps stop at.  */
static uint64_t fake_split_counters[10];
static const uint8_t fake_split_tested[2] = { 1u << 2 | 1u << 5, 0 };
static uint64_t fake_split_res_counters[4];

static struct pathprof_function fake_split_functions[] = {
  { .name = "f_split", .source_file = "split.c", .cfg_checksum = 0x77777777u,
    .storage = PATHPROF_STORAGE_PPP, .n_paths = 10,
    .counters = fake_split_counters, .tested = fake_split_tested },
  { .name = "f_split_res", .source_file = "split.c",
    .cfg_checksum = 0x88888888u, .storage = PATHPROF_STORAGE_RESIDUAL,
    .n_paths = 4, .counters = fake_split_res_counters },
};

static struct pathprof_object fake_split_object
  = { PATHPROF_ABI_VERSION, 2, "/fake/split.ppno", 0x0000cafeu, 0,
      fake_split_functions, NULL };

__attribute__ ((constructor (101))) static void
fake_split_register (void)
{
  __pathprof_init (&fake_split_object);
}

/* A third object: f_cached, a RESIDUAL function with a residual cache
   (pathprof-format.h, `path_cache`).  Its name sorts after the
   others.  */
#define FAKE_CACHE_SLOTS (1u << PATHPROF_RESIDUAL_CACHE_BITS)
static uint64_t fake_cache[2 * FAKE_CACHE_SLOTS];

static struct pathprof_function fake_cache_functions[] = {
  { .name = "f_cached", .source_file = "cache.c", .cfg_checksum = 0x99999999u,
    .storage = PATHPROF_STORAGE_RESIDUAL, .n_paths = 5000,
    .path_cache = fake_cache, .path_cache_bits = PATHPROF_RESIDUAL_CACHE_BITS },
};

static struct pathprof_object fake_cache_object
  = { PATHPROF_ABI_VERSION, 1, "/fake/zcache.ppno", 0x0000ca5eu, 0,
      fake_cache_functions, NULL };

__attribute__ ((constructor (101))) static void
fake_cache_register (void)
{
  __pathprof_init (&fake_cache_object);
}

/* What f_cached's instrumentation does at the end of path BL_ID.  */
static inline void
fake_cached_path_end (uint64_t bl_id, int atomic)
{
  fake_logged_path_end (&fake_cache_functions[0], bl_id, atomic);
}

/* What f_ppp's instrumentation does at the end of the path with PPP id
   PPP_ID and Ball-Larus id BL_ID.  */
static inline void
fake_ppp_path_end (uint64_t ppp_id, uint64_t bl_id)
{
  if (ppp_id < fake_ppp->n_slots && fake_slots[ppp_id].bl_id == bl_id)
    fake_slots[ppp_id].count++;
  else
    __pathprof_log_path (fake_ppp, bl_id);
}
