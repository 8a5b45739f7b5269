/* pathprof tool: reading whole-program path traces (.ppt,
 * specs/trace-format.md).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef PATHPROF_TOOL_TRACE_H
#define PATHPROF_TOOL_TRACE_H

#include <stdint.h>
#include <stdio.h>

/* One object of a trace (an OBJT record).  */
struct trace_object
{
  char *notes_file;
  uint32_t stamp, base, n_functions;
  char **names;            /* by descriptor index */
};

/* What the reader reports, in file order.  Each returns 0 to go on, or
   -1 to stop (the reader then returns -1 without a message of its own).
   EVENT gets one event of thread THREAD: KIND is PATHPROF_PPT_*, VALUE
   its value (REPEAT and RESUME are both kind EXTENDED).  */
struct trace_sink
{
  void *arg;
  int (*object) (void *arg, const struct trace_object *o);
  int (*fork) (void *arg, uint64_t parent);
  int (*event) (void *arg, uint32_t thread, unsigned kind, uint64_t value);
};

/* Reads the trace file PATH, reporting to SINK.  0; -1 after a message
   "pathprof: PATH: ..." (a file that is no trace, damaged or truncated:
   the reader stops at the first problem, naming its offset).  */
int trace_read (const char *path, const struct trace_sink *sink);

#endif /* PATHPROF_TOOL_TRACE_H */
