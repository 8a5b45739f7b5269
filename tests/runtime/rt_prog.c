/* pathprof runtime tests: a program driving a fake instrumented object.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * The arguments are commands, run in order:
 *   a ID N        count path ID of f_array N times
 *   h ID N        count path ID of f_hash N times (__pathprof_hash_add)
 *   threads T N   T threads each count ids i % 5, i < N, in f_threads with
 *                 __pathprof_hash_add_atomic
 *   fork          fork; the child runs the remaining commands and exits,
 *                 the parent waits for it and exits
 *   dump | reset  __pathprof_dump () | __pathprof_reset ()
 *   errno-dump    checks that __pathprof_dump preserves errno
 *   exec          __pathprof_execve (this program, "a 2 1")
 *   rawexec       execve (this program, "a 2 1") (for -Wl,--wrap=execve)
 *   dl LIB N      dlopen LIB, call its fakelib_count (N), dlclose it
 *   chdir DIR     chdir (DIR)
 *   pid           print the process id on stdout
 *   exit-thread S call exit (S) from a new thread
 *   status S      exit status S at the end (default 0)
 * The program prints nothing else; the tests read the profile it writes.
 */
#define _GNU_SOURCE 1

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fake-object.h"
#include "pathprof.h"

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
    __pathprof_hash_add_atomic (&fake_mt, i % 5);
  return NULL;
}

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
            __pathprof_hash_add (&fake_small, id);
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
      else if (!strcmp (c, "dl") && i + 2 < argc)
        {
          void *h = dlopen (argv[i + 1], RTLD_NOW | RTLD_LOCAL);
          if (!h)
            {
              fprintf (stderr, "rt_prog: %s\n", dlerror ());
              exit (99);
            }
          void (*f) (unsigned long) = (void (*) (unsigned long)) dlsym (
            h, "fakelib_count");
          if (!f)
            die ("dlsym");
          f ((unsigned long) num (argv[i + 2]));
          dlclose (h);
          i += 2;
        }
      else if (!strcmp (c, "chdir") && i + 1 < argc)
        {
          if (chdir (argv[++i]) != 0)
            die ("chdir");
        }
      else if (!strcmp (c, "pid"))
        printf ("%ld\n", (long) getpid ());
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
      else
        {
          fprintf (stderr, "rt_prog: bad command '%s'\n", c);
          return 99;
        }
    }
  fflush (stdout);
  return status;
}
