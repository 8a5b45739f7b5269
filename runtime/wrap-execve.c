/* pathprof runtime: -Wl,--wrap=execve support.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * Linked with -Wl,--wrap=execve, the program's calls of execve() come here:
 * the counts are written first, since exec replaces the process without
 * running exit handlers (gcov's compiler-inserted __gcov_execve does the
 * same).  One archive member per wrapped function, so that wrapping one
 * does not leave the others' __real_ symbols undefined.
 */
#include <errno.h>

#include "pathprof.h"

int __real_execve (const char *path, char *const argv[], char *const envp[]);
int __wrap_execve (const char *path, char *const argv[], char *const envp[]);

int
__wrap_execve (const char *path, char *const argv[], char *const envp[])
{
  __pathprof_dump ();
  int ret = __real_execve (path, argv, envp);
  int e = errno;
  /* exec failed: the written counts must not be written again.  */
  __pathprof_reset ();
  errno = e;
  return ret;
}
