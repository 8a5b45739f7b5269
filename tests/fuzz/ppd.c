/* pathprof fuzz harness: the profile (.ppd) reader.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * ppd_parse, the decoder behind ppd_read_file and ppd_read_fd, on any
 * bytes, with the header's payload size and both CRCs made consistent
 * first, so that mutations reach the records (the checksums themselves
 * are tests/runtime's fuzz_ppd's): a profile is either read or corrupt,
 * with a message; one that reads writes what reads back and writes
 * again byte for byte, merges into an empty profile to the same bytes,
 * and merges with itself.
 */
#include <stdint.h>
#include <string.h>

#include "fuzz.h"
#include "ppd-header-fix.h"
#include "ppd-io.h"

static unsigned char *
serialized (struct ppd_profile *p, size_t *size)
{
  unsigned char *buf;
  char msg[PPD_MSG_SIZE];
  CHECK (ppd_serialize (p, &buf, size, msg) == PPD_OK);
  return buf;
}

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
  unsigned char *buf = malloc (size ? size : 1);
  CHECK (buf != NULL);
  memcpy (buf, data, size);
  fix_crcs (buf, size);
  char msg[PPD_MSG_SIZE] = "";
  struct ppd_profile p;
  enum ppd_status st = ppd_parse (buf, size, &p, msg);
  CHECK (st == PPD_OK || (st == PPD_ERR_CORRUPT && msg[0]));
  if (st == PPD_OK)
    {
      size_t n1, n2, n3;
      unsigned char *out1 = serialized (&p, &n1);
      struct ppd_profile again, merged;
      CHECK (ppd_parse (out1, n1, &again, msg) == PPD_OK);
      unsigned char *out2 = serialized (&again, &n2);
      CHECK (n1 == n2 && memcmp (out1, out2, n1) == 0);
      ppd_profile_init (&merged);
      CHECK (ppd_merge (&merged, &p, msg) == PPD_OK);
      unsigned char *out3 = serialized (&merged, &n3);
      CHECK (n1 == n3 && memcmp (out1, out3, n1) == 0);
      CHECK (ppd_merge (&again, &p, msg) == PPD_OK);
      free (out1);
      free (out2);
      free (out3);
      ppd_profile_free (&again);
      ppd_profile_free (&merged);
    }
  ppd_profile_free (&p);
  free (buf);
  return 0;
}
