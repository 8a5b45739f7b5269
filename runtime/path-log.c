/* pathprof runtime: the path log.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * The paths a function has no counter of its own for are logged here
 * (pathprof-format.h, struct pathprof_function, "Logged paths"): every
 * path of a HASH function (Ball-Larus mode, more paths than the array
 * threshold), the untested paths of a PPP function counted in slots and
 * every path of a RESIDUAL function not counted in an array.  Their path
 * ends call __pathprof_log_path (fn, id).  The call can come from any
 * thread, from a signal handler, and can be hot (a large Ball-Larus
 * function, an unlisted function the field runs a lot), so the log is
 * lock-free, never calls malloc, and a path already logged costs a hash,
 * a short probe and an atomic add.
 *
 * The cache.  Before the call, the instrumented code probes the function's
 * path cache (fn->path_cache, pathprof-format.h): a static direct-mapped
 * table of 2^fn->path_cache_bits entries, one possible entry per path,
 * where it counts the path inline if the entry holds it.  The first path
 * to reach a free entry claims it here; the paths whose entry another
 * path holds go on to the table below.  The cache is static memory, like
 * the array-counted functions' counters, so its paths do not count
 * against PATHPROF_LOG_LIMIT; runtime.c collects and resets it with the
 * other counters.
 *
 * Layout.  Each function has its own table, reached from fn->path_log: a
 * chain of chunks, each an open-addressed table with linear probing, of
 * keys (path id + 1, 0 for an empty slot) and counts.  The key is one
 * word, claimed with a compare-and-swap, so no thread ever waits for
 * another (a signal handler interrupting an insertion cannot deadlock), and
 * a slot once claimed keeps its key until the process ends: a path is
 * found where it was put, and the count is a relaxed atomic add.  A
 * per-function table (rather than one table keyed by function and id)
 * keeps the key in one word and a function's paths together in memory.
 * Keys and counts are separate arrays, on separate cache lines, so that
 * threads counting the same hot path bounce only the count's line, not
 * the keys every lookup reads (a path counted by two threads costs 35 to
 * 40 ns per call instead of 55 to 65 with keys and counts interleaved).
 *
 * Growth.  Slots cannot move without locks, so a table grows by chaining:
 * a chunk takes new paths until half of it is used (short probe runs:
 * about 1.5 probes for a hit, 2.5 to see that a path is absent), then the
 * next chunk, 4 times larger, takes them.  A function with 1000 logged
 * paths has 5 chunks.  Chunk capacities stop at twice the function's path
 * count, so a small function gets one small chunk that holds all its
 * paths.
 *
 * Repeats.  A logged path is in exactly one slot (below), so a lookup may
 * look anywhere first.  In a short chain it probes the first chunk, then
 * the chunks from the last one back.  A long chain would make that a walk
 * through every chunk for the hot paths, which are found first and so sit
 * in the small early chunks (xz-utils' lzma_decode: 147,000 residual
 * paths, 9 chunks, 10 chunks probed per call), so from the third chunk on
 * the function also has a directory: one open-addressed table of (key,
 * pointer to the path's count), twice the size of the last chunk, which
 * a lookup probes alone.  The directory is only an index: a path missing
 * from it (new, not looked up since the directory was made, or being
 * entered by another thread) is looked up in the chain from the first
 * chunk, as a new path would be, and then entered, so the directory never
 * decides where a path is.  Each new chunk brings a new
 * directory, twice its size, so a directory is never more than a third
 * full and paths are entered again as they are met; the old one is
 * abandoned.  A repeat thus costs the hash, about one probe and the
 * atomic add (which dominates: see specs/runtime.md for measurements).
 *
 * Agreeing without a lock.  Two threads placing the same new path must
 * put it in the same place, including when one of them sees the chunk
 * open and the other sees it closed.  The decision is made at a single
 * slot, the first empty slot of the path's probe run in the chunk: the
 * thread that wins the CAS there writes either the key (chunk open) or
 * MOVED ("the paths whose run ends here are in later chunks"), and a
 * thread that loses reads what the winner wrote and follows it.  Since a
 * slot never changes after that, every later lookup of the path meets the
 * same keys and the same decision: each path is in exactly one slot.
 *
 * Memory.  Chunks are bump-allocated from one pool, mapped with mmap (a
 * system call, safe in a signal handler, unlike malloc) at the first
 * logged path, so programs that log none pay nothing.  At most
 * PATHPROF_LOG_LIMIT distinct paths are kept per process: a global
 * count of kept paths is reserved before a slot is claimed for a new one.
 * An execution of a new path that finds the limit reached is counted in
 * fn->log_dropped, never lost silently.  The pool is sized for the
 * worst case of the layout, POOL_BYTES_PER_PATH per kept path, so that
 * the limit on paths, not the pool, is what binds; its pages are touched
 * only as chunks are used (between about 40 and 192 bytes per path,
 * depending on how many paths a function has).  Directories come from a
 * second pool of the same kind, DIRECTORY_BYTES_PER_PATH per kept path;
 * when it cannot be mapped or is used up, lookups walk the chain as
 * without a directory, and nothing is lost.
 *
 * __pathprof_reset and a forked child zero the counts only (runtime.c):
 * keys keep their slots, since other threads may be inside this function,
 * so the limit counts the distinct paths logged since the program
 * started (a forked child inherits its parent's, copy-on-write).
 *
 * This file is its own archive member, referenced by runtime.c only
 * weakly: programs that log no path do not link it.
 */
#define _GNU_SOURCE 1

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "mix64.h"
#include "runtime-internal.h"

/* The key of a slot whose path's run ends here while the chunk takes no
   new paths.  Keys are ids + 1, so neither 0 nor MOVED can be a path's
   key: PATHPROF_NO_PATH (UINT64_MAX) and UINT64_MAX - 1, which a function
   can only have with exactly 2^64 - 1 paths, are counted as dropped.  */
#define MOVED UINT64_MAX

#define FIRST_CAPACITY 8u
#define GROWTH 4u

/* Without PATHPROF_LOG_LIMIT: a million paths is far more than the
   untested paths of real field runs (thousands), yet at most 192 MB of
   address space, of which only what is used is ever touched.  */
#define DEFAULT_LIMIT 1000000u
#define MAX_LIMIT 1000000000u

/* Chunks start on a cache line of their own, so that threads counting in
   different functions never share a line.  */
#define CHUNK_ALIGN 64u

/* Worst case of the layout: a function with one path uses a whole first
   chunk of 8 slots (48-byte header and 8 keys, then 8 counts on the next
   cache line: 192 bytes); a function with more uses less per path, since
   a chunk is only followed by another when half of it is used.  The
   slack covers chunks allocated by threads racing to extend the same
   chain (kept, see next_chunk).  */
#define POOL_BYTES_PER_PATH 192u
#define POOL_SLACK (64u * 1024)

/* Worst case of the directories: the directory made with a chunk of C
   slots has 2C entries of 16 bytes, and the chain then holds more than
   C/6 paths (the chunks before it are half full: C/8 + C/32 + ...),
   so at most 192 bytes per path; the older directories of the function,
   each a quarter of the next, add at most a third of that.  */
#define DIRECTORY_BYTES_PER_PATH 256u
/* The third chunk of a chain is the first with a directory.  */
#define DIRECTORY_FROM_CAPACITY (FIRST_CAPACITY * GROWTH * GROWTH)

struct log_chunk
{
  struct log_chunk *next; /* the next chunk of the chain, or NULL */
  struct log_chunk *prev; /* the chunk before it, or NULL (the first):
                                  set before the chunk is linked */
  uint64_t capacity;           /* slots, a power of two */
  uint64_t used;               /* slots claimed for paths */
  /* In a function's first chunk: the last chunk linked after it, NULL
     while there is none.  A hint for lookups (it may lag behind when
     chunks are linked concurrently).  */
  struct log_chunk *last;
  /* In a function's first chunk: its directory, NULL while it has none. */
  struct log_directory *directory;
  uint64_t *counts;            /* capacity counts, from the first cache
                                  line after the keys */
  uint64_t keys[];             /* capacity keys: path id + 1, 0 (empty)
                                  or MOVED */
};

/* A path's entry in a directory: its key (0: free), then, once the
   entry is complete, the address of its count in its chunk.  */
struct directory_entry
{
  uint64_t key;
  uint64_t *count;
};

struct log_directory
{
  uint64_t capacity;              /* entries, a power of two */
  uint64_t used;                  /* entries claimed */
  struct directory_entry entry[];
};

/* The limit + 1, 0 until PATHPROF_LOG_LIMIT has been read.  */
static uint64_t limit_plus_one;
/* Distinct paths kept (or reserved by a thread about to keep one).  */
static uint64_t kept;
/* A pool: one mapping, NULL until first used; bytes handed out; the
   errno of a failed mmap (then no further attempts).  */
struct pool
{
  char *base;
  uint64_t used;
  int error;
  uint64_t bytes_per_path;
};
/* The chunks.  A failure to map it is reported once at exit.  */
static struct pool chunk_pool = { NULL, 0, 0, POOL_BYTES_PER_PATH };
static int pool_error_reported;
/* The directories: a failure only means lookups walk the chains.  */
static struct pool directory_pool = { NULL, 0, 0, DIRECTORY_BYTES_PER_PATH };

/* ------------------------------------------------------------------ */
/* The limit                                                           */
/* ------------------------------------------------------------------ */

void
__pathprof_log_setup (void)
{
  if (__atomic_load_n (&limit_plus_one, __ATOMIC_ACQUIRE))
    return;
  uint64_t limit = DEFAULT_LIMIT;
  int bad = 0;
  const char *v = getenv ("PATHPROF_LOG_LIMIT");
  if (v && *v)
    {
      /* Decimal digits only: "1e6", "-1", " 5" or "5k" are mistakes worth
         reporting, not numbers to guess at.  */
      uint64_t n = 0;
      for (const char *p = v; *p && !bad; p++)
        if (*p < '0' || *p > '9'
            || (n = n * 10 + (uint64_t) (*p - '0')) > MAX_LIMIT)
          bad = 1;
      if (!bad)
        limit = n;
    }
  /* Every caller computes the same value; the first to store it reports
     a bad one, so the message appears once.  */
  uint64_t unset = 0;
  if (__atomic_compare_exchange_n (&limit_plus_one, &unset, limit + 1, 0,
                                   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)
      && bad)
    __pathprof_report ("PATHPROF_LOG_LIMIT='%s' is not a number from 0 "
                       "to %u; the path log keeps at most %u paths",
                       v, MAX_LIMIT, DEFAULT_LIMIT);
}

static uint64_t
path_limit (void)
{
  uint64_t l = __atomic_load_n (&limit_plus_one, __ATOMIC_ACQUIRE);
  if (!l)
    {
      /* A logged path before any object registered (instrumented code
         run by an earlier constructor).  */
      __pathprof_log_setup ();
      l = __atomic_load_n (&limit_plus_one, __ATOMIC_ACQUIRE);
    }
  return l - 1;
}

/* Takes one place for a new path; 0 when the limit is reached.  */
static int
reserve_path (void)
{
  uint64_t limit = path_limit ();
  uint64_t k = __atomic_load_n (&kept, __ATOMIC_RELAXED);
  do
    if (k >= limit)
      return 0;
  while (!__atomic_compare_exchange_n (&kept, &k, k + 1, 1, __ATOMIC_RELAXED,
                                       __ATOMIC_RELAXED));
  return 1;
}

/* Gives back a place taken for a path that another thread logged first. */
static void
release_path (void)
{
  __atomic_fetch_sub (&kept, 1, __ATOMIC_RELAXED);
}

/* ------------------------------------------------------------------ */
/* The pool                                                            */
/* ------------------------------------------------------------------ */

static uint64_t
pool_size (const struct pool *pool)
{
  return path_limit () * pool->bytes_per_path + POOL_SLACK;
}

/* POOL's mapping, made by the first caller; NULL if it cannot be.  */
static char *
map_pool (struct pool *pool)
{
  char *p = __atomic_load_n (&pool->base, __ATOMIC_ACQUIRE);
  if (p || __atomic_load_n (&pool->error, __ATOMIC_RELAXED))
    return p;
  int saved = errno;
  uint64_t size = pool_size (pool);
  /* MAP_NORESERVE: address space only; a page costs memory when a chunk
     on it is first written.  */
  void *m = size == (size_t) size
              ? mmap (NULL, (size_t) size, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
              : (errno = ENOMEM, MAP_FAILED);
  if (m == MAP_FAILED)
    {
      int none = 0;
      __atomic_compare_exchange_n (&pool->error, &none,
                                   errno ? errno : ENOMEM, 0,
                                   __ATOMIC_RELAXED, __ATOMIC_RELAXED);
      errno = saved;
      return NULL;
    }
  if (__atomic_compare_exchange_n (&pool->base, &p, (char *) m, 0,
                                   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    p = m;
  else
    munmap (m, (size_t) size); /* another thread mapped it first */
  errno = saved;
  return p;
}

#define ALIGN_UP(n) (((n) + CHUNK_ALIGN - 1) & ~(uint64_t) (CHUNK_ALIGN - 1))

/* SIZE zeroed bytes of POOL, aligned to CHUNK_ALIGN, or NULL.  */
static char *
pool_alloc (struct pool *pool, uint64_t size)
{
  char *base = map_pool (pool);
  if (!base)
    return NULL;
  size = ALIGN_UP (size);
  uint64_t total = pool_size (pool);
  uint64_t used = __atomic_load_n (&pool->used, __ATOMIC_RELAXED);
  do
    if (size > total - used)
      return NULL;
  while (!__atomic_compare_exchange_n (&pool->used, &used, used + size, 1,
                                       __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  return base + used;
}

/* A zeroed chunk of CAPACITY slots, or NULL.  */
static struct log_chunk *
chunk_alloc (uint64_t capacity)
{
  uint64_t counts_at
    = ALIGN_UP (sizeof (struct log_chunk) + capacity * sizeof (uint64_t));
  char *m = pool_alloc (&chunk_pool,
                        counts_at + capacity * sizeof (uint64_t));
  if (!m)
    return NULL;
  struct log_chunk *c = (struct log_chunk *) m;
  c->capacity = capacity;
  c->counts = (uint64_t *) (m + counts_at);
  return c;
}

/* A zeroed directory of CAPACITY entries, or NULL.  */
static struct log_directory *
directory_alloc (uint64_t capacity)
{
  struct log_directory *d = (struct log_directory *) pool_alloc (
    &directory_pool,
    sizeof (struct log_directory)
      + capacity * sizeof (struct directory_entry));
  if (d)
    d->capacity = capacity;
  return d;
}

/* ------------------------------------------------------------------ */
/* Logging                                                             */
/* ------------------------------------------------------------------ */

/* The capacity of the chunk that follows one of PREV slots (PREV 0: the
   first chunk) in a function of N_PATHS paths: GROWTH times PREV, but no
   more than the power of two at least twice N_PATHS, which takes every
   path of the function before it is half used.  */
static uint64_t
chunk_capacity (uint64_t prev, uint64_t n_paths)
{
  uint64_t cap = prev ? prev * GROWTH : FIRST_CAPACITY;
  uint64_t enough = 2;
  while (enough < cap && enough / 2 < n_paths)
    enough *= 2;
  return enough;
}

/* The chunk at *LINK, the link of chunk OWNER (NULL: the function's own
   link), linking a new one there first if there is none (N_PATHS as for
   chunk_capacity; FIRST: the function's first chunk, NULL when linking
   it).  NULL when the pool is used up and no other thread linked one.  */
static struct log_chunk *
next_chunk (struct log_chunk **link, struct log_chunk *first,
            struct log_chunk *owner, uint64_t n_paths)
{
  struct log_chunk *c
    = chunk_alloc (chunk_capacity (owner ? owner->capacity : 0, n_paths));
  struct log_chunk *winner = NULL;
  if (!c)
    return __atomic_load_n (link, __ATOMIC_ACQUIRE);
  c->prev = owner;
  /* Release: a thread that finds the chunk sees its capacity.  */
  if (__atomic_compare_exchange_n (link, &winner, c, 0, __ATOMIC_RELEASE,
                                   __ATOMIC_ACQUIRE))
    {
      if (first)
        __atomic_store_n (&first->last, c, __ATOMIC_RELEASE);
      if (first && c->capacity >= DIRECTORY_FROM_CAPACITY)
        {
          /* Without a new directory (the pool used up), the old one
             stays: it takes no entries once half full.  */
          struct log_directory *d = directory_alloc (2 * c->capacity);
          if (d)
            __atomic_store_n (&first->directory, d, __ATOMIC_RELEASE);
        }
      return c;
    }
  /* Another thread linked its chunk first: use that one, and put ours at
     the end of the chain, where later paths will use it (the pool has no
     way to take it back).  */
  for (struct log_chunk *tail = winner;;)
    {
      struct log_chunk *next = NULL;
      c->prev = tail;
      if (__atomic_compare_exchange_n (&tail->next, &next, c, 0,
                                       __ATOMIC_RELEASE, __ATOMIC_ACQUIRE))
        break;
      tail = next;
    }
  return winner;
}

/* The count of KEY (hashed: HASH) in chunk C, or NULL if it is not
   there: its probe run ends at an empty slot or MOVED, since a path is
   put in the first empty slot of its run.  Reads only.  */
static inline uint64_t *
find_in (struct log_chunk *c, uint64_t key, uint64_t hash)
{
  uint64_t mask = c->capacity - 1;
  uint64_t i = hash & mask;
  for (uint64_t n = 0; n <= mask; n++, i = (i + 1) & mask)
    {
      uint64_t k = __atomic_load_n (&c->keys[i], __ATOMIC_RELAXED);
      if (k == key)
        return &c->counts[i];
      if (k == 0 || k == MOVED)
        return NULL;
    }
  return NULL;
}

/* The count of KEY (hashed: HASH) in directory D, or NULL if it is not
   entered there (yet).  Reads only.  */
static inline uint64_t *
directory_find (struct log_directory *d, uint64_t key, uint64_t hash)
{
  uint64_t mask = d->capacity - 1;
  uint64_t i = hash & mask;
  for (uint64_t n = 0; n <= mask; n++, i = (i + 1) & mask)
    {
      uint64_t k = __atomic_load_n (&d->entry[i].key, __ATOMIC_RELAXED);
      if (k == key)
        /* NULL while the thread entering it has not stored it yet.  */
        return __atomic_load_n (&d->entry[i].count, __ATOMIC_ACQUIRE);
      if (k == 0)
        return NULL;
    }
  return NULL;
}

/* Enters KEY (hashed: HASH), whose count is at COUNT, in directory D,
   unless D is half full or another thread entered it first.  */
static void
directory_enter (struct log_directory *d, uint64_t key, uint64_t hash,
                 uint64_t *count)
{
  if (__atomic_load_n (&d->used, __ATOMIC_RELAXED) >= d->capacity / 2)
    return;
  uint64_t mask = d->capacity - 1;
  uint64_t i = hash & mask;
  for (uint64_t n = 0; n <= mask; n++, i = (i + 1) & mask)
    {
      uint64_t k = __atomic_load_n (&d->entry[i].key, __ATOMIC_RELAXED);
      if (k == 0
          && __atomic_compare_exchange_n (&d->entry[i].key, &k, key, 0,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        {
          __atomic_store_n (&d->entry[i].count, count, __ATOMIC_RELEASE);
          __atomic_fetch_add (&d->used, 1, __ATOMIC_RELAXED);
          return;
        }
      if (k == key) /* K: what the winner of the slot wrote */
        return;
    }
}

/* Counts one execution of the path at COUNT, the path of KEY (hashed:
   HASH) in the chain that starts with FIRST, and enters it in the chain's
   directory, if it has one.  */
static void
count_and_enter (struct log_chunk *first, uint64_t *count, uint64_t key,
                 uint64_t hash)
{
  /* Relaxed: counts are read at exit (runtime.md, "Threads").  */
  __atomic_fetch_add (count, 1, __ATOMIC_RELAXED);
  struct log_directory *d
    = __atomic_load_n (&first->directory, __ATOMIC_ACQUIRE);
  if (d)
    directory_enter (d, key, hash, count);
}

/* Logs one execution of the path of KEY (hashed: HASH) in FN's table,
   walking the chain in order and placing the path if it is new.  */
static __attribute__ ((noinline)) void
log_path (struct pathprof_function *fn, uint64_t key, uint64_t hash)
{
  struct log_chunk **link = (struct log_chunk **) &fn->path_log;
  struct log_chunk *first = NULL, *owner = NULL;
  /* A place taken under the limit for KEY as a new path.  */
  int reserved = 0;
  for (;;)
    {
      struct log_chunk *c = __atomic_load_n (link, __ATOMIC_ACQUIRE);
      if (!c)
        {
          /* Every chunk sent KEY on: a new path.  */
          if (!reserved && !(reserved = reserve_path ()))
            goto drop;
          if (!(c = next_chunk (link, first, owner, fn->n_paths)))
            {
              release_path ();
              goto drop;
            }
        }
      if (!first)
        first = c;
      uint64_t mask = c->capacity - 1;
      uint64_t i = hash & mask;
      for (uint64_t n = 0; n <= mask; n++, i = (i + 1) & mask)
        {
          uint64_t k = __atomic_load_n (&c->keys[i], __ATOMIC_RELAXED);
          if (k == 0)
            {
              /* The end of KEY's run: it is not in this chunk.  Decide
                 here, for every thread, whether it goes here or on.  */
              uint64_t mark = MOVED;
              if (__atomic_load_n (&c->used, __ATOMIC_RELAXED)
                  < c->capacity / 2)
                {
                  /* Not in a later chunk either (it would have found
                     this slot taken): a new path.  */
                  if (!reserved && !(reserved = reserve_path ()))
                    goto drop;
                  mark = key;
                }
              if (__atomic_compare_exchange_n (&c->keys[i], &k, mark, 0,
                                               __ATOMIC_RELAXED,
                                               __ATOMIC_RELAXED))
                {
                  if (mark == MOVED)
                    break;
                  __atomic_fetch_add (&c->used, 1, __ATOMIC_RELAXED);
                  count_and_enter (first, &c->counts[i], key, hash);
                  return;
                }
              /* Another thread decided first: K is what it wrote.  */
            }
          if (k == key)
            {
              if (reserved)
                release_path ();
              count_and_enter (first, &c->counts[i], key, hash);
              return;
            }
          if (k == MOVED)
            break;
        }
      owner = c;
      link = &c->next;
    }
drop:
  __atomic_fetch_add (&fn->log_dropped, 1, __ATOMIC_RELAXED);
}

void
__pathprof_log_path (struct pathprof_function *fn, uint64_t id)
{
  uint64_t key = id + 1;
  if (__builtin_expect (key == 0 || key == MOVED, 0))
    {
      __atomic_fetch_add (&fn->log_dropped, 1, __ATOMIC_RELAXED);
      return;
    }
  uint64_t *cache = fn->path_cache;
  if (cache)
    {
      /* The path's entry of the cache: the instrumented code counts it
         there inline once it is claimed, so it comes here when the entry
         is free (claim it), when another path holds it (go on to the
         table), or when it was claimed since the inline probe, possibly
         by another thread for the same path.  */
      uint64_t e
        = PATHPROF_PATH_CACHE_SLOT (id, fn->path_cache_bits);
      uint64_t k = __atomic_load_n (&cache[e], __ATOMIC_RELAXED);
      if (k == 0
          && __atomic_compare_exchange_n (&cache[e], &k, key, 0,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        k = key;
      if (k == key)
        {
          __atomic_fetch_add (&cache[(1ull << fn->path_cache_bits) + e],
                              1,
                              __ATOMIC_RELAXED);
          return;
        }
    }
  uint64_t hash = pathprof_mix64 (id);
  /* A path logged before is in exactly one slot, so finding it anywhere
     is enough.  Look first in the directory, if the function has one,
     else where the paths most likely are: the first chunk, which holds
     the paths found first (often the hot ones), then from the last back
     to the second, largest first.  Chunks linked after the `last` hint
     was read are left to log_path.  */
  struct log_chunk *first
    = __atomic_load_n ((struct log_chunk **) &fn->path_log,
                       __ATOMIC_ACQUIRE);
  if (__builtin_expect (first != NULL, 1))
    {
      struct log_directory *d
        = __atomic_load_n (&first->directory, __ATOMIC_ACQUIRE);
      uint64_t *count;
      if (d)
        {
          count = directory_find (d, key, hash);
          if (count)
            {
              /* Relaxed: counts are read at exit (runtime.md, "Threads").  */
              __atomic_fetch_add (count, 1, __ATOMIC_RELAXED);
              return;
            }
          /* Not entered: a new path, or one not looked up since the
             directory was made, most likely a hot one found early and
             so in an early chunk.  log_path's walk from the first chunk
             finds both, and enters the path.  */
          log_path (fn, key, hash);
          return;
        }
      count = find_in (first, key, hash);
      for (struct log_chunk *c
           = count ? NULL : __atomic_load_n (&first->last, __ATOMIC_ACQUIRE);
           c && c != first && !count; c = c->prev)
        count = find_in (c, key, hash);
      if (count)
        {
          count_and_enter (first, count, key, hash);
          return;
        }
    }
  log_path (fn, key, hash);
}

/* ------------------------------------------------------------------ */
/* Snapshot and reset (runtime.c, under its lock)                      */
/* ------------------------------------------------------------------ */

static struct log_chunk *
first_chunk (const struct pathprof_function *fn)
{
  return __atomic_load_n ((struct log_chunk *const *) &fn->path_log,
                          __ATOMIC_ACQUIRE);
}

int
__pathprof_log_collect (const struct pathprof_function *fn,
                        struct ppd_function *pf, int as_counts)
{
  for (struct log_chunk *c = first_chunk (fn); c;
       c = __atomic_load_n (&c->next, __ATOMIC_ACQUIRE))
    for (uint64_t i = 0; i < c->capacity; i++)
      {
        uint64_t k = __atomic_load_n (&c->keys[i], __ATOMIC_RELAXED);
        uint64_t n = __atomic_load_n (&c->counts[i], __ATOMIC_RELAXED);
        if (k == 0 || k == MOVED || n == 0)
          continue;
        /* An id beyond n_paths cannot come from correct instrumentation
           and would make the file unreadable: counted as lost.  */
        if (k - 1 >= fn->n_paths)
          {
            uint64_t *lost = as_counts ? &pf->dropped : &pf->residual_dropped;
            *lost = ppd_sat_add (*lost, n);
          }
        else if (as_counts ? ppd_add_count (pf, k - 1, n)
                           : ppd_add_residual (pf, k - 1, n))
          return -1;
      }
  return 0;
}

void
__pathprof_log_reset (struct pathprof_function *fn)
{
  for (struct log_chunk *c = first_chunk (fn); c;
       c = __atomic_load_n (&c->next, __ATOMIC_ACQUIRE))
    for (uint64_t i = 0; i < c->capacity; i++)
      /* Only the counts that ran: a store to every one would copy every
         page of the chunk in each forked child.  */
      if (__atomic_load_n (&c->counts[i], __ATOMIC_RELAXED))
        __atomic_store_n (&c->counts[i], 0, __ATOMIC_RELAXED);
}

void
__pathprof_log_report (void)
{
  int e = __atomic_load_n (&chunk_pool.error, __ATOMIC_RELAXED);
  if (e && !pool_error_reported)
    {
      pool_error_reported = 1;
      __pathprof_report ("cannot map %llu bytes for the path log: %s; "
                         "the paths it cannot keep are counted as dropped",
                         (unsigned long long) pool_size (&chunk_pool),
                         strerror (e));
    }
}
