/* pathprof tool tests: writes a profile for the functions of t.ppno.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * A hand-written instrumented object matching tests/tool/t.ppno (same
 * stamp, names, checksums and path counts), linked with libpathprof, so
 * that the profile `pathprof show` reads is the one the runtime writes.
 * Arguments: triples FUNCTION ID N, counting path ID of FUNCTION (f, g,
 * h, or z: a function the notes do not have) N times.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pathprof-format.h"

#ifndef NOTES
#define NOTES "/fake/t.ppno"
#endif
#ifndef STAMP
#define STAMP 0x0badf00du
#endif
#ifndef F_CHECKSUM
#define F_CHECKSUM 0xb2ea3706u
#endif

static uint64_t f_counters[6], g_counters[1], z_counters[2];
static uint64_t h_keys[4], h_counts[4];
static struct pathprof_hash_table h_table = { 4, h_keys, h_counts, 0 };

static struct pathprof_function functions[] = {
  { "f", "t.c", F_CHECKSUM, PATHPROF_STORAGE_ARRAY, 6, f_counters, NULL,
    NULL, 0, NULL, 0 },
  { "g", "t.c", 0x9c68fa27u, PATHPROF_STORAGE_ARRAY, 1, g_counters, NULL,
    NULL, 0, NULL, 0 },
  { "h", "t.h", 0x175e18afu, PATHPROF_STORAGE_HASH, 2, NULL, &h_table,
    NULL, 0, NULL, 0 },
#ifdef WITH_Z
  { "z", "z.c", 0x12345678u, PATHPROF_STORAGE_ARRAY, 2, z_counters, NULL,
    NULL, 0, NULL, 0 },
#endif
};

static struct pathprof_object object
  = { PATHPROF_ABI_VERSION, sizeof functions / sizeof *functions, NOTES,
      STAMP, 0, functions, NULL };

__attribute__ ((constructor (101))) static void
reg (void)
{
  __pathprof_init (&object);
}

int
main (int argc, char **argv)
{
  for (int i = 1; i + 2 < argc; i += 3)
    {
      unsigned long id = strtoul (argv[i + 1], NULL, 0);
      unsigned long n = strtoul (argv[i + 2], NULL, 0);
      for (unsigned long k = 0; k < n; k++)
        switch (argv[i][0])
          {
          case 'f': f_counters[id]++; break;
          case 'g': g_counters[id]++; break;
          case 'h': __pathprof_hash_add (&h_table, id); break;
          case 'z': z_counters[id]++; break;
          default: return 99;
          }
    }
  (void) z_counters;
  return 0;
}
