/* pathprof IPPP tests: the block trace of the original program.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Linked, with libpathprof, into the programs built with the plugin's
 * `trace` argument in a trace build (wpp) or an IPPP build (ipps=FILE):
 * the pre-pass then calls these before inlining, so that inlined copies
 * call them as the original functions would (plugin/ipa.cc).  Each
 * process writes $PPT_TRACE_DIR/trace.PID.txt:
 *
 *   E INV SOURCE NAME SELF   an invocation of NAME (defined in SOURCE)
 *                            starts; SELF is the function's address
 *   N INV NODE               invocation INV enters subpath node NODE
 *   S INV SITE CALLEE        invocation INV calls at call site SITE the
 *                            function at address CALLEE
 *
 * which tests/ippp/oracle.py replays, independently of the profile, to
 * rebuild every segment the program ran.  One thread only (the oracle
 * links calls to entries in order); strings have no blanks.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static FILE *trace;
static uint64_t invocations;

static void
flush_trace (void)
{
  if (trace)
    fflush (trace);
}

static FILE *
open_trace (void)
{
  static char buf[1 << 16];
  if (trace)
    return trace;
  const char *dir = getenv ("PPT_TRACE_DIR");
  char name[4096];
  snprintf (name, sizeof name, "%s/trace.%ld.txt", dir ? dir : ".",
            (long) getpid ());
  trace = fopen (dir ? name : "/dev/null", "w");
  if (!trace)
    abort ();
  setvbuf (trace, buf, _IOFBF, sizeof buf);
  atexit (flush_trace);
  return trace;
}

uint64_t
__pathprof_trace_fn (const char *name, const char *source, const void *self)
{
  uint64_t inv = ++invocations;
  fprintf (open_trace (), "E %" PRIu64 " %s %s %p\n", inv, source, name,
           self);
  return inv;
}

void
__pathprof_trace_node (uint64_t inv, uint32_t node)
{
  fprintf (open_trace (), "N %" PRIu64 " %u\n", inv, (unsigned) node);
}

void
__pathprof_trace_site (uint64_t inv, uint32_t site, const void *callee)
{
  fprintf (open_trace (), "S %" PRIu64 " %u %p\n", inv, (unsigned) site,
           callee);
}
