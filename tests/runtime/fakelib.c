/* pathprof runtime tests: an instrumented shared library (dlopen'ed).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * Linked with its own copy of libpathprof (hidden symbols): its counts are
 * written when it is dlclose'd, into the same profile file as the
 * program's, under its own object record.
 */
#define FAKE_NOTES "/fake/fakelib.ppno"
#define FAKE_STAMP 0x0000abcdu
#include "fake-object.h"

__attribute__ ((visibility ("default"))) void fakelib_count (unsigned long n);

void
fakelib_count (unsigned long n)
{
  for (unsigned long i = 0; i < n; i++)
    fake_counters[5]++;
}
