/* pathprof tool: reading whole-program path traces (trace.h).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A trace is read record by record, never whole (they can be large):
 * events are decoded as their records come, so memory stays bounded by
 * the largest record (a runtime buffer, 1 MiB).  Every length is checked
 * against what is left; a damaged file is reported with the offset of
 * the record at fault, never misread.
 */
#define _GNU_SOURCE 1

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pathprof-format.h"
#include "tool.h"
#include "trace.h"

static uint32_t
get32 (const unsigned char *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16
         | (uint32_t) p[3] << 24;
}

static uint64_t
get64 (const unsigned char *p)
{
  return (uint64_t) get32 (p) | (uint64_t) get32 (p + 4) << 32;
}

/* A string at *POS in BODY[0..N): malloc'd, or NULL if it overruns.  */
static char *
get_string (const unsigned char *body, size_t n, size_t *pos)
{
  if (n - *pos < 4)
    return NULL;
  uint32_t len = get32 (body + *pos);
  if (n - *pos - 4 < len)
    return NULL;
  char *s = malloc (len + 1);
  if (!s)
    {
      tool_error ("out of memory");
      exit (1);
    }
  memcpy (s, body + *pos + 4, len);
  s[len] = 0;
  *pos += 4 + len;
  return s;
}

static int
read_object (const unsigned char *body, size_t n,
             const struct trace_sink *sink)
{
  struct trace_object o;
  memset (&o, 0, sizeof o);
  if (n < 12)
    return -1;
  o.base = get32 (body);
  o.n_functions = get32 (body + 4);
  o.stamp = get32 (body + 8);
  size_t pos = 12;
  int ret = -1;
  if (!(o.notes_file = get_string (body, n, &pos)))
    goto out;
  /* Each name takes at least 4 bytes: a count beyond that is damage.  */
  if (o.n_functions > (n - pos) / 4)
    goto out;
  o.names = calloc (o.n_functions + 1, sizeof *o.names);
  if (!o.names)
    {
      tool_error ("out of memory");
      exit (1);
    }
  for (uint32_t i = 0; i < o.n_functions; i++)
    if (!(o.names[i] = get_string (body, n, &pos)))
      goto out;
  if (pos != n)
    goto out;
  ret = sink->object (sink->arg, &o) ? -2 : 0;
out:
  for (uint32_t i = 0; o.names && i < o.n_functions; i++)
    free (o.names[i]);
  free (o.names);
  free (o.notes_file);
  return ret;
}

/* Decodes the events of BODY[0..N).  -1 if one is cut short.  */
static int
read_events (const unsigned char *body, size_t n, uint32_t thread,
             const struct trace_sink *sink)
{
  size_t i = 0;
  while (i < n)
    {
      unsigned char b = body[i++];
      unsigned kind = b & 3;
      uint64_t value = (b >> 2) & 0x1f;
      unsigned shift = 5;
      while (b & 0x80)
        {
          if (i == n || shift > 63)
            return -1;
          b = body[i++];
          value |= (uint64_t) (b & 0x7f) << shift;
          shift += 7;
        }
      if (sink->event (sink->arg, thread, kind, value))
        return -2;
    }
  return 0;
}

int
trace_read (const char *path, const struct trace_sink *sink)
{
  FILE *f = fopen (path, "rb");
  if (!f)
    {
      tool_error ("%s: cannot open: %s", path, strerror (errno));
      return -1;
    }
  /* A regular file's size bounds every record: a damaged size field is
     then "truncated" at once, not a buffer of up to 1 GiB first.  */
  struct stat st;
  long long file_size
      = fstat (fileno (f), &st) == 0 && S_ISREG (st.st_mode)
            ? (long long) st.st_size
            : -1;
  unsigned char head[16];
  unsigned char *body = NULL;
  size_t cap = 0;
  int ret = -1;
  long offset = 0;
  if (fread (head, 1, PATHPROF_PPT_MAGIC_SIZE + 8, f)
        != PATHPROF_PPT_MAGIC_SIZE + 8
      || memcmp (head, PATHPROF_PPT_MAGIC, PATHPROF_PPT_MAGIC_SIZE) != 0)
    {
      tool_error ("%s: not a pathprof trace", path);
      goto out;
    }
  if (get32 (head + PATHPROF_PPT_MAGIC_SIZE) != PATHPROF_PPT_VERSION)
    {
      tool_error ("%s: unsupported trace version %u (this reader supports "
                  "%u)",
                  path, (unsigned) get32 (head + PATHPROF_PPT_MAGIC_SIZE),
                  PATHPROF_PPT_VERSION);
      goto out;
    }
  offset = PATHPROF_PPT_MAGIC_SIZE + 8;
  for (;;)
    {
      size_t got = fread (head, 1, 16, f);
      if (got == 0 && feof (f))
        break;
      if (got != 16)
        {
          tool_error ("%s: truncated record header at offset %ld", path,
                      offset);
          goto out;
        }
      uint32_t tag = get32 (head), thread = get32 (head + 4);
      uint64_t n = get64 (head + 8);
      if (n > (1u << 30))
        {
          tool_error ("%s: record at offset %ld: size %llu is not "
                      "plausible",
                      path, offset, (unsigned long long) n);
          goto out;
        }
      if (file_size >= 0 && (long long) n > file_size - offset - 16)
        {
          tool_error ("%s: record at offset %ld is truncated", path, offset);
          goto out;
        }
      if (n > cap)
        {
          cap = n;
          free (body);
          body = malloc (cap);
          if (!body)
            {
              tool_error ("out of memory");
              exit (1);
            }
        }
      if (fread (body, 1, n, f) != n)
        {
          tool_error ("%s: record at offset %ld is truncated", path, offset);
          goto out;
        }
      int r = 0;
      if (tag == PATHPROF_PPT_TAG_OBJECT)
        r = read_object (body, n, sink);
      else if (tag == PATHPROF_PPT_TAG_EVENTS)
        r = read_events (body, n, thread, sink);
      else if (tag == PATHPROF_PPT_TAG_FORK)
        {
          if (n != 8)
            {
              tool_error ("%s: record at offset %ld: FORK record of %llu "
                          "bytes, expected 8",
                          path, offset, (unsigned long long) n);
              goto out;
            }
          r = sink->fork (sink->arg, get64 (body)) ? -2 : 0;
        }
      else
        {
          tool_error ("%s: record at offset %ld: unknown tag 0x%08x", path,
                      offset, (unsigned) tag);
          goto out;
        }
      if (r == -2)
        goto out;
      if (r)
        {
          tool_error ("%s: record at offset %ld is malformed", path, offset);
          goto out;
        }
      offset += 16 + (long) n;
    }
  if (ferror (f))
    tool_error ("%s: cannot read: %s", path, strerror (errno));
  else
    ret = 0;
out:
  free (body);
  fclose (f);
  return ret;
}
