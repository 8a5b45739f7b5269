/* pathprof runtime: object registration, exit handling, fork, exec,
 * dump/reset.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * Modelled on libgcov: every instrumented object calls __pathprof_init
 * from a static constructor; the first call registers fork handlers.  A
 * destructor of the runtime (in an executable at exit() or return from
 * main, in a shared library at its dlclose or at exit) snapshots the
 * counters and merges them into the profile file (writer.c).  Dumps,
 * resets and the writes before an exec act on every copy of the runtime
 * in the process, as gcov's do (each copy's
 * ELF note says where its hooks are).  Nothing here prints unless
 * something fails, changes errno, touches signal dispositions or the exit
 * status.
 */
#define _GNU_SOURCE 1

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined __has_include
#if __has_include(<sys/single_threaded.h>)
#include <sys/single_threaded.h> /* glibc 2.32 */
#define PATHPROF_HAVE_SINGLE_THREADED 1
#endif
#endif

#include "pathprof.h"
#include "runtime-internal.h"

_Static_assert (sizeof (struct pathprof_ppp_slot) == PATHPROF_PPP_SLOT_BYTES,
                "the plugin scales the preferential register by the slot size");

/* All the state below is guarded by `state_lock`.  An error-checking
   mutex, so that re-entry from a signal handler that calls exit() while
   this thread is writing the profile fails (EDEADLK) instead of hanging;
   the nested call then simply skips its work.  */
#ifdef PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP
static pthread_mutex_t state_lock = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;
#else
static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
#endif

static struct pathprof_object *objects_head, *objects_tail;
static int handlers_registered;
/* The counts since the last reset have been written: the exit handler
   has nothing to do (gcov's "dumped").  */
static int dumped;
/* This process's run has been added to the file's run counts; later
   writes (after __pathprof_reset) add counts but not another run.  */
static int run_counted;
/* The working directory when the first object registered, i.e. where the
   program was started: relative profile names are resolved against it,
   so a program that chdir()s (daemons do) still writes where it was
   run.  Empty if unknown (then the cwd at exit applies).  A static
   buffer, not getcwd's malloc'd string: a shared library's copy of this
   state is unloaded by dlclose with nothing to free it.  */
char __pathprof_start_dir[PATH_MAX];
/* Whether the fork prepare handler took state_lock.  */
static int fork_locked;
/* The process whose counters these are: the one that registered the
   first object, or the child of a fork (the atfork handler).  A vfork
   child shares the parent's memory without running that handler: before
   an exec there it must not write the parent's counts, nor mark them
   written (the parent would lose what it counts after).  Written by one
   thread with none other running (a constructor, a fork child), read
   without the lock.  */
static pid_t owner_pid;

static int
lock_state (void)
{
  return pthread_mutex_lock (&state_lock) == 0 ? 0 : -1;
}

static void
unlock_state (void)
{
  pthread_mutex_unlock (&state_lock);
}

/* ------------------------------------------------------------------ */
/* Counters                                                            */
/* ------------------------------------------------------------------ */

/* Zeroes the N counters at C that ran.  Storing zeros everywhere (memset)
   would make every page of a large array resident, in every forked child:
   a function's array reaches 2 MiB (262,144 paths, the default
   thresholds).  Reading only the pages the process touched (touched.c)
   spares the page faults of the others too.  */
static void
zero_counters (struct pathprof_pages *pages, uint64_t *c, uint64_t n)
{
  uint64_t end;
  for (uint64_t i = __pathprof_touched_run (pages, c, 0, n, &end); i < n;
       i = __pathprof_touched_run (pages, c, end, n, &end))
    for (; i < end; i++)
      if (c[i])
        c[i] = 0;
}

/* The first slot at or after FROM of the PPP function F on a page the
   process touched, and in *END the end of the run of such slots (F's
   n_slots, and *END = n_slots, when none is left).  The slots are in
   .data, emitted with their counts zero: a page of them that the process
   never touched holds no count (touched.c).  A slot that straddles two
   pages is in the run if either page is.  */
static uint64_t
touched_slots (struct pathprof_pages *pages,
               const struct pathprof_function *f, uint64_t from,
               uint64_t *end)
{
  /* touched.c goes by addresses only; the words are never read as such.  */
  const uint64_t *words = (const uint64_t *) (const void *) f->slots;
  uint64_t n = f->n_slots * 2, word_end;
  uint64_t w = __pathprof_touched_run (pages, words, from * 2, n, &word_end);
  *end = (word_end + 1) / 2;
  return w / 2;
}

/* The page size (touched.c's, at the first registration: a forked child
   may not call sysconf); 0 if not a power of two.  */
static uintptr_t page_bytes;

static void
reset_counters (void)
{
  struct pathprof_pages pages;
  __pathprof_pages_open (&pages);
  for (struct pathprof_object *o = objects_head; o; o = o->next)
    for (uint32_t i = 0; i < o->n_functions; i++)
      {
        struct pathprof_function *f = &o->functions[i];
        /* Logged paths keep their places, only their counts restart:
           other threads may be logging into them (path-log.c).  The
           pointer is only ever set by path-log.c, so the weak reference
           is resolved whenever it is non-NULL.  */
        if (f->path_log && __pathprof_log_reset)
          __pathprof_log_reset (f);
        /* Stored only if it counted, as every count below: a store would
           copy the page of the function's record in each forked
           child.  */
        if (f->log_dropped)
          f->log_dropped = 0;
        /* The cache's keys stay too, for the same reason.  */
        if (f->path_cache)
          zero_counters (&pages, f->path_cache + (1ull << f->path_cache_bits),
                         1ull << f->path_cache_bits);
        if (f->storage == PATHPROF_STORAGE_PPP && f->slots)
          {
            /* The bl_ids are the plugin's, not counters.  Only the counts
               that ran are stored: a store to every slot would copy every
               page of them in each forked child.  */
            uint64_t end;
            for (uint64_t s = touched_slots (&pages, f, 0, &end);
                 s < f->n_slots; s = touched_slots (&pages, f, end, &end))
              for (; s < end; s++)
                if (f->slots[s].count)
                  f->slots[s].count = 0;
          }
        else if (f->counters) /* ARRAY, or PPP and RESIDUAL in an array */
          zero_counters (&pages, f->counters, f->n_paths);
      }
  __pathprof_pages_close (&pages);
}

/* %m: a digest of the objects' identities, so that differently built
   programs get different names.  */
static uint32_t
signature (void)
{
  uint32_t crc = 0;
  for (struct pathprof_object *o = objects_head; o; o = o->next)
    {
      const char *n = o->notes_file ? o->notes_file : "";
      unsigned char stamp[4] = { o->notes_stamp & 0xff,
                                 o->notes_stamp >> 8 & 0xff,
                                 o->notes_stamp >> 16 & 0xff,
                                 o->notes_stamp >> 24 };
      crc = ppd_crc32 (crc, n, strlen (n) + 1);
      crc = ppd_crc32 (crc, stamp, 4);
    }
  return crc;
}

/* Adds the tested paths counted in the slots of the PPP function F to PF,
   as Ball-Larus ids.  */
static int
snapshot_slots (const struct pathprof_function *f, struct ppd_function *pf,
                struct pathprof_pages *pages)
{
  uint64_t n = f->n_slots, end;
  for (uint64_t s = touched_slots (pages, f, 0, &end); s < n;
       s = touched_slots (pages, f, end, &end))
    for (; s < end; s++)
      {
        uint64_t c = __atomic_load_n (&f->slots[s].count, __ATOMIC_RELAXED);
        if (!c)
          continue;
        /* A counted slot always holds a valid id (the path end compared
           it with the one it computed); anything else is counted as lost
           rather than written into an unreadable file.  */
        uint64_t id = f->slots[s].bl_id;
        if (id >= f->n_paths)
          pf->dropped = ppd_sat_add (pf->dropped, c);
        else if (ppd_add_count (pf, id, c))
          return -1;
      }
  return 0;
}

/* Adds the array of counters of F to PF: every count of an ARRAY
   function; for a PPP or RESIDUAL function counted in an array (SPLIT,
   pathprof-format.h), the paths marked tested as its counts, the others
   as its residual paths.  */
static int
snapshot_array (const struct pathprof_function *f, struct ppd_function *pf,
                int split, struct pathprof_pages *pages)
{
  uint64_t n = f->n_paths, end;
  for (uint64_t id = __pathprof_touched_run (pages, f->counters, 0, n, &end);
       id < n; id = __pathprof_touched_run (pages, f->counters, end, n, &end))
    for (; id < end; id++)
      {
        uint64_t c = __atomic_load_n (&f->counters[id], __ATOMIC_RELAXED);
        if (!c)
          continue;
        int counted = !split || (f->tested && PATHPROF_TESTED (f->tested, id));
        if (counted ? ppd_add_count (pf, id, c)
                    : ppd_add_residual (pf, id, c))
          return -1;
      }
  return 0;
}

/* Adds the paths of F's path cache to PF: to its counts when AS_COUNTS,
   else to its residual paths; what cannot be a path of F to *LOST.  */
static int
snapshot_path_cache (const struct pathprof_function *f,
                     struct ppd_function *pf, int as_counts, uint64_t *lost,
                     struct pathprof_pages *pages)
{
  const uint64_t *keys = f->path_cache;
  uint64_t bits = f->path_cache_bits, n = 1ull << bits, end;
  const uint64_t *counts = keys + n;
  /* An entry counts only once a path claimed it: the keys' untouched
     pages have nothing to add.  */
  for (uint64_t e = __pathprof_touched_run (pages, keys, 0, n, &end); e < n;
       e = __pathprof_touched_run (pages, keys, end, n, &end))
    for (; e < end; e++)
      {
        uint64_t k = __atomic_load_n (&keys[e], __ATOMIC_RELAXED);
        uint64_t c = __atomic_load_n (&counts[e], __ATOMIC_RELAXED);
        if (k == 0 || c == 0)
          continue;
        /* As for the path log: a key no path of F has, or in the wrong
           entry, cannot come from correct instrumentation.  */
        if (k - 1 >= f->n_paths
            || PATHPROF_PATH_CACHE_SLOT (k - 1, bits) != e)
          *lost = ppd_sat_add (*lost, c);
        else if (as_counts ? ppd_add_count (pf, k - 1, c)
                           : ppd_add_residual (pf, k - 1, c))
          return -1;
      }
  return 0;
}

/* Adds F's logged paths (pathprof-format.h, "Logged paths": its path
   cache, its path log and log_dropped) to PF: a HASH function's are its
   counts and dropped executions, a PPP or RESIDUAL function's its
   residual paths and residual_dropped.  */
static int
snapshot_logged (const struct pathprof_function *f, struct ppd_function *pf,
                 struct pathprof_pages *pages)
{
  int as_counts = f->storage == PATHPROF_STORAGE_HASH;
  uint64_t *lost = as_counts ? &pf->dropped : &pf->residual_dropped;
  if (f->path_cache && snapshot_path_cache (f, pf, as_counts, lost, pages))
    return -1;
  if (f->path_log && __pathprof_log_collect
      && __pathprof_log_collect (f, pf, as_counts))
    return -1;
  *lost = ppd_sat_add (*lost, __atomic_load_n (&f->log_dropped,
                                               __ATOMIC_RELAXED));
  if (f->storage == PATHPROF_STORAGE_HASH
      || f->storage == PATHPROF_STORAGE_PPP
      || f->storage == PATHPROF_STORAGE_RESIDUAL)
    return 0;
  /* Only these storages log paths; should anything else have (wrong
     instrumentation), the file format has no place for it: counted as
     lost.  */
  for (size_t k = 0; k < pf->n_residual; k++)
    pf->residual_dropped
      = ppd_sat_add (pf->residual_dropped, pf->residual[k].count);
  pf->dropped = ppd_sat_add (pf->dropped, pf->residual_dropped);
  pf->residual_dropped = 0;
  pf->n_residual = 0;
  return 0;
}

/* Copies the live counters into SNAP.  Other threads may still be
   counting (exit() from one thread does not stop the others): the loads
   are atomic so each counter is read whole, and the snapshot is simply
   what had been counted at that moment.  */
static int
snapshot_counters (struct ppd_profile *snap, struct pathprof_pages *pages)
{
  char *exe = __pathprof_executable ();
  if (exe)
    {
      int r = ppd_set_program (snap, exe);
      free (exe);
      if (r)
        return -1;
    }
  for (struct pathprof_object *o = objects_head; o; o = o->next)
    {
      const char *notes = o->notes_file ? o->notes_file : "";
      struct ppd_object *po = ppd_find_object (snap, notes);
      /* Two objects with one notes file (it should not happen: the notes
         file is named after the object) add up, counting one run.  Only
         then are function names looked up, which is linear in an object
         in registration order.  */
      int shared = po != NULL;
      if (!po && !(po = ppd_add_object (snap, notes, o->notes_stamp,
                                        run_counted ? 0 : 1)))
        return -1;
      for (uint32_t i = 0; i < o->n_functions; i++)
        {
          const struct pathprof_function *f = &o->functions[i];
          const char *name = f->name ? f->name : "";
          struct ppd_function *pf
            = shared ? ppd_find_function (po, name) : NULL;
          if (!pf)
            {
              pf = ppd_add_function (po, name,
                                     f->source_file ? f->source_file : "",
                                     f->cfg_checksum, f->storage, f->n_paths,
                                     0);
              if (!pf)
                return -1;
            }
          if (f->storage == PATHPROF_STORAGE_ARRAY && f->counters)
            {
              if (snapshot_array (f, pf, 0, pages))
                return -1;
            }
          else if (f->storage == PATHPROF_STORAGE_PPP && f->slots
                   && snapshot_slots (f, pf, pages))
            return -1;
          else if ((f->storage == PATHPROF_STORAGE_PPP
                    || f->storage == PATHPROF_STORAGE_RESIDUAL)
                   && f->counters && snapshot_array (f, pf, 1, pages))
            return -1;
          if (snapshot_logged (f, pf, pages))
            return -1;
          ppd_function_finish (pf);
        }
    }
  return 0;
}

static int
snapshot (struct ppd_profile *snap)
{
  struct pathprof_pages pages;
  __pathprof_pages_open (&pages);
  int r = snapshot_counters (snap, &pages);
  __pathprof_pages_close (&pages);
  return r;
}

/* Writes the counts; STATE_LOCK held.  */
static int
write_profile (void)
{
  struct ppd_profile snap;
  int ret = -1;
  if (!objects_head)
    return 0;
  ppd_profile_init (&snap);
  if (__pathprof_log_report)
    __pathprof_log_report ();
  char *path = __pathprof_profile_name (
      __pathprof_start_dir[0] ? __pathprof_start_dir : NULL, signature ());
  if (!path)
    __pathprof_report ("cannot write profile: %s", strerror (ENOMEM));
  else if (snapshot (&snap) != 0)
    __pathprof_report ("cannot write profile '%s': %s", path,
                       strerror (ENOMEM));
  else
    ret = __pathprof_update_file (path, &snap);
  if (ret == 0)
    run_counted = 1;
  ppd_profile_free (&snap);
  free (path);
  return ret;
}

/* ------------------------------------------------------------------ */
/* Handlers                                                            */
/* ------------------------------------------------------------------ */

/* Runs in whichever thread calls exit(), once per process (a second
   exit() racing in another thread finds `dumped` set).  Not run on _exit,
   quick_exit, abort or death by a signal: those lose the counts, as with
   gcov.  Never inlined: make bench's cost model (scripts/bench/costmodel.py)
   stops counting instructions inside it by its name, as it does inside
   libgcov's __gcov_exit; inlined into write_at_exit, the profile's writing
   was counted as instrumentation of the preferential and Ball-Larus
   builds but not of gcov's.  */
static __attribute__ ((noinline, noclone)) void
exit_handler (void)
{
  int saved = errno;
  if (lock_state () == 0)
    {
      if (!dumped)
        {
          write_profile ();
          dumped = 1;
        }
      unlock_state ();
    }
  errno = saved;
}

/* The exit handler, as a destructor of priority 100, as gcov's
   __gcov_exit is: the last priority GCC lets the implementation have.
   Destructors run after every exit handler (atexit, C++ static
   destructors, whatever their object's init_priority) and, of one
   executable or library, by priority, so this one runs after the
   program's own destructors, whose code is counted too.  An atexit
   handler registered at the first object's registration ran before
   those, and before the handlers of objects constructed earlier.  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wprio-ctor-dtor"
__attribute__ ((destructor (100))) static void
write_at_exit (void)
{
  if (handlers_registered)
    exit_handler ();
}
#pragma GCC diagnostic pop

/* fork(): the child starts with a copy of the parent's counters; it must
   write only what it executes itself, or the parent's counts would be
   written twice.  Holding state_lock across fork() guarantees the child
   never inherits it locked by a thread that does not exist there.  */
static void snapshot_fork_hooks (void);
static int fork_single_threaded; /* the process forking had one thread */
static int use_fork_hooks;       /* a child that must use fork_hooks */

static void
fork_prepare (void)
{
  /* Before taking state_lock: no lock of ours is held while
     dl_iterate_phdr waits for the loader's.  */
  snapshot_fork_hooks ();
  fork_locked = lock_state () == 0;
}

static void
fork_parent (void)
{
  if (fork_locked)
    unlock_state ();
}

static void
fork_child (void)
{
  /* The child's only thread is a new thread id: re-create the mutex
     rather than unlocking one owned, as far as the error-checking mutex
     knows, by another thread.  */
  pthread_mutexattr_t a;
  pthread_mutexattr_init (&a);
  pthread_mutexattr_settype (&a, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init (&state_lock, &a);
  pthread_mutexattr_destroy (&a);
  reset_counters ();
  dumped = 0;
  run_counted = 0; /* the child is a run of its own */
  use_fork_hooks |= !fork_single_threaded;
  owner_pid = getpid ();
}

/* ------------------------------------------------------------------ */
/* Entry points                                                        */
/* ------------------------------------------------------------------ */

int
__pathprof_abi_ok (const struct pathprof_object *object)
{
  /* Only the first field is known to be where we expect in an object of
     another version.  */
  if (object->abi_version == PATHPROF_ABI_VERSION)
    return 1;
  __pathprof_report ("ignoring an object built for runtime ABI version %u "
                     "(this libpathprof supports version %u); rebuild it "
                     "with the matching pathprof",
                     (unsigned) object->abi_version,
                     (unsigned) PATHPROF_ABI_VERSION);
  return 0;
}

void
__pathprof_init (struct pathprof_object *object)
{
  int saved = errno;
  if (!object)
    return;
  if (!__pathprof_abi_ok (object))
    {
      errno = saved;
      return;
    }
  if (lock_state () != 0)
    {
      errno = saved;
      return;
    }
  for (struct pathprof_object *o = objects_head; o; o = o->next)
    if (o == object)
      goto done; /* registered twice: keep one entry */
  object->next = NULL;
  if (objects_tail)
    objects_tail->next = object;
  else
    objects_head = object;
  objects_tail = object;
  if (!handlers_registered)
    {
      handlers_registered = 1;
      owner_pid = getpid ();
      __pathprof_settle_start_dir ();
      /* The page size, which a forked child's reset may not ask for
         (sysconf is not async-signal-safe).  */
      uint64_t page = __pathprof_pages_setup ();
      page_bytes = (page & (page - 1)) == 0 ? (uintptr_t) page : 0;
      /* Now, in a constructor, rather than in a logged path end that
         may run in a signal handler.  */
      if (__pathprof_log_setup)
        __pathprof_log_setup ();
      if (pthread_atfork (fork_prepare, fork_parent, fork_child) != 0)
        __pathprof_report ("cannot register the fork handlers; forked "
                           "children will write their parent's counts "
                           "again");
    }
done:
  unlock_state ();
  errno = saved;
}

/* This copy's counts: written now, and marked written (gcov's
   __gcov_dump_one).  */
static int
dump_here (void)
{
  int saved = errno;
  int ret = -1;
  if (lock_state () == 0)
    {
      ret = dumped ? 0 : write_profile ();
      if (ret == 0)
        dumped = 1;
      unlock_state ();
    }
  errno = saved;
  return ret;
}

static int
reset_here (void)
{
  int saved = errno;
  if (lock_state () == 0)
    {
      reset_counters ();
      dumped = 0;
      unlock_state ();
    }
  errno = saved;
  return 0;
}

/* This copy's part of an exec.  */
static int
exec_prepare_here (void)
{
  int ret = getpid () == owner_pid ? dump_here () : 0;
  __pathprof_exec_unhold ();
  return ret;
}

static int
exec_failed_here (void)
{
  __pathprof_exec_rehold ();
  /* Still here: exec failed and this process goes on; its counts were
     written, so start afresh (the exit handler writes what follows).  */
  return getpid () == owner_pid ? reset_here () : 0;
}

/* ------------------------------------------------------------------ */
/* Every copy of the runtime in the process                            */
/* ------------------------------------------------------------------ */

/* In runtime.o, which every executable or shared library with
   instrumented objects links (for __pathprof_init), so that every one
   has them.  */
const struct pathprof_module_hooks __pathprof_module_hooks
    __attribute__ ((used))
    = { PATHPROF_MODULE_HOOKS_VERSION,
        { exec_prepare_here, exec_failed_here, dump_here, reset_here },
        __pathprof_start_dir };

#define PP_STR_(x) #x
#define PP_STR(x) PP_STR_ (x)
/* The note (pathprof-format.h).  "R" (SHF_GNU_RETAIN): nothing refers to
   it, and a link with --gc-sections must keep it.  */
__asm__ (".pushsection .note.pathprof,\"aR\",@note\n"
         "\t.balign 4\n"
         "\t.long 9\n"   /* namesz: "pathprof" and its NUL */
         "\t.long 4\n"   /* descsz */
         "\t.long " PP_STR (PATHPROF_NOTE_HOOKS) "\n"
         "\t.asciz \"" PATHPROF_NOTE_NAME "\"\n"
         "\t.balign 4\n"
         "\t.long __pathprof_module_hooks - .\n"
         "\t.popsection\n");
_Static_assert (sizeof PATHPROF_NOTE_NAME == 9, "the note's namesz");

/* Every loaded object's runtime hooks, found through their notes by
   dl_iterate_phdr and listed in FOUND (the first CAP of them).  */
struct hooks_walk
{
  const struct pathprof_module_hooks **found;
  char **names;      /* if not NULL, each one's object name (malloc'd;
                        "" for the main program, NULL if out of memory) */
  unsigned n, cap;
  int run_op;        /* >= 0: run hook RUN_OP of each at once instead */
  int ret;           /* run_op: -1 if a hook failed */
  int found_self;    /* run_op: this copy's hooks ran */
};

static int
hooks_of (struct dl_phdr_info *info, size_t size, void *data)
{
  struct hooks_walk *walk = data;
  (void) size;
  for (ElfW (Half) i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
      if (ph->p_type != PT_NOTE)
        continue;
      /* Notes are padded to 4 bytes, or 8 in an 8-aligned segment
         (.note.gnu.property).  */
      size_t align = ph->p_align == 8 ? 8 : 4;
      const unsigned char *p
          = (const unsigned char *) (info->dlpi_addr + ph->p_vaddr);
      const unsigned char *end = p + ph->p_memsz;
      while (end - p >= 12)
        {
          uint32_t namesz, descsz, type;
          memcpy (&namesz, p, 4);
          memcpy (&descsz, p + 4, 4);
          memcpy (&type, p + 8, 4);
          size_t name_span = (namesz + align - 1) / align * align;
          size_t desc_span = (descsz + align - 1) / align * align;
          if (name_span > (size_t) (end - p - 12)
              || desc_span > (size_t) (end - p - 12) - name_span)
            break;
          const unsigned char *name = p + 12, *desc = name + name_span;
          if (type == PATHPROF_NOTE_HOOKS && descsz == 4
              && namesz == sizeof PATHPROF_NOTE_NAME
              && memcmp (name, PATHPROF_NOTE_NAME, namesz) == 0)
            {
              int32_t offset;
              memcpy (&offset, desc, 4);
              const struct pathprof_module_hooks *hooks
                  = (const struct pathprof_module_hooks *) (desc + offset);
              /* Version 2 lacks start_dir, which is only read from
                 version 3 on.  */
              if (hooks->version < 2
                  || hooks->version > PATHPROF_MODULE_HOOKS_VERSION)
                ;
              else if (walk->run_op >= 0)
                {
                  if (hooks->run[walk->run_op] () != 0)
                    walk->ret = -1;
                  walk->found_self |= hooks == &__pathprof_module_hooks;
                }
              else if (walk->n < walk->cap)
                {
                  if (walk->names)
                    walk->names[walk->n] = strdup (info->dlpi_name
                                                   ? info->dlpi_name : "");
                  walk->found[walk->n++] = hooks;
                }
            }
          p += 12 + name_span + desc_span;
        }
    }
  return 0;
}

/* The hooks of the objects loaded when the process last forked
   (fork_prepare), for its child: dl_iterate_phdr takes the dynamic
   loader's list lock, which a child of a multithreaded process can
   inherit taken by a thread that was in dlopen or dlclose when the
   process forked and does not exist in the child (glibc's fork does not
   reset that lock): there it would wait forever.  So a child of a
   multithreaded process uses this list instead; objects it loads itself
   after the fork are not in it (their counts are still written at its
   exit).  */
#define FORK_HOOKS_MAX 64
static const struct pathprof_module_hooks *fork_hooks[FORK_HOOKS_MAX];
static unsigned n_fork_hooks;

/* Whether the calling process has a single thread: then no other thread
   can hold the loader's lock.  */
static int
single_threaded (void)
{
#ifdef PATHPROF_HAVE_SINGLE_THREADED
  return __libc_single_threaded != 0;
#else
  return 0;
#endif
}

static void
snapshot_fork_hooks (void)
{
  fork_single_threaded = single_threaded ();
  /* A single-threaded process's child can walk the objects itself; a
     child that already uses its list keeps it for its own children.  */
  if (fork_single_threaded || use_fork_hooks)
    return;
  struct hooks_walk walk
      = { fork_hooks, NULL, 0, FORK_HOOKS_MAX, -1, 0, 0 };
  dl_iterate_phdr (hooks_of, &walk);
  n_fork_hooks = walk.n;
}

/* dlopen and dlclose: from glibc 2.34 they are libc's, before that
   libdl's, which a program need not link; a static program, its one
   copy of the runtime being this one, never needs a pin.  Built against
   glibc 2.34 or later, the runtime refers to neither: a static link
   would warn of any reference to dlopen (glibc's libc.a marks it, and
   every static link has its dlopen.o; a weak reference warns too), and
   a shared library linked with -fsanitize=address or =thread fails
   ("unresolvable R_X86_64_GOTPCREL relocation against symbol `dlopen'")
   where the reference names libc.so's version: ld binds the name to the
   sanitizer's unversioned interceptor.  The one reference is a weak one
   to dlsym@GLIBC_2.34 (the same version on every architecture), which
   no sanitizer defines and libc.a's unversioned copy does not satisfy:
   null in a static program, which then walks without pinning.
   find_dl_functions asks it for dlopen and dlclose in a constructor of
   priority 100, as the objects register (dlsym is not
   async-signal-safe, and the hooks run in signal handlers too); until
   then, as in a static program.  They are what a call to dlopen from
   this object would reach (an interceptor, say).  Older glibc: plain
   weak references.  */
#if defined __GLIBC__ && __GLIBC_PREREQ(2, 34)
extern void *pathprof_dlsym (void *, const char *) __attribute__ ((weak));
__asm__ (".symver pathprof_dlsym, dlsym@GLIBC_2.34");
static void *(*pathprof_dlopen) (const char *, int);
static int (*pathprof_dlclose) (void *);

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wprio-ctor-dtor"
__attribute__ ((constructor (100))) static void
find_dl_functions (void)
{
  if (!pathprof_dlsym)
    return;
  int saved = errno;
  void *open = pathprof_dlsym (RTLD_DEFAULT, "dlopen");
  void *close = pathprof_dlsym (RTLD_DEFAULT, "dlclose");
  if (open && close)
    {
      /* POSIX lets dlsym's object pointer convert to a function
         pointer; ISO C does not, hence the copies.  */
      memcpy (&pathprof_dlopen, &open, sizeof open);
      memcpy (&pathprof_dlclose, &close, sizeof close);
    }
  errno = saved;
}
#pragma GCC diagnostic pop
#else
#pragma weak dlopen
#pragma weak dlclose
#define pathprof_dlopen dlopen
#define pathprof_dlclose dlclose
#endif

/* Keeps the object NAME (the walk's name of the object holding HOOKS)
   loaded until unpin_object: a handle from dlopen (RTLD_NOLOAD), or
   PINNED_FOREVER for this copy and the main program (""), which are
   never unloaded; NULL if the object is gone.  */
#define PINNED_FOREVER ((void *) &__pathprof_module_hooks)
static void *
pin_object (const struct pathprof_module_hooks *hooks, const char *name)
{
  if (hooks == &__pathprof_module_hooks || (name && !name[0]))
    return PINNED_FOREVER;
  return name ? pathprof_dlopen (name, RTLD_LAZY | RTLD_NOLOAD) : NULL;
}

static void
unpin_object (void *handle)
{
  if (handle && handle != PINNED_FOREVER)
    pathprof_dlclose (handle);
}

/* Runs hook OP of every loaded object's copy of the runtime, found by
   its note; in a fork child that must not walk the objects, of those it
   had when it forked.  The hooks are not run inside dl_iterate_phdr,
   which holds the loader's lock: a hook takes its copy's state lock, and
   a thread that forks takes the state locks in its fork handlers and
   then, in another copy's handler, the loader's lock (the snapshot for
   its child), so the two threads would wait for each other forever.
   The hooks are listed instead, their objects pinned with dlopen
   (RTLD_NOLOAD) so that no dlclose unmaps them meanwhile, listed again
   (the hooks of a pinned object are live), and run.  At most
   MAX_RUNTIME_COPIES copies.  Without dlopen (a static program, or glibc
   before 2.34 without libdl), inside the walk as before.  Objects of
   other dlmopen namespaces are not pinned, and so not run.  */
#define MAX_RUNTIME_COPIES 256

/* hooks_all's walk of the objects: runs hook OP of the copies found,
   *FOUND_SELF set if this one's ran; 0, or -1 if a hook failed.  */
static int
run_walked_hooks (unsigned op, int *found_self)
{
  if (!pathprof_dlopen || !pathprof_dlclose)
    {
      struct hooks_walk walk = { NULL, NULL, 0, 0, (int) op, 0, 0 };
      dl_iterate_phdr (hooks_of, &walk);
      *found_self = walk.found_self;
      return walk.ret;
    }
  const struct pathprof_module_hooks *listed[MAX_RUNTIME_COPIES];
  const struct pathprof_module_hooks *again[MAX_RUNTIME_COPIES];
  char *names[MAX_RUNTIME_COPIES];
  void *pins[MAX_RUNTIME_COPIES];
  struct hooks_walk first = { listed, names, 0, MAX_RUNTIME_COPIES, -1, 0, 0 };
  dl_iterate_phdr (hooks_of, &first);
  for (unsigned i = 0; i < first.n; i++)
    {
      pins[i] = pin_object (listed[i], names[i]);
      free (names[i]);
    }
  struct hooks_walk second = { again, NULL, 0, MAX_RUNTIME_COPIES, -1, 0, 0 };
  dl_iterate_phdr (hooks_of, &second);
  int ret = 0;
  for (unsigned i = 0; i < first.n; i++)
    {
      int live = 0;
      for (unsigned j = 0; pins[i] && j < second.n && !live; j++)
        live = again[j] == listed[i];
      if (live && listed[i]->run[op] () != 0)
        ret = -1;
      *found_self |= live && listed[i] == &__pathprof_module_hooks;
      unpin_object (pins[i]);
    }
  return ret;
}

static int
hooks_all (unsigned op)
{
  int saved = errno;
  int ret = 0, found_self = 0;
  if (!use_fork_hooks)
    ret = run_walked_hooks (op, &found_self);
  else
    for (unsigned i = 0; i < n_fork_hooks; i++)
      {
        /* Skip an object the child has unloaded since (dlclose).  */
        const struct pathprof_module_hooks *h = fork_hooks[i];
        unsigned char in_core;
        if (h != &__pathprof_module_hooks && page_bytes
            && mincore ((void *) ((uintptr_t) h & ~(page_bytes - 1)), 1,
                        &in_core) != 0)
          continue;
        if (h->run[op] () != 0)
          ret = -1;
        found_self |= h == &__pathprof_module_hooks;
      }
  /* This copy at least, should its note be gone (a linker script that
     drops it, a stripped note) or the list be full.  */
  if (!found_self && __pathprof_module_hooks.run[op] () != 0)
    ret = -1;
  errno = saved;
  return ret;
}

void
__pathprof_settle_start_dir (void)
{
  if (__pathprof_start_dir[0])
    return;
  /* Another copy's, taken when its objects registered: the program may
     have changed directories since (a library dlopen'ed after a
     chdir).  Not in a fork child that must not walk the objects.  */
  if (!use_fork_hooks)
    {
      const struct pathprof_module_hooks *found[MAX_RUNTIME_COPIES];
      struct hooks_walk walk
          = { found, NULL, 0, MAX_RUNTIME_COPIES, -1, 0, 0 };
      dl_iterate_phdr (hooks_of, &walk);
      for (unsigned i = 0; i < walk.n; i++)
        if (found[i] != &__pathprof_module_hooks && found[i]->version >= 3
            && found[i]->start_dir && found[i]->start_dir[0])
          {
            snprintf (__pathprof_start_dir, sizeof __pathprof_start_dir,
                      "%s", found[i]->start_dir);
            return;
          }
    }
  if (!getcwd (__pathprof_start_dir, sizeof __pathprof_start_dir))
    __pathprof_start_dir[0] = 0;
}

int
__pathprof_dump (void)
{
  return hooks_all (PATHPROF_HOOK_DUMP);
}

void
__pathprof_reset (void)
{
  hooks_all (PATHPROF_HOOK_RESET);
}

void
__pathprof_exec_prepare (void)
{
  /* Not in a vfork child (owner_pid; each copy checks its own too).  */
  if (getpid () == owner_pid)
    hooks_all (PATHPROF_HOOK_EXEC_PREPARE);
}

void
__pathprof_exec_failed (void)
{
  if (getpid () == owner_pid)
    hooks_all (PATHPROF_HOOK_EXEC_FAILED);
}

int
__pathprof_execve (const char *path, char *const argv[], char *const envp[])
{
  __pathprof_exec_prepare ();
  int ret = execve (path, argv, envp);
  __pathprof_exec_failed ();
  return ret;
}
