/* pathprof runtime tests: the .ppd reader against damaged files.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 *   fuzz_ppd FILE.ppd ITERATIONS
 *
 * Mutates a valid profile ITERATIONS times (deterministically: flipped
 * bits, changed bytes, truncations, inflated length fields), recomputing
 * both CRCs most of the time so that the mutation reaches the record
 * decoder instead of stopping at the checksum.  Every result must be
 * either PPD_OK or PPD_ERR_CORRUPT -- never a crash, a hang or a read out
 * of bounds (the test script builds this with AddressSanitizer when the
 * compiler has it) -- and whatever parses must serialize and parse back
 * to the same bytes.  Prints "ok N parsed, M rejected" or the first
 * failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppd-header-fix.h"
#include "ppd-io.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t
rng (void)
{
  /* xorshift64*: deterministic across hosts, so failures reproduce.  */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545f4914f6cdd1dull;
}

int
main (int argc, char **argv)
{
  if (argc != 3)
    {
      fprintf (stderr, "usage: fuzz_ppd FILE.ppd ITERATIONS\n");
      return 2;
    }
  FILE *f = fopen (argv[1], "rb");
  if (!f)
    {
      perror (argv[1]);
      return 2;
    }
  static unsigned char orig[1 << 20];
  size_t size = fread (orig, 1, sizeof orig, f);
  fclose (f);
  long iterations = atol (argv[2]);
  unsigned char *buf = malloc (size + 64);
  char msg[PPD_MSG_SIZE];
  long parsed = 0, rejected = 0;

  struct ppd_profile p;
  if (ppd_parse (orig, size, &p, msg) != PPD_OK)
    {
      fprintf (stderr, "fuzz_ppd: the input is not valid: %s\n", msg);
      return 1;
    }
  ppd_profile_free (&p);

  for (long it = 0; it < iterations; it++)
    {
      size_t n = size;
      memcpy (buf, orig, size);
      int mutations = 1 + (int) (rng () % 4);
      for (int m = 0; m < mutations; m++)
        {
          size_t pos = PATHPROF_PPD_HEADER_SIZE
                       + rng () % (n > PATHPROF_PPD_HEADER_SIZE
                                     ? n - PATHPROF_PPD_HEADER_SIZE
                                     : 1);
          if (pos >= n)
            pos = n ? n - 1 : 0;
          switch (rng () % 5)
            {
            case 0: /* flip a bit */
              buf[pos] ^= (unsigned char) (1u << (rng () % 8));
              break;
            case 1: /* any byte */
              buf[pos] = (unsigned char) rng ();
              break;
            case 2: /* truncate */
              n = pos;
              break;
            case 3: /* a huge or off-by-small 32/64-bit value */
              if (pos + 8 <= n)
                {
                  uint64_t v = rng () % 2 ? UINT64_MAX - rng () % 4
                                          : (uint64_t) (rng () % 40);
                  if (rng () % 2)
                    put32 (buf + pos, (uint32_t) v);
                  else
                    put64 (buf + pos, v);
                }
              break;
            case 4: /* duplicate a chunk (repeated records) */
              if (n + 32 <= size + 64 && pos + 32 <= n)
                {
                  memmove (buf + pos + 32, buf + pos, n - pos);
                  n += 32;
                }
              break;
            }
        }
      if (rng () % 8 != 0)
        fix_crcs (buf, n);
      enum ppd_status st = ppd_parse (buf, n, &p, msg);
      if (st == PPD_OK)
        {
          /* Round trip: a parsed profile re-encodes to a file that parses
             to the same encoding.  */
          unsigned char *a, *b;
          size_t an, bn;
          struct ppd_profile q;
          if (ppd_serialize (&p, &a, &an, msg) != PPD_OK
              || ppd_parse (a, an, &q, msg) != PPD_OK
              || ppd_serialize (&q, &b, &bn, msg) != PPD_OK || an != bn
              || memcmp (a, b, an) != 0)
            {
              fprintf (stderr, "fuzz_ppd: iteration %ld: round trip failed\n",
                       it);
              return 1;
            }
          free (a);
          free (b);
          ppd_profile_free (&q);
          parsed++;
        }
      else if (st == PPD_ERR_CORRUPT)
        rejected++;
      else
        {
          fprintf (stderr, "fuzz_ppd: iteration %ld: status %d: %s\n", it,
                   (int) st, msg);
          return 1;
        }
      ppd_profile_free (&p);
    }
  printf ("ok %ld parsed, %ld rejected\n", parsed, rejected);
  free (buf);
  return 0;
}
