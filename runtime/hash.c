/* pathprof runtime: path counters in open-addressed hash tables.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * Functions with more paths than the plugin's array threshold count their
 * paths in a fixed-capacity table (struct pathprof_hash_table): keys[i] is
 * (path id + 1) with 0 for an empty slot, so a zero-initialized table in
 * .bss is empty.  Linear probing from a hash of the id.  The table never
 * grows (it is static data and growing would need allocation on a hot
 * path, possibly inside a signal handler); a path that finds every slot
 * taken by other paths is counted in `dropped`, so the loss is reported
 * rather than silent.  The probe walks the whole table before giving up:
 * "dropped" then means exactly "the table was full", which the tool can
 * check (dropped > 0 implies every slot holds a path).
 *
 * This file is its own archive member so that programs without hashed
 * functions do not pull it in.
 */
#include "mix64.h"
#include "pathprof-format.h"

/* Maps a 64-bit hash onto [0, cap) without a division where the compiler
   has 128-bit multiplication (Lemire's multiply-shift reduction; the
   capacity need not be a power of two).  */
static inline uint64_t
home_slot (uint64_t id, uint64_t cap)
{
#ifdef __SIZEOF_INT128__
  return (uint64_t) (((unsigned __int128) pathprof_mix64 (id) * cap) >> 64);
#else
  return pathprof_mix64 (id) % cap;
#endif
}

void
__pathprof_hash_add (struct pathprof_hash_table *table, uint64_t id)
{
  uint64_t key = id + 1;
  uint64_t cap = table->capacity;
  /* key == 0 only for id == UINT64_MAX, which no valid path has (n_paths
     fits in 64 bits, so ids are below UINT64_MAX): count it as lost
     rather than let it read as an empty slot.  */
  if (cap == 0 || key == 0)
    {
      table->dropped++;
      return;
    }
  uint64_t *keys = table->keys;
  uint64_t i = home_slot (id, cap);
  for (uint64_t n = 0; n < cap; n++)
    {
      uint64_t k = keys[i];
      if (k == key)
        {
          table->counts[i]++;
          return;
        }
      if (k == 0)
        {
          keys[i] = key;
          table->counts[i] = 1;
          return;
        }
      if (++i == cap)
        i = 0;
    }
  table->dropped++;
}

void
__pathprof_hash_add_atomic (struct pathprof_hash_table *table, uint64_t id)
{
  uint64_t key = id + 1;
  uint64_t cap = table->capacity;
  if (cap == 0 || key == 0)
    {
      __atomic_fetch_add (&table->dropped, 1, __ATOMIC_RELAXED);
      return;
    }
  uint64_t *keys = table->keys;
  uint64_t i = home_slot (id, cap);
  for (uint64_t n = 0; n < cap; n++)
    {
      uint64_t k = __atomic_load_n (&keys[i], __ATOMIC_RELAXED);
      if (k == 0)
        {
          /* Claim the empty slot.  Losing the race leaves in K the key
             that won, which may be ours (another thread counting the same
             path): then count here, else probe on.  Slots are never
             released while the program runs, so a claimed slot keeps its
             key and probing stays correct.  */
          if (__atomic_compare_exchange_n (&keys[i], &k, key, 0,
                                           __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            k = key;
        }
      if (k == key)
        {
          /* Relaxed is enough: the counts are only read at exit, after
             the writer has synchronized with the other threads through
             the exit path (or accepts a racy snapshot, see runtime.md).  */
          __atomic_fetch_add (&table->counts[i], 1, __ATOMIC_RELAXED);
          return;
        }
      if (++i == cap)
        i = 0;
    }
  __atomic_fetch_add (&table->dropped, 1, __ATOMIC_RELAXED);
}
