/* pathprof fuzz harness: the tool's trace reader.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * trace_read (which takes a file name) on any bytes, its records handed
 * to sinks that read every name they are given: an error comes with a
 * message.
 */
#define _GNU_SOURCE 1
#include <string.h>

#include "fuzz.h"
#include "trace.h"

extern unsigned long fuzz_messages; /* stubs.c */

static int
on_object (void *arg, const struct trace_object *o)
{
  (void) arg;
  size_t n = strlen (o->notes_file);
  for (uint32_t i = 0; i < o->n_functions; i++)
    n += strlen (o->names[i]);
  return n > ((size_t) 1 << 30) ? -1 : 0;
}

static int
on_fork (void *arg, uint64_t parent)
{
  (void) arg;
  (void) parent;
  return 0;
}

static int
on_event (void *arg, uint32_t thread, unsigned kind, uint64_t value)
{
  (void) arg;
  (void) thread;
  (void) kind;
  (void) value;
  return 0;
}

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
  struct trace_sink sink = { NULL, on_object, on_fork, on_event };
  unsigned long before = fuzz_messages;
  if (trace_read (fuzz_file (data, size, ".ppt"), &sink) != 0)
    CHECK (fuzz_messages > before);
  return 0;
}
