/* pathprof runtime tests: an LD_PRELOAD library that says which objects
 * are pinned.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * Interposes dlopen: a call with RTLD_NOLOAD (the runtime's pin of an
 * object whose hooks it runs) prints "pin BASENAME" on stderr; every
 * call goes on to the next dlopen.  Built without the runtime, so that
 * it has no copy of its own to pin.
 */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <string.h>
#include <unistd.h>

void *
dlopen (const char *name, int flags)
{
  void *(*next) (const char *, int);
  void *sym = dlsym (RTLD_NEXT, "dlopen");
  memcpy (&next, &sym, sizeof sym);
  if ((flags & RTLD_NOLOAD) && name)
    {
      const char *base = strrchr (name, '/');
      base = base ? base + 1 : name;
      char line[256] = "pin ";
      strncat (line, base, sizeof line - 6);
      strcat (line, "\n");
      if (write (2, line, strlen (line)) < 0)
        return NULL;
    }
  return next (name, flags);
}
