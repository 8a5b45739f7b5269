"""Running the recipes of scripts/debian and timing them.

A timed command runs alone (nothing else of the bench runs meanwhile) and
gives its wall-clock time and the CPU time (user + system) of all its
processes: os.wait4 returns the resource usage of the child together with
that of every descendant it waited for, which is every process of a
recipe's workload.  (bench.py times the build's own processes apart, with
cpu-meter.c.)  On request, also the peak resident set of the
largest of them, through GNU time (/usr/bin/time -f %M, ru_maxrss of its
own wait4): not from this process's wait4, because Linux carries the
peak of the address space a process had before its exec into its
ru_maxrss, and a child of this Python process, forked or vforked, had
this Python's (about 60 MB, whatever the workload).  Untimed commands (workloads whose outputs or profiles
are analysed, callgrind runs: instruction counts do not depend on the
machine's load) may run two at a time.
"""

import concurrent.futures
import os
import subprocess
import sys
import time


# GNU time (Debian's package time; bench.sh installs it).
GNU_TIME = "/usr/bin/time"


class CommandFailed(Exception):
    def __init__(self, what, log):
        super().__init__("%s failed; see %s" % (what, log))
        self.what = what
        self.log = log


# What a failed measurement raises: the program's measurements stop there,
# the error goes into the report, the bench goes on with the next program
# and exits with status 1.
MEASUREMENT_ERRORS = (CommandFailed, RuntimeError, OSError, ValueError,
                      subprocess.SubprocessError)


class Timing:
    def __init__(self, wall, cpu, maxrss_kib):
        self.wall = wall
        self.cpu = cpu
        self.maxrss_kib = maxrss_kib


class Runner:
    def __init__(self, top, jobs):
        self.top = top
        self.program_sh = os.path.join(top, "scripts", "debian",
                                       "program.sh")
        self.jobs = jobs
        self.start = time.monotonic()

    def say(self, message):
        elapsed = int(time.monotonic() - self.start)
        print("bench [%2d:%02d] %s" % (elapsed // 60, elapsed % 60, message),
              flush=True)

    def run(self, argv, log, env=None, what=None, maxrss=False):
        """Runs ARGV with its output in LOG; returns its Timing (with
        MAXRSS, its peak resident set; else None there); raises
        CommandFailed if it fails."""
        rss_file = log + ".maxrss"
        if maxrss:
            argv = [GNU_TIME, "-f", "%M", "-o", rss_file] + list(argv)
        full_env = dict(os.environ)
        full_env.update(env or {})
        os.makedirs(os.path.dirname(log), exist_ok=True)
        with open(log, "w") as out:
            out.write("$ %s\n" % " ".join(argv))
            for k in sorted(env or {}):
                out.write("  %s=%s\n" % (k, env[k]))
            out.flush()
            t0 = time.perf_counter()
            proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                    stdout=out, stderr=subprocess.STDOUT,
                                    env=full_env)
            _, status, usage = os.wait4(proc.pid, 0)
            wall = time.perf_counter() - t0
            proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            raise CommandFailed(what or " ".join(argv), log)
        peak = None
        if maxrss:
            with open(rss_file) as fh:
                peak = int(fh.read().split()[-1])
        return Timing(wall, usage.ru_utime + usage.ru_stime, peak)

    def recipe(self, program, action, args, log, env=None, maxrss=False):
        """sh scripts/debian/program.sh PROGRAM ACTION ARGS..."""
        return self.run(["sh", self.program_sh, program, action] + list(args),
                        log, env, "%s %s" % (program, action), maxrss)

    def parallel(self, jobs):
        """Runs the callables JOBS, self.jobs at a time, in their order;
        returns for each the exception it raised, or None."""
        def guarded(job):
            try:
                job()
                return None
            except MEASUREMENT_ERRORS as e:
                return e
        with concurrent.futures.ThreadPoolExecutor(self.jobs) as pool:
            return list(pool.map(guarded, jobs))


def die(message):
    print("bench: %s" % message, file=sys.stderr)
    sys.exit(1)
