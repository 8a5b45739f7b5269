/* pathprof fuzz harness: the interesting-path file's reader.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * pp_interesting_parse on any bytes: an error leaves no set; a set that
 * reads finds each of its functions by (name, source), and what it
 * writes reads back to the same set and writes again byte for byte
 * (specs/interesting-format.md: the canonical form reads and writes
 * back unchanged).
 */
#define _GNU_SOURCE 1
#include <string.h>

#include "fuzz.h"
#include "interesting.h"

static char *
written (const pp_interesting *set, size_t *size)
{
  char *buf = NULL;
  pp_error err;
  FILE *m = open_memstream (&buf, size);
  CHECK (m != NULL);
  CHECK (pp_interesting_write (set, m, &err) == PP_OK);
  CHECK (fclose (m) == 0);
  return buf;
}

static void
same_set (const pp_interesting *a, const pp_interesting *b)
{
  CHECK (a->n_comments == b->n_comments);
  for (size_t i = 0; i < a->n_comments; i++)
    CHECK (strcmp (a->comments[i], b->comments[i]) == 0);
  CHECK (a->n_fns == b->n_fns);
  for (size_t i = 0; i < a->n_fns; i++)
    {
      const pp_interesting_fn *x = &a->fns[i], *y = &b->fns[i];
      CHECK (strcmp (x->name, y->name) == 0);
      CHECK (strcmp (x->source, y->source) == 0);
      CHECK (x->checksum == y->checksum);
      CHECK (mpz_cmp (x->n_paths, y->n_paths) == 0);
      CHECK (x->n_paths_listed == y->n_paths_listed);
      for (size_t k = 0; k < x->n_paths_listed; k++)
        {
          CHECK (mpz_cmp (x->paths[k].id, y->paths[k].id) == 0);
          CHECK (x->paths[k].has_count == y->paths[k].has_count);
          CHECK (x->paths[k].count == y->paths[k].count);
        }
    }
}

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
  pp_interesting *set = NULL, *again = NULL;
  pp_error err;
  if (pp_interesting_parse ((const char *) data, size, "fuzz", &set, &err)
      != PP_OK)
    {
      CHECK (set == NULL);
      return 0;
    }
  for (size_t i = 0; i < set->n_fns; i++)
    {
      size_t first = (size_t) -1;
      size_t n = pp_interesting_lookup (set, set->fns[i].name,
                                        set->fns[i].source, &first);
      CHECK (n >= 1 && first <= i && i < first + n);
      (void) pp_interesting_lookup_elsewhere (set, set->fns[i].name, "x",
                                              set->fns[i].checksum,
                                              set->fns[i].n_paths);
    }
  size_t size1, size2;
  char *out1 = written (set, &size1);
  if (pp_interesting_parse (out1, size1, "written", &again, &err) != PP_OK)
    {
      fprintf (stderr, "what was written does not read: %s\n", err.message);
      abort ();
    }
  same_set (set, again);
  char *out2 = written (again, &size2);
  CHECK (size1 == size2 && memcmp (out1, out2, size1) == 0);
  free (out1);
  free (out2);
  pp_interesting_free (set);
  pp_interesting_free (again);
  return 0;
}
