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
 * process exit, more than the run of a short command.  A preferential
 * function's slots are in .data (the plugin emits their Ball-Larus ids),
 * with the same cost.
 *
 * Every count the plugin emits is zero in the object file, and a page
 * that the process (or the parent it was forked from) never wrote still
 * holds what the file holds.  Linux's /proc/self/pagemap says, per page,
 * whether it is present in memory or swapped out, and whether a present
 * page is the file's own (a private mapping's page becomes anonymous when
 * it is first written):
 *   - neither present nor swapped: never touched, not even read (reading
 *     .bss maps the shared zero page, which is present);
 *   - present and the file's: read, never written (the loader and the
 *     kernel's fault-around map the .data pages around those read).
 * Either way its counts are zero, and it is skipped.  A written page is
 * present and anonymous, or in swap (or migrating, which pagemap reports
 * as swapped), so no count is ever skipped.  Where pagemap cannot be read
 * (no /proc, another system, a short read), every page counts as
 * touched: the scan is then what it was, never wrong.
 *
 * Small arrays are asked about too: asking costs a lookup in a window of
 * entries that one pread fills, and the arrays of a unit lie next to each
 * other; reading an untouched page costs a page fault.  pcre2 has
 * hundreds of functions with arrays of a few pages, most of them never
 * run by a given command: when arrays under 32 KiB were read whole, a
 * pcre2grep that matched nothing took 430 page faults, 170 of them in
 * reading those arrays at exit.  Several windows are kept, because a
 * function's slots (.data) and its arrays (.bss) are visited in turn:
 * with one, a forked pcre2 child read pagemap 43 times.
 */
#define _GNU_SOURCE 1

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "runtime-internal.h"

/* pagemap entry bits (Documentation/admin-guide/mm/pagemap.rst).  */
#define PAGEMAP_PRESENT (1ull << 63)
#define PAGEMAP_SWAPPED (1ull << 62)
#define PAGEMAP_FILE (1ull << 61) /* file page or shared anonymous */

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
  p->page = page_size ? page_size : 4096;
  p->clock = 0;
  p->last = 0;
  for (unsigned w = 0; w < PATHPROF_PAGES_WINDOWS; w++)
    p->window[w].count = p->window[w].used = 0;
}

void
__pathprof_pages_close (struct pathprof_pages *p)
{
  if (p->fd >= 0)
    close (p->fd);
  p->fd = -1;
}

/* Whether the pagemap entry E is that of a page that may hold a count
   (see above).  */
static int
may_hold_counts (uint64_t e)
{
  if (e & PAGEMAP_SWAPPED)
    return 1;
  return (e & PAGEMAP_PRESENT) && !(e & PAGEMAP_FILE);
}

/* Whether page PAGE (an index: address / page size) may hold a count; 1
   when that cannot be told.  */
static int
page_touched (struct pathprof_pages *p, uint64_t page)
{
  const uint64_t span = PATHPROF_PAGES_SPAN;
  uint64_t first = page - page % span;
  /* Most often the window of the page before.  */
  struct pathprof_pages_window *win = &p->window[p->last];
  if (win->count && win->first == first)
    return page - first >= win->count
           || may_hold_counts (win->entry[page - first]);
  struct pathprof_pages_window *lru = &p->window[0];
  for (unsigned w = 0; w < PATHPROF_PAGES_WINDOWS; w++)
    {
      win = &p->window[w];
      if (win->count && win->first == first)
        {
          win->used = ++p->clock;
          p->last = w;
          return page - first >= win->count
                 || may_hold_counts (win->entry[page - first]);
        }
      if (win->used < lru->used)
        lru = win;
    }
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
  /* Windows are aligned, so that arrays visited in any order within one
     cost one read.  */
  int saved = errno;
  ssize_t got = pread (p->fd, lru->entry, sizeof lru->entry,
                       (off_t) (first * sizeof lru->entry[0]));
  errno = saved;
  if (got < (ssize_t) sizeof lru->entry[0])
    {
      /* Not readable after all: scan everything from now on.  */
      close (p->fd);
      p->fd = -2;
      return 1;
    }
  lru->first = first;
  lru->count = (uint64_t) got / sizeof lru->entry[0];
  lru->used = ++p->clock;
  p->last = (unsigned) (lru - p->window);
  /* (A short read that stops before PAGE: it cannot be told.)  */
  return page - first >= lru->count
         || may_hold_counts (lru->entry[page - first]);
}

uint64_t
__pathprof_touched_run (struct pathprof_pages *p, const uint64_t *c,
                        uint64_t from, uint64_t n, uint64_t *end)
{
  uintptr_t base = (uintptr_t) c;
  if (from >= n)
    return *end = n;
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
