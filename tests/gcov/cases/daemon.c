/* daemon(): glibc's daemon forks and its parent _exits, so what the
   process counted before the call would be lost with the parent, its
   child starting from zero as after every fork.  The plugin writes the
   counts before the call (and zeroes them after it), as around an exec.
   gcov needs no such call: only its own fork wrapper zeroes counters,
   and daemon's fork does not go through it, so the daemon writes them.

   The program forks a child that counts (before_daemon, 7 calls) and
   becomes a daemon, which counts (in_daemon, 5 calls) and exits; the
   parent waits for the daemon through a pipe whose write end the daemon
   holds until it exits, then counts (in_daemon, 3 calls).  Without the
   plugin's calls, before_daemon's 7 calls are lost.
   tests/e2e checks the counts exactly; the gcov oracle compares them.  */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* The results are stored: at -O2 GCC would drop calls of these pure
   functions whose results go unused, before the plugin's late pass.  */
static volatile int sink;

__attribute__ ((noinline)) static int
before_daemon (int k)
{
  if (k % 3 == 0)
    return k / 3;
  if (k % 3 == 1)
    return k * 2;
  return -k;
}

__attribute__ ((noinline)) static int
in_daemon (int k)
{
  return k & 1 ? k : -k;
}

int
main (void)
{
  int fds[2];
  if (pipe (fds) != 0)
    return 1;
  pid_t child = fork ();
  if (child < 0)
    return 1;
  if (child == 0)
    {
      close (fds[0]);
      for (int k = 0; k < 7; k++)
        sink = before_daemon (k);
      /* Keep the directory and the descriptors: the pipe's write end
         tells the parent when the daemon has exited.  */
      if (daemon (1, 1) != 0)
        _exit (2);
      for (int k = 0; k < 5; k++)
        sink = in_daemon (k);
      exit (0);
    }
  close (fds[1]);
  char byte;
  while (read (fds[0], &byte, 1) > 0)
    continue;
  int status;
  if (waitpid (child, &status, 0) != child)
    return 1;
  for (int k = 0; k < 3; k++)
    sink = in_daemon (k);
  printf ("daemon's parent: %s\n",
          WIFEXITED (status) && WEXITSTATUS (status) == 0 ? "exit 0"
                                                          : "failed");
  return 0;
}
