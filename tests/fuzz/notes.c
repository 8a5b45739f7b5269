/* pathprof fuzz harness: the tool's notes reader.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * notes_read (which takes a file name) on any bytes: an error comes
 * with a message; notes that read find each of their functions by name.
 */
#define _GNU_SOURCE 1
#include <string.h>

#include "fuzz.h"
#include "notes.h"

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
  struct notes_file nf;
  char msg[512] = "";
  if (notes_read (fuzz_file (data, size, ".ppno"), &nf, msg, sizeof msg)
      == 0)
    {
      for (size_t i = 0; i < nf.n_functions; i++)
        CHECK (notes_find (&nf, nf.functions[i].name) != NULL);
      for (size_t i = 0; i < nf.n_subpaths; i++)
        CHECK (notes_find_subpaths (&nf, nf.subpaths[i].name) != NULL);
    }
  else
    CHECK (msg[0] != 0);
  notes_free (&nf);
  return 0;
}
