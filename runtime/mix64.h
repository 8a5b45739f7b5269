/* pathprof runtime: the hash of path ids.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * Not installed.  The probe order of path-log.c's open-addressed log.
 */
#ifndef PATHPROF_MIX64_H
#define PATHPROF_MIX64_H

#include <stdint.h>

/* murmur3's 64-bit finalizer: every input bit affects every output bit,
   so consecutive ids (the common case: one region of the id space is
   hot) spread over a table instead of forming one long probe run.  */
static inline uint64_t
pathprof_mix64 (uint64_t x)
{
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

#endif /* PATHPROF_MIX64_H */
