/* pathprof runtime: the whole-program path trace of trace builds.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * Objects compiled with -fplugin-arg-pathprof-wpp register with
 * __pathprof_wpp_init; their functions then call the entry points below
 * (pathprof-format.h section 1), which append events to the calling
 * thread's buffer; full buffers go to the process's trace file, in
 * records that say which thread they continue (pathprof-format.h section
 * 3b, specs/trace-format.md).  Cheap by design, since every subpath of
 * every function is an event: a call, a thread-local pointer, a few bytes
 * of variable-length code, and a run of the same subpath (a loop's body
 * going round) costs no bytes until it ends.
 *
 * Which call a frame comes from: a call site announces its callee's
 * address (__pathprof_wpp_site) and the next frame entered compares it
 * with its own: a frame entered otherwise (a callback from code that is
 * not traced, a signal handler) is not taken for the site's callee.
 *
 * The exit handler writes every thread's buffer (the others may still
 * run: their events after that are lost, as counts are).  A forked child
 * writes its own file, starting with a FORK record; _exit, abort and
 * fatal signals lose what the buffers hold.
 */
#define _GNU_SOURCE 1

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runtime-internal.h"

/* Events per buffer: a flush writes about this much at a time.  */
#define BUFFER_SIZE (1u << 20)
/* The longest event: 10 bytes for a 64-bit value; two fit after a
   flush check.  */
#define EVENT_MAX 10u

struct wpp_thread
{
  unsigned char *buf;        /* BUFFER_SIZE bytes */
  size_t used;               /* bytes of events (owner; read by exit) */
  size_t written;            /* of those, already in the file (lock) */
  uint64_t frames;           /* ENTER events so far */
  const void *pending;       /* the callee the last call site announced */
  uint64_t last;             /* the last subpath, and how many more */
  uint64_t repeats;          /* times it ran since its event */
  int have_last;
  uint32_t id;               /* 1, 2, ... */
  struct wpp_thread *next;
};

struct wpp_object
{
  struct pathprof_object *object;
  uint32_t base;
};

/* All below under `lock`, except each thread's own buffer fields.  */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct wpp_object *objects;
static size_t n_objects, cap_objects;
static uint32_t n_functions_total;
static struct wpp_thread *threads;
static uint32_t n_threads;
/* The trace file is open only while the runtime writes to it (a flush,
   a dlopened object's record, the exit handler), then closed: a
   descriptor held across the program's own code would take a number the
   uninstrumented program gets, and a program that closes every
   descriptor and opens a file of its own (a daemon) would have had that
   file filled with events.  */
static int fd = -1;
static char trace_name[PATH_MAX + 64]; /* absolute, once created */
static dev_t trace_dev;
static ino_t trace_ino;
static off_t trace_size;      /* bytes written to it */
static int failed;           /* tracing stopped after an error */
static int handlers_registered;
static pid_t forked_from;
static pthread_key_t thread_key;

static __thread struct wpp_thread *self
  __attribute__ ((tls_model ("initial-exec")));

/* ------------------------------------------------------------------ */
/* The file                                                            */
/* ------------------------------------------------------------------ */

static int
write_all (const void *buf, size_t n)
{
  const unsigned char *p = buf;
  int ret = 0;
  struct pathprof_signal_hold hold;
  __pathprof_hold_signals (&hold);
  while (n)
    {
      ssize_t w = write (fd, p, n);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        {
          ret = -1;
          break;
        }
      p += w;
      n -= (size_t) w;
      trace_size += w;
    }
  __pathprof_release_signals (&hold);
  return ret;
}

static void
put32 (unsigned char *p, uint32_t v)
{
  for (int i = 0; i < 4; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

static void
put64 (unsigned char *p, uint64_t v)
{
  for (int i = 0; i < 8; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

/* A record: its header, then BODY (N bytes).  Lock held, file open.  */
static int
write_record (uint32_t tag, uint32_t thread, const void *body, size_t n)
{
  unsigned char h[16];
  put32 (h, tag);
  put32 (h + 4, thread);
  put64 (h + 8, n);
  return write_all (h, sizeof h) || write_all (body, n) ? -1 : 0;
}

static void
stop (const char *what, int e)
{
  if (!failed && e == ESTALE)
    __pathprof_report ("cannot write the path trace: %s: the file was "
                       "replaced since it was created; tracing stops",
                       what);
  else if (!failed)
    __pathprof_report ("cannot write the path trace: %s: %s; tracing "
                       "stops",
                       what, strerror (e));
  failed = 1;
  if (fd >= 0)
    close (fd);
  fd = -1;
}

/* The OBJT record of O.  Lock held, file open.  */
static int
write_object (const struct wpp_object *o)
{
  const struct pathprof_object *obj = o->object;
  const char *notes = obj->notes_file ? obj->notes_file : "";
  size_t n = 12 + 4 + strlen (notes);
  for (uint32_t i = 0; i < obj->n_functions; i++)
    n += 4 + strlen (obj->functions[i].name ? obj->functions[i].name : "");
  unsigned char *b = malloc (n);
  if (!b)
    return -1;
  put32 (b, o->base);
  put32 (b + 4, obj->n_functions);
  put32 (b + 8, obj->notes_stamp);
  size_t k = 12;
  put32 (b + k, (uint32_t) strlen (notes));
  memcpy (b + k + 4, notes, strlen (notes));
  k += 4 + strlen (notes);
  for (uint32_t i = 0; i < obj->n_functions; i++)
    {
      const char *s = obj->functions[i].name ? obj->functions[i].name : "";
      put32 (b + k, (uint32_t) strlen (s));
      memcpy (b + k + 4, s, strlen (s));
      k += 4 + strlen (s);
    }
  int r = write_record (PATHPROF_PPT_TAG_OBJECT, 0, b, n);
  free (b);
  return r;
}

/* Creates the trace file: DIR/EXE.PID.ppt, or EXE.PID.N.ppt if that is
   taken (DIR: PATHPROF_TRACE_DIR, or the directory the program started
   in; a relative DIR is taken relative to that directory too), and
   writes the header and the objects.  Lock held; leaves it open.  */
static int
create_file (void)
{
  const char *dir = getenv ("PATHPROF_TRACE_DIR");
  const char *prefix = "";
  if (!dir || !*dir)
    dir = __pathprof_start_dir[0] ? __pathprof_start_dir : ".";
  else if (dir[0] != '/' && __pathprof_start_dir[0])
    prefix = __pathprof_start_dir;
  char *exe = __pathprof_executable ();
  const char *base = exe ? strrchr (exe, '/') : NULL;
  base = base ? base + 1 : exe;
  if (!base || !*base)
    base = "pathprof";
  char *name = trace_name;
  int e = 0;
  for (unsigned n = 0; fd < 0 && n < 1000; n++)
    {
      int len;
      if (n)
        len = snprintf (name, sizeof trace_name, "%s%s%s/%s.%ld.%u%s",
                        prefix, *prefix ? "/" : "", dir, base,
                        (long) getpid (), n, PATHPROF_PPT_SUFFIX);
      else
        len = snprintf (name, sizeof trace_name, "%s%s%s/%s.%ld%s", prefix,
                        *prefix ? "/" : "", dir, base, (long) getpid (),
                        PATHPROF_PPT_SUFFIX);
      if (len < 0 || (size_t) len >= sizeof trace_name)
        {
          e = ENAMETOOLONG;
          break;
        }
      fd = open (name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY,
                 0666);
      if (fd < 0 && errno == ENOENT && n == 0)
        {
          /* A missing PATHPROF_TRACE_DIR: created, as profiles'.  */
          char failed[sizeof trace_name];
          if (__pathprof_make_parents (name, failed, sizeof failed) != 0)
            {
              /* Said as the directory that could not be made.  */
              e = errno;
              memcpy (name, failed, sizeof failed);
              break;
            }
          fd = open (name,
                     O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY,
                     0666);
        }
      if (fd >= 0 && (fd = __pathprof_off_stderr (fd)) < 0)
        unlink (name);
      e = errno;
      if (fd < 0 && e != EEXIST)
        break;
    }
  free (exe);
  struct stat st;
  if (fd >= 0)
    e = fstat (fd, &st) != 0 ? errno : 0;
  if (fd < 0 || e)
    {
      stop (name, e);
      return -1;
    }
  trace_dev = st.st_dev;
  trace_ino = st.st_ino;
  trace_size = 0;
  unsigned char h[PATHPROF_PPT_MAGIC_SIZE + 8];
  memcpy (h, PATHPROF_PPT_MAGIC, PATHPROF_PPT_MAGIC_SIZE);
  put32 (h + PATHPROF_PPT_MAGIC_SIZE, PATHPROF_PPT_VERSION);
  put32 (h + PATHPROF_PPT_MAGIC_SIZE + 4, 0);
  int r = write_all (h, sizeof h);
  if (!r && forked_from)
    {
      unsigned char p[8];
      put64 (p, (uint64_t) forked_from);
      r = write_record (PATHPROF_PPT_TAG_FORK, 0, p, sizeof p);
    }
  for (size_t i = 0; i < n_objects && !r; i++)
    r = write_object (&objects[i]);
  if (r)
    stop (name, errno);
  return r;
}

/* Opens the trace file for a write: creates it the first time, then
   reopens it for appending, checking that it is still the file created,
   as long as we wrote it (the program may have removed or replaced it).
   Lock held; 0 if open, to be closed with close_file.  */
static int
open_file (void)
{
  if (failed)
    return -1;
  if (fd >= 0)
    return 0;
  if (!trace_name[0])
    return create_file ();
  fd = open (trace_name, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY);
  if (fd >= 0)
    fd = __pathprof_off_stderr (fd);
  struct stat st;
  if (fd < 0 || fstat (fd, &st) != 0)
    {
      stop (trace_name, errno);
      return -1;
    }
  /* (A file made anew under the name may reuse the inode number.)  */
  if (st.st_dev != trace_dev || st.st_ino != trace_ino
      || st.st_size != trace_size)
    {
      stop (trace_name, ESTALE);
      return -1;
    }
  return 0;
}

static void
close_file (void)
{
  if (fd >= 0 && close (fd) != 0 && errno != EINTR)
    stop (trace_name, errno);
  fd = -1;
}

/* Writes the unwritten events of T.  Lock held.  */
static void
flush_locked (struct wpp_thread *t)
{
  size_t used = __atomic_load_n (&t->used, __ATOMIC_ACQUIRE);
  if (used > t->written && open_file () == 0
      && write_record (PATHPROF_PPT_TAG_EVENTS, t->id, t->buf + t->written,
                       used - t->written))
    stop (trace_name, errno);
  close_file ();
  t->written = used;
}

/* ------------------------------------------------------------------ */
/* Threads                                                             */
/* ------------------------------------------------------------------ */

static void
thread_exit (void *arg)
{
  struct wpp_thread *t = arg;
  pthread_mutex_lock (&lock);
  flush_locked (t);
  for (struct wpp_thread **p = &threads; *p; p = &(*p)->next)
    if (*p == t)
      {
        *p = t->next;
        break;
      }
  pthread_mutex_unlock (&lock);
  self = NULL;
  munmap (t->buf, BUFFER_SIZE);
  munmap (t, sizeof *t);
}

/* The calling thread's state, created at its first event.  NULL if it
   cannot be (no memory: its events are lost, silently but for the
   first report).  */
static struct wpp_thread *
thread (void)
{
  struct wpp_thread *t = self;
  if (__builtin_expect (t != NULL, 1))
    return t;
  t = mmap (NULL, sizeof *t, PROT_READ | PROT_WRITE,
            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (t == MAP_FAILED)
    return NULL;
  t->buf = mmap (NULL, BUFFER_SIZE, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (t->buf == MAP_FAILED)
    {
      munmap (t, sizeof *t);
      pthread_mutex_lock (&lock);
      stop ("thread buffer", ENOMEM);
      pthread_mutex_unlock (&lock);
      return NULL;
    }
  pthread_mutex_lock (&lock);
  t->id = ++n_threads;
  t->next = threads;
  threads = t;
  pthread_mutex_unlock (&lock);
  pthread_setspecific (thread_key, t);
  self = t;
  return t;
}

/* Appends event (KIND, VALUE) to T's buffer, flushing it first if full. */
static void
emit (struct wpp_thread *t, unsigned kind, uint64_t value)
{
  if (__builtin_expect (t->used + EVENT_MAX > BUFFER_SIZE, 0))
    {
      pthread_mutex_lock (&lock);
      flush_locked (t);
      t->used = t->written = 0;
      pthread_mutex_unlock (&lock);
    }
  unsigned char *p = t->buf + t->used;
  unsigned char byte = (unsigned char) (kind | (value & 0x1f) << 2);
  value >>= 5;
  while (value)
    {
      *p++ = byte | 0x80;
      byte = value & 0x7f;
      value >>= 7;
    }
  *p++ = byte;
  /* Release: the exit handler reads the bytes up to `used`.  */
  __atomic_store_n (&t->used, (size_t) (p - t->buf), __ATOMIC_RELEASE);
}

/* Ends the current run of one subpath.  */
static inline void
end_run (struct wpp_thread *t)
{
  if (t->repeats)
    {
      emit (t, PATHPROF_PPT_EXTENDED, t->repeats << 1);
      t->repeats = 0;
    }
  t->have_last = 0;
}

/* ------------------------------------------------------------------ */
/* Handlers                                                            */
/* ------------------------------------------------------------------ */

/* Never inlined, as runtime.c's exit_handler: the cost model stops
   counting inside it by its name.  */
static __attribute__ ((noinline, noclone)) void
exit_handler (void)
{
  int saved = errno;
  if (self)
    end_run (self);
  pthread_mutex_lock (&lock);
  for (struct wpp_thread *t = threads; t; t = t->next)
    flush_locked (t);
  /* Events after this (other threads, later exit handlers) would start
     a file of their own: no.  */
  failed = 1;
  pthread_mutex_unlock (&lock);
  errno = saved;
}

/* Written from a destructor of priority 100, as the profile is
   (runtime.c's write_at_exit): after the program's exit handlers and its
   own destructors, whose events are in the trace.  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wprio-ctor-dtor"
__attribute__ ((destructor (100))) static void
wpp_write_at_exit (void)
{
  if (handlers_registered)
    exit_handler ();
}
#pragma GCC diagnostic pop

static void
fork_prepare (void)
{
  pthread_mutex_lock (&lock);
}

static void
fork_parent (void)
{
  pthread_mutex_unlock (&lock);
}

static void
fork_child (void)
{
  /* The parent writes what the buffers hold; the child starts a file of
     its own with what it runs.  Only this thread exists here.  */
  pthread_mutex_init (&lock, NULL);
  fd = -1; /* (none is open outside a write, under the lock) */
  trace_name[0] = 0;
  forked_from = getppid ();
  struct wpp_thread *me = self;
  threads = NULL;
  if (me)
    {
      me->used = me->written = 0;
      me->have_last = 0;
      me->repeats = 0;
      me->next = NULL;
      threads = me;
    }
}

/* ------------------------------------------------------------------ */
/* Entry points                                                        */
/* ------------------------------------------------------------------ */

void
__pathprof_wpp_init (struct pathprof_object *object)
{
  int saved = errno;
  if (!object)
    return;
  if (!__pathprof_abi_ok (object))
    {
      errno = saved;
      return;
    }
  pthread_mutex_lock (&lock);
  if (!handlers_registered)
    {
      handlers_registered = 1;
      __pathprof_settle_start_dir ();
      pthread_key_create (&thread_key, thread_exit);
      pthread_atfork (fork_prepare, fork_parent, fork_child);
    }
  int known = 0;
  for (size_t i = 0; i < n_objects; i++)
    known |= objects[i].object == object;
  if (!known && n_objects == cap_objects)
    {
      /* Other threads may be reading the array (function_number): the
         old one stays valid, never freed.  */
      size_t cap = cap_objects ? 2 * cap_objects : 8;
      struct wpp_object *o = malloc (cap * sizeof *o);
      if (!o)
        {
          stop ("objects", ENOMEM);
          known = 1;
        }
      else
        {
          if (n_objects)
            memcpy (o, objects, n_objects * sizeof *o);
          __atomic_store_n (&objects, o, __ATOMIC_RELEASE);
          cap_objects = cap;
        }
    }
  if (!known)
    {
      struct wpp_object *o = &objects[n_objects];
      o->object = object;
      o->base = n_functions_total;
      n_functions_total += object->n_functions;
      __atomic_store_n (&n_objects, n_objects + 1, __ATOMIC_RELEASE);
      /* Objects loaded later (dlopen) come after the events written so
         far, before any of theirs.  */
      if (trace_name[0] && !failed && open_file () == 0)
        {
          if (write_object (o))
            stop (trace_name, errno);
          close_file ();
        }
    }
  pthread_mutex_unlock (&lock);
  errno = saved;
}

/* The trace's number of FN: its object's base plus its index.  */
static uint32_t
function_number (const struct pathprof_function *fn)
{
  static __thread size_t hint;
  size_t n = __atomic_load_n (&n_objects, __ATOMIC_ACQUIRE);
  const struct wpp_object *all = __atomic_load_n (&objects, __ATOMIC_ACQUIRE);
  for (size_t k = 0; k < n; k++)
    {
      size_t i = (hint + k) % n;
      const struct pathprof_object *o = all[i].object;
      if (fn >= o->functions && fn < o->functions + o->n_functions)
        {
          hint = i;
          return all[i].base + (uint32_t) (fn - o->functions);
        }
    }
  return UINT32_MAX;
}

uint64_t
__pathprof_wpp_enter (struct pathprof_function *fn, const void *self_addr)
{
  int saved = errno;
  struct wpp_thread *t = thread ();
  if (!t)
    return 0;
  end_run (t);
  unsigned kind = t->pending && t->pending == self_addr
                    ? PATHPROF_PPT_ENTER_SITE : PATHPROF_PPT_ENTER_OTHER;
  t->pending = NULL;
  emit (t, kind, function_number (fn));
  errno = saved;
  return ++t->frames;
}

void
__pathprof_wpp_piece (uint64_t subpath)
{
  struct wpp_thread *t = thread ();
  if (!t)
    return;
  if (t->have_last && t->last == subpath)
    {
      t->repeats++;
      return;
    }
  int saved = errno;
  end_run (t);
  emit (t, PATHPROF_PPT_SUBPATH, subpath);
  t->last = subpath;
  t->have_last = 1;
  errno = saved;
}

void
__pathprof_wpp_site (uint64_t subpath, const void *callee)
{
  __pathprof_wpp_piece (subpath);
  struct wpp_thread *t = self;
  if (t)
    t->pending = callee;
}

void
__pathprof_wpp_resume (uint64_t frame)
{
  struct wpp_thread *t = thread ();
  if (!t)
    return;
  int saved = errno;
  end_run (t);
  /* A frame number never exceeds 2^63 in practice (ENTERs).  */
  emit (t, PATHPROF_PPT_EXTENDED, frame << 1 | 1);
  t->pending = NULL;
  errno = saved;
}
