/* make bench: the CPU time of the build's own processes in a timed run
 * (scripts/bench/README, "Runs").
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The recipe's shell, its helpers (sed, cp, cmp, md5sum) and libtool's
 * wrapper scripts cost the same in every variant, and on a slow machine
 * more than some programs' own work: pcre2's quick workload ran 0.42 s of
 * CPU, of which its three pcre2grep processes used 0.056 s.  Timing all of
 * them would dilute every ratio towards 1.  Loaded into every process of
 * the run as an rtld-audit module (LD_AUDIT, rtld-audit(7)), this module
 * appends, as the process ends, the user and system time the process
 * (all its threads) used since its executable was loaded to the file
 * $PATHPROF_BENCH_CPU_LOG when the executable is under the directory
 * $PATHPROF_BENCH_CPU_ROOT, one line "USER_US SYSTEM_US EXE".
 *
 * Why an audit module, not a preloaded library's destructor: the dynamic
 * linker runs a preloaded library's destructors before those of the
 * libraries the program needs, and gcov and pathprof write the profiles
 * of a shared library (xz's liblzma, pcre2's libpcre2-8) in that
 * library's destructors, which a user pays for.  The dynamic linker
 * tells an audit module of each object it closes after the object's
 * destructors ran (la_objclose), and it closes itself last: the
 * measurement is taken there.
 * Since exec keeps a process's CPU time, the time used before the
 * executable was loaded (libtool's wrapper script, which execs the real
 * program) is taken off: a baseline is read when the module is loaded.
 * A process that ends by _exit or a signal is not counted; bench.py
 * checks that every variant's run counts as many processes as the
 * uninstrumented build's.
 */

#define _GNU_SOURCE
#include <fcntl.h>
#include <link.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/resource.h>
#include <unistd.h>

static int metered;          /* the executable is under the root */
static char exe[PATH_MAX];   /* the executable, when metered */
static struct rusage baseline;

static long long
micro (struct timeval t)
{
  return (long long) t.tv_sec * 1000000 + t.tv_usec;
}

static void
report (void)
{
  const char *log = getenv ("PATHPROF_BENCH_CPU_LOG");
  struct rusage ru;
  if (!log || getrusage (RUSAGE_SELF, &ru) != 0)
    return;
  char line[PATH_MAX + 64];
  int len = snprintf (line, sizeof line, "%lld %lld %s\n",
                      micro (ru.ru_utime) - micro (baseline.ru_utime),
                      micro (ru.ru_stime) - micro (baseline.ru_stime), exe);
  if (len <= 0 || (size_t) len >= sizeof line)
    return;
  /* One write with O_APPEND: the lines of processes that end at once do
     not mix.  */
  int fd = open (log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return;
  ssize_t w = write (fd, line, (size_t) len);
  (void) w;
  close (fd);
}

unsigned int
la_version (unsigned int version)
{
  const char *root = getenv ("PATHPROF_BENCH_CPU_ROOT");
  ssize_t n = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  if (root && *root && n > 0)
    {
      size_t r = strlen (root);
      exe[n] = '\0';
      metered = strncmp (exe, root, r) == 0 && exe[r] == '/'
                && getrusage (RUSAGE_SELF, &baseline) == 0;
    }
  /* (LAV_CURRENT: the version this module was built for; the dynamic
     linker refuses a module whose version it does not know.)  */
  (void) version;
  return LAV_CURRENT;
}

unsigned int
la_objopen (struct link_map *map, Lmid_t lmid, uintptr_t *cookie)
{
  (void) lmid;
  *cookie = (uintptr_t) map;
  return 0; /* no symbol bindings to audit */
}

/* The dynamic linker itself (loaded at AT_BASE) is the last object
   closed.  */
unsigned int
la_objclose (uintptr_t *cookie)
{
  const struct link_map *map = (const struct link_map *) *cookie;
  if (metered && map->l_addr == getauxval (AT_BASE))
    report ();
  return 0;
}
