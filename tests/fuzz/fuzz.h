/* pathprof fuzz harnesses: what they share.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 */
#ifndef PATHPROF_FUZZ_H
#define PATHPROF_FUZZ_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* A property every input must have: a failure is a finding, reported by
   libFuzzer with the input that broke it.  */
#define CHECK(c)                                                           \
  do                                                                       \
    if (!(c))                                                              \
      {                                                                    \
        fprintf (stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,  \
                 #c);                                                      \
        abort ();                                                          \
      }                                                                    \
  while (0)

/* For the readers that take a file name: writes DATA to a file of this
   process (SUFFIX names its kind) and returns its name.  */
static inline const char *
fuzz_file (const unsigned char *data, size_t size, const char *suffix)
{
  static char path[4096];
  if (!path[0])
    {
      const char *dir = getenv ("TMPDIR");
      snprintf (path, sizeof path, "%s/pathprof-fuzz-%d%s",
                dir && *dir ? dir : "/tmp", (int) getpid (), suffix);
    }
  FILE *f = fopen (path, "wb");
  CHECK (f != NULL);
  CHECK (size == 0 || fwrite (data, 1, size, f) == size);
  CHECK (fclose (f) == 0);
  return path;
}

#endif /* PATHPROF_FUZZ_H */
