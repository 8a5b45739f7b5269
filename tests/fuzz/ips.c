/* pathprof fuzz harness: the segments file's reader.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * pp_ips_parse on any bytes, with the properties of interesting.c: an
 * error leaves no set; a set finds its functions, and what it writes
 * reads back to the same set and writes again byte for byte.
 */
#define _GNU_SOURCE 1
#include <string.h>

#include "fuzz.h"
#include "ips.h"

static char *
written (const pp_ips *set, size_t *size)
{
  char *buf = NULL;
  pp_error err;
  FILE *m = open_memstream (&buf, size);
  CHECK (m != NULL);
  CHECK (pp_ips_write (set, m, &err) == PP_OK);
  CHECK (fclose (m) == 0);
  return buf;
}

static void
same_set (const pp_ips *a, const pp_ips *b)
{
  CHECK (a->depth == b->depth);
  CHECK (a->n_comments == b->n_comments);
  for (size_t i = 0; i < a->n_comments; i++)
    CHECK (strcmp (a->comments[i], b->comments[i]) == 0);
  CHECK (a->n_fns == b->n_fns);
  for (size_t i = 0; i < a->n_fns; i++)
    {
      const pp_ips_fn *x = &a->fns[i], *y = &b->fns[i];
      CHECK (strcmp (x->name, y->name) == 0);
      CHECK (strcmp (x->source, y->source) == 0);
      CHECK (x->checksum == y->checksum);
      CHECK (x->subpaths == y->subpaths);
    }
  CHECK (a->n_segs == b->n_segs);
  for (size_t i = 0; i < a->n_segs; i++)
    {
      CHECK (pp_segment_cmp (&a->segs[i].seg, &b->segs[i].seg) == 0);
      CHECK (a->segs[i].has_count == b->segs[i].has_count);
      CHECK (a->segs[i].count == b->segs[i].count);
    }
}

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
  pp_ips *set = NULL, *again = NULL;
  pp_error err;
  if (pp_ips_parse ((const char *) data, size, "fuzz", &set, &err) != PP_OK)
    {
      CHECK (set == NULL);
      return 0;
    }
  for (size_t i = 0; i < set->n_fns; i++)
    {
      size_t first = (size_t) -1;
      size_t n = pp_ips_lookup (set, set->fns[i].name, set->fns[i].source,
                                &first);
      CHECK (n >= 1 && first <= i && i < first + n);
      (void) pp_ips_lookup_elsewhere (set, set->fns[i].name, "x",
                                      set->fns[i].checksum,
                                      set->fns[i].subpaths);
    }
  size_t size1, size2;
  char *out1 = written (set, &size1);
  if (pp_ips_parse (out1, size1, "written", &again, &err) != PP_OK)
    {
      fprintf (stderr, "what was written does not read: %s\n", err.message);
      abort ();
    }
  same_set (set, again);
  char *out2 = written (again, &size2);
  CHECK (size1 == size2 && memcmp (out1, out2, size1) == 0);
  free (out1);
  free (out2);
  pp_ips_free (set);
  pp_ips_free (again);
  return 0;
}
