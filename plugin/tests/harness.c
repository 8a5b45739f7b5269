/* pathprof plugin tests: a stand-in runtime with block tracing.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Linked into the test programs instead of libpathprof, so that the plugin
 * is tested on its own: __pathprof_init collects the objects and, at exit,
 * every nonzero counter is written to $PPT_COUNTS as "name id count"; the
 * hash tables likewise (and "name dropped N" when one overflowed), after a
 * line "# object NOTES_FILE STAMP" per object.  The
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

static void
dump_function (FILE *f, const struct pathprof_function *fn)
{
  if (fn->storage == PATHPROF_STORAGE_ARRAY)
    {
      for (uint64_t p = 0; p < fn->n_paths; p++)
        if (fn->counters[p])
          fprintf (f, "%s %llu %llu\n", fn->name, (unsigned long long) p,
                   (unsigned long long) fn->counters[p]);
      return;
    }
  const struct pathprof_hash_table *t = fn->table;
  for (uint64_t s = 0; s < t->capacity; s++)
    if (t->keys[s])
      fprintf (f, "%s %llu %llu\n", fn->name,
               (unsigned long long) (t->keys[s] - 1),
               (unsigned long long) t->counts[s]);
  if (t->dropped)
    fprintf (f, "%s dropped %llu\n", fn->name,
             (unsigned long long) t->dropped);
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

void
__pathprof_hash_add (struct pathprof_hash_table *t, uint64_t id)
{
  if (id == UINT64_MAX)
    abort ();
  uint64_t key = id + 1, h = (key * 0x9E3779B97F4A7C15ull) % t->capacity;
  for (uint64_t i = 0; i < t->capacity; i++)
    {
      uint64_t s = (h + i) % t->capacity;
      if (t->keys[s] == key || !t->keys[s])
        {
          t->keys[s] = key;
          t->counts[s]++;
          return;
        }
    }
  t->dropped++;
}

void
__pathprof_hash_add_atomic (struct pathprof_hash_table *t, uint64_t id)
{
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  pthread_mutex_lock (&lock);
  __pathprof_hash_add (t, id);
  pthread_mutex_unlock (&lock);
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
