/* pathprof tool: the files it writes (-o OUT).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef PATHPROF_TOOL_OUTPUT_H
#define PATHPROF_TOOL_OUTPUT_H

#include <stdio.h>

/* An output being written: f is open for writing.  */
struct tool_output
{
  const char *name;   /* as given, in messages */
  char *target;       /* the file to replace (links followed), or NULL */
  char *tmp;          /* where f writes until then, or NULL */
  FILE *f;
};

/* Opens NAME for writing (tool/output.c says how).  0, or 1 after a
   message "NAME: cannot open: ...".  */
int tool_output_open (struct tool_output *o, const char *name);
/* Finishes O: 0 once NAME holds everything written to O->f, or 1 after a
   message "NAME: write error: ..." (NAME then as it was before, unless
   it is written in place).  */
int tool_output_close (struct tool_output *o);
/* Abandons O after an error of the caller's: NAME stays as it was
   (unless it is written in place).  */
void tool_output_discard (struct tool_output *o);

#endif /* PATHPROF_TOOL_OUTPUT_H */
