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
/* h is hash-stored: a path cache of 4 entries, then the path log.  */
static uint64_t h_cache[2 * 4];

static struct pathprof_function functions[] = {
  { .name = "f", .source_file = "t.c", .cfg_checksum = F_CHECKSUM,
    .storage = PATHPROF_STORAGE_ARRAY, .n_paths = 6, .counters = f_counters },
  { .name = "g", .source_file = "t.c", .cfg_checksum = 0x9c68fa27u,
    .storage = PATHPROF_STORAGE_ARRAY, .n_paths = 1, .counters = g_counters },
  { .name = "h", .source_file = "t.h", .cfg_checksum = 0x175e18afu,
    .storage = PATHPROF_STORAGE_HASH, .n_paths = 2, .path_cache = h_cache,
    .path_cache_bits = 2 },
#ifdef WITH_Z
  { .name = "z", .source_file = "z.c", .cfg_checksum = 0x12345678u,
    .storage = PATHPROF_STORAGE_ARRAY, .n_paths = 2, .counters = z_counters },
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
          case 'h':
            {
              /* What the instrumentation of a hashed function does.  */
              uint64_t e = PATHPROF_PATH_CACHE_SLOT (id, 2);
              if (h_cache[e] == id + 1)
                h_cache[4 + e]++;
              else
                __pathprof_log_path (&functions[2], id);
              break;
            }
          case 'z': z_counters[id]++; break;
          default: return 99;
          }
    }
  (void) z_counters;
  return 0;
}
