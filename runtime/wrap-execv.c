/* pathprof runtime: -Wl,--wrap=execv support.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * Linked with -Wl,--wrap=execv, the program's calls of execv() come here:
 * the counts are written first, since exec replaces the process without
 * running exit handlers.  The plugin already does this around the exec
 * calls of the units it compiles (plugin/exec-hooks.cc, as gcov wraps
 * them); the link option also covers the calls of objects built without
 * it and calls through pointers (a second write is a no-op).  One archive
 * member per wrapped function, so that wrapping one does not leave the
 * others' __real_ symbols undefined.
 */
#include "pathprof-format.h"

int __real_execv (const char *path, char *const argv[]);
int __wrap_execv (const char *path, char *const argv[]);

int
__wrap_execv (const char *path, char *const argv[])
{
  __pathprof_exec_prepare ();
  int ret = __real_execv (path, argv);
  /* exec failed: the written counts must not be written again.  */
  __pathprof_exec_failed ();
  return ret;
}
