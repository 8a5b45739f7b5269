/* pathprof plugin tests: a stand-in runtime with block tracing.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Linked into the test programs instead of libpathprof, so that the plugin
 * is tested on its own: __pathprof_init collects the objects and, at exit,
 * every nonzero counter is written to $PPT_COUNTS as "name id count"; the
 * paths of hash-stored functions likewise, PPP slots as "name id count
 * @slot" (id: the slot's Ball-Larus id) and residual paths as "name
 * residual id count" (logged paths, pathprof-format.h: whether counted in
 * the function's path cache or in the log, which the runtime cannot tell
 * apart either; a path in both is a line "! message", an error for
 * oracle.c), after a line "# object NOTES_FILE STAMP" per object, and at
 * the end "# calls to the path log: N".  The
 * trace functions the plugin calls with -fplugin-arg-pathprof-trace write
 * "E invocation name" and "N invocation node" lines to $PPT_TRACE, from
 * which oracle.c rebuilds the paths independently of the path register.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "pathprof-format.h"

static struct pathprof_object *objects;
static FILE *trace;
static uint64_t invocations;

/* Logged paths: (function, id) -> count, in an open-addressed table that
   doubles when half full, behind one lock: simple rather than fast (the
   real runtime's lock-free path log is tested in tests/runtime).  */
struct logged
{
  const struct pathprof_function *fn; /* NULL: empty slot */
  uint64_t id, count;
};
static struct logged *logged;
static size_t n_logged, cap_logged;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long long log_calls;

static struct logged *
logged_slot (struct logged *table, size_t cap,
               const struct pathprof_function *fn, uint64_t id)
{
  size_t h = (size_t) ((id ^ (uintptr_t) fn) * 0x9E3779B97F4A7C15ull);
  for (size_t i = h % cap;; i = (i + 1) % cap)
    if (!table[i].fn || (table[i].fn == fn && table[i].id == id))
      return &table[i];
}

void
__pathprof_log_path (struct pathprof_function *fn, uint64_t id)
{
  if (fn->storage != PATHPROF_STORAGE_PPP
      && fn->storage != PATHPROF_STORAGE_RESIDUAL
      && fn->storage != PATHPROF_STORAGE_HASH)
    abort ();
  if (id >= fn->n_paths)
    abort ();
  pthread_mutex_lock (&log_lock);
  log_calls++;
  if (fn->path_cache)
    {
      /* As the runtime: the path claims its cache entry if it is free,
         and counts there if it holds it (another thread claimed it for
         the same path since the inline probe).  */
      uint64_t e = PATHPROF_PATH_CACHE_SLOT (id, fn->path_cache_bits);
      if (!fn->path_cache[e])
        fn->path_cache[e] = id + 1;
      if (fn->path_cache[e] == id + 1)
        {
          fn->path_cache[(1ull << fn->path_cache_bits) + e]++;
          pthread_mutex_unlock (&log_lock);
          return;
        }
    }
  if (2 * (n_logged + 1) > cap_logged)
    {
      size_t cap = cap_logged ? 2 * cap_logged : 1024;
      struct logged *t = calloc (cap, sizeof *t);
      if (!t)
        abort ();
      for (size_t i = 0; i < cap_logged; i++)
        if (logged[i].fn)
          *logged_slot (t, cap, logged[i].fn, logged[i].id)
              = logged[i];
      free (logged);
      logged = t;
      cap_logged = cap;
    }
  struct logged *r = logged_slot (logged, cap_logged, fn, id);
  if (!r->fn)
    {
      *r = (struct logged) { fn, id, 0 };
      n_logged++;
    }
  r->count++;
  pthread_mutex_unlock (&log_lock);
}

static void
dump_function (FILE *f, const struct pathprof_function *fn)
{
  const uint64_t *cache = fn->path_cache;
  unsigned bits = (unsigned) fn->path_cache_bits;
  uint64_t slots = 1ull << bits;
  /* A hash-stored function's logged paths are its counts.  */
  const char *kind = fn->storage == PATHPROF_STORAGE_HASH ? "" : "residual ";
  for (size_t i = 0; i < cap_logged; i++)
    if (logged[i].fn == fn)
      {
        fprintf (f, "%s %s%llu %llu\n", fn->name, kind,
                 (unsigned long long) logged[i].id,
                 (unsigned long long) logged[i].count);
        if (cache
            && cache[PATHPROF_PATH_CACHE_SLOT (logged[i].id, bits)]
                   == logged[i].id + 1)
          fprintf (f, "! %s: logged path %llu both in the cache and in "
                   "the log\n", fn->name,
                   (unsigned long long) logged[i].id);
      }
  for (uint64_t e = 0; cache && e < slots; e++)
    if (cache[e])
      {
        if (PATHPROF_PATH_CACHE_SLOT (cache[e] - 1, bits) != e)
          fprintf (f, "! %s: logged path %llu in cache entry %llu\n",
                   fn->name, (unsigned long long) (cache[e] - 1),
                   (unsigned long long) e);
        else if (cache[slots + e])
          fprintf (f, "%s %s%llu %llu\n", fn->name, kind,
                   (unsigned long long) (cache[e] - 1),
                   (unsigned long long) cache[slots + e]);
      }
  if ((fn->storage == PATHPROF_STORAGE_PPP
       || fn->storage == PATHPROF_STORAGE_RESIDUAL)
      && fn->counters)
    {
      /* Counted in an array, the tested paths marked: the split the
         runtime makes when it writes the profile.  */
      for (uint64_t p = 0; p < fn->n_paths; p++)
        if (fn->counters[p])
          fprintf (f, "%s %s%llu %llu\n", fn->name,
                   fn->tested && PATHPROF_TESTED (fn->tested, p)
                       ? "" : "residual ",
                   (unsigned long long) p,
                   (unsigned long long) fn->counters[p]);
      return;
    }
  if (fn->storage == PATHPROF_STORAGE_PPP)
    {
      for (uint64_t s = 0; s < fn->n_slots; s++)
        if (fn->slots[s].count)
          fprintf (f, "%s %llu %llu @%llu\n", fn->name,
                   (unsigned long long) fn->slots[s].bl_id,
                   (unsigned long long) fn->slots[s].count,
                   (unsigned long long) s);
      return;
    }
  if (fn->storage == PATHPROF_STORAGE_ARRAY)
    for (uint64_t p = 0; p < fn->n_paths; p++)
      if (fn->counters[p])
        fprintf (f, "%s %llu %llu\n", fn->name, (unsigned long long) p,
                 (unsigned long long) fn->counters[p]);
}

static void
dump (void)
{
  const char *name = getenv ("PPT_COUNTS");
  FILE *f = name ? fopen (name, "w") : NULL;
  if (!f)
    return;
  for (struct pathprof_object *o = objects; o; o = o->next)
    {
      fprintf (f, "# object %s 0x%08x\n", o->notes_file, o->notes_stamp);
      for (uint32_t i = 0; i < o->n_functions; i++)
        dump_function (f, &o->functions[i]);
    }
  fprintf (f, "# calls to the path log: %llu\n", log_calls);
  fclose (f);
}

void
__pathprof_init (struct pathprof_object *o)
{
  if (o->abi_version != PATHPROF_ABI_VERSION)
    {
      fprintf (stderr, "harness: ABI version %u\n", o->abi_version);
      abort ();
    }
  if (!objects)
    atexit (dump);
  o->next = objects;
  objects = o;
}

static void
flush_trace (void)
{
  if (trace)
    fflush (trace);
}

static void
open_trace_once (void)
{
  static char buf[1 << 16];
  const char *name = getenv ("PPT_TRACE");
  trace = fopen (name ? name : "/dev/null", "w");
  if (!trace)
    abort ();
  setvbuf (trace, buf, _IOFBF, sizeof buf);
  atexit (flush_trace);
}

static void
open_trace (void)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once (&once, open_trace_once);
}

uint64_t
__pathprof_trace_enter (const char *name)
{
  open_trace ();
  /* Atomic, and one fprintf per line (stdio locks the stream), so that
     threads (OpenMP cases) each get their own invocations.  */
  uint64_t inv = __atomic_add_fetch (&invocations, 1, __ATOMIC_RELAXED);
  fprintf (trace, "E %llu %s\n", (unsigned long long) inv, name);
  return inv;
}

void
__pathprof_trace (uint64_t invocation, uint32_t node)
{
  open_trace ();
  fprintf (trace, "N %llu %u\n", (unsigned long long) invocation, node);
}
