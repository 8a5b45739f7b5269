/* pathprof runtime: -Wl,--wrap=daemon support.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * Linked with -Wl,--wrap=daemon, the program's calls of daemon() come
 * here.  daemon forks and the parent _exits, so the counts the process
 * took before it would be lost: the child starts from zero, as after
 * every fork.  They are written first, as before an exec; whoever goes on
 * (the child, or the parent if daemon failed) zeroes what was written.
 * The plugin already does this around the daemon calls of the units it
 * compiles (plugin/exec-hooks.cc); the link option also covers the calls
 * of objects built without it (a second write is a no-op).
 */
#include "pathprof-format.h"

int __real_daemon (int nochdir, int noclose);
int __wrap_daemon (int nochdir, int noclose);

int
__wrap_daemon (int nochdir, int noclose)
{
  __pathprof_exec_prepare ();
  int ret = __real_daemon (nochdir, noclose);
  __pathprof_exec_failed ();
  return ret;
}
