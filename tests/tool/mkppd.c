/* pathprof tool tests: writes a profile (.ppd) described in text.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 *   mkppd OUT.ppd < DESCRIPTION
 *
 * Hand-made fixtures for the reports of a preferential build (residual
 * lists, residual_dropped, several objects), written with the runtime's
 * own writer (runtime/ppd-io.c), so the tool reads exactly what the
 * runtime would write.  One record per line, '#' comments:
 *
 *   program PATH
 *   object NOTES_FILE STAMP RUNS
 *   function NAME SOURCE CHECKSUM STORAGE N_PATHS DROPPED RESIDUAL_DROPPED
 *   count ID N          (a counted path of the last function)
 *   residual ID N       (a residual path of the last function)
 *
 * Numbers are decimal or 0x hex; STORAGE is array, hash, ppp or residual.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ppd-io.h"

static int
fail (unsigned line, const char *what)
{
  fprintf (stderr, "mkppd: line %u: %s\n", line, what);
  return 1;
}

int
main (int argc, char **argv)
{
  static const char *const storages[] = PATHPROF_STORAGE_NAMES;
  struct ppd_profile p;
  struct ppd_object *o = NULL;
  struct ppd_function *f = NULL;
  char line[4096], a[1024], b[1024], s[64];
  unsigned lineno = 0;
  if (argc != 2)
    return fail (0, "usage: mkppd OUT.ppd < DESCRIPTION");
  ppd_profile_init (&p);
  while (fgets (line, sizeof line, stdin))
    {
      unsigned long long x, y, z, w;
      lineno++;
      if (line[0] == '#' || line[0] == '\n')
        continue;
      if (sscanf (line, "program %1023s", a) == 1)
        {
          if (ppd_set_program (&p, a))
            return fail (lineno, "out of memory");
        }
      else if (sscanf (line, "object %1023s %lli %lli", a, &x, &y) == 3)
        {
          if (f)
            ppd_function_finish (f);
          f = NULL;
          if (!(o = ppd_add_object (&p, a, (uint32_t) x, y)))
            return fail (lineno, "out of memory");
        }
      else if (sscanf (line, "function %1023s %1023s %lli %63s %lli %lli %lli",
                       a, b, &x, s, &y, &z, &w)
               == 7)
        {
          unsigned st = 0;
          while (st < 4 && strcmp (s, storages[st]) != 0)
            st++;
          if (!o || st == 4)
            return fail (lineno, "function before object, or bad storage");
          if (f)
            ppd_function_finish (f);
          if (!(f = ppd_add_function (o, a, b, (uint32_t) x, st, y, z)))
            return fail (lineno, "out of memory");
          f->residual_dropped = w;
        }
      else if (sscanf (line, "count %lli %lli", &x, &y) == 2 && f)
        {
          if (ppd_add_count (f, x, y))
            return fail (lineno, "out of memory");
        }
      else if (sscanf (line, "residual %lli %lli", &x, &y) == 2 && f)
        {
          if (ppd_add_residual (f, x, y))
            return fail (lineno, "out of memory");
        }
      else
        return fail (lineno, "bad record");
    }
  if (f)
    ppd_function_finish (f);
  ppd_sort (&p);
  char msg[PPD_MSG_SIZE];
  unsigned char *buf;
  size_t size;
  if (ppd_serialize (&p, &buf, &size, msg) != PPD_OK)
    return fail (0, msg);
  int fd = open (argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0)
    snprintf (msg, sizeof msg, "%s", strerror (errno));
  if (fd < 0 || ppd_write_fd (fd, buf, size, msg) != PPD_OK
      || close (fd) != 0)
    {
      fprintf (stderr, "mkppd: %s: %s\n", argv[1], msg);
      return 1;
    }
  free (buf);
  ppd_profile_free (&p);
  return 0;
}
