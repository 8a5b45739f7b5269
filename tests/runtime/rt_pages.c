/* pathprof runtime tests: the runs of touched pages of a counter array
 * (runtime/touched.c).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * An 8 MiB array in .bss with counters written at chosen places (both
 * ends, page boundaries, a lone page in the middle): the runs that
 * __pathprof_touched_run gives must hold every written counter, from any
 * starting index; where /proc/self/pagemap is readable they must skip
 * the untouched pages (no more counters than the written pages hold);
 * where it is not (made unusable by hand), they must be the whole array.
 * A 16 KiB array with one counter written: that counter, and where
 * pagemap is readable not the whole array.  An array in .data, every page
 * of it read and one counter written: only that counter's page, although
 * its first page holds a non-zero word of the file (a page read but never
 * written holds what the file holds, where the plugin's counts are zero).
 * Prints "ok N checks", or the failures.
 */
#include <stdio.h>
#include <unistd.h>

#include "runtime-internal.h"
#include "checks.h"

#define BIG (1u << 20)

static uint64_t big[BIG];
static uint64_t small[2048];
#define DATA_WORDS 32768
static uint64_t data_words[DATA_WORDS] __attribute__ ((aligned (65536)))
    = { [0] = 0x1234 };


/* Visits the runs of C[0..N) from FROM: the counters visited; *FOUND
   the non-zero ones among them.  (Reading a counter outside the runs
   would map its page and make it "touched".)  */
static uint64_t
visit (struct pathprof_pages *p, const uint64_t *c, uint64_t from,
       uint64_t n, uint64_t *found)
{
  uint64_t visited = 0, end;
  *found = 0;
  for (uint64_t i = __pathprof_touched_run (p, c, from, n, &end); i < n;
       i = __pathprof_touched_run (p, c, end, n, &end))
    {
      if (i < from || end > n || i >= end)
        {
          printf ("FAIL: a run [%llu, %llu) outside [%llu, %llu)\n",
                  (unsigned long long) i, (unsigned long long) end,
                  (unsigned long long) from, (unsigned long long) n);
          failures++;
          return visited;
        }
      for (; i < end; i++)
        {
          visited++;
          *found += c[i] != 0;
        }
    }
  return visited;
}

int
main (void)
{
  long page = sysconf (_SC_PAGESIZE);
  uint64_t per_page = (uint64_t) (page > 0 ? page : 4096) / sizeof big[0];
  static const uint64_t at[] = { 0, 1, 511, 512, 4095, 4096, 300001,
                                 BIG / 2, BIG - 513, BIG - 1 };
  for (unsigned k = 0; k < sizeof at / sizeof *at; k++)
    big[at[k]] = k + 1;
  small[2047] = 7;

  struct pathprof_pages p;
  __pathprof_pages_setup ();
  __pathprof_pages_open (&p);
  uint64_t found;
  static const uint64_t from[] = { 0, 1, 512, 4096, 300000, 300002,
                                   BIG - 1 };
  for (unsigned k = 0; k < sizeof from / sizeof *from; k++)
    {
      unsigned written = 0;
      for (unsigned j = 0; j < sizeof at / sizeof *at; j++)
        written += at[j] >= from[k];
      uint64_t v = visit (&p, big, from[k], BIG, &found);
      char what[96];
      snprintf (what, sizeof what, "from %llu: the %u written counters",
                (unsigned long long) from[k], written);
      check (found == written, what);
      if (k == 0 && p.fd >= 0)
        {
          /* Each written counter is on one page, read whole.  */
          uint64_t most = (sizeof at / sizeof *at) * per_page;
          snprintf (what, sizeof what,
                    "pagemap: %llu counters read, at most %llu",
                    (unsigned long long) v, (unsigned long long) most);
          check (v <= most, what);
        }
    }
  uint64_t v = visit (&p, small, 0, 2048, &found);
  check (found == 1, "a 16 KiB array: its written counter");
  if (p.fd >= 0)
    {
      /* Its last page, and its first if it shares that page with
         something written (big's last counter).  */
      char what[96];
      snprintf (what, sizeof what,
                "a 16 KiB array: %llu counters read, at most %llu",
                (unsigned long long) v, (unsigned long long) (2 * per_page));
      check (v <= 2 * per_page, what);
    }
  check (visit (&p, big, BIG, BIG, &found) == 0, "from the end: nothing");
  volatile uint64_t sum = 0;
  for (unsigned i = 0; i < DATA_WORDS; i++)
    sum += data_words[i];
  data_words[DATA_WORDS / 2] = 5;
  /* A walk reads pagemap once per window: a new one, after the writes.  */
  __pathprof_pages_close (&p);
  __pathprof_pages_open (&p);
  v = visit (&p, data_words, 0, DATA_WORDS, &found);
  if (p.fd >= 0)
    {
      char what[96];
      snprintf (what, sizeof what,
                ".data read, one page written: %llu counters read, %llu of "
                "them non-zero, expected %llu and 1",
                (unsigned long long) v, (unsigned long long) found,
                (unsigned long long) per_page);
      check (v == per_page && found == 1, what);
    }
  else
    check (found == 2, ".data without pagemap: the file's word and the "
                       "written counter");
  int had_pagemap = p.fd >= 0;
  __pathprof_pages_close (&p);

  /* Without pagemap: every page counts as touched.  */
  __pathprof_pages_open (&p);
  p.fd = -2;
  check (visit (&p, big, 0, BIG, &found) == BIG && found == 10,
         "without pagemap: the whole array");
  check (visit (&p, big, 300000, BIG, &found) == BIG - 300000 && found == 4,
         "without pagemap: the whole array from an index");
  __pathprof_pages_close (&p);

  if (failures)
    return 1;
  printf ("ok %d checks%s\n", checks,
          had_pagemap ? "" : " (no /proc/self/pagemap here)");
  return 0;
}
