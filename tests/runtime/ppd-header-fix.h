/* pathprof tests: making a damaged profile's header consistent, for the
 * fuzzers of the .ppd reader (tests/runtime/fuzz_ppd.c, tests/fuzz/ppd.c).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * A mutation of a profile almost always breaks its CRCs, and the reader
 * stops there; with the header's payload size and both CRCs recomputed,
 * the mutation reaches the record decoder.
 */
#ifndef PATHPROF_PPD_HEADER_FIX_H
#define PATHPROF_PPD_HEADER_FIX_H

#include <stddef.h>
#include <stdint.h>

#include "ppd-io.h"

static inline void
put32 (unsigned char *p, uint32_t v)
{
  for (int i = 0; i < 4; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

static inline void
put64 (unsigned char *p, uint64_t v)
{
  put32 (p, (uint32_t) v);
  put32 (p + 4, (uint32_t) (v >> 32));
}

/* Makes the header of BUF[0..SIZE) consistent with its (mutated)
   payload: the payload size and both CRCs.  */
static inline void
fix_crcs (unsigned char *buf, size_t size)
{
  if (size < PATHPROF_PPD_HEADER_SIZE)
    return;
  put64 (buf + 16, size - PATHPROF_PPD_HEADER_SIZE);
  put32 (buf + 24, ppd_crc32 (0, buf + PATHPROF_PPD_HEADER_SIZE,
                              size - PATHPROF_PPD_HEADER_SIZE));
  put32 (buf + 28, ppd_crc32 (0, buf, 28));
}

#endif /* PATHPROF_PPD_HEADER_FIX_H */
