/* pathprof fuzz harnesses: the tool's message functions (tool/main.c),
 * for the readers of tool/ linked without it.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * Messages are formatted (so that a bad format argument is found) and
 * counted, not printed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "tool.h"

unsigned long fuzz_messages;

void
tool_error (const char *fmt, ...)
{
  char buf[1024];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  fuzz_messages++;
}

void
tool_out_of_memory (void)
{
  abort ();
}
