/* pathprof runtime: the pages of a counter array the process touched.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * A function counted in an array has a counter per Ball-Larus path, in
 * .bss: up to 2 MiB per function (array-threshold and
 * ppp-array-threshold, 262,144 paths by default), of which a run writes
 * a few pages.  Reading every counter when the profile is written (and
 * when a forked child or __pathprof_reset zeroes them) costs a page
 * fault per untouched page and a load per counter: for sqlite3's shell
 * (Ball-Larus build), 23 MB read and 20 million instructions at every
 * process exit, more than the run of a short command.
 *
 * A page of .bss that the process never wrote holds zeros.  Linux's
 * /proc/self/pagemap says, per page, whether it is present in memory or
 * swapped out; a page that is neither was never touched (not even read:
 * reading maps the shared zero page, which is present), so its counters
 * are zero and are skipped.  A written page is present or in swap (or
 * migrating, which pagemap reports as swapped), so no count is ever
 * skipped.  Where pagemap cannot be read (no /proc, another system, a
 * short read), every page counts as touched: the scan is then what it
 * was, never wrong.  Small arrays are scanned whole, which costs less
 * than asking.
 */
#define _GNU_SOURCE 1

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "runtime-internal.h"

/* Arrays of fewer bytes than this are scanned whole.  */
#define WHOLE_SCAN_BYTES (8u * 4096u)

/* pagemap entry bits (Documentation/admin-guide/mm/pagemap.rst).  */
#define PAGEMAP_PRESENT (1ull << 63)
#define PAGEMAP_SWAPPED (1ull << 62)

/* The page size, 0 until __pathprof_pages_setup.  */
static uint64_t page_size;

uint64_t
__pathprof_pages_setup (void)
{
  long page = sysconf (_SC_PAGESIZE);
  page_size = page > 0 ? (uint64_t) page : 4096;
  return page_size;
}

void
__pathprof_pages_open (struct pathprof_pages *p)
{
  p->fd = page_size ? -1 : -2; /* no page size: read everything */
  p->first = p->count = 0;
  p->page = page_size ? page_size : 4096;
}

void
__pathprof_pages_close (struct pathprof_pages *p)
{
  if (p->fd >= 0)
    close (p->fd);
  p->fd = -1;
}

/* Whether page PAGE (an index: address / page size) was touched; 1 when
   that cannot be told.  */
static int
page_touched (struct pathprof_pages *p, uint64_t page)
{
  if (page < p->first || page >= p->first + p->count)
    {
      if (p->fd == -1)
        {
          int saved = errno;
          p->fd = open ("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
          if (p->fd < 0)
            p->fd = -2; /* do not ask again */
          errno = saved;
        }
      if (p->fd < 0)
        return 1;
      int saved = errno;
      ssize_t got = pread (p->fd, p->entry, sizeof p->entry,
                           (off_t) (page * sizeof p->entry[0]));
      errno = saved;
      if (got < (ssize_t) sizeof p->entry[0])
        {
          /* Not readable after all: scan everything from now on.  */
          close (p->fd);
          p->fd = -2;
          p->count = 0;
          return 1;
        }
      p->first = page;
      p->count = (uint64_t) got / sizeof p->entry[0];
    }
  return (p->entry[page - p->first] & (PAGEMAP_PRESENT | PAGEMAP_SWAPPED))
         != 0;
}

uint64_t
__pathprof_touched_run (struct pathprof_pages *p, const uint64_t *c,
                        uint64_t from, uint64_t n, uint64_t *end)
{
  uintptr_t base = (uintptr_t) c;
  if (from >= n)
    return *end = n;
  if (n * sizeof *c < WHOLE_SCAN_BYTES)
    {
      *end = n;
      return from;
    }
  uint64_t page = (base + from * sizeof *c) / p->page;
  uint64_t last = (base + (n - 1) * sizeof *c) / p->page;
  while (page <= last && !page_touched (p, page))
    page++;
  if (page > last)
    return *end = n;
  /* The first counter on PAGE (counters are 8-byte aligned, pages a
     multiple of 8 bytes), not before FROM.  */
  uint64_t start = page * p->page > base
                       ? (page * p->page - base) / sizeof *c : 0;
  if (start < from)
    start = from;
  while (page <= last && page_touched (p, page))
    page++;
  uint64_t stop = page > last ? n : (page * p->page - base) / sizeof *c;
  *end = stop < n ? stop : n;
  return start;
}
