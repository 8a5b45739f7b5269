/* pathprof runtime tests: a hand-written instrumented object.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * What the plugin emits for one object, written out by hand so that the
 * runtime can be tested before (and independently of) the plugin.  One
 * array-stored function and two hash-stored ones; the test drives their
 * counters directly, the way instrumented code would.  Include in exactly
 * one file per executable or shared library, with FAKE_NOTES, FAKE_STAMP
 * FAKE_ARRAY_CHECKSUM and FAKE_ABI optionally predefined.
 */
#include <stddef.h>

#include "pathprof-format.h"

#ifndef FAKE_NOTES
#define FAKE_NOTES "/fake/rt_prog.ppno"
#endif
#ifndef FAKE_STAMP
#define FAKE_STAMP 0x5f3a9c21u
#endif
#ifndef FAKE_ARRAY_CHECKSUM
#define FAKE_ARRAY_CHECKSUM 0x11111111u
#endif
#ifndef FAKE_ABI
#define FAKE_ABI PATHPROF_ABI_VERSION
#endif

/* f_array: 8 paths in an array.  */
static uint64_t fake_counters[8];
/* f_hash: 10^6 paths in a table of 4 slots (fills up quickly).  */
static uint64_t fake_small_keys[4], fake_small_counts[4];
static struct pathprof_hash_table fake_small
  = { 4, fake_small_keys, fake_small_counts, 0 };
/* f_threads: a table of 8 slots counted with the atomic variant.  */
static uint64_t fake_mt_keys[8], fake_mt_counts[8];
static struct pathprof_hash_table fake_mt
  = { 8, fake_mt_keys, fake_mt_counts, 0 };

static struct pathprof_function fake_functions[] = {
  { "f_array", "fake.c", FAKE_ARRAY_CHECKSUM, PATHPROF_STORAGE_ARRAY, 8,
    fake_counters, NULL, NULL, 0, NULL, NULL, 0, NULL, 0 },
  { "f_hash", "fake.c", 0x22222222u, PATHPROF_STORAGE_HASH, 1000000, NULL,
    &fake_small, NULL, 0, NULL, NULL, 0, NULL, 0 },
  { "f_threads", "fake.c", 0x33333333u, PATHPROF_STORAGE_HASH, 1000, NULL,
    &fake_mt, NULL, 0, NULL, NULL, 0, NULL, 0 },
};

static struct pathprof_object fake_object
  = { FAKE_ABI, 3, FAKE_NOTES, FAKE_STAMP, 0, fake_functions, NULL };

/* An early priority (the plugin, like gcov, uses a reserved one): before
   the program's own constructors, so the exit handler is registered first
   and runs last.  */
__attribute__ ((constructor (101))) static void
fake_register (void)
{
  __pathprof_init (&fake_object);
}
