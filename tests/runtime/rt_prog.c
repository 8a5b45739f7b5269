/* pathprof runtime tests: a program driving a fake instrumented object.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * The arguments are commands, run in order:
 *   a ID N        count path ID of f_array N times
 *   h ID N        count path ID of f_hash N times (its path cache, or
 *                 __pathprof_log_path)
 *   threads T N   T threads each count ids i % 5, i < N, in f_threads,
 *                 atomically
 *   fork          fork; the child runs the remaining commands and exits,
 *                 the parent waits for it and exits
 *   dump | reset  __pathprof_dump () | __pathprof_reset ()
 *   rmprofile     unlink $PATHPROF_FILE
 *   errno-dump    checks that __pathprof_dump preserves errno
 *   exec          __pathprof_execve (this program, "a 2 1")
 *   rawexec       execve (this program, "a 2 1") (for -Wl,--wrap=execve)
 *   daemon        daemon (1, 1) (for -Wl,--wrap=daemon): the daemon runs
 *                 the remaining commands, keeping the standard output,
 *                 which a reader of it sees close when the daemon exits
 *   vfexec        vfork; the child calls __pathprof_execve (this program,
 *                 "a 2 1"), the parent waits for it and goes on
 *   badexec       __pathprof_execve of a file that does not exist: checks
 *                 that it returns -1 with errno ENOENT, and goes on
 *   dl LIB N      dlopen LIB, call its fakelib_count (N), dlclose it
 *   dlopen LIB    dlopen LIB and keep it loaded (until exit)
 *   lib N         fakelib_count (N) of the library kept loaded
 *   chdir DIR     chdir (DIR)
 *   pid           print the process id on stdout
 *   fds N         open /dev/null until open fails with EMFILE, then
 *                 close the last N opened: N descriptors are left free
 *   xfsz          install a SIGXFSZ handler that writes "SIGXFSZ" on
 *                 the standard output
 *   heldexec      as the runtime does while it writes, hold SIGPIPE and
 *                 SIGXFSZ; raise SIGUSR1, whose handler calls
 *                 __pathprof_execve of a file that does not exist (the
 *                 two must be blocked again after it fails), then of
 *                 sed printing its SigBlk mask (/proc/self/status) on
 *                 the standard output
 *   forkexec LIB N
 *                 2 threads dlopen and dlclose LIB in a loop while the
 *                 main thread forks N times, each child calling
 *                 __pathprof_execve (this program, "a 2 1"); then the
 *                 threads stop
 *   resetfork N   a thread calls __pathprof_reset () in a loop while the
 *                 main thread forks N times, each child calling _exit (0)
 *   exit-thread S call exit (S) from a new thread
 *   status S      exit status S at the end (default 0)
 * Built with -DFAKE_RESIDUAL, it also has the object of fake-residual.h
 * and these commands:
 *   p P B N       N ends of the path of f_ppp with PPP id P, BL id B
 *   r ID N        log residual path ID of f_res N times
 *   t ID N        log residual path ID of f_tiny N times
 *   rr FIRST K N  N rounds logging paths FIRST..FIRST+K-1 of f_res
 *   rthreads T S K N
 *                 T threads each log, N rounds, the S paths 0..S-1 of
 *                 f_res (shared) and K paths of their own, thread t's
 *                 being (t + 1) * 1000000 + 0..K-1
 *   c ID N        N ends of path ID of f_cached (cache probe, then call)
 *   cstat         print "E C": the entries of f_cached's cache that hold
 *                 a path, and the executions counted there
 *   cbad E ID N   put path ID with count N into entry E of the cache
 *                 (not its entry: what no instrumentation does)
 *   cthreads T N  T threads each end, N rounds, the paths 610, 0, 1597
 *                 (one entry), 5 and 1602 (another) of f_cached,
 *                 atomically
 *   sig H         log paths 2000000 + i % 1000 of f_res (i = 0, 1, ...)
 *                 while a SIGALRM handler, run every 200 us, logs path
 *                 5000000000 + (its call number % 16); stop after H
 *                 handler calls and print "H' M": the handler's calls
 *                 and the loop's
 * The program prints nothing else; the tests read the profile it writes.
 */
#define _GNU_SOURCE 1

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fake-object.h"
#include "runtime-internal.h"
#include "proc-status.h"
#include "pathprof.h"
#ifdef FAKE_RESIDUAL
#include "fake-residual.h"
#endif

static char *self;

static unsigned long long
num (const char *s)
{
  return strtoull (s, NULL, 0);
}

struct thread_arg
{
  unsigned long n;
};

static void *
thread_main (void *p)
{
  struct thread_arg *a = p;
  for (unsigned long i = 0; i < a->n; i++)
    fake_logged_path_end (fake_mt, i % 5, 1);
  return NULL;
}

static void
on_xfsz (int sig)
{
  (void) sig;
  static const char said[] = "SIGXFSZ\n";
  ssize_t w = write (STDOUT_FILENO, said, sizeof said - 1);
  (void) w;
}

#ifdef FAKE_RESIDUAL
static void die (const char *what);

struct residual_arg
{
  unsigned long shared, own, rounds, first_own;
};

static void *
residual_thread (void *p)
{
  struct residual_arg *a = p;
  for (unsigned long r = 0; r < a->rounds; r++)
    {
      for (unsigned long j = 0; j < a->shared; j++)
        __pathprof_log_path (fake_res, j);
      for (unsigned long j = 0; j < a->own; j++)
        __pathprof_log_path (fake_res, a->first_own + j);
    }
  return NULL;
}

static void *
cached_thread (void *p)
{
  static const uint64_t ids[] = { 610, 0, 1597, 5, 1602 };
  unsigned long rounds = *(unsigned long *) p;
  for (unsigned long r = 0; r < rounds; r++)
    for (unsigned k = 0; k < sizeof ids / sizeof *ids; k++)
      fake_cached_path_end (ids[k], 1);
  return NULL;
}

static volatile sig_atomic_t handler_calls;

static void
on_alarm (int sig)
{
  (void) sig;
  __pathprof_log_path (fake_res, 5000000000ull + handler_calls % 16);
  handler_calls++;
}

/* The `sig` command.  */
static void
residual_under_signals (unsigned long wanted)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sa.sa_flags = SA_RESTART;
  sigemptyset (&sa.sa_mask);
  struct itimerval every = { { 0, 200 }, { 0, 200 } }, off;
  memset (&off, 0, sizeof off);
  if (sigaction (SIGALRM, &sa, NULL) || setitimer (ITIMER_REAL, &every, NULL))
    die ("timer");
  unsigned long i = 0;
  while ((unsigned long) handler_calls < wanted)
    __pathprof_log_path (fake_res, 2000000 + i++ % 1000);
  /* A signal already pending when the timer stops is either handled
     before SIGALRM is blocked, and counted, or never.  */
  sigset_t alrm;
  sigemptyset (&alrm);
  sigaddset (&alrm, SIGALRM);
  if (setitimer (ITIMER_REAL, &off, NULL)
      || sigprocmask (SIG_BLOCK, &alrm, NULL))
    die ("timer");
  printf ("%lu %lu\n", (unsigned long) handler_calls, i);
}

/* Runs the commands of fake-residual.h at ARGV[*I]; 0 if there is none. */
static int
residual_command (int argc, char **argv, int *i)
{
  const char *c = argv[*i];
  if (!strcmp (c, "p") && *i + 3 < argc)
    {
      unsigned long long p = num (argv[*i + 1]), b = num (argv[*i + 2]);
      unsigned long long n = num (argv[*i + 3]);
      for (unsigned long long k = 0; k < n; k++)
        fake_ppp_path_end (p, b);
      *i += 3;
    }
  else if ((!strcmp (c, "s") || !strcmp (c, "sr")) && *i + 2 < argc)
    {
      /* A path end of f_split or f_split_res: counters[id]++.  */
      unsigned long long id = num (argv[*i + 1]), n = num (argv[*i + 2]);
      uint64_t *counters
          = c[1] ? fake_split_res_counters : fake_split_counters;
      for (unsigned long long k = 0; k < n; k++)
        counters[id]++;
      *i += 2;
    }
  else if ((!strcmp (c, "r") || !strcmp (c, "t")) && *i + 2 < argc)
    {
      unsigned long long id = num (argv[*i + 1]), n = num (argv[*i + 2]);
      for (unsigned long long k = 0; k < n; k++)
        __pathprof_log_path (c[0] == 'r' ? fake_res : fake_tiny, id);
      *i += 2;
    }
  else if (!strcmp (c, "rr") && *i + 3 < argc)
    {
      unsigned long long first = num (argv[*i + 1]), k = num (argv[*i + 2]);
      unsigned long long n = num (argv[*i + 3]);
      for (unsigned long long r = 0; r < n; r++)
        for (unsigned long long j = 0; j < k; j++)
          __pathprof_log_path (fake_res, first + j);
      *i += 3;
    }
  else if (!strcmp (c, "rthreads") && *i + 4 < argc)
    {
      int t = (int) num (argv[*i + 1]);
      struct residual_arg a[64];
      if (t > 64)
        die ("rthreads: at most 64 threads");
      pthread_t th[64];
      for (int k = 0; k < t; k++)
        {
          a[k].shared = num (argv[*i + 2]);
          a[k].own = num (argv[*i + 3]);
          a[k].rounds = num (argv[*i + 4]);
          a[k].first_own = (unsigned long) (k + 1) * 1000000;
          if (pthread_create (&th[k], NULL, residual_thread, &a[k]))
            die ("pthread_create");
        }
      for (int k = 0; k < t; k++)
        pthread_join (th[k], NULL);
      *i += 4;
    }
  else if (!strcmp (c, "c") && *i + 2 < argc)
    {
      unsigned long long id = num (argv[*i + 1]), n = num (argv[*i + 2]);
      for (unsigned long long k = 0; k < n; k++)
        fake_cached_path_end (id, 0);
      *i += 2;
    }
  else if (!strcmp (c, "cstat"))
    {
      unsigned long long held = 0, counted = 0;
      for (unsigned e = 0; e < FAKE_CACHE_SLOTS; e++)
        {
          held += fake_cache[e] != 0;
          counted += fake_cache[FAKE_CACHE_SLOTS + e];
        }
      printf ("%llu %llu\n", held, counted);
      fflush (stdout);
    }
  else if (!strcmp (c, "cbad") && *i + 3 < argc)
    {
      unsigned long long e = num (argv[*i + 1]);
      if (e >= FAKE_CACHE_SLOTS)
        die ("cbad: no such entry");
      fake_cache[e] = num (argv[*i + 2]) + 1;
      fake_cache[FAKE_CACHE_SLOTS + e] = num (argv[*i + 3]);
      *i += 3;
    }
  else if (!strcmp (c, "cthreads") && *i + 2 < argc)
    {
      int t = (int) num (argv[*i + 1]);
      unsigned long rounds = num (argv[*i + 2]);
      pthread_t th[64];
      if (t > 64)
        die ("cthreads: at most 64 threads");
      for (int k = 0; k < t; k++)
        if (pthread_create (&th[k], NULL, cached_thread, &rounds))
          die ("pthread_create");
      for (int k = 0; k < t; k++)
        pthread_join (th[k], NULL);
      *i += 2;
    }
  else if (!strcmp (c, "sig") && *i + 1 < argc)
    residual_under_signals (num (argv[++*i]));
  else
    return 0;
  return 1;
}
#endif

static void *
exit_thread (void *p)
{
  exit ((int) (long) p);
}

static void
die (const char *what)
{
  fprintf (stderr, "rt_prog: %s failed\n", what);
  exit (99);
}

/* fakelib_count of the library loaded last.  */
static void (*fakelib_count) (unsigned long);

/* dlopen's LIB (RTLD_LOCAL: nothing of it is visible to the program but
   through dlsym) and sets fakelib_count; returns the handle.  */
static void *
load_fakelib (const char *lib)
{
  void *h = dlopen (lib, RTLD_NOW | RTLD_LOCAL);
  if (!h)
    {
      fprintf (stderr, "rt_prog: %s\n", dlerror ());
      exit (99);
    }
  fakelib_count = (void (*) (unsigned long)) dlsym (h, "fakelib_count");
  if (!fakelib_count)
    die ("dlsym");
  return h;
}

static volatile int churn_stop;

static void *
churn (void *lib)
{
  while (!churn_stop)
    {
      void *h = dlopen (lib, RTLD_NOW | RTLD_LOCAL);
      if (h)
        dlclose (h);
    }
  return NULL;
}

/* The command forkexec: children of a multithreaded process exec while
   other threads load and unload objects.  */
static void
fork_exec_churn (char *self, char *lib, unsigned long n)
{
  pthread_t th[2];
  for (int t = 0; t < 2; t++)
    if (pthread_create (&th[t], NULL, churn, lib))
      die ("pthread_create");
  char *args[] = { self, "a", "2", "1", NULL };
  for (unsigned long i = 0; i < n; i++)
    {
      pid_t pid = fork ();
      if (pid < 0)
        die ("fork");
      if (pid == 0)
        {
          __pathprof_execve (self, args, environ);
          _exit (99);
        }
      int st;
      if (waitpid (pid, &st, 0) != pid || !WIFEXITED (st)
          || WEXITSTATUS (st) != 0)
        die ("the exec'd child");
    }
  churn_stop = 1;
  for (int t = 0; t < 2; t++)
    pthread_join (th[t], NULL);
}

static volatile int resetter_stop;

static void *
resetter (void *arg)
{
  (void) arg;
  while (!resetter_stop)
    __pathprof_reset ();
  return NULL;
}

/* The command heldexec: an exec from a signal handler that interrupts
   a write of the runtime's.  */
static void
exec_in_handler (int sig)
{
  (void) sig;
  char *none[] = { "nothing", NULL };
  __pathprof_execve ("/nonexistent/rt_prog", none, environ);
  sigset_t now;
  pthread_sigmask (SIG_BLOCK, NULL, &now);
  if (sigismember (&now, SIGPIPE) != 1 || sigismember (&now, SIGXFSZ) != 1)
    die ("held signals after a failed exec");
  char *sed[] = { "sed", "-n", "s/^SigBlk:[[:space:]]*//p",
                   "/proc/self/status", NULL };
  __pathprof_execve ("/bin/sed", sed, environ);
  die ("execve /bin/sed");
}

static void
exec_while_held (void)
{
  struct pathprof_signal_hold hold;
  signal (SIGUSR1, exec_in_handler);
  __pathprof_hold_signals (&hold);
  raise (SIGUSR1);
  die ("raise");
}

/* The command resetfork.  */
static void
reset_beside_forks (unsigned long n)
{
  pthread_t th;
  if (pthread_create (&th, NULL, resetter, NULL))
    die ("pthread_create");
  for (unsigned long i = 0; i < n; i++)
    {
      pid_t pid = fork ();
      if (pid < 0)
        die ("fork");
      if (pid == 0)
        _exit (0);
      if (waitpid (pid, NULL, 0) != pid)
        die ("waitpid");
    }
  resetter_stop = 1;
  pthread_join (th, NULL);
}

/* The command vfexec, in a function of its own: the variables of the
   frame that calls vfork may be clobbered (-Wclobbered).  */
__attribute__ ((noinline)) static void
vfork_exec (char *self)
{
  char *args[] = { self, "a", "2", "1", NULL };
  pid_t pid = vfork ();
  if (pid == 0)
    {
      __pathprof_execve (self, args, environ);
      _exit (97);
    }
  int st;
  if (pid < 0 || waitpid (pid, &st, 0) != pid || !WIFEXITED (st)
      || WEXITSTATUS (st) != 0)
    die ("vfork child");
}

int
main (int argc, char **argv)
{
  int status = 0;
  self = argv[0];
  for (int i = 1; i < argc; i++)
    {
      const char *c = argv[i];
      if (!strcmp (c, "a") && i + 2 < argc)
        {
          unsigned long long id = num (argv[i + 1]), n = num (argv[i + 2]);
          i += 2;
          for (unsigned long long k = 0; k < n; k++)
            fake_counters[id]++; /* what instrumented code does */
        }
      else if (!strcmp (c, "h") && i + 2 < argc)
        {
          unsigned long long id = num (argv[i + 1]), n = num (argv[i + 2]);
          i += 2;
          for (unsigned long long k = 0; k < n; k++)
            fake_logged_path_end (fake_hash, id, 0);
        }
      else if (!strcmp (c, "threads") && i + 2 < argc)
        {
          int t = (int) num (argv[i + 1]);
          struct thread_arg a = { num (argv[i + 2]) };
          pthread_t th[64];
          i += 2;
          for (int k = 0; k < t; k++)
            if (pthread_create (&th[k], NULL, thread_main, &a))
              die ("pthread_create");
          for (int k = 0; k < t; k++)
            pthread_join (th[k], NULL);
        }
      else if (!strcmp (c, "fork"))
        {
          pid_t pid = fork ();
          if (pid < 0)
            die ("fork");
          if (pid > 0)
            {
              int st;
              if (waitpid (pid, &st, 0) != pid)
                die ("waitpid");
              return WIFEXITED (st) ? WEXITSTATUS (st) : 98;
            }
        }
      else if (!strcmp (c, "dump"))
        __pathprof_dump ();
      else if (!strcmp (c, "reset"))
        __pathprof_reset ();
      else if (!strcmp (c, "errno-dump"))
        {
          errno = 4321;
          __pathprof_dump ();
          if (errno != 4321)
            die ("errno preservation");
        }
      else if (!strcmp (c, "exec") || !strcmp (c, "rawexec"))
        {
          char *args[] = { self, "a", "2", "1", NULL };
          if (c[0] == 'e')
            __pathprof_execve (self, args, environ);
          else
            execve (self, args, environ);
          die ("execve");
        }
      else if (!strcmp (c, "forkexec") && i + 2 < argc)
        {
          char *lib = argv[++i];
          fork_exec_churn (self, lib, num (argv[++i]));
        }
      else if (!strcmp (c, "vfexec"))
        vfork_exec (self);
      else if (!strcmp (c, "resetfork") && i + 1 < argc)
        reset_beside_forks (num (argv[++i]));
      else if (!strcmp (c, "heldexec"))
        exec_while_held ();
      else if (!strcmp (c, "badexec"))
        {
          char *args[] = { "nothing", NULL };
          errno = 0;
          if (__pathprof_execve ("/nonexistent/rt_prog", args, environ) != -1
              || errno != ENOENT)
            die ("failed exec");
        }
      else if (!strcmp (c, "dl") && i + 2 < argc)
        {
          void *h = load_fakelib (argv[i + 1]);
          fakelib_count ((unsigned long) num (argv[i + 2]));
          dlclose (h);
          fakelib_count = NULL;
          i += 2;
        }
      else if (!strcmp (c, "dlopen") && i + 1 < argc)
        load_fakelib (argv[++i]);
      else if (!strcmp (c, "lib") && i + 1 < argc && fakelib_count)
        fakelib_count ((unsigned long) num (argv[++i]));
      else if (!strcmp (c, "chdir") && i + 1 < argc)
        {
          if (chdir (argv[++i]) != 0)
            die ("chdir");
        }
      else if (!strcmp (c, "daemon"))
        {
          if (daemon (1, 1) != 0)
            die ("daemon");
        }
      else if (!strcmp (c, "rmprofile"))
        {
          if (unlink (getenv ("PATHPROF_FILE")) != 0)
            die ("unlink");
        }
      else if (!strcmp (c, "pid"))
        printf ("%ld\n", (long) getpid ());
      else if (!strcmp (c, "xfsz"))
        {
          struct sigaction sa;
          memset (&sa, 0, sizeof sa);
          sa.sa_handler = on_xfsz;
          sigemptyset (&sa.sa_mask);
          if (sigaction (SIGXFSZ, &sa, NULL))
            die ("sigaction SIGXFSZ");
        }
      else if (!strcmp (c, "fds") && i + 1 < argc)
        {
          unsigned long keep_free = num (argv[++i]);
          int recent[16]; /* the last 16 opened, in a ring */
          unsigned long n_opened = 0;
          int fd;
          if (keep_free > 16)
            die ("fds: at most 16");
          while ((fd = open ("/dev/null", O_RDONLY)) >= 0)
            recent[n_opened++ % 16] = fd;
          if (errno != EMFILE || n_opened < keep_free)
            die ("open /dev/null until EMFILE");
          for (unsigned long k = 1; k <= keep_free; k++)
            close (recent[(n_opened - k) % 16]);
        }
      else if (!strcmp (c, "vmpeak"))
        {
          /* The peak of the address space, in KiB: shows which of the
             runtime's pools were mapped.  */
          long kib = proc_status_kib ("VmPeak");
          if (kib < 0)
            die ("VmPeak in /proc/self/status");
          printf ("%ld\n", kib);
          fflush (stdout);
        }
      else if (!strcmp (c, "exit-thread") && i + 1 < argc)
        {
          pthread_t th;
          long s = (long) num (argv[++i]);
          if (pthread_create (&th, NULL, exit_thread, (void *) s))
            die ("pthread_create");
          for (;;)
            pause (); /* the other thread exits the process */
        }
      else if (!strcmp (c, "status") && i + 1 < argc)
        status = (int) num (argv[++i]);
#ifdef FAKE_RESIDUAL
      else if (residual_command (argc, argv, &i))
        continue;
#endif
      else
        {
          fprintf (stderr, "rt_prog: bad command '%s'\n", c);
          return 99;
        }
    }
  fflush (stdout);
  return status;
}
