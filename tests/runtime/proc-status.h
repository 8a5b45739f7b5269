/* pathprof runtime tests: one field of /proc/self/status.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value in KiB of FIELD ("VmRSS", "VmPeak", ...) of this process's
   /proc/self/status, or -1 if it cannot be read.  */
static long
proc_status_kib (const char *field)
{
  FILE *f = fopen ("/proc/self/status", "r");
  char line[256];
  size_t n = strlen (field);
  long kib = -1;
  while (f && fgets (line, sizeof line, f))
    if (!strncmp (line, field, n) && line[n] == ':')
      kib = strtol (line + n + 1, NULL, 10);
  if (f)
    fclose (f);
  return kib;
}
