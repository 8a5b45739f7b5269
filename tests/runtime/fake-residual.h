/* pathprof runtime tests: a hand-written object in preferential mode.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * What the plugin emits for an object built with an interesting-path
 * file (see fake-object.h for the plain one): a PPP function, whose slots
 * count its tested paths, and two unlisted functions, every path of which
 * is residual.  Include in one file per executable, after
 * pathprof-format.h.
 */
#include <stddef.h>

/* f_ppp: 20 Ball-Larus paths; PPP ids 0..3 have slots, which hold the
   tested paths 3, 7 and 12 (PPP id 1 is a hole).  */
static struct pathprof_ppp_slot fake_slots[4] = {
  { 3, 0 }, { PATHPROF_NO_PATH, 0 }, { 7, 0 }, { 12, 0 }
};

static struct pathprof_function fake_residual_functions[] = {
  { "f_ppp", "res.c", 0x44444444u, PATHPROF_STORAGE_PPP, 20, NULL, NULL,
    fake_slots, 4, NULL, NULL, 0, NULL, 0 },
  /* f_res: a large function (10^12 paths).  */
  { "f_res", "res.c", 0x55555555u, PATHPROF_STORAGE_RESIDUAL,
    1000000000000ull, NULL, NULL, NULL, 0, NULL, NULL, 0, NULL, 0 },
  /* f_tiny: 3 paths.  */
  { "f_tiny", "res.c", 0x66666666u, PATHPROF_STORAGE_RESIDUAL, 3, NULL, NULL,
    NULL, 0, NULL, NULL, 0, NULL, 0 },
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
  { "f_split", "split.c", 0x77777777u, PATHPROF_STORAGE_PPP, 10,
    fake_split_counters, NULL, NULL, 0, fake_split_tested, NULL, 0 },
  { "f_split_res", "split.c", 0x88888888u, PATHPROF_STORAGE_RESIDUAL, 4,
    fake_split_res_counters, NULL, NULL, 0, NULL, NULL, 0, NULL, 0 },
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
   (pathprof-format.h, `residual_cache`).  Its name sorts after the
   others.  */
#define FAKE_CACHE_SLOTS (1u << PATHPROF_RESIDUAL_CACHE_BITS)
static uint64_t fake_cache[2 * FAKE_CACHE_SLOTS];

static struct pathprof_function fake_cache_functions[] = {
  { "f_cached", "cache.c", 0x99999999u, PATHPROF_STORAGE_RESIDUAL, 5000,
    NULL, NULL, NULL, 0, NULL, fake_cache, PATHPROF_RESIDUAL_CACHE_BITS, NULL,
    0 },
};

static struct pathprof_object fake_cache_object
  = { PATHPROF_ABI_VERSION, 1, "/fake/zcache.ppno", 0x0000ca5eu, 0,
      fake_cache_functions, NULL };

__attribute__ ((constructor (101))) static void
fake_cache_register (void)
{
  __pathprof_init (&fake_cache_object);
}

/* What f_cached's instrumentation does at the end of path BL_ID: the
   inline probe of the cache (atomic: as with -fprofile-update=atomic),
   then the call.  */
static inline void
fake_cached_path_end (uint64_t bl_id, int atomic)
{
  uint64_t e
    = PATHPROF_RESIDUAL_CACHE_SLOT (bl_id, PATHPROF_RESIDUAL_CACHE_BITS);
  if (fake_cache[e] == bl_id + 1)
    {
      if (atomic)
        __atomic_fetch_add (&fake_cache[FAKE_CACHE_SLOTS + e], 1,
                            __ATOMIC_RELAXED);
      else
        fake_cache[FAKE_CACHE_SLOTS + e]++;
    }
  else
    __pathprof_residual (&fake_cache_functions[0], bl_id);
}

/* What f_ppp's instrumentation does at the end of the path with PPP id
   PPP_ID and Ball-Larus id BL_ID.  */
static inline void
fake_ppp_path_end (uint64_t ppp_id, uint64_t bl_id)
{
  if (ppp_id < fake_ppp->n_slots && fake_slots[ppp_id].bl_id == bl_id)
    fake_slots[ppp_id].count++;
  else
    __pathprof_residual (fake_ppp, bl_id);
}
