/* pathprof runtime tests: resetting a large array or a large table of
 * slots leaves its untouched pages alone.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * One function counted in an array of 2^21 counters (16 MiB of .bss, as a
 * preferential build's arrays are, only much larger), two of whose paths
 * ran.  A forked child starts with zero counts, and so does the parent
 * after __pathprof_reset; neither may make the array resident to get
 * there (a memset would: 16 MiB more in every child).  Likewise a PPP
 * function's 2^17 slots (2 MiB of .data, whose Ball-Larus ids the plugin
 * emits; a store to every count would copy every page in every child).
 * Prints the counts each process sees and whether its resident set grew
 * by less than 1 MiB (half the slots' size); the profile holds the
 * child's counts plus the parent's after its reset.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pathprof.h"
#include "pathprof-format.h"
#include "proc-status.h"

#define BIG_PATHS (1u << 21)

static uint64_t big_counters[BIG_PATHS];

#define BIG_SLOTS (1u << 17)

/* Initialized, so in .data as the plugin's are: slot 7 holds tested path
   70, the last slot path 99; the others hold path 0 and are never
   counted.  */
static struct pathprof_ppp_slot big_slots[BIG_SLOTS]
    = { [7] = { 70, 0 }, [BIG_SLOTS - 1] = { 99, 0 } };

static struct pathprof_function big_functions[] = {
  { .name = "f_big", .source_file = "big.c", .cfg_checksum = 0x99999999u,
    .storage = PATHPROF_STORAGE_ARRAY, .n_paths = BIG_PATHS,
    .counters = big_counters },
  { .name = "f_slots", .source_file = "big.c", .cfg_checksum = 0xaaaaaaaau,
    .storage = PATHPROF_STORAGE_PPP, .n_paths = 100, .slots = big_slots,
    .n_slots = BIG_SLOTS },
};

static struct pathprof_object big_object
  = { PATHPROF_ABI_VERSION, 2, "/fake/rt_big.ppno", 0x0b160b16u, 0,
      big_functions, NULL };

__attribute__ ((constructor (101))) static void
big_register (void)
{
  __pathprof_init (&big_object);
}

static void
report (const char *who, long before)
{
  long grew = proc_status_kib ("VmRSS") - before;
  printf ("%s: counts %llu %llu, slots %llu %llu, resident growth %s\n",
          who, (unsigned long long) big_counters[7],
          (unsigned long long) big_counters[BIG_PATHS - 1],
          (unsigned long long) big_slots[7].count,
          (unsigned long long) big_slots[BIG_SLOTS - 1].count,
          before >= 0 && grew < 1024 ? "under 1 MiB" : "1 MiB or more");
}

int
main (void)
{
  /* Two paths ran, at both ends of the array.  */
  big_counters[7] += 3;
  big_counters[BIG_PATHS - 1] += 2;
  big_slots[7].count += 4;
  big_slots[BIG_SLOTS - 1].count += 6;
  fflush (stdout);
  long before = proc_status_kib ("VmRSS");
  pid_t pid = fork ();
  if (pid < 0)
    return 99;
  if (pid == 0)
    {
      report ("child after fork", before);
      big_counters[7] += 1;
      big_slots[7].count += 1;
      return 0;
    }
  int st;
  if (waitpid (pid, &st, 0) != pid || !WIFEXITED (st) || WEXITSTATUS (st))
    return 98;
  report ("parent before reset", before);
  before = proc_status_kib ("VmRSS");
  __pathprof_reset ();
  report ("parent after reset", before);
  big_counters[BIG_PATHS - 1] += 5;
  big_slots[BIG_SLOTS - 1].count += 8;
  return 0;
}
