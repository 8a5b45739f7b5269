/* pathprof tool: the files it writes (-o OUT).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An output replaces its file only once all of it is written: it goes to
 * OUT.tmpPID next to the file, which is renamed over it at the end, so a
 * write that fails (a full disk, a file size limit) leaves the old file
 * as it was, never a partial one, and never deletes it.  A symbolic link
 * is followed and the file it points to replaced, the link kept (as the
 * runtime does with profiles).  A name that exists and is not a regular
 * file (/dev/stdout, a FIFO, a terminal, /dev/null) is written in place:
 * it cannot be replaced, and must not be.  So is a file in a directory
 * where no temporary file can be made (one the user may not write to):
 * then a failed write leaves it partial, as it would any tool's.
 */
#define _GNU_SOURCE 1

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output.h"
#include "ppd-io.h"
#include "tool.h"

static void
reset (struct tool_output *o)
{
  free (o->target);
  free (o->tmp);
  o->target = o->tmp = NULL;
  o->f = NULL;
}

int
tool_output_open (struct tool_output *o, const char *name)
{
  struct stat st;
  memset (o, 0, sizeof *o);
  o->name = name;
  if (stat (name, &st) == 0 && !S_ISREG (st.st_mode))
    {
      /* In place.  A directory fails here with EISDIR.  */
      o->f = fopen (name, "w");
      if (!o->f)
        {
          tool_error ("%s: cannot open: %s", name, strerror (errno));
          return 1;
        }
      return 0;
    }
  o->target = ppd_resolve_link (name);
  if (!o->target
      || asprintf (&o->tmp, "%s.tmp%ld", o->target, (long) getpid ()) < 0)
    {
      o->tmp = NULL;
      tool_out_of_memory ();
    }
  /* Still a link after following 40: a loop, which the rename would
     replace.  */
  if (lstat (o->target, &st) == 0 && S_ISLNK (st.st_mode))
    {
      tool_error ("%s: cannot open: %s", name, strerror (ELOOP));
      reset (o);
      return 1;
    }
  /* O_EXCL: never write through a link or a file someone else made
     there; one left by a killed run of the same process id goes.  */
  int fd = open (o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0 && errno == EEXIST && unlink (o->tmp) == 0)
    fd = open (o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0 && (errno == EACCES || errno == EPERM || errno == EROFS))
    {
      free (o->tmp);
      o->tmp = NULL;
      o->f = fopen (name, "w");
      if (o->f)
        return 0;
    }
  if (fd < 0 || !o->tmp)
    {
      tool_error ("%s: cannot open: %s", name, strerror (errno));
      reset (o);
      return 1;
    }
  /* A file replaced keeps its permissions, owner and group.  */
  if (stat (o->target, &st) == 0)
    ppd_take_attributes (fd, &st);
  o->f = fdopen (fd, "w");
  if (!o->f)
    {
      tool_error ("%s: cannot open: %s", name, strerror (errno));
      close (fd);
      unlink (o->tmp);
      reset (o);
      return 1;
    }
  return 0;
}

int
tool_output_close (struct tool_output *o)
{
  int failed = fflush (o->f) != 0 || ferror (o->f);
  int err = errno;
  /* fsync: the rename must not make a file whose blocks are not written
     yet replace a complete one (EINVAL: a file that cannot be synced).  */
  if (!failed && o->tmp && fsync (fileno (o->f)) != 0 && errno != EINVAL)
    failed = 1, err = errno;
  if (fclose (o->f) != 0 && !failed)
    failed = 1, err = errno;
  if (!failed && o->tmp && rename (o->tmp, o->target) != 0)
    failed = 1, err = errno;
  if (failed)
    {
      tool_error ("%s: write error: %s", o->name, strerror (err));
      if (o->tmp)
        unlink (o->tmp);
    }
  reset (o);
  return failed;
}

void
tool_output_discard (struct tool_output *o)
{
  fclose (o->f);
  if (o->tmp)
    unlink (o->tmp);
  reset (o);
}
