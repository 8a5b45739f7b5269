/* pathprof: reading, writing and merging profile data files (.ppd).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * See ppd-io.h.  The format is described in pathprof-format.h section 3
 * and specs/file-formats.md.  Decoding is byte by byte (never casting the
 * buffer to wider types), so it is independent of host endianness and
 * alignment, and every length is checked against the bytes that remain
 * before anything is allocated, so a corrupt file cannot make the reader
 * allocate absurd amounts or read out of bounds.
 */
#define _GNU_SOURCE 1

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ppd-io.h"
#include "crc32-tables.h"

/* ------------------------------------------------------------------ */
/* CRC-32                                                              */
/* ------------------------------------------------------------------ */

/* Slicing by 8 (crc32-tables.h, constant: no lazy initialization, so no
   thread-safety question in the runtime): eight bytes per step through
   eight independent table lookups.  Every write of a profile computes
   the CRC of the whole file twice (the one read, the one written), in
   each instrumented object of the process that has its own runtime: a
   half-byte table (3 ns a byte) made that most of the exit time of
   xz-utils' decompressor, whose profile holds 43,000 residual paths
   (688 KB, 8 ms of a 120 ms run, its shared library and its executable
   each writing).  */
uint32_t
ppd_crc32_tables (uint32_t crc, const void *buf, size_t size)
{
  const unsigned char *p = buf;
  crc = ~crc;
  for (; size >= 8; size -= 8, p += 8)
    {
      uint32_t lo = ((uint32_t) p[0] | (uint32_t) p[1] << 8
                     | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24)
                    ^ crc;
      uint32_t hi = (uint32_t) p[4] | (uint32_t) p[5] << 8
                    | (uint32_t) p[6] << 16 | (uint32_t) p[7] << 24;
      crc = crc32_table[7][lo & 0xff] ^ crc32_table[6][lo >> 8 & 0xff]
            ^ crc32_table[5][lo >> 16 & 0xff] ^ crc32_table[4][lo >> 24]
            ^ crc32_table[3][hi & 0xff] ^ crc32_table[2][hi >> 8 & 0xff]
            ^ crc32_table[1][hi >> 16 & 0xff] ^ crc32_table[0][hi >> 24];
    }
  while (size--)
    crc = (crc >> 8) ^ crc32_table[0][(crc ^ *p++) & 0xff];
  return ~crc;
}

#if defined __x86_64__ && defined __GNUC__
/* Where the processor multiplies without carries (PCLMULQDQ), the CRC of
   the bulk folds 64 bytes a step, by multiplications in GF(2)[x] modulo
   the CRC polynomial, as in Intel's "Fast CRC Computation for Generic
   Polynomials Using PCLMULQDQ Instruction" (2009), whose constants for
   the bit-reflected CRC-32 these are: x^(4*128+32) and x^(4*128-32) mod
   P (fold by four), x^(128+32) and x^(128-32) mod P (fold by one),
   x^64 mod P, and P with its Barrett quotient.  About 0.1 ns a byte
   instead of 1: xz-utils' exit (a 688 KB profile read and written by two
   runtime copies) spent 9.7 million of its 23.4 million instructions in
   the tables' CRC.  The result is the same CRC (ppd_v2.c checks the two
   against the definition).  */
#include <cpuid.h>
#include <immintrin.h>

/* The CRC register (not inverted) over LEN bytes at P, LEN >= 64 and a
   multiple of 16.  */
__attribute__ ((target ("pclmul,sse4.1"))) static uint32_t
crc32_fold (uint32_t reg, const unsigned char *p, size_t len)
{
  const __m128i k1k2 = _mm_set_epi64x (0x01c6e41596, 0x0154442bd4);
  const __m128i k3k4 = _mm_set_epi64x (0x00ccaa009e, 0x01751997d0);
  const __m128i k5 = _mm_set_epi64x (0, 0x0163cd6124);
  const __m128i poly = _mm_set_epi64x (0x01f7011641, 0x01db710641);
  const __m128i low32 = _mm_setr_epi32 (~0, 0, ~0, 0);
  __m128i x1 = _mm_loadu_si128 ((const __m128i *) (p + 0x00));
  __m128i x2 = _mm_loadu_si128 ((const __m128i *) (p + 0x10));
  __m128i x3 = _mm_loadu_si128 ((const __m128i *) (p + 0x20));
  __m128i x4 = _mm_loadu_si128 ((const __m128i *) (p + 0x30));
  x1 = _mm_xor_si128 (x1, _mm_cvtsi32_si128 ((int) reg));
  p += 64;
  len -= 64;
  for (; len >= 64; p += 64, len -= 64)
    {
      __m128i y1 = _mm_clmulepi64_si128 (x1, k1k2, 0x00);
      __m128i y2 = _mm_clmulepi64_si128 (x2, k1k2, 0x00);
      __m128i y3 = _mm_clmulepi64_si128 (x3, k1k2, 0x00);
      __m128i y4 = _mm_clmulepi64_si128 (x4, k1k2, 0x00);
      x1 = _mm_clmulepi64_si128 (x1, k1k2, 0x11);
      x2 = _mm_clmulepi64_si128 (x2, k1k2, 0x11);
      x3 = _mm_clmulepi64_si128 (x3, k1k2, 0x11);
      x4 = _mm_clmulepi64_si128 (x4, k1k2, 0x11);
      x1 = _mm_xor_si128 (_mm_xor_si128 (x1, y1),
                          _mm_loadu_si128 ((const __m128i *) (p + 0x00)));
      x2 = _mm_xor_si128 (_mm_xor_si128 (x2, y2),
                          _mm_loadu_si128 ((const __m128i *) (p + 0x10)));
      x3 = _mm_xor_si128 (_mm_xor_si128 (x3, y3),
                          _mm_loadu_si128 ((const __m128i *) (p + 0x20)));
      x4 = _mm_xor_si128 (_mm_xor_si128 (x4, y4),
                          _mm_loadu_si128 ((const __m128i *) (p + 0x30)));
    }
  /* Four lanes into one, then the 16-byte blocks that remain.  */
  __m128i lanes[3] = { x2, x3, x4 };
  for (int i = 0; i < 3; i++)
    {
      __m128i y = _mm_clmulepi64_si128 (x1, k3k4, 0x00);
      x1 = _mm_clmulepi64_si128 (x1, k3k4, 0x11);
      x1 = _mm_xor_si128 (_mm_xor_si128 (x1, lanes[i]), y);
    }
  for (; len >= 16; p += 16, len -= 16)
    {
      __m128i y = _mm_clmulepi64_si128 (x1, k3k4, 0x00);
      x1 = _mm_clmulepi64_si128 (x1, k3k4, 0x11);
      x1 = _mm_xor_si128 (_mm_xor_si128 (x1, y),
                          _mm_loadu_si128 ((const __m128i *) p));
    }
  /* 128 bits to 64, then Barrett's reduction to 32.  */
  __m128i y = _mm_clmulepi64_si128 (x1, k3k4, 0x10);
  x1 = _mm_xor_si128 (_mm_srli_si128 (x1, 8), y);
  y = _mm_srli_si128 (x1, 4);
  x1 = _mm_clmulepi64_si128 (_mm_and_si128 (x1, low32), k5, 0x00);
  x1 = _mm_xor_si128 (x1, y);
  y = _mm_clmulepi64_si128 (_mm_and_si128 (x1, low32), poly, 0x10);
  y = _mm_clmulepi64_si128 (_mm_and_si128 (y, low32), poly, 0x00);
  x1 = _mm_xor_si128 (x1, y);
  return (uint32_t) _mm_extract_epi32 (x1, 1);
}

/* Whether crc32_fold can run here: asked once (a race only asks twice).  */
static int
have_clmul (void)
{
  static int known; /* 0: not asked; 1: no; 2: yes */
  int k = __atomic_load_n (&known, __ATOMIC_RELAXED);
  if (!k)
    {
      unsigned a, b, c, d;
      k = __get_cpuid (1, &a, &b, &c, &d) && (c & bit_PCLMUL)
                  && (c & bit_SSE4_1)
              ? 2
              : 1;
      __atomic_store_n (&known, k, __ATOMIC_RELAXED);
    }
  return k == 2;
}
#endif

uint32_t
ppd_crc32 (uint32_t crc, const void *buf, size_t size)
{
#if defined __x86_64__ && defined __GNUC__
  if (size >= 64 && have_clmul ())
    {
      size_t bulk = size & ~(size_t) 15;
      crc = ~crc32_fold (~crc, buf, bulk);
      buf = (const unsigned char *) buf + bulk;
      size -= bulk;
    }
#endif
  return ppd_crc32_tables (crc, buf, size);
}

/* ------------------------------------------------------------------ */
/* In-memory profiles                                                  */
/* ------------------------------------------------------------------ */

static char *
dup_str (const char *s)
{
  size_t n = strlen (s) + 1;
  char *d = malloc (n);
  if (d)
    memcpy (d, s, n);
  return d;
}

/* Grows *ARR (of *CAP elements of SIZE bytes) to hold at least NEED.  */
static int
grow (void **arr, size_t *cap, size_t need, size_t size)
{
  if (need <= *cap)
    return 0;
  size_t ncap = *cap ? *cap : 4;
  while (ncap < need)
    {
      if (ncap > ((size_t) -1) / 2 / size)
        return -1;
      ncap *= 2;
    }
  void *n = realloc (*arr, ncap * size);
  if (!n)
    return -1;
  *arr = n;
  *cap = ncap;
  return 0;
}

void
ppd_profile_init (struct ppd_profile *p)
{
  memset (p, 0, sizeof *p);
}

static void
function_free (struct ppd_function *f)
{
  free (f->name);
  free (f->source_file);
  free (f->counts);
  free (f->residual);
}

static void
object_free (struct ppd_object *o)
{
  for (size_t i = 0; i < o->n_functions; i++)
    function_free (&o->functions[i]);
  free (o->functions);
  free (o->notes_file);
}

void
ppd_profile_free (struct ppd_profile *p)
{
  for (size_t i = 0; i < p->n_objects; i++)
    object_free (&p->objects[i]);
  free (p->objects);
  free (p->program);
  free (p->object_index);
  ppd_profile_init (p);
}

/* Hash indexes of names, for the lookups of a merge: open addressing
   with linear probing, at most half full, over the positions of an
   array's elements, which the lookups read through NAME_AT.  Used for a
   profile's objects (by notes file) and an object's functions.  */
static uint32_t
name_hash (const char *s)
{
  uint32_t h = 2166136261u; /* FNV-1a */
  for (; *s; s++)
    h = (h ^ (unsigned char) *s) * 16777619u;
  return h;
}

/* *SLOTS: a zeroed index for N names (*MASK its size - 1); -1 (*SLOTS
   NULL) without memory, or for too many.  */
static int
name_index_alloc (struct ppd_name_slot **slots, size_t *mask, size_t n)
{
  *slots = NULL;
  *mask = 0;
  if (n >= UINT32_MAX / 2)
    return -1;
  size_t size = 16;
  while (size < 2 * n)
    size *= 2;
  if (!(*slots = calloc (size, sizeof **slots)))
    return -1;
  *mask = size - 1;
  return 0;
}

static void
name_index_put (struct ppd_name_slot *slots, size_t mask, const char *name,
                size_t pos)
{
  uint32_t h = name_hash (name);
  size_t i = h & mask;
  while (slots[i].pos1)
    i = (i + 1) & mask;
  slots[i].pos1 = (uint32_t) pos + 1;
  slots[i].hash = h;
}

/* The position + 1 of NAME in ARRAY, 0 if absent.  */
static size_t
name_index_find (const struct ppd_name_slot *slots, size_t mask,
                 const char *name,
                 const char *(*name_at) (const void *array, size_t pos),
                 const void *array)
{
  uint32_t h = name_hash (name);
  for (size_t i = h & mask; slots[i].pos1; i = (i + 1) & mask)
    if (slots[i].hash == h
        && strcmp (name_at (array, slots[i].pos1 - 1), name) == 0)
      return slots[i].pos1;
  return 0;
}

static const char *
object_name_at (const void *objects, size_t pos)
{
  return ((const struct ppd_object *) objects)[pos].notes_file;
}

static const char *
function_name_at (const void *functions, size_t pos)
{
  return ((const struct ppd_function *) functions)[pos].name;
}

static void
object_index_free (struct ppd_profile *p)
{
  free (p->object_index);
  p->object_index = NULL;
  p->object_index_mask = 0;
}

/* (Re)builds P's index of its objects, with room for N; -1 without
   memory.  */
static int
object_index_build (struct ppd_profile *p, size_t n)
{
  free (p->object_index);
  if (name_index_alloc (&p->object_index, &p->object_index_mask, n))
    return -1;
  for (size_t k = 0; k < p->n_objects; k++)
    name_index_put (p->object_index, p->object_index_mask,
                    p->objects[k].notes_file, k);
  return 0;
}

struct ppd_object *
ppd_find_object (const struct ppd_profile *p_in, const char *notes_file)
{
  /* Notes files are long absolute names with a common prefix: compared
     one by one, a program of a hundred objects costs thousands of long
     comparisons at every merge.  The index is a cache: it does not
     change what P holds.  */
  struct ppd_profile *p = (struct ppd_profile *) p_in;
  if (!p->object_index && p->n_objects >= 8)
    object_index_build (p, p->n_objects);
  if (p->object_index)
    {
      size_t pos1 = name_index_find (p->object_index, p->object_index_mask,
                                     notes_file, object_name_at, p->objects);
      return pos1 ? &p->objects[pos1 - 1] : NULL;
    }
  for (size_t i = 0; i < p->n_objects; i++)
    if (strcmp (p->objects[i].notes_file, notes_file) == 0)
      return &p->objects[i];
  return NULL;
}

struct ppd_function *
ppd_find_function (const struct ppd_object *o, const char *name)
{
  if (o->sorted)
    {
      size_t lo = 0, hi = o->n_functions;
      while (lo < hi)
        {
          size_t mid = lo + (hi - lo) / 2;
          int c = strcmp (o->functions[mid].name, name);
          if (c == 0)
            return &o->functions[mid];
          if (c < 0)
            lo = mid + 1;
          else
            hi = mid;
        }
      return NULL;
    }
  for (size_t i = 0; i < o->n_functions; i++)
    if (strcmp (o->functions[i].name, name) == 0)
      return &o->functions[i];
  return NULL;
}

int
ppd_set_program (struct ppd_profile *p, const char *program)
{
  char *d = dup_str (program);
  if (!d)
    return -1;
  free (p->program);
  p->program = d;
  return 0;
}

struct ppd_object *
ppd_add_object (struct ppd_profile *p, const char *notes_file,
                uint32_t notes_stamp, uint64_t runs)
{
  if (grow ((void **) &p->objects, &p->cap_objects, p->n_objects + 1,
            sizeof *p->objects))
    return NULL;
  struct ppd_object *o = &p->objects[p->n_objects];
  memset (o, 0, sizeof *o);
  o->notes_file = dup_str (notes_file);
  if (!o->notes_file)
    return NULL;
  o->notes_stamp = notes_stamp;
  o->runs = runs;
  o->sorted = 1;
  p->n_objects++;
  if (p->object_index)
    {
      if (2 * p->n_objects > p->object_index_mask + 1)
        object_index_build (p, 2 * p->n_objects);
      else
        name_index_put (p->object_index, p->object_index_mask,
                        o->notes_file, p->n_objects - 1);
    }
  return o;
}

struct ppd_function *
ppd_add_function (struct ppd_object *o, const char *name,
                  const char *source_file, uint32_t cfg_checksum,
                  uint32_t storage, uint64_t n_paths, uint64_t dropped)
{
  if (grow ((void **) &o->functions, &o->cap_functions, o->n_functions + 1,
            sizeof *o->functions))
    return NULL;
  struct ppd_function *f = &o->functions[o->n_functions];
  memset (f, 0, sizeof *f);
  f->name = dup_str (name);
  f->source_file = dup_str (source_file);
  if (!f->name || !f->source_file)
    {
      function_free (f);
      return NULL;
    }
  f->cfg_checksum = cfg_checksum;
  f->storage = storage;
  f->n_paths = n_paths;
  f->dropped = dropped;
  if (o->n_functions && strcmp (o->functions[o->n_functions - 1].name, name) >= 0)
    o->sorted = 0;
  o->n_functions++;
  return f;
}

/* Appends (ID, COUNT) to the list *LIST of *N pairs (*CAP allocated).  */
static int
append_pair (struct ppd_count **list, size_t *n, size_t *cap, uint64_t id,
             uint64_t count)
{
  if (grow ((void **) list, cap, *n + 1, sizeof **list))
    return -1;
  (*list)[*n].id = id;
  (*list)[*n].count = count;
  (*n)++;
  return 0;
}

int
ppd_add_count (struct ppd_function *f, uint64_t id, uint64_t count)
{
  return append_pair (&f->counts, &f->n_counts, &f->cap_counts, id, count);
}

int
ppd_add_residual (struct ppd_function *f, uint64_t id, uint64_t count)
{
  return append_pair (&f->residual, &f->n_residual, &f->cap_residual, id,
                      count);
}

static int
cmp_count_id (const void *a, const void *b)
{
  uint64_t x = ((const struct ppd_count *) a)->id;
  uint64_t y = ((const struct ppd_count *) b)->id;
  return x < y ? -1 : x > y;
}

/* Sorts the N pairs of LIST by id, into TMP (room for N pairs) and back:
   a least-significant-digit radix sort, a byte per pass, skipping the
   bytes in which all ids agree.  Stable, so a repeated id's pairs stay
   in order (their counts are added anyway).  */
static void
radix_sort_by_id (struct ppd_count *list, struct ppd_count *tmp, size_t n)
{
  uint64_t any = 0, all = ~(uint64_t) 0;
  for (size_t i = 0; i < n; i++)
    {
      any |= list[i].id;
      all &= list[i].id;
    }
  uint64_t differ = any ^ all;
  struct ppd_count *from = list, *to = tmp;
  for (unsigned shift = 0; shift < 64; shift += 8)
    {
      if (!((differ >> shift) & 0xff))
        continue;
      size_t start[256] = { 0 };
      for (size_t i = 0; i < n; i++)
        start[(from[i].id >> shift) & 0xff]++;
      size_t pos = 0;
      for (unsigned b = 0; b < 256; b++)
        {
          size_t c = start[b];
          start[b] = pos;
          pos += c;
        }
      for (size_t i = 0; i < n; i++)
        to[start[(from[i].id >> shift) & 0xff]++] = from[i];
      struct ppd_count *t = from;
      from = to;
      to = t;
    }
  if (from != list)
    memcpy (list, from, n * sizeof *list);
}

/* Lists from this many pairs are radix-sorted, when memory allows.  */
#define RADIX_MIN 256

/* Sorts the N pairs of LIST by id, adds up repeated ids and removes zero
   counts; returns the new number of pairs.  */
static size_t
canonicalize (struct ppd_count *list, size_t n)
{
  /* Already canonical is the common case (array counters are appended in
     id order); skip the sort then.  */
  int sorted = 1;
  for (size_t i = 1; i < n && sorted; i++)
    sorted = list[i - 1].id < list[i].id;
  /* A residual log of many paths comes out of a hash table in no order:
     xz-utils' decompressor logs 35,000 paths.  On xz's bench workload
     qsort took 21 million instructions at exit (comparisons through a
     function pointer, and memcpy), the radix sort 5 million.  */
  struct ppd_count *tmp = NULL;
  if (!sorted && n >= RADIX_MIN)
    tmp = malloc (n * sizeof *tmp);
  if (tmp)
    {
      radix_sort_by_id (list, tmp, n);
      free (tmp);
    }
  else if (!sorted)
    qsort (list, n, sizeof *list, cmp_count_id);
  size_t out = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (list[i].count == 0)
        continue;
      if (out && list[out - 1].id == list[i].id)
        list[out - 1].count = ppd_sat_add (list[out - 1].count, list[i].count);
      else
        list[out++] = list[i];
    }
  return out;
}

void
ppd_function_finish (struct ppd_function *f)
{
  f->n_counts = canonicalize (f->counts, f->n_counts);
  f->n_residual = canonicalize (f->residual, f->n_residual);
}

static int
cmp_function (const void *a, const void *b)
{
  return strcmp (((const struct ppd_function *) a)->name,
                 ((const struct ppd_function *) b)->name);
}

static int
cmp_object (const void *a, const void *b)
{
  return strcmp (((const struct ppd_object *) a)->notes_file,
                 ((const struct ppd_object *) b)->notes_file);
}

void
ppd_sort (struct ppd_profile *p)
{
  /* What is in order already is not sorted again: a profile read from a
     file and merged into is (sorted is kept by ppd_add_function and the
     merge), and a qsort of thousands of names in order still costs tens
     of thousands of string comparisons, at every process exit.  */
  int objects_sorted = 1;
  for (size_t i = 1; i < p->n_objects && objects_sorted; i++)
    objects_sorted = cmp_object (&p->objects[i - 1], &p->objects[i]) < 0;
  /* (qsort's array may not be NULL, even for no elements.)  */
  if (p->n_objects > 1 && !objects_sorted)
    {
      qsort (p->objects, p->n_objects, sizeof *p->objects, cmp_object);
      object_index_free (p); /* positions moved */
    }
  for (size_t i = 0; i < p->n_objects; i++)
    {
      struct ppd_object *o = &p->objects[i];
      if (o->n_functions > 1 && !o->sorted)
        qsort (o->functions, o->n_functions, sizeof *o->functions,
               cmp_function);
      o->sorted = 1;
      for (size_t j = 0; j < o->n_functions; j++)
        ppd_function_finish (&o->functions[j]);
    }
}

/* ------------------------------------------------------------------ */
/* Merging                                                             */
/* ------------------------------------------------------------------ */

/* An index of an object's functions by name, for the merges: a binary
   search costs a dozen string comparisons per function, which a program
   of thousands of functions pays at every exit (bash: 2,891 functions,
   a subshell's exit).  */
struct fn_index
{
  struct ppd_name_slot *slots;
  size_t mask;
};

/* Indexes the first N functions of O (without memory, no index: the
   lookups then fall back to ppd_find_function).  */
static void
fn_index_build (struct fn_index *ix, const struct ppd_object *o, size_t n)
{
  if (name_index_alloc (&ix->slots, &ix->mask, n) == 0)
    for (size_t k = 0; k < n; k++)
      name_index_put (ix->slots, ix->mask, o->functions[k].name, k);
}

/* The function NAME among the indexed functions of O (or, without an
   index, among the first N, SORTED or not).  */
static struct ppd_function *
fn_index_find (const struct fn_index *ix, const struct ppd_object *o,
               size_t n, int sorted, const char *name)
{
  if (!ix->slots)
    {
      struct ppd_object part = *o;
      part.n_functions = n;
      part.sorted = sorted;
      return ppd_find_function (&part, name);
    }
  size_t pos1
    = name_index_find (ix->slots, ix->mask, name, function_name_at,
                       o->functions);
  return pos1 ? &o->functions[pos1 - 1] : NULL;
}

static void
fn_index_free (struct fn_index *ix)
{
  free (ix->slots);
  ix->slots = NULL;
}

enum ppd_status
ppd_check_merge (const struct ppd_profile *dst, const struct ppd_profile *src,
                 char *msg)
{
  for (size_t i = 0; i < src->n_objects; i++)
    {
      const struct ppd_object *so = &src->objects[i];
      const struct ppd_object *d = ppd_find_object (dst, so->notes_file);
      if (!d)
        continue;
      if (d->notes_stamp != so->notes_stamp)
        {
          snprintf (msg, PPD_MSG_SIZE,
                    "object '%s' is from another compilation "
                    "(stamp 0x%08x, not 0x%08x)",
                    so->notes_file, (unsigned) d->notes_stamp,
                    (unsigned) so->notes_stamp);
          return PPD_ERR_MISMATCH;
        }
      struct fn_index ix;
      fn_index_build (&ix, d, d->n_functions);
      for (size_t j = 0; j < so->n_functions; j++)
        {
          const struct ppd_function *sf = &so->functions[j];
          const struct ppd_function *df
            = fn_index_find (&ix, d, d->n_functions, d->sorted, sf->name);
          const char *what = NULL;
          if (!df)
            continue;
          if (df->cfg_checksum != sf->cfg_checksum)
            what = "checksum";
          else if (df->n_paths != sf->n_paths)
            what = "number of paths";
          else if (df->storage != sf->storage)
            what = "counter storage";
          else if (strcmp (df->source_file, sf->source_file) != 0)
            what = "source file";
          if (what)
            {
              snprintf (msg, PPD_MSG_SIZE,
                        "function '%s' of object '%s' differs in %s "
                        "(checksum 0x%08x with %llu paths, not 0x%08x with "
                        "%llu paths)",
                        sf->name, so->notes_file, what,
                        (unsigned) df->cfg_checksum,
                        (unsigned long long) df->n_paths,
                        (unsigned) sf->cfg_checksum,
                        (unsigned long long) sf->n_paths);
              fn_index_free (&ix);
              return PPD_ERR_MISMATCH;
            }
        }
      fn_index_free (&ix);
    }
  return PPD_OK;
}

/* Adds the sorted sparse list SRC of SN pairs into *DST (*DN pairs, *DCAP
   allocated), keeping it sorted.  */
static int
merge_list (struct ppd_count **dst, size_t *dn, size_t *dcap,
            const struct ppd_count *src, size_t sn)
{
  struct ppd_count *d = *dst;
  /* Most merges add counts to paths already there (a program run again
     takes the paths it took before): then in place, without a copy.  */
  size_t i0 = 0, j0 = 0;
  while (j0 < sn && i0 < *dn)
    {
      if (d[i0].id < src[j0].id)
        i0++;
      else if (d[i0].id == src[j0].id)
        i0++, j0++;
      else
        break;
    }
  if (j0 == sn)
    {
      for (size_t i = 0, j = 0; j < sn; i++)
        if (d[i].id == src[j].id)
          {
            d[i].count = ppd_sat_add (d[i].count, src[j].count);
            j++;
          }
      return 0;
    }
  size_t n = *dn + sn;
  struct ppd_count *m = malloc ((n ? n : 1) * sizeof *m);
  if (!m)
    return -1;
  size_t i = 0, j = 0, k = 0;
  while (i < *dn || j < sn)
    {
      if (j == sn || (i < *dn && d[i].id < src[j].id))
        m[k++] = d[i++];
      else if (i == *dn || src[j].id < d[i].id)
        m[k++] = src[j++];
      else
        {
          m[k].id = d[i].id;
          m[k++].count = ppd_sat_add (d[i++].count, src[j++].count);
        }
    }
  free (*dst);
  *dst = m;
  *dn = k;
  *dcap = n ? n : 1;
  return 0;
}

/* Adds the counts and residual paths of SF into DF (both finished).  */
static int
merge_counts (struct ppd_function *df, const struct ppd_function *sf)
{
  if (merge_list (&df->counts, &df->n_counts, &df->cap_counts, sf->counts,
                  sf->n_counts)
      || merge_list (&df->residual, &df->n_residual, &df->cap_residual,
                     sf->residual, sf->n_residual))
    return -1;
  df->dropped = ppd_sat_add (df->dropped, sf->dropped);
  df->residual_dropped
    = ppd_sat_add (df->residual_dropped, sf->residual_dropped);
  return 0;
}

/* A malloc'd copy of the N pairs of LIST (NULL with N == 0, or out of
   memory).  */
static struct ppd_count *
copy_list (const struct ppd_count *list, size_t n)
{
  struct ppd_count *c = n ? malloc (n * sizeof *c) : NULL;
  if (c)
    memcpy (c, list, n * sizeof *c);
  return c;
}

static struct ppd_function *
copy_function (struct ppd_object *o, const struct ppd_function *sf)
{
  struct ppd_function *f
    = ppd_add_function (o, sf->name, sf->source_file, sf->cfg_checksum,
                        sf->storage, sf->n_paths, sf->dropped);
  if (!f)
    return NULL;
  f->residual_dropped = sf->residual_dropped;
  if (sf->n_counts)
    {
      if (!(f->counts = copy_list (sf->counts, sf->n_counts)))
        return NULL;
      f->n_counts = f->cap_counts = sf->n_counts;
    }
  if (sf->n_residual)
    {
      if (!(f->residual = copy_list (sf->residual, sf->n_residual)))
        return NULL;
      f->n_residual = f->cap_residual = sf->n_residual;
    }
  return f;
}

enum ppd_status
ppd_merge (struct ppd_profile *dst, const struct ppd_profile *src, char *msg)
{
  enum ppd_status st = ppd_check_merge (dst, src, msg);
  if (st != PPD_OK)
    return st;
  if (src->program && ppd_set_program (dst, src->program))
    goto nomem;
  for (size_t i = 0; i < src->n_objects; i++)
    {
      const struct ppd_object *so = &src->objects[i];
      struct ppd_object *d = ppd_find_object (dst, so->notes_file);
      if (!d)
        {
          d = ppd_add_object (dst, so->notes_file, so->notes_stamp, 0);
          if (!d)
            goto nomem;
        }
      d->runs = ppd_sat_add (d->runs, so->runs);
      /* Two passes so that D stays sorted (binary-searched) while the
         functions it already has are merged; the new ones are appended
         afterwards and D re-sorted once.  */
      size_t n_new = 0;
      size_t n_old = d->n_functions;
      int was_sorted = d->sorted;
      struct fn_index ix;
      fn_index_build (&ix, d, n_old);
      for (size_t j = 0; j < so->n_functions; j++)
        {
          const struct ppd_function *sf = &so->functions[j];
          struct ppd_function *df
            = fn_index_find (&ix, d, n_old, was_sorted, sf->name);
          if (!df)
            n_new++;
          else if (merge_counts (df, sf) != 0)
            goto nomem_ix;
        }
      if (!n_new)
        {
          fn_index_free (&ix);
          continue;
        }
      d->sorted = 0; /* the N_OLD indexed entries are searched below */
      for (size_t j = 0; j < so->n_functions; j++)
        {
          const struct ppd_function *sf = &so->functions[j];
          /* (The index holds positions: it stays valid as copy_function
             appends.)  */
          if (!fn_index_find (&ix, d, n_old, was_sorted, sf->name)
              && !copy_function (d, sf))
            goto nomem_ix;
        }
      fn_index_free (&ix);
      qsort (d->functions, d->n_functions, sizeof *d->functions,
             cmp_function);
      d->sorted = 1;
      continue;
    nomem_ix:
      fn_index_free (&ix);
      goto nomem;
    }
  return PPD_OK;
nomem:
  snprintf (msg, PPD_MSG_SIZE, "out of memory");
  return PPD_ERR_NOMEM;
}

/* ------------------------------------------------------------------ */
/* Decoding                                                            */
/* ------------------------------------------------------------------ */

struct reader
{
  const unsigned char *p, *end;
};

static uint32_t
le32 (const unsigned char *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16
         | (uint32_t) p[3] << 24;
}

static uint64_t
le64 (const unsigned char *p)
{
  return (uint64_t) le32 (p) | (uint64_t) le32 (p + 4) << 32;
}

static int
get_u32 (struct reader *r, uint32_t *v)
{
  if (r->end - r->p < 4)
    return -1;
  *v = le32 (r->p);
  r->p += 4;
  return 0;
}

static int
get_u64 (struct reader *r, uint64_t *v)
{
  if (r->end - r->p < 8)
    return -1;
  *v = le64 (r->p);
  r->p += 8;
  return 0;
}

/* A malloc'd NUL-terminated copy of a string field, or NULL with *BAD set
   (1: malformed, 2: no memory).  */
static char *
get_str (struct reader *r, int *bad)
{
  uint32_t n;
  if (get_u32 (r, &n) || (uint64_t) (r->end - r->p) < n
      || memchr (r->p, 0, n))
    {
      *bad = 1;
      return NULL;
    }
  char *s = malloc ((size_t) n + 1);
  if (!s)
    {
      *bad = 2;
      return NULL;
    }
  memcpy (s, r->p, n);
  s[n] = 0;
  r->p += n;
  return s;
}

static const char *
tag_name (uint32_t tag, char buf[16])
{
  unsigned char c[4] = { tag & 0xff, tag >> 8 & 0xff, tag >> 16 & 0xff,
                         tag >> 24 };
  if (c[0] >= 0x20 && c[0] < 0x7f && c[1] >= 0x20 && c[1] < 0x7f
      && c[2] >= 0x20 && c[2] < 0x7f && c[3] >= 0x20 && c[3] < 0x7f)
    snprintf (buf, 16, "'%c%c%c%c'", c[0], c[1], c[2], c[3]);
  else
    snprintf (buf, 16, "0x%08x", (unsigned) tag);
  return buf;
}

#define CORRUPT(...)                                                       \
  do                                                                       \
    {                                                                      \
      snprintf (msg, PPD_MSG_SIZE, __VA_ARGS__);                           \
      return PPD_ERR_CORRUPT;                                              \
    }                                                                      \
  while (0)

static enum ppd_status
parse_object (struct reader *r, struct ppd_profile *out, uint32_t *n_funcs,
              uint64_t off, char *msg)
{
  int bad = 0;
  char *notes = get_str (r, &bad);
  uint32_t stamp, nf;
  uint64_t runs;
  if (!notes)
    {
      if (bad == 2)
        goto nomem;
      CORRUPT ("object record at offset %llu: bad notes file name",
               (unsigned long long) off);
    }
  if (get_u32 (r, &stamp) || get_u32 (r, &nf) || get_u64 (r, &runs))
    {
      free (notes);
      CORRUPT ("object record at offset %llu: truncated",
               (unsigned long long) off);
    }
  /* A profile's objects are written in order: one after the last read
     cannot be there already, and then no search is needed.  */
  int after_last
    = out->n_objects == 0
      || (!out->objects_unordered
          && strcmp (out->objects[out->n_objects - 1].notes_file, notes) < 0);
  if (!after_last)
    out->objects_unordered = 1;
  if (!after_last && ppd_find_object (out, notes))
    {
      snprintf (msg, PPD_MSG_SIZE,
                "object record at offset %llu: object '%s' appears twice",
                (unsigned long long) off, notes);
      free (notes);
      return PPD_ERR_CORRUPT;
    }
  struct ppd_object *o = ppd_add_object (out, notes, stamp, runs);
  free (notes);
  if (!o)
    goto nomem;
  *n_funcs = nf;
  return PPD_OK;
nomem:
  snprintf (msg, PPD_MSG_SIZE, "out of memory");
  return PPD_ERR_NOMEM;
}

/* Reads the N (path id, count) pairs of list WHAT ("count" or "residual
   path") of function NAME into *LIST (*LEN pairs, *CAP allocated):
   strictly increasing ids below N_PATHS, counts > 0.  */
static enum ppd_status
get_pairs (struct reader *r, uint64_t n, uint64_t n_paths, const char *name,
           const char *what, struct ppd_count **list, size_t *len,
           size_t *cap, char *msg)
{
  /* Checked before allocating: a corrupt N cannot make us allocate more
     than the record holds.  */
  if (n > (uint64_t) (r->end - r->p) / 16)
    CORRUPT ("function '%s': %llu %ss do not fit in the record", name,
             (unsigned long long) n, what);
  if (n > n_paths)
    CORRUPT ("function '%s': %llu %ss for %llu paths", name,
             (unsigned long long) n, what, (unsigned long long) n_paths);
  if (n)
    {
      *list = malloc ((size_t) n * sizeof **list);
      if (!*list)
        {
          snprintf (msg, PPD_MSG_SIZE, "out of memory");
          return PPD_ERR_NOMEM;
        }
      *cap = (size_t) n;
    }
  for (uint64_t i = 0; i < n; i++)
    {
      uint64_t id, count;
      get_u64 (r, &id);
      get_u64 (r, &count);
      if (id >= n_paths || count == 0 || (i && id <= (*list)[i - 1].id))
        CORRUPT ("function '%s': bad %s #%llu (path %llu, count %llu)", name,
                 what, (unsigned long long) i, (unsigned long long) id,
                 (unsigned long long) count);
      (*list)[i].id = id;
      (*list)[i].count = count;
      (*len)++;
    }
  return PPD_OK;
}

static const char *const storage_names[] = PATHPROF_STORAGE_NAMES;

static enum ppd_status
parse_function (struct reader *r, struct ppd_object *o, uint64_t off,
                char *msg)
{
  int bad = 0;
  char *name = get_str (r, &bad);
  char *src = name ? get_str (r, &bad) : NULL;
  uint32_t checksum, storage;
  uint64_t n_paths, dropped, n_counts, residual_dropped, n_residual;
  enum ppd_status st = PPD_ERR_CORRUPT;
  struct ppd_function *f;
  if (!src)
    {
      if (bad == 2)
        goto nomem;
      snprintf (msg, PPD_MSG_SIZE,
                "function record at offset %llu: bad name or source file",
                (unsigned long long) off);
      goto out;
    }
  if (get_u32 (r, &checksum) || get_u32 (r, &storage)
      || get_u64 (r, &n_paths) || get_u64 (r, &dropped)
      || get_u64 (r, &n_counts))
    {
      snprintf (msg, PPD_MSG_SIZE, "function '%s': record truncated", name);
      goto out;
    }
  if (storage > PATHPROF_STORAGE_RESIDUAL)
    {
      snprintf (msg, PPD_MSG_SIZE, "function '%s': unknown storage %u", name,
                (unsigned) storage);
      goto out;
    }
  /* In order so far (o->sorted) and after the last: not there.  */
  if (!(o->sorted
        && (o->n_functions == 0
            || strcmp (o->functions[o->n_functions - 1].name, name) < 0))
      && ppd_find_function (o, name))
    {
      snprintf (msg, PPD_MSG_SIZE, "function '%s' appears twice in object '%s'",
                name, o->notes_file);
      goto out;
    }
  f = ppd_add_function (o, name, src, checksum, storage, n_paths, dropped);
  if (!f)
    goto nomem;
  st = get_pairs (r, n_counts, n_paths, name, "count", &f->counts,
                  &f->n_counts, &f->cap_counts, msg);
  if (st != PPD_OK)
    goto out;
  st = PPD_ERR_CORRUPT;
  if (get_u64 (r, &residual_dropped) || get_u64 (r, &n_residual))
    {
      snprintf (msg, PPD_MSG_SIZE, "function '%s': record truncated", name);
      goto out;
    }
  f->residual_dropped = residual_dropped;
  st = get_pairs (r, n_residual, n_paths, name, "residual path", &f->residual,
                  &f->n_residual, &f->cap_residual, msg);
  if (st != PPD_OK)
    goto out;
  st = PPD_ERR_CORRUPT;
  /* What each storage can hold: counted paths in the counts list
     (ARRAY, HASH, and the tested paths of PPP), residual paths in the
     residual list (PPP, RESIDUAL).  */
  if ((storage == PATHPROF_STORAGE_ARRAY || storage == PATHPROF_STORAGE_HASH)
      && (n_residual || residual_dropped))
    {
      snprintf (msg, PPD_MSG_SIZE,
                "function '%s': %s storage cannot have residual paths", name,
                storage_names[storage]);
      goto out;
    }
  if (storage == PATHPROF_STORAGE_RESIDUAL && (n_counts || dropped))
    {
      snprintf (msg, PPD_MSG_SIZE,
                "function '%s': residual storage cannot have counted paths",
                name);
      goto out;
    }
  st = PPD_OK;
  goto out;
nomem:
  snprintf (msg, PPD_MSG_SIZE, "out of memory");
  st = PPD_ERR_NOMEM;
out:
  free (name);
  free (src);
  return st;
}

enum ppd_status
ppd_parse (const unsigned char *buf, size_t size, struct ppd_profile *out,
           char *msg)
{
  ppd_profile_init (out);
  if (size == 0)
    CORRUPT ("empty file");
  if (size < PATHPROF_PPD_MAGIC_SIZE
      || memcmp (buf, PATHPROF_PPD_MAGIC, PATHPROF_PPD_MAGIC_SIZE) != 0)
    CORRUPT ("not a pathprof data file (bad magic)");
  if (size < PATHPROF_PPD_HEADER_SIZE)
    CORRUPT ("truncated header (%zu bytes)", size);
  uint32_t version = le32 (buf + 8);
  if (version != PATHPROF_PPD_VERSION)
    CORRUPT ("unsupported format version %u (this reader supports %u)",
             (unsigned) version, PATHPROF_PPD_VERSION);
  if (ppd_crc32 (0, buf, 28) != le32 (buf + 28))
    CORRUPT ("header checksum mismatch");
  uint32_t header_size = le32 (buf + 12);
  uint64_t payload_size = le64 (buf + 16);
  if (header_size != PATHPROF_PPD_HEADER_SIZE)
    CORRUPT ("bad header size %u", (unsigned) header_size);
  if (payload_size != size - header_size)
    CORRUPT ("file is %zu bytes, header says %llu", size,
             (unsigned long long) (payload_size + header_size));
  const unsigned char *payload = buf + header_size;
  if (ppd_crc32 (0, payload, (size_t) payload_size) != le32 (buf + 24))
    CORRUPT ("payload checksum mismatch");

  struct reader r = { payload, payload + payload_size };
  struct ppd_object *cur = NULL;
  uint32_t expect = 0; /* FUNC records still due for CUR */
  enum ppd_status st;
  char tn[16];
  while (r.p < r.end)
    {
      uint64_t off = (uint64_t) (r.p - buf);
      uint32_t tag, flags;
      uint64_t len;
      if (get_u32 (&r, &tag) || get_u32 (&r, &flags) || get_u64 (&r, &len))
        CORRUPT ("record at offset %llu: truncated header",
                 (unsigned long long) off);
      if (len > (uint64_t) (r.end - r.p))
        CORRUPT ("record %s at offset %llu: length %llu past end of file",
                 tag_name (tag, tn), (unsigned long long) off,
                 (unsigned long long) len);
      if (flags != 0)
        CORRUPT ("record %s at offset %llu: unknown flags 0x%x",
                 tag_name (tag, tn), (unsigned long long) off,
                 (unsigned) flags);
      struct reader body = { r.p, r.p + len };
      r.p += len;
      switch (tag)
        {
        case PATHPROF_PPD_TAG_PROGRAM:
          {
            int bad = 0;
            if (out->program || out->n_objects)
              CORRUPT ("program record at offset %llu: not first or twice",
                       (unsigned long long) off);
            out->program = get_str (&body, &bad);
            if (!out->program)
              {
                if (bad == 2)
                  {
                    snprintf (msg, PPD_MSG_SIZE, "out of memory");
                    return PPD_ERR_NOMEM;
                  }
                CORRUPT ("program record at offset %llu: bad string",
                         (unsigned long long) off);
              }
            break;
          }
        case PATHPROF_PPD_TAG_OBJECT:
          if (expect)
            CORRUPT ("object '%s': %u function records missing",
                     cur->notes_file, (unsigned) expect);
          st = parse_object (&body, out, &expect, off, msg);
          if (st != PPD_OK)
            return st;
          cur = &out->objects[out->n_objects - 1];
          break;
        case PATHPROF_PPD_TAG_FUNCTION:
          if (!cur || !expect)
            CORRUPT ("function record at offset %llu outside an object",
                     (unsigned long long) off);
          st = parse_function (&body, cur, off, msg);
          if (st != PPD_OK)
            return st;
          expect--;
          break;
        default:
          CORRUPT ("unknown record %s at offset %llu", tag_name (tag, tn),
                   (unsigned long long) off);
        }
      if (body.p != body.end)
        CORRUPT ("record %s at offset %llu: %llu bytes left over",
                 tag_name (tag, tn), (unsigned long long) off,
                 (unsigned long long) (body.end - body.p));
    }
  if (expect)
    CORRUPT ("object '%s': %u function records missing", cur->notes_file,
             (unsigned) expect);
  return PPD_OK;
}

/* ------------------------------------------------------------------ */
/* Encoding                                                            */
/* ------------------------------------------------------------------ */

struct writer
{
  unsigned char *p;
};

static void
put_u32 (struct writer *w, uint32_t v)
{
  for (int i = 0; i < 4; i++)
    *w->p++ = (unsigned char) (v >> (8 * i));
}

static void
put_u64 (struct writer *w, uint64_t v)
{
  put_u32 (w, (uint32_t) v);
  put_u32 (w, (uint32_t) (v >> 32));
}

static void
put_str (struct writer *w, const char *s)
{
  size_t n = strlen (s);
  put_u32 (w, (uint32_t) n);
  memcpy (w->p, s, n);
  w->p += n;
}

/* u64 n, then the N pairs of LIST.  */
static void
put_pairs (struct writer *w, const struct ppd_count *list, size_t n)
{
  put_u64 (w, n);
  for (size_t k = 0; k < n; k++)
    {
      put_u64 (w, list[k].id);
      put_u64 (w, list[k].count);
    }
}

static uint64_t
function_body_size (const struct ppd_function *f)
{
  return 4 + strlen (f->name) + 4 + strlen (f->source_file) + 4 + 4 + 8 + 8
         + 8 + 16 * (uint64_t) f->n_counts + 8 + 8
         + 16 * (uint64_t) f->n_residual;
}

static uint64_t
object_body_size (const struct ppd_object *o)
{
  return 4 + strlen (o->notes_file) + 4 + 4 + 8;
}

enum ppd_status
ppd_serialize (struct ppd_profile *p, unsigned char **bufp, size_t *sizep,
               char *msg)
{
  ppd_sort (p);
  uint64_t payload = 0;
  if (p->program)
    payload += 16 + 4 + strlen (p->program);
  for (size_t i = 0; i < p->n_objects; i++)
    {
      const struct ppd_object *o = &p->objects[i];
      if (o->n_functions > UINT32_MAX || strlen (o->notes_file) > UINT32_MAX)
        {
          snprintf (msg, PPD_MSG_SIZE, "object '%s' too large to encode",
                    o->notes_file);
          return PPD_ERR_CORRUPT;
        }
      payload += 16 + object_body_size (o);
      for (size_t j = 0; j < o->n_functions; j++)
        payload += 16 + function_body_size (&o->functions[j]);
    }
  uint64_t total = PATHPROF_PPD_HEADER_SIZE + payload;
  unsigned char *buf = total <= (size_t) -1 ? malloc ((size_t) total) : NULL;
  if (!buf)
    {
      snprintf (msg, PPD_MSG_SIZE, "out of memory");
      return PPD_ERR_NOMEM;
    }
  struct writer w = { buf + PATHPROF_PPD_HEADER_SIZE };
  if (p->program)
    {
      put_u32 (&w, PATHPROF_PPD_TAG_PROGRAM);
      put_u32 (&w, 0);
      put_u64 (&w, 4 + strlen (p->program));
      put_str (&w, p->program);
    }
  for (size_t i = 0; i < p->n_objects; i++)
    {
      const struct ppd_object *o = &p->objects[i];
      put_u32 (&w, PATHPROF_PPD_TAG_OBJECT);
      put_u32 (&w, 0);
      put_u64 (&w, object_body_size (o));
      put_str (&w, o->notes_file);
      put_u32 (&w, o->notes_stamp);
      put_u32 (&w, (uint32_t) o->n_functions);
      put_u64 (&w, o->runs);
      for (size_t j = 0; j < o->n_functions; j++)
        {
          const struct ppd_function *f = &o->functions[j];
          put_u32 (&w, PATHPROF_PPD_TAG_FUNCTION);
          put_u32 (&w, 0);
          put_u64 (&w, function_body_size (f));
          put_str (&w, f->name);
          put_str (&w, f->source_file);
          put_u32 (&w, f->cfg_checksum);
          put_u32 (&w, f->storage);
          put_u64 (&w, f->n_paths);
          put_u64 (&w, f->dropped);
          put_pairs (&w, f->counts, f->n_counts);
          put_u64 (&w, f->residual_dropped);
          put_pairs (&w, f->residual, f->n_residual);
        }
    }
  struct writer h = { buf };
  memcpy (h.p, PATHPROF_PPD_MAGIC, PATHPROF_PPD_MAGIC_SIZE);
  h.p += PATHPROF_PPD_MAGIC_SIZE;
  put_u32 (&h, PATHPROF_PPD_VERSION);
  put_u32 (&h, PATHPROF_PPD_HEADER_SIZE);
  put_u64 (&h, payload);
  put_u32 (&h, ppd_crc32 (0, buf + PATHPROF_PPD_HEADER_SIZE,
                          (size_t) payload));
  put_u32 (&h, ppd_crc32 (0, buf, 28));
  *bufp = buf;
  *sizep = (size_t) total;
  return PPD_OK;
}

/* ------------------------------------------------------------------ */
/* Files                                                               */
/* ------------------------------------------------------------------ */

static enum ppd_status
io_error (char *msg)
{
  int e = errno;
  snprintf (msg, PPD_MSG_SIZE, "%s", strerror (e));
  errno = e;
  return PPD_ERR_IO;
}

enum ppd_status
ppd_read_fd (int fd, unsigned char **bufp, size_t *sizep, char *msg)
{
  size_t cap = 4096, n = 0;
  unsigned char *buf = malloc (cap);
  if (!buf)
    goto nomem;
  for (;;)
    {
      if (n == cap)
        {
          unsigned char *nb = cap > ((size_t) -1) / 2 ? NULL
                                                      : realloc (buf, cap * 2);
          if (!nb)
            goto nomem;
          buf = nb;
          cap *= 2;
        }
      ssize_t r = read (fd, buf + n, cap - n);
      if (r < 0 && errno == EINTR)
        continue;
      if (r < 0)
        {
          enum ppd_status st = io_error (msg);
          free (buf);
          return st;
        }
      if (r == 0)
        break;
      /* Not a profile (someone else's file, /dev/zero): its start says
         so, and ppd_parse will; no need to read the rest, which may
         never end.  */
      if (n < PATHPROF_PPD_MAGIC_SIZE
          && n + (size_t) r >= PATHPROF_PPD_MAGIC_SIZE
          && memcmp (buf, PATHPROF_PPD_MAGIC, PATHPROF_PPD_MAGIC_SIZE) != 0)
        {
          n += (size_t) r;
          break;
        }
      n += (size_t) r;
    }
  *bufp = buf;
  *sizep = n;
  return PPD_OK;
nomem:
  free (buf);
  snprintf (msg, PPD_MSG_SIZE, "out of memory");
  return PPD_ERR_NOMEM;
}

enum ppd_status
ppd_write_fd (int fd, const unsigned char *buf, size_t size, char *msg)
{
  while (size)
    {
      ssize_t r = write (fd, buf, size);
      if (r < 0 && errno == EINTR)
        continue;
      if (r < 0)
        return io_error (msg);
      if (r == 0)
        {
          errno = ENOSPC;
          return io_error (msg);
        }
      buf += r;
      size -= (size_t) r;
    }
  return PPD_OK;
}

enum ppd_status
ppd_read_file (const char *path, struct ppd_profile *out, char *msg)
{
  ppd_profile_init (out);
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return io_error (msg);
  unsigned char *buf;
  size_t size;
  enum ppd_status st = ppd_read_fd (fd, &buf, &size, msg);
  close (fd);
  if (st != PPD_OK)
    return st;
  st = ppd_parse (buf, size, out, msg);
  free (buf);
  return st;
}

void
ppd_take_attributes (int fd, const struct stat *old)
{
  int saved = errno;
  /* Not ours to give: the group alone, if we are in it.  */
  if (fchown (fd, old->st_uid, old->st_gid) != 0)
    (void) !fchown (fd, (uid_t) -1, old->st_gid);
  (void) fchmod (fd, old->st_mode & 0777);
  errno = saved;
}

char *
ppd_resolve_link (const char *path)
{
  char *cur = strdup (path);
  /* As the kernel does, give up after 40 links (a loop); open() will
     then report ELOOP.  */
  for (int i = 0; cur && i < 40; i++)
    {
      struct stat st;
      char target[PATH_MAX + 1];
      if (lstat (cur, &st) != 0 || !S_ISLNK (st.st_mode))
        break;
      ssize_t n = readlink (cur, target, PATH_MAX);
      if (n <= 0)
        break;
      target[n] = 0;
      char *next;
      const char *slash = strrchr (cur, '/');
      if (target[0] == '/' || !slash)
        next = strdup (target);
      else if (asprintf (&next, "%.*s/%s", (int) (slash - cur), cur, target)
               < 0)
        next = NULL;
      free (cur);
      cur = next;
    }
  return cur;
}
