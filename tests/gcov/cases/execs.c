/* Children that run instrumented code and then exec: the counts they
   took before the exec are written by the plugin's calls around it (as
   gcov's are by its __gcov_exec* wrappers), and an exec that fails does
   not write them twice.  Every exec function gcov wraps, each in a child
   that exec's this program again ("execd N", which runs execd () and
   exits); then a child whose exec fails and which goes on.
   With the argument "vfork", a vfork child execs instead: it must write
   nothing, and the parent's counts after it must all be written (gcov
   writes the parent's counts in the vfork child and marks them written,
   so the gcov oracle runs the program without it).
   tests/e2e checks the counts exactly; the gcov oracle compares them.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static const char self[] = "/proc/self/exe";
/* The results are stored: at -O2 GCC would drop calls of these pure
   functions whose results go unused, before the plugin's late pass.  */
static volatile int sink;

/* Runs in each child before its exec: one path per call, by K.  */
__attribute__ ((noinline)) static int
before_exec (int k)
{
  if (k % 3 == 0)
    return k / 3;
  if (k % 3 == 1)
    return k * 2;
  return -k;
}

/* Runs in the exec'd images.  */
__attribute__ ((noinline)) static int
execd (int k)
{
  int s = 0;
  for (int i = 0; i < k; i++)
    s += i & 1 ? i : -i;
  return s;
}

static int
wait_ok (pid_t pid)
{
  int status;
  return pid > 0 && waitpid (pid, &status, 0) == pid && WIFEXITED (status)
         && WEXITSTATUS (status) == 0;
}

/* A child that runs before_exec (K) and execs this program with "execd
   K" by the exec function WHICH.  */
static int
child (int which, int k)
{
  pid_t pid = fork ();
  if (pid != 0)
    return wait_ok (pid);
  char arg[16];
  snprintf (arg, sizeof arg, "%d", k);
  char *argv[] = { (char *) "execs", (char *) "execd", arg, NULL };
  sink = before_exec (k);
  switch (which)
    {
    case 0: execl (self, "execs", "execd", arg, (char *) NULL); break;
    case 1: execle (self, "execs", "execd", arg, (char *) NULL, environ); break;
    case 2: execlp (self, "execs", "execd", arg, (char *) NULL); break;
    case 3: execv (self, argv); break;
    case 4: execve (self, argv, environ); break;
    default: execvp (self, argv); break;
    }
  _exit (127);
}

int
main (int argc, char **argv)
{
  if (argc == 3 && strcmp (argv[1], "execd") == 0)
    {
      sink = execd (atoi (argv[2]));
      return 0;
    }
  int ok = 0;
  if (argc == 2 && strcmp (argv[1], "vfork") == 0)
    {
      pid_t pid = vfork ();
      if (pid == 0)
        {
          char *args[] = { (char *) "execs", (char *) "execd", (char *) "7",
                           NULL };
          execv (self, args);
          _exit (127);
        }
      ok = wait_ok (pid);
      /* Counted after the vfork child's exec: written at exit.  */
      sink = before_exec (20);
      ok++;
      printf ("vfork %d\n", ok);
      return ok != 2;
    }
  for (int which = 0; which < 6; which++)
    ok += child (which, which + 1);
  /* An exec that fails: the child goes on and exits, writing its counts
     once.  */
  pid_t pid = fork ();
  if (pid == 0)
    {
      char *args[] = { (char *) "execs", NULL };
      sink = before_exec (30);
      execv ("/nonexistent/execs", args);
      sink = before_exec (31);
      exit (0);
    }
  ok += wait_ok (pid);
  printf ("%d\n", ok);
  return ok != 7;
}
