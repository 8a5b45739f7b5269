/* pathprof runtime tests: the residual paths of profile format version 2.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 *   ppd_v2
 *
 * Checks ppd-io's handling of what version 2 added, exactly: residual
 * lists made canonical by ppd_function_finish, encoded and decoded
 * unchanged, added by ppd_merge (and copied with new functions), and the
 * reader's rejection of residual data where the storage cannot have it,
 * of bad residual pairs and of version 1 files, each with its message.
 * Prints "ok N checks" or one line per failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppd-io.h"
#include "checks.h"

static void
check_msg (const char *what, const char *expected, const char *actual)
{
  checks++;
  if (strcmp (expected, actual) != 0)
    {
      failures++;
      printf ("FAIL: %s\n  expected: %s\n  actual:   %s\n", what, expected,
              actual);
    }
}

/* "id:count ..." of LIST, in a static buffer.  */
static const char *
pairs (const struct ppd_count *list, size_t n)
{
  static char buf[512];
  size_t len = 0;
  buf[0] = 0;
  for (size_t i = 0; i < n && len < sizeof buf - 48; i++)
    len += (size_t) snprintf (buf + len, sizeof buf - len, "%s%llu:%llu",
                              i ? " " : "", (unsigned long long) list[i].id,
                              (unsigned long long) list[i].count);
  return buf;
}

static void
put32 (unsigned char *p, uint32_t v)
{
  for (int i = 0; i < 4; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

/* One object with an array, a PPP and a RESIDUAL function.  */
static void
sample (struct ppd_profile *p)
{
  ppd_profile_init (p);
  struct ppd_object *o = ppd_add_object (p, "/x/o.ppno", 7, 1);
  struct ppd_function *f
    = ppd_add_function (o, "a", "o.c", 1, PATHPROF_STORAGE_ARRAY, 4, 0);
  ppd_add_count (f, 2, 5);
  ppd_function_finish (f);
  f = ppd_add_function (o, "p", "o.c", 2, PATHPROF_STORAGE_PPP, 20, 0);
  ppd_add_count (f, 7, 1);
  ppd_add_residual (f, 9, 1);
  ppd_add_residual (f, 4, 2);
  ppd_add_residual (f, 9, 3);
  ppd_add_residual (f, 6, 0);
  f->residual_dropped = 11;
  ppd_function_finish (f);
  f = ppd_add_function (o, "r", "o.c", 3, PATHPROF_STORAGE_RESIDUAL, 1000, 0);
  ppd_add_residual (f, 999, 1);
  ppd_add_residual (f, 0, 2);
  f->residual_dropped = 1;
  ppd_function_finish (f);
}

/* Serializes P and parses the image; the status, with the message in
   MSG.  With VERSION != 0, the header says that version instead.  */
static enum ppd_status
round_trip (struct ppd_profile *p, uint32_t version, struct ppd_profile *out,
            char *msg)
{
  unsigned char *buf;
  size_t size;
  if (ppd_serialize (p, &buf, &size, msg) != PPD_OK)
    {
      ppd_profile_init (out);
      return PPD_ERR_NOMEM;
    }
  if (version)
    {
      put32 (buf + 8, version);
      put32 (buf + 28, ppd_crc32 (0, buf, 28));
    }
  enum ppd_status st = ppd_parse (buf, size, out, msg);
  free (buf);
  return st;
}

/* A long list made canonical (the radix sort's size): N distinct ids
   ID (K), increasing in K, each added twice in a shuffled order (counts
   K + 1 and 2), and as many ids with count 0 between them, must come out
   as the N pairs ID (K):K + 3 in order.  */
static void
long_list (const char *what, size_t n, uint64_t (*id) (size_t))
{
  struct ppd_function f;
  memset (&f, 0, sizeof f);
  size_t total = 3 * n;
  size_t *order = malloc (total * sizeof *order);
  for (size_t i = 0; i < total; i++)
    order[i] = i;
  uint64_t x = 88172645463325252ull;
  for (size_t i = total - 1; i > 0; i--)
    {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      size_t j = (size_t) (x % (i + 1)), t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  for (size_t i = 0; i < total; i++)
    {
      size_t k = order[i] % n, copy = order[i] / n;
      if (copy == 2)
        /* Between ID (K) and ID (K + 1), or above the last.  */
        ppd_add_residual (&f, id (k) + 1, 0);
      else
        ppd_add_residual (&f, id (k), copy ? 2 : k + 1);
    }
  ppd_function_finish (&f);
  int ok = f.n_residual == n;
  for (size_t k = 0; k < n && ok; k++)
    ok = f.residual[k].id == id (k) && f.residual[k].count == k + 3;
  check (ok, what);
  free (f.residual);
  free (order);
}

/* Ids differing in every byte; ids agreeing in all but the lowest two
   (the sort skips the others).  */
static uint64_t
spread_id (size_t k)
{
  return (uint64_t) k * 0x0003030303030303ull + (k & 1);
}

static uint64_t
close_id (size_t k)
{
  return 0xfedcba9876500000ull + 2 * (uint64_t) k;
}

/* Ids whose top byte differs in its top bit only, the low bytes of the
   larger half smaller than those of the other.  */
static uint64_t
top_bit_id (size_t k)
{
  return k >= 2500 ? (1ull << 63) | (2 * (uint64_t) (k - 2500))
                   : 1000000 + 2 * (uint64_t) k;
}

/* Parsing SAMPLE after BREAK_IT (on function NAME) fails with MESSAGE.  */
static void
rejected (const char *name, void (*break_it) (struct ppd_function *),
          const char *message)
{
  struct ppd_profile p, q;
  char msg[PPD_MSG_SIZE] = "";
  sample (&p);
  break_it (ppd_find_function (&p.objects[0], name));
  enum ppd_status st = round_trip (&p, 0, &q, msg);
  check (st == PPD_ERR_CORRUPT, message);
  check_msg ("rejection message", message, msg);
  ppd_profile_free (&p);
  ppd_profile_free (&q);
}

static void
add_residual (struct ppd_function *f)
{
  ppd_add_residual (f, 1, 1);
}

static void
add_residual_dropped (struct ppd_function *f)
{
  f->residual_dropped = 1;
}

static void
add_count (struct ppd_function *f)
{
  ppd_add_count (f, 1, 1);
}

static void
add_dropped (struct ppd_function *f)
{
  f->dropped = 1;
}

static void
unknown_storage (struct ppd_function *f)
{
  f->storage = 4;
}

static void
residual_out_of_range (struct ppd_function *f)
{
  f->residual[1].id = 1000;
}

static void
put64 (unsigned char *p, uint64_t v)
{
  put32 (p, (uint32_t) v);
  put32 (p + 4, (uint32_t) (v >> 32));
}

/* Parsing SAMPLE's image, with the one pair (ID, COUNT) in it replaced by
   (NEW_ID, NEW_COUNT) and the CRCs fixed, fails with MESSAGE (the
   serializer makes lists canonical, so unsorted or zero pairs can only
   be made this way).  */
static void
rejected_pair (uint64_t id, uint64_t count, uint64_t new_id,
               uint64_t new_count, const char *message)
{
  struct ppd_profile p, q;
  char msg[PPD_MSG_SIZE] = "";
  unsigned char *buf, pair[16];
  size_t size, at = 0;
  int found = 0;
  sample (&p);
  if (ppd_serialize (&p, &buf, &size, msg) != PPD_OK)
    abort ();
  put64 (pair, id);
  put64 (pair + 8, count);
  for (size_t i = PATHPROF_PPD_HEADER_SIZE; i + 16 <= size; i++)
    if (memcmp (buf + i, pair, 16) == 0)
      {
        found++;
        at = i;
      }
  check (found == 1, "the pair to replace occurs once");
  put64 (buf + at, new_id);
  put64 (buf + at + 8, new_count);
  put32 (buf + 24, ppd_crc32 (0, buf + PATHPROF_PPD_HEADER_SIZE,
                              size - PATHPROF_PPD_HEADER_SIZE));
  put32 (buf + 28, ppd_crc32 (0, buf, 28));
  check (ppd_parse (buf, size, &q, msg) == PPD_ERR_CORRUPT, message);
  check_msg ("rejection message", message, msg);
  free (buf);
  ppd_profile_free (&p);
  ppd_profile_free (&q);
}

/* CRC-32 bit by bit, from its definition (reflected 0xEDB88320).  */
static uint32_t
crc32_bitwise (uint32_t crc, const unsigned char *p, size_t n)
{
  crc = ~crc;
  while (n--)
    {
      crc ^= *p++;
      for (int k = 0; k < 8; k++)
        crc = crc & 1 ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
    }
  return ~crc;
}

/* ppd_crc32 (PCLMULQDQ folding of the bulk where the processor has it,
   slicing by 8 for the rest) and ppd_crc32_tables (slicing by 8 alone)
   against the definition: the standard check value, every length up to
   1,100 at every alignment up to 15 (the folding takes 64 bytes and
   more, in steps of 64 then 16), 70,000 bytes, and a CRC continued over
   a split buffer.  */
static void
crc_checks (void)
{
  check (ppd_crc32 (0, "123456789", 9) == 0xcbf43926u
           && ppd_crc32 (0, "", 0) == 0
           && ppd_crc32_tables (0, "123456789", 9) == 0xcbf43926u,
         "CRC-32 check value of \"123456789\" (0xcbf43926)");
  static unsigned char buf[70000];
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (size_t i = 0; i < sizeof buf; i++)
    {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      buf[i] = (unsigned char) (x >> 56);
    }
  int same = 1, same_tables = 1;
  for (size_t off = 0; off < 16; off++)
    for (size_t n = 0; n <= 1100; n++)
      {
        uint32_t want = crc32_bitwise (0x12345678u, buf + off, n);
        same &= ppd_crc32 (0x12345678u, buf + off, n) == want;
        same_tables &= ppd_crc32_tables (0x12345678u, buf + off, n) == want;
      }
  uint32_t want = crc32_bitwise (0, buf + 3, sizeof buf - 3);
  same &= ppd_crc32 (0, buf + 3, sizeof buf - 3) == want;
  same_tables &= ppd_crc32_tables (0, buf + 3, sizeof buf - 3) == want;
  check (same, "CRC-32 of every length 0..1100 at alignments 0..15, and "
               "of 69,997 bytes, as defined");
  check (same_tables, "CRC-32 by tables alone: the same");
  int chained = 1;
  uint32_t whole = ppd_crc32 (0, buf, 3000);
  for (size_t cut = 0; cut <= 3000; cut += 7)
    chained &= ppd_crc32 (ppd_crc32 (0, buf, cut), buf + cut, 3000 - cut)
               == whole;
  check (chained, "CRC-32 continued across a split buffer");
}

/* Objects and functions added out of order come out sorted; written in
   order, a duplicate object or function is still found (the reader's
   search is skipped only for one after the last).  */
static void
order_and_duplicates (void)
{
  struct ppd_profile p, q;
  char msg[PPD_MSG_SIZE];
  ppd_profile_init (&p);
  const char *objects[] = { "/b.ppno", "/a.ppno" };
  for (int i = 0; i < 2; i++)
    {
      struct ppd_object *o = ppd_add_object (&p, objects[i], 1, 1);
      ppd_add_function (o, "z", "s.c", 1, PATHPROF_STORAGE_ARRAY, 4, 0);
      ppd_add_function (o, "y", "s.c", 2, PATHPROF_STORAGE_ARRAY, 4, 0);
    }
  check (round_trip (&p, 0, &q, msg) == PPD_OK, "added out of order: parses");
  check (q.n_objects == 2 && !strcmp (q.objects[0].notes_file, "/a.ppno")
           && !strcmp (q.objects[1].notes_file, "/b.ppno")
           && q.objects[1].n_functions == 2
           && !strcmp (q.objects[1].functions[0].name, "y")
           && !strcmp (q.objects[1].functions[1].name, "z"),
         "added out of order: objects and functions written sorted");
  ppd_profile_free (&q);
  ppd_profile_free (&p);

  ppd_profile_init (&p);
  ppd_add_object (&p, "/a.ppno", 1, 1);
  ppd_add_object (&p, "/a.ppno", 1, 1);
  check (round_trip (&p, 0, &q, msg) == PPD_ERR_CORRUPT,
         "an object twice: refused");
  check (strstr (msg, ": object '/a.ppno' appears twice") != NULL,
         "an object twice: the message names it");
  ppd_profile_free (&q);
  ppd_profile_free (&p);

  ppd_profile_init (&p);
  struct ppd_object *o = ppd_add_object (&p, "/a.ppno", 1, 1);
  ppd_add_function (o, "f", "s.c", 1, PATHPROF_STORAGE_ARRAY, 4, 0);
  ppd_add_function (o, "f", "s.c", 1, PATHPROF_STORAGE_ARRAY, 4, 0);
  check (round_trip (&p, 0, &q, msg) == PPD_ERR_CORRUPT,
         "a function twice: refused");
  check_msg ("a function twice: the message",
             "function 'f' appears twice in object '/a.ppno'", msg);
  ppd_profile_free (&q);
  ppd_profile_free (&p);
}

/* Merges with many functions (the merge's name index): DST has f000..
   f299 in order, path 1 counted I times in fI; SRC has every third one
   and 20 new ones (g00..g19), added in reverse order, path 1 counted
   once and path 2 twice.  */
static void
merge_many (void)
{
  struct ppd_profile dst, src;
  char msg[PPD_MSG_SIZE], name[16];
  ppd_profile_init (&dst);
  ppd_profile_init (&src);
  struct ppd_object *d = ppd_add_object (&dst, "/m.ppno", 5, 1);
  for (int i = 0; i < 300; i++)
    {
      snprintf (name, sizeof name, "f%03d", i);
      struct ppd_function *f
        = ppd_add_function (d, name, "m.c", 1, PATHPROF_STORAGE_ARRAY, 8, 0);
      if (i)
        ppd_add_count (f, 1, (uint64_t) i);
      ppd_function_finish (f);
    }
  struct ppd_object *s = ppd_add_object (&src, "/m.ppno", 5, 1);
  for (int i = 319; i >= 0; i--)
    {
      if (i < 300 && i % 3)
        continue;
      if (i < 300)
        snprintf (name, sizeof name, "f%03d", i);
      else
        snprintf (name, sizeof name, "g%02d", i - 300);
      struct ppd_function *f
        = ppd_add_function (s, name, "m.c", 1, PATHPROF_STORAGE_ARRAY, 8, 0);
      ppd_add_count (f, 1, 1);
      ppd_add_count (f, 2, 2);
      ppd_function_finish (f);
    }
  check (ppd_merge (&dst, &src, msg) == PPD_OK, "many functions: merged");
  int right = dst.n_objects == 1 && dst.objects[0].n_functions == 320
              && dst.objects[0].runs == 2;
  for (size_t k = 0; right && k < dst.objects[0].n_functions; k++)
    {
      const struct ppd_function *f = &dst.objects[0].functions[k];
      int g = f->name[0] == 'g', i = atoi (f->name + 1);
      uint64_t c1 = (g ? 0 : (uint64_t) i) + (g || i % 3 == 0);
      uint64_t c2 = (g || i % 3 == 0) ? 2 : 0;
      char want[64];
      if (c1 && c2)
        snprintf (want, sizeof want, "1:%llu 2:%llu",
                  (unsigned long long) c1, (unsigned long long) c2);
      else if (c1)
        snprintf (want, sizeof want, "1:%llu", (unsigned long long) c1);
      else
        want[0] = 0;
      right = !strcmp (want, pairs (f->counts, f->n_counts))
              && (k == 0 || strcmp (f[-1].name, f->name) < 0);
    }
  check (right, "many functions: every count, in order, the runs added");
  ppd_profile_free (&dst);
  ppd_profile_free (&src);
}

/* Many objects (ppd_find_object's index): DST has /o00../o19 (I runs
   each), SRC every other one and five new (/p0../p4), added in reverse:
   the runs add, the new ones are found after they were added, and a
   profile of ten objects with one twice is refused.  */
static void
many_objects (void)
{
  struct ppd_profile dst, src, q;
  char msg[PPD_MSG_SIZE], name[16];
  ppd_profile_init (&dst);
  ppd_profile_init (&src);
  for (int i = 0; i < 20; i++)
    {
      snprintf (name, sizeof name, "/o%02d", i);
      ppd_add_object (&dst, name, 1, (uint64_t) i);
    }
  for (int i = 24; i >= 0; i--)
    {
      if (i < 20 && i % 2)
        continue;
      snprintf (name, sizeof name, i < 20 ? "/o%02d" : "/p%d",
                i < 20 ? i : i - 20);
      ppd_add_object (&src, name, 1, 100);
    }
  check (ppd_merge (&dst, &src, msg) == PPD_OK, "many objects: merged");
  int right = dst.n_objects == 25;
  for (int i = 0; right && i < 25; i++)
    {
      snprintf (name, sizeof name, i < 20 ? "/o%02d" : "/p%d",
                i < 20 ? i : i - 20);
      const struct ppd_object *o = ppd_find_object (&dst, name);
      right = o && !strcmp (o->notes_file, name)
              && o->runs == (i < 20 ? (uint64_t) i : 0)
                              + (i >= 20 || i % 2 == 0 ? 100 : 0);
    }
  check (right && !ppd_find_object (&dst, "/o20")
           && !ppd_find_object (&dst, "/p5"),
         "many objects: each found, with its runs; no other");
  ppd_profile_free (&dst);
  ppd_profile_free (&src);

  ppd_profile_init (&src);
  for (int i = 0; i < 10; i++)
    {
      snprintf (name, sizeof name, "/o%02d", i == 9 ? 3 : i);
      ppd_add_object (&src, name, 1, 1);
    }
  check (round_trip (&src, 0, &q, msg) == PPD_ERR_CORRUPT
           && strstr (msg, ": object '/o03' appears twice") != NULL,
         "ten objects, one twice: refused, naming it");
  ppd_profile_free (&q);
  ppd_profile_free (&src);
}

int
main (void)
{
  struct ppd_profile p, q, m;
  char msg[PPD_MSG_SIZE];

  crc_checks ();

  /* ppd_function_finish: sorted, repeats added, zeros removed.  */
  sample (&p);
  struct ppd_function *f = ppd_find_function (&p.objects[0], "p");
  check_msg ("residual list made canonical", "4:2 9:4",
             pairs (f->residual, f->n_residual));
  check_msg ("counts list of a PPP function", "7:1",
             pairs (f->counts, f->n_counts));

  long_list ("5,000 ids differing in every byte made canonical", 5000,
             spread_id);
  long_list ("5,000 ids differing in two bytes made canonical", 5000,
             close_id);
  long_list ("5,000 ids differing in the top bit made canonical", 5000,
             top_bit_id);
  long_list ("a short list (qsort) made canonical", 40, spread_id);

  /* Encoded and decoded unchanged.  */
  check (round_trip (&p, 0, &q, msg) == PPD_OK, "sample parses");
  f = ppd_find_function (&q.objects[0], "p");
  check (f && f->storage == PATHPROF_STORAGE_PPP && f->residual_dropped == 11,
         "PPP function read back with its residual_dropped");
  if (f)
    check_msg ("PPP residual read back", "4:2 9:4",
               pairs (f->residual, f->n_residual));
  f = ppd_find_function (&q.objects[0], "r");
  check (f && f->storage == PATHPROF_STORAGE_RESIDUAL && f->n_counts == 0
           && f->residual_dropped == 1,
         "RESIDUAL function read back");
  if (f)
    check_msg ("RESIDUAL residual read back", "0:2 999:1",
               pairs (f->residual, f->n_residual));

  /* Merged: lists and residual_dropped add; new functions are copied
     with theirs.  */
  ppd_profile_init (&m);
  check (ppd_merge (&m, &p, msg) == PPD_OK, "merge into an empty profile");
  f = ppd_find_function (&m.objects[0], "p");
  check (f && f->residual_dropped == 11, "copied residual_dropped");
  if (f)
    check_msg ("copied residual list", "4:2 9:4",
               pairs (f->residual, f->n_residual));
  f = ppd_find_function (&q.objects[0], "p");
  ppd_add_residual (f, 5, 1);
  ppd_add_residual (f, 9, 1);
  ppd_function_finish (f);
  check (ppd_merge (&m, &q, msg) == PPD_OK, "merge two profiles");
  f = ppd_find_function (&m.objects[0], "p");
  check (f && f->residual_dropped == 22, "residual_dropped add");
  if (f)
    {
      check_msg ("residual lists add", "4:4 5:1 9:9",
                 pairs (f->residual, f->n_residual));
      check_msg ("counts add beside them", "7:2",
                 pairs (f->counts, f->n_counts));
    }
  ppd_profile_free (&q);
  ppd_profile_free (&m);

  /* Version 1 files are refused.  */
  check (round_trip (&p, 1, &q, msg) == PPD_ERR_CORRUPT, "version 1 refused");
  check_msg ("version 1 message",
             "unsupported format version 1 (this reader supports 2)", msg);
  ppd_profile_free (&q);
  ppd_profile_free (&p);

  /* What each storage cannot hold, and bad pairs.  */
  rejected ("a", add_residual,
            "function 'a': array storage cannot have residual paths");
  rejected ("a", add_residual_dropped,
            "function 'a': array storage cannot have residual paths");
  rejected ("r", add_count,
            "function 'r': residual storage cannot have counted paths");
  rejected ("r", add_dropped,
            "function 'r': residual storage cannot have counted paths");
  rejected ("p", unknown_storage, "function 'p': unknown storage 4");
  rejected ("r", residual_out_of_range,
            "function 'r': bad residual path #1 (path 1000, count 1)");
  rejected_pair (999, 1, 0, 1,
                 "function 'r': bad residual path #1 (path 0, count 1)");
  rejected_pair (4, 2, 4, 0,
                 "function 'p': bad residual path #0 (path 4, count 0)");

  order_and_duplicates ();
  merge_many ();
  many_objects ();

  if (failures)
    return 1;
  printf ("ok %d checks\n", checks);
  return 0;
}
