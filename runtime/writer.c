/* pathprof runtime: naming and updating the profile file.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * The update protocol (specs/runtime.md, "Concurrent writers"):
 *
 *   1. open PATH (creating it empty if absent) and take an exclusive
 *      fcntl lock on it; then check that PATH still names the locked
 *      file: a writer that held the lock before us may have replaced it
 *      by rename, and a lock on the replaced inode protects nothing, so
 *      start again in that case;
 *   2. read and parse the current contents (empty = no profile yet);
 *   3. add our counts (or, if the contents are corrupt or belong to
 *      another build, hard-link them to a new name "PATH.corrupt[.N]" or
 *      "PATH.mismatch[.N]" first, and write our counts alone);
 *   4. write the result to a new temporary file next to PATH and rename
 *      it over PATH, then release the lock (a process with no descriptor
 *      left for the temporary file writes in place, through the locked
 *      one, as gcov does).
 *
 * So concurrent processes serialize on the lock and each adds to what the
 * previous one wrote (no run is lost), and a crash at any point leaves
 * PATH with either the old or the new complete contents (at worst a
 * stray temporary file).  Hard-linking (rather than renaming) the bad file
 * aside keeps PATH pointing at the locked inode until the final rename,
 * so a newcomer cannot slip in a file of its own in between.
 */
#define _GNU_SOURCE 1

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runtime-internal.h"

void
__pathprof_report (const char *fmt, ...)
{
  int saved = errno;
  char buf[1024];
  va_list ap;
  int n = snprintf (buf, sizeof buf, "pathprof: ");
  va_start (ap, fmt);
  int m = vsnprintf (buf + n, sizeof buf - n - 1, fmt, ap);
  va_end (ap);
  if (m < 0)
    m = 0;
  n += m;
  if (n > (int) sizeof buf - 2)
    n = sizeof buf - 2;
  buf[n++] = '\n';
  const char *p = buf;
  struct pathprof_signal_hold hold;
  __pathprof_hold_signals (&hold);
  while (n > 0)
    {
      ssize_t w = write (STDERR_FILENO, p, (size_t) n);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        break;
      p += w;
      n -= (int) w;
    }
  __pathprof_release_signals (&hold);
  errno = saved;
}

/* ------------------------------------------------------------------ */
/* Names                                                               */
/* ------------------------------------------------------------------ */

struct strbuf
{
  char *s;
  size_t len, cap;
  int failed;
};

static void
sb_add (struct strbuf *b, const char *s, size_t n)
{
  if (b->failed)
    return;
  if (b->len + n + 1 > b->cap)
    {
      size_t cap = b->cap ? b->cap : 64;
      while (cap < b->len + n + 1)
        cap *= 2;
      char *ns = realloc (b->s, cap);
      if (!ns)
        {
          b->failed = 1;
          return;
        }
      b->s = ns;
      b->cap = cap;
    }
  memcpy (b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}

static void
sb_str (struct strbuf *b, const char *s)
{
  sb_add (b, s, strlen (s));
}

static char *
sb_finish (struct strbuf *b)
{
  if (b->failed || !b->s)
    {
      free (b->s);
      return NULL;
    }
  return b->s;
}

char *
__pathprof_executable (void)
{
  char buf[PATH_MAX + 1];
  ssize_t n = readlink ("/proc/self/exe", buf, PATH_MAX);
  if (n > 0)
    {
      buf[n] = 0;
      /* The kernel appends this to the name of an unlinked executable
         (e.g. rebuilt while running); the program is still that name.  */
      static const char deleted[] = " (deleted)";
      size_t dl = sizeof deleted - 1;
      if ((size_t) n > dl && strcmp (buf + n - dl, deleted) == 0)
        buf[n - dl] = 0;
      return strdup (buf);
    }
  /* No /proc (chroot, other kernels): argv[0] as glibc saved it.  */
  extern char *program_invocation_name;
  return program_invocation_name && *program_invocation_name
           ? strdup (program_invocation_name)
           : NULL;
}

char *
__pathprof_profile_name (const char *start_dir, uint32_t signature)
{
  struct strbuf b = { 0 };
  const char *pattern = getenv ("PATHPROF_FILE");
  char *expanded;

  if (pattern && *pattern)
    {
      for (const char *p = pattern; *p; p++)
        {
          char tmp[HOST_NAME_MAX + 2];
          if (*p != '%' || !p[1])
            {
              sb_add (&b, p, 1);
              continue;
            }
          switch (*++p)
            {
            case 'p':
              snprintf (tmp, sizeof tmp, "%ld", (long) getpid ());
              sb_str (&b, tmp);
              break;
            case 'h':
              if (gethostname (tmp, sizeof tmp - 1) != 0)
                strcpy (tmp, "localhost");
              tmp[sizeof tmp - 1] = 0;
              sb_str (&b, tmp);
              break;
            case 'm':
              snprintf (tmp, sizeof tmp, "%08x", (unsigned) signature);
              sb_str (&b, tmp);
              break;
            case '%':
              sb_add (&b, "%", 1);
              break;
            default:
              /* Unknown: kept literally, so the name is still usable and
                 the mistake visible in it.  */
              sb_add (&b, p - 1, 2);
              break;
            }
        }
    }
  else
    {
      char *exe = __pathprof_executable ();
      const char *base = exe ? strrchr (exe, '/') : NULL;
      base = base ? base + 1 : exe;
      sb_str (&b, base && *base ? base : "pathprof");
      sb_str (&b, PATHPROF_PPD_SUFFIX);
      free (exe);
    }
  expanded = sb_finish (&b);
  if (!expanded || expanded[0] == '/' || !start_dir)
    return expanded;
  struct strbuf full = { 0 };
  sb_str (&full, start_dir);
  if (full.len && full.s[full.len - 1] != '/')
    sb_add (&full, "/", 1);
  sb_str (&full, expanded);
  free (expanded);
  return sb_finish (&full);
}

/* ------------------------------------------------------------------ */
/* Update                                                              */
/* ------------------------------------------------------------------ */

/* Blocks until FD holds an exclusive lock on the whole file.  Open file
   description locks where the kernel has them (Linux >= 3.15): unlike
   classic POSIX locks they also exclude another copy of this runtime in
   the same process (an instrumented shared library), and closing some
   other descriptor of the file does not drop them.  Both kinds work over
   NFS, where flock may not.  */
static int
lock_fd (int fd)
{
  struct flock fl;
  memset (&fl, 0, sizeof fl);
  fl.l_type = F_WRLCK;
  fl.l_whence = SEEK_SET;
#ifdef F_OFD_SETLKW
  for (;;)
    {
      if (fcntl (fd, F_OFD_SETLKW, &fl) == 0)
        return 0;
      if (errno == EINTR)
        continue;
      if (errno != EINVAL)
        return -1;
      break; /* an older kernel: fall back to process-owned locks */
    }
#endif
  for (;;)
    {
      if (fcntl (fd, F_SETLKW, &fl) == 0)
        return 0;
      if (errno != EINTR)
        return -1;
    }
}

/* Gives the existing file PATH a second name "PATH.KIND" or "PATH.KIND.N"
   that does not exist yet; returns that name (malloc'd) or NULL.  */
static char *
keep_aside (const char *path, const char *kind)
{
  size_t n = strlen (path) + strlen (kind) + 16;
  char *name = malloc (n);
  if (!name)
    return NULL;
  for (int i = 0; i < 1000; i++)
    {
      if (i == 0)
        snprintf (name, n, "%s.%s", path, kind);
      else
        snprintf (name, n, "%s.%s.%d", path, kind, i);
      if (link (path, name) == 0)
        return name;
      if (errno == EEXIST)
        continue;
      /* No hard links here (some FUSE and network file systems): a plain
         rename, checking first that the name is free.  Only writers
         holding the lock on PATH create these names, so the check cannot
         race with another writer; the rename does leave PATH missing for
         a moment (see the comment at the top).  */
      if (errno == EPERM || errno == ENOSYS || errno == EOPNOTSUPP
          || errno == EMLINK || errno == EXDEV)
        {
          struct stat st;
          if (lstat (name, &st) == 0)
            continue;
          if (errno == ENOENT && rename (path, name) == 0)
            return name;
        }
      break;
    }
  int e = errno;
  free (name);
  errno = e;
  return NULL;
}

int
__pathprof_off_stderr (int fd)
{
  if (fd != STDERR_FILENO)
    return fd;
  int moved = fcntl (fd, F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
  int e = errno;
  close (fd);
  errno = e;
  return moved;
}

int
__pathprof_make_parents (const char *path, char *failed, size_t failed_size)
{
  /* Built in FAILED: each prefix that ends before a '/' (but the root's),
     in turn; an existing one is EEXIST.  On failure FAILED holds the
     prefix that failed.  */
  size_t len = strlen (path);
  if (len >= failed_size)
    {
      snprintf (failed, failed_size, "%s", path);
      errno = ENAMETOOLONG;
      return -1;
    }
  memcpy (failed, path, len + 1);
  for (size_t i = 1; i < len; i++)
    {
      if (failed[i] != '/' || failed[i - 1] == '/')
        continue;
      failed[i] = '\0';
      if (mkdir (failed, 0777) != 0 && errno != EEXIST)
        return -1;
      failed[i] = '/';
    }
  return 0;
}

/* The signals of struct pathprof_signal_hold.  */
static const int held_signals[] = { SIGXFSZ, SIGPIPE };
#define N_HELD_SIGNALS (sizeof held_signals / sizeof held_signals[0])

/* The calling thread's outermost hold, for an exec from a signal
   handler that interrupts it (__pathprof_exec_unhold).  Initial-exec:
   read in a signal handler, where a dynamic TLS access could allocate.  */
static __thread struct pathprof_signal_hold *outermost_hold
  __attribute__ ((tls_model ("initial-exec")));

static void
held_set (sigset_t *held)
{
  sigemptyset (held);
  for (unsigned i = 0; i < N_HELD_SIGNALS; i++)
    sigaddset (held, held_signals[i]);
}

void
__pathprof_hold_signals (struct pathprof_signal_hold *h)
{
  sigset_t held;
  held_set (&held);
  pthread_sigmask (SIG_BLOCK, &held, &h->old_mask);
  if (sigpending (&h->pending_before) != 0)
    sigfillset (&h->pending_before); /* discard nothing */
  if (!outermost_hold)
    outermost_hold = h;
}

/* The held signals that the outermost hold blocked (none where the
   thread holds nothing): in SET; whether there are any.  */
static int
blocked_by_hold (sigset_t *set)
{
  sigemptyset (set);
  int any = 0;
  const struct pathprof_signal_hold *h = outermost_hold;
  if (h)
    for (unsigned i = 0; i < N_HELD_SIGNALS; i++)
      if (sigismember (&h->old_mask, held_signals[i]) != 1)
        {
          sigaddset (set, held_signals[i]);
          any = 1;
        }
  return any;
}

void
__pathprof_exec_unhold (void)
{
  sigset_t set;
  if (blocked_by_hold (&set))
    pthread_sigmask (SIG_UNBLOCK, &set, NULL);
}

void
__pathprof_exec_rehold (void)
{
  sigset_t set;
  if (blocked_by_hold (&set))
    pthread_sigmask (SIG_BLOCK, &set, NULL);
}

void
__pathprof_release_signals (struct pathprof_signal_hold *h)
{
  int saved = errno;
  sigset_t pending;
  if (sigpending (&pending) == 0)
    for (unsigned i = 0; i < N_HELD_SIGNALS; i++)
      if (sigismember (&pending, held_signals[i]) == 1
          && sigismember (&h->pending_before, held_signals[i]) != 1)
        {
          /* Raised by our writes: take it, so that unblocking does not
             deliver it.  */
          sigset_t one;
          sigemptyset (&one);
          sigaddset (&one, held_signals[i]);
          const struct timespec now = { 0, 0 };
          while (sigtimedwait (&one, NULL, &now) < 0 && errno == EINTR)
            ;
        }
  if (outermost_hold == h)
    outermost_hold = NULL;
  pthread_sigmask (SIG_SETMASK, &h->old_mask, NULL);
  errno = saved;
}

/* For a process that has used up its file descriptors (EMFILE, ENFILE):
   writes BUF over PATH's contents through LOCKED, the descriptor that
   holds the lock, as gcov writes its .gcda files.  GNU make's test suite
   has such a run: it includes a makefile recursively until fopen fails,
   and only the descriptor of the standard output, closed at exit, is
   free.  Not atomic: a crash in the middle leaves a profile that the next
   run finds corrupt and keeps aside.  */
static int
overwrite_in_place (const char *path, int locked, const unsigned char *buf,
                    size_t size)
{
  char msg[PPD_MSG_SIZE];
  if (lseek (locked, 0, SEEK_SET) != 0
      || ppd_write_fd (locked, buf, size, msg) != PPD_OK
      || ftruncate (locked, (off_t) size) != 0
      || (fsync (locked) != 0 && errno != EINVAL && errno != EROFS))
    {
      __pathprof_report ("cannot write profile '%s': %s", path,
                         strerror (errno));
      return -1;
    }
  return 0;
}

/* A new temporary file beside PATH, named in TMP (N bytes): its
   descriptor, or -1 with errno.  */
static int
open_temporary (const char *path, char *tmp, size_t n)
{
  int fd = -1;
  for (int i = 0; fd < 0 && i < 100; i++)
    {
      snprintf (tmp, n, "%s.tmp%ld.%d", path, (long) getpid (), i);
      fd = open (tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY,
                 0666);
      if (fd >= 0 && (fd = __pathprof_off_stderr (fd)) < 0)
        {
          int e = errno;
          unlink (tmp);
          errno = e;
          break;
        }
      if (fd < 0 && errno != EEXIST)
        break;
    }
  return fd;
}

/* Writes BUF to a new temporary file beside PATH and renames it to PATH.
   Where no descriptor is left for the temporary file: in place through
   *LOCKED, the descriptor of PATH that holds the lock, if IN_PLACE; else
   (PATH's old contents were kept aside under another name, the inode
   *LOCKED holds, which an overwrite would destroy) *LOCKED is closed,
   releasing the lock for the descriptor it frees, and set to -1.  The
   new file gets OLD's permissions and, where the process may give them,
   its owner and group: a profile shared by several users stays shared
   (an overwrite in place, as gcov's, would keep them too).  */
static int
replace_file (const char *path, int *locked, int in_place,
              const struct stat *old, const unsigned char *buf, size_t size)
{
  size_t n = strlen (path) + 48;
  char *tmp = malloc (n);
  char msg[PPD_MSG_SIZE];
  if (!tmp)
    {
      __pathprof_report ("cannot write profile '%s': %s", path,
                         strerror (ENOMEM));
      return -1;
    }
  int fd = open_temporary (path, tmp, n);
  if (fd < 0 && (errno == EMFILE || errno == ENFILE))
    {
      if (in_place)
        {
          free (tmp);
          return overwrite_in_place (path, *locked, buf, size);
        }
      /* Another writer may then take the lock and replace PATH before
         our rename, which replaces its run with ours: a run lost, in a
         process out of descriptors, rather than the profile kept aside
         destroyed.  */
      close (*locked);
      *locked = -1;
      fd = open_temporary (path, tmp, n);
    }
  if (fd < 0)
    goto fail;
  ppd_take_attributes (fd, old);
  if (ppd_write_fd (fd, buf, size, msg) != PPD_OK)
    goto fail_unlink;
  /* So that a system crash right after the rename cannot leave an empty
     or partial PATH on file systems that reorder data and metadata.  */
  if (fsync (fd) != 0 && errno != EINVAL && errno != EROFS)
    goto fail_unlink;
  if (close (fd) != 0)
    {
      fd = -1;
      goto fail_unlink;
    }
  fd = -1;
  if (rename (tmp, path) != 0)
    goto fail_unlink;
  free (tmp);
  return 0;

fail_unlink:;
  int e = errno;
  if (fd >= 0)
    close (fd);
  unlink (tmp);
  errno = e;
fail:
  __pathprof_report ("cannot write profile '%s': %s", path, strerror (errno));
  free (tmp);
  return -1;
}

/* For a destination that is a character device (PATHPROF_FILE=/dev/null
   or a terminal): write this run's data as is; there is nothing to merge
   with and a rename would replace the device node.  */
static int
write_device (const char *path, int fd, struct ppd_profile *snap)
{
  unsigned char *buf;
  size_t size;
  char msg[PPD_MSG_SIZE];
  enum ppd_status st = ppd_serialize (snap, &buf, &size, msg);
  if (st == PPD_OK)
    {
      st = ppd_write_fd (fd, buf, size, msg);
      free (buf);
    }
  if (st != PPD_OK)
    {
      __pathprof_report ("cannot write profile '%s': %s", path, msg);
      return -1;
    }
  return 0;
}

/* The objects of SNAP that OLD (NULL: nothing) does not have: this
   process is one run of each in the file, even where it counted its run
   in a file written before (a __pathprof_dump, then the file removed or
   kept aside; another copy of the runtime, whose objects are new in the
   file the first copy wrote).  */
static void
count_new_runs (struct ppd_profile *snap, struct ppd_profile *old)
{
  for (size_t i = 0; i < snap->n_objects; i++)
    if (!snap->objects[i].runs
        && (!old || !ppd_find_object (old, snap->objects[i].notes_file)))
      snap->objects[i].runs = 1;
}

static int
update_file (const char *path_in, struct ppd_profile *snap)
{
  char msg[PPD_MSG_SIZE];
  struct ppd_profile old;
  struct ppd_profile *result = snap;
  unsigned char *buf = NULL;
  size_t size = 0;
  int fd = -1, ret = -1, kept_aside = 0;
  struct stat st;
  char *path = ppd_resolve_link (path_in);

  ppd_profile_init (&old);
  if (!path)
    {
      __pathprof_report ("cannot write profile '%s': %s", path_in,
                         strerror (ENOMEM));
      return -1;
    }
  for (int tries = 0;; tries++)
    {
      struct stat now;
      /* Opened by the name given, so that the kernel follows its links
         with its own checks (protected_symlinks: no following another
         user's link in a sticky directory); PATH, where they lead, must
         then be the same file (below), the file the rename replaces.  */
      fd = open (path_in, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0666);
      if (fd < 0 && errno == ENOENT && tries == 0)
        {
          /* A missing directory (PATHPROF_FILE=out/%h/%p.ppd): created,
             where the name (or the link it is) leads.  */
          char failed[PATH_MAX];
          if (__pathprof_make_parents (path, failed, sizeof failed) != 0)
            {
              __pathprof_report ("cannot write profile '%s': cannot create "
                                 "directory '%s': %s",
                                 path, failed, strerror (errno));
              goto out;
            }
          fd = open (path_in, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0666);
        }
      if (fd >= 0)
        fd = __pathprof_off_stderr (fd);
      if (fd < 0 || fstat (fd, &st) != 0)
        goto fail_errno;
      if (S_ISCHR (st.st_mode))
        {
          ret = write_device (path, fd, snap);
          goto out;
        }
      if (!S_ISREG (st.st_mode))
        {
          __pathprof_report ("cannot write profile '%s': not a regular file",
                             path);
          goto out;
        }
      if (lock_fd (fd) != 0)
        {
          /* A file system without locks: merging unlocked can lose a
             concurrent writer's run, which is still better than writing
             nothing.  Said once, here.  */
          __pathprof_report ("cannot lock profile '%s': %s; "
                             "merging without a lock",
                             path, strerror (errno));
          break;
        }
      if (stat (path, &now) == 0 && now.st_dev == st.st_dev
          && now.st_ino == st.st_ino)
        break;
      close (fd);
      fd = -1;
      /* Replaced, or the link now leads elsewhere (a link rotated to the
         next file): where it leads now.  */
      char *again = ppd_resolve_link (path_in);
      if (again)
        {
          free (path);
          path = again;
        }
      if (tries == 1000)
        {
          __pathprof_report ("cannot write profile '%s': "
                             "it keeps being replaced",
                             path);
          goto out;
        }
    }

  /* ppd_read_fd stops after the start of a file that is not a profile:
     a mistaken name of a file of gigabytes is not read into memory.  */
  if (ppd_read_fd (fd, &buf, &size, msg) != PPD_OK)
    goto fail_errno;
  /* Something that does not even start like a profile is not a damaged
     profile but someone else's file (PATHPROF_FILE pointing at the wrong
     place): leave it alone rather than replace it.  */
  if (size > 0
      && memcmp (buf, PATHPROF_PPD_MAGIC,
                 size < PATHPROF_PPD_MAGIC_SIZE ? size
                                                : PATHPROF_PPD_MAGIC_SIZE)
           != 0)
    {
      __pathprof_report ("cannot write profile '%s': the file exists and is "
                         "not a pathprof profile; not overwriting it",
                         path);
      goto out;
    }
  if (size > 0)
    {
      enum ppd_status st2 = ppd_parse (buf, size, &old, msg);
      if (st2 == PPD_OK)
        count_new_runs (snap, &old);
      const char *kind = NULL;
      char reason[PPD_MSG_SIZE];
      if (st2 == PPD_OK)
        {
          st2 = ppd_merge (&old, snap, msg);
          if (st2 == PPD_OK)
            result = &old;
          else if (st2 == PPD_ERR_MISMATCH)
            kind = "mismatch";
        }
      else if (st2 == PPD_ERR_CORRUPT)
        kind = "corrupt";
      if (st2 == PPD_ERR_NOMEM)
        {
          __pathprof_report ("cannot write profile '%s': %s", path,
                             strerror (ENOMEM));
          goto out;
        }
      if (kind)
        {
          memcpy (reason, msg, sizeof reason);
          char *aside = keep_aside (path, kind);
          if (!aside)
            {
              __pathprof_report ("profile '%s' is %s (%s) and cannot be "
                                 "kept aside: %s; not overwriting it",
                                 path,
                                 kind[0] == 'c' ? "corrupt"
                                                : "from another build",
                                 reason, strerror (errno));
              goto out;
            }
          if (kind[0] == 'c')
            __pathprof_report ("profile '%s' is corrupt (%s); kept it as "
                               "'%s'",
                               path, reason, aside);
          else
            __pathprof_report ("profile '%s' does not match this program "
                               "(%s); kept it as '%s'",
                               path, reason, aside);
          free (aside);
          kept_aside = 1;
        }
    }

  if (result == snap)
    count_new_runs (snap, NULL);
  {
    unsigned char *out;
    size_t out_size;
    if (ppd_serialize (result, &out, &out_size, msg) != PPD_OK)
      {
        __pathprof_report ("cannot write profile '%s': %s", path, msg);
        goto out;
      }
    ret = replace_file (path, &fd, !kept_aside, &st, out, out_size);
    free (out);
  }
  goto out;

fail_errno:
  __pathprof_report ("cannot write profile '%s': %s", path, strerror (errno));
out:
  if (fd >= 0)
    close (fd); /* releases the lock, after the rename */
  free (buf);
  ppd_profile_free (&old);
  free (path);
  return ret;
}

int
__pathprof_update_file (const char *path, struct ppd_profile *snap)
{
  struct pathprof_signal_hold hold;
  __pathprof_hold_signals (&hold);
  int ret = update_file (path, snap);
  __pathprof_release_signals (&hold);
  return ret;
}
