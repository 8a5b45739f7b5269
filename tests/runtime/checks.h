/* pathprof runtime tests: counting checks in the C test programs.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * check (OK, WHAT) counts a check and prints "FAIL: WHAT" when it does
 * not hold; a program ends with "ok N checks" when FAILURES is 0.
 */
#ifndef PATHPROF_TEST_CHECKS_H
#define PATHPROF_TEST_CHECKS_H

#include <stdio.h>

static int checks, failures;

static void
check (int ok, const char *what)
{
  checks++;
  if (!ok)
    {
      failures++;
      printf ("FAIL: %s\n", what);
    }
}

#endif /* PATHPROF_TEST_CHECKS_H */
