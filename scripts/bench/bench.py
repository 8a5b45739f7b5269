#!/usr/bin/env python3
"""make bench: pathprof against gcov on real programs from Debian source
packages (scripts/bench/README: what is measured, how, and how to read
the report).

    bench.py [--mode full|quick] [--programs "P..."] [--build-rounds N]
             [--run-rounds N] [--jobs N] [--build DIR] [--work DIR]
             [--results DIR]

For each program, in order: every variant is built (round 0; the
preferential ones from the Ball-Larus build's profile of the program's
test workload), then rebuilt in the timed build rounds; the benchmark
workload runs once per variant (round 0: warm-up, and the check that every
build behaves as the uninstrumented one), then in the timed run rounds.
Variants are interleaved in every round, in an order rotated from round
to round.  Then, two at a time since nothing of it is timed: the field
workload on the preferential builds (and on the uninstrumented one, to
compare), the callgrind cost model, code sizes and pathprof's stats and
residual reports.  data.json gets every measurement; report.py makes the
report from it.
"""

import argparse
import datetime
import glob
import json
import os
import platform
import shutil
import subprocess
import sys
import time

import costmodel
import reports
import report
import sizes
from runner import MEASUREMENT_ERRORS, CommandFailed, Runner, die
from variants import (BASELINE, HELPERS, PREPARATIONS, PROGRAMS_FULL,
                      PROGRAMS_QUICK, VARIANTS, custom_variant,
                      preparation_file)

TOP = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.realpath(__file__))))

MODES = {
    # build_rounds: builds per variant (round 0 and the rebuilds; round 0
    # is a warm-up when there are more).  run_rounds: timed runs per
    # variant after the warm-up run: at least 5, the fewest with which the
    # Targets' sign test can tell a build above gcov (all 5 agreeing), and
    # 9 in full mode, where 8 of 9 can.
    "full": {"programs": PROGRAMS_FULL, "build_rounds": 3, "run_rounds": 9},
    "quick": {"programs": PROGRAMS_QUICK, "build_rounds": 1,
              "run_rounds": 5},
}


def own_cpu(log):
    """The CPU seconds and the number of the processes that cpu-meter.so
    reported in LOG ("USER_US SYSTEM_US EXE" lines)."""
    total, n = 0, 0
    if os.path.exists(log):
        with open(log) as fh:
            for line in fh:
                user, system, _ = line.split(" ", 2)
                total += int(user) + int(system)
                n += 1
    return total / 1e6, n


def build_cpu_meter(work):
    """cpu-meter.so, the rtld-audit module that times the build's own
    processes, compiled into WORK."""
    os.makedirs(work, exist_ok=True)
    out = os.path.join(work, "cpu-meter.so")
    cc = subprocess.run(
        [os.environ.get("CC", "gcc"), "-O2", "-shared", "-fPIC",
         os.path.join(TOP, "scripts", "bench", "cpu-meter.c"), "-o", out],
        capture_output=True, text=True)
    if cc.returncode != 0:
        die("cannot build cpu-meter.so: %s" % cc.stderr.strip())
    return out


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mode", choices=sorted(MODES), default="full")
    ap.add_argument("--programs", help="recipes of scripts/debian/programs "
                    "(space-separated); default: the mode's")
    ap.add_argument("--build-rounds", type=int,
                    help="builds of each variant (>= 1); the first is a "
                    "warm-up when there are more")
    ap.add_argument("--run-rounds", type=int,
                    help="timed runs of each variant (>= 1), after a "
                    "warm-up run")
    ap.add_argument("--variants", help="the variants to measure, comma- or "
                    "space-separated (default all: %s; quick mode: all but "
                    "%s; %s is always measured)" % (
                        " ".join(v.name for v in VARIANTS),
                        " ".join(v.name for v in VARIANTS if not v.quick),
                        BASELINE))
    ap.add_argument("--variant", action="append", default=[],
                    metavar="NAME=FLAGS", help="also measure a pathprof "
                    "build with FLAGS added (repeatable); FLAGS may name "
                    "{interesting}, the test workload's interesting-path "
                    "file")
    ap.add_argument("--jobs", type=int, default=2,
                    help="untimed commands run at once (default 2)")
    ap.add_argument("--build", default=os.path.join(TOP, "build"),
                    help="the pathprof build directory (default build)")
    ap.add_argument("--work", help="work directory (default "
                    "BUILD/bench/work)")
    ap.add_argument("--results", help="results directory (default "
                    "BUILD/bench/results)")
    args = ap.parse_args()
    mode = MODES[args.mode]
    args.programs = (args.programs.split() if args.programs
                     else list(mode["programs"]))
    args.build_rounds = args.build_rounds or mode["build_rounds"]
    args.run_rounds = args.run_rounds or mode["run_rounds"]
    if args.build_rounds < 1 or args.run_rounds < 1 or args.jobs < 1:
        ap.error("--build-rounds, --run-rounds and --jobs must be >= 1")
    args.build = os.path.realpath(args.build)
    args.work = os.path.realpath(args.work or os.path.join(
        args.build, "bench", "work"))
    args.results = os.path.realpath(args.results or os.path.join(
        args.build, "bench", "results"))
    return args


def first_line(argv):
    try:
        out = subprocess.run(argv, capture_output=True, text=True)
        return out.stdout.splitlines()[0].strip() if out.stdout else ""
    except OSError:
        return ""


def machine():
    info = {"kernel": platform.release(), "cpus": os.cpu_count(),
            "loadavg_start": open("/proc/loadavg").read().split()[:3]}
    with open("/proc/cpuinfo") as fh:
        for line in fh:
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as fh:
        info["memory_kib"] = int(fh.readline().split()[1])
    info["gcc"] = first_line([os.environ.get("CC", "gcc"), "--version"])
    commit = first_line(["git", "-C", TOP, "rev-parse", "--short", "HEAD"])
    dirty = first_line(["git", "-C", TOP, "status", "--porcelain",
                        "--untracked-files=no"])
    info["pathprof_commit"] = commit + (" (modified)" if dirty else "")
    return info


class ProgramBench:
    """The measurements of one program, into data["programs"][name].  A
    variant that cannot be built or run is dropped for this program (its
    error goes into data["variant_errors"]) and the others are measured;
    if the baseline fails, the program is not measured (data["error"])."""

    def __init__(self, bench, name):
        self.bench = bench
        self.run = bench.runner
        self.name = name
        self.work = os.path.join(bench.args.work, name)
        self.variants = list(bench.variants)
        self.data = {"error": None, "variant_errors": {}, "build": {},
                     "run": {}, "identical": {"bench": {}, "field": {}}}
        self.files = {"plugin": os.path.join(bench.args.build, "pathprof.so"),
                      "build": bench.args.build}
        self.data["work"] = {v.name: self.path(v) for v in bench.variants}

    def path(self, variant, what=""):
        """WORK/vNN[.WHAT]: the variant's build directory, or what its runs
        write.  Every variant's paths have the same length, so that the
        programs get the same input in every variant: some do work per
        character of their own path (bzip2 scans argv[0], mawk's scanner
        string literals that hold it).  data.json maps them to variants."""
        return os.path.join(self.work, "v%02d%s" % (
            self.bench.slot(variant), "." + what if what else ""))

    def out(self, variant):
        return self.path(variant)

    def log(self, what):
        return os.path.join(self.work, "logs", what + ".log")

    def profile(self, variant, what):
        return self.path(variant, what + ".ppd")

    def fresh_profile(self, variant, what):
        path = self.profile(variant, what)
        if os.path.exists(path):
            os.remove(path)
        return path

    def env(self, variant, profile=None):
        env = variant.environment(self.bench.opt, self.files)
        if profile:
            env["PATHPROF_FILE"] = profile
        return env

    def rotated(self, rnd):
        """The variants in round RND's order: rotated by RND."""
        k = rnd % len(self.variants)
        return self.variants[k:] + self.variants[:k]

    def drop(self, variant, error):
        """VARIANT failed: record why; without the baseline, the program
        cannot be measured."""
        if variant.name == BASELINE:
            raise error
        self.data["variant_errors"][variant.name] = str(error)
        if variant in self.variants:
            self.variants.remove(variant)
        self.run.say("%s: %s dropped: %s" % (self.name, variant.name, error))

    def each(self, variants, action):
        """ACTION(v) for each of VARIANTS still measured, dropping those
        that fail."""
        for v in list(variants):
            if v in self.variants:
                try:
                    action(v)
                except MEASUREMENT_ERRORS as e:
                    self.drop(v, e)

    # -- builds --

    def source(self):
        log = self.log("source")
        os.makedirs(os.path.dirname(log), exist_ok=True)
        with open(log, "w") as err:
            src = subprocess.run(
                ["sh", self.run.program_sh, self.name, "source"],
                stdout=subprocess.PIPE, stderr=err, text=True)
        if src.returncode != 0:
            raise CommandFailed("fetching the sources of %s" % self.name, log)
        src = src.stdout.strip()
        dsc = glob.glob(os.path.join(os.path.dirname(src), "*.dsc"))
        self.data["package"] = os.path.basename(os.path.dirname(src))
        self.data["version"] = (os.path.basename(dsc[0])[:-4].split("_", 1)[1]
                                if dsc else os.path.basename(src))

    def build_once(self, variant, log):
        """A whole build of VARIANT.  What instrumented tools of the build
        system record when they run during the build goes to a directory
        of its own, one file per process: by default they would write next
        to themselves or where they run (sqlite3's mksourceid runs in the
        source tree), and a profile of another build found there makes the
        runtime keep it aside with a message on stderr, which tclsh's exec
        takes for a failure."""
        records = self.path(variant, "build-records")
        shutil.rmtree(records, ignore_errors=True)
        os.makedirs(records)
        env = self.env(variant, os.path.join(records, "%p.ppd"))
        env["PATHPROF_TRACE_DIR"] = records
        return self.run.recipe(self.name, "build", [self.out(variant)], log,
                               env)

    def build(self, variant, rnd):
        t = self.build_once(variant,
                            self.log("build-%s-%d" % (variant.name, rnd)))
        self.data["build"].setdefault(variant.name, []).append(
            {"round": rnd, "wall": t.wall, "cpu": t.cpu})
        self.run.say("%s: build %s (round %d): %.1f s"
                     % (self.name, variant.name, rnd, t.wall))

    def prepare(self, needs):
        """The preparation NEEDS, from what its source build recorded on
        the test workload (run once).  The source is a variant built
        earlier in round 0, or a helper built here, untimed."""
        prep = PREPARATIONS[needs]
        target = preparation_file(self.work, needs)
        self.files[needs] = target
        if os.path.exists(target):
            return
        source = self.bench.variant(prep.source)
        if source in self.bench.helpers:
            self.build_once(source, self.log("build-" + source.name))
        elif source not in self.variants:
            raise RuntimeError("needs the %s build, which failed"
                               % source.name)
        env = self.env(source)
        if prep.record == "profile":
            recording = self.fresh_profile(source, "test")
            env["PATHPROF_FILE"] = recording
        else:
            recording = self.path(source, "test.traces")
            shutil.rmtree(recording, ignore_errors=True)
            os.makedirs(recording)
            env["PATHPROF_TRACE_DIR"] = recording
        self.run.recipe(self.name, "workload-test",
                        [self.out(source), self.path(source, "test")],
                        self.log("workload-test-" + source.name), env)
        self.run.run(prep.command(self.bench.pathprof, recording, target),
                     self.log("prepare-" + needs))
        self.run.say("%s: %s from the test workload" % (self.name, needs))

    def builds(self):
        def first(v):
            if v.needs:
                self.prepare(v.needs)
            self.build(v, 0)
        # Round 0 in the variants' order: a variant that needs a
        # preparation comes after the variant whose recording it reads.
        self.each(self.bench.variants, first)
        for rnd in range(1, self.bench.args.build_rounds):
            self.each(self.rotated(rnd), lambda v: self.build(v, rnd))
        self.each([v for v in self.variants if v.preferential],
                  self.check_preferential)

    def check_preferential(self, variant):
        stats = reports.delta_stats(self.bench.pathprof, self.out(variant))
        if variant.needs == "interesting":
            problem = reports.check_preferential_build(
                stats, preparation_file(self.work, variant.needs))
            if problem:
                raise RuntimeError("the preferential build: " + problem)
        self.data.setdefault("delta", {})[variant.name] = stats

    # -- timed runs --

    def bench_run(self, variant, rnd, line):
        """A timed run.  Its CPU time ("cpu") is that of the build's own
        processes, as cpu-meter.so reports them (README, "Runs"); the
        whole workload's, with the recipe's shell, its helpers and
        libtool's wrapper scripts, is "cpu_workload"."""
        cpu_log = self.path(variant, "bench-cpu")
        if os.path.exists(cpu_log):
            os.remove(cpu_log)
        env = self.env(variant, self.profile(variant, "bench"))
        env.update({"LD_AUDIT": self.bench.cpu_meter,
                    "PATHPROF_BENCH_CPU_LOG": cpu_log,
                    "PATHPROF_BENCH_CPU_ROOT": self.out(variant)})
        t = self.run.recipe(
            self.name, "workload-bench",
            [self.out(variant), self.path(variant, "bench")]
            + self.bench.workload_args,
            self.log("bench-%s-%d" % (variant.name, rnd)), env, maxrss=True)
        cpu, processes = own_cpu(cpu_log)
        if processes == 0:
            raise RuntimeError("no process of the %s build reported its CPU "
                               "time in %s (LD_AUDIT=%s)"
                               % (variant.name, cpu_log, self.bench.cpu_meter))
        self.data["run"].setdefault(variant.name, []).append(
            {"round": rnd, "wall": t.wall, "cpu": cpu,
             "cpu_workload": t.cpu, "processes": processes,
             "maxrss_kib": t.maxrss_kib})
        line.append("%s %.3f s" % (variant.name, cpu))

    def runs(self):
        for v in self.variants:
            self.fresh_profile(v, "bench")
        for rnd in range(0, self.bench.args.run_rounds + 1):
            line = []
            self.each(self.rotated(rnd), lambda v: self.bench_run(v, rnd,
                                                                  line))
            self.run.say("%s: bench workload, %s (CPU): %s"
                         % (self.name, "warm-up" if rnd == 0
                            else "round %d" % rnd, ", ".join(line)))
            self.same_processes(rnd)
            if rnd == 0:
                self.compare("bench", self.variants)

    def same_processes(self, rnd):
        """Every variant's run of round RND timed as many processes of its
        build as the baseline's: a process that ends by _exit or a signal
        is not timed (cpu-meter.c), and the comparison would not be of
        the same work."""
        runs = self.data["run"]
        def processes(v):
            return next((r["processes"] for r in runs.get(v.name, [])
                         if r["round"] == rnd), None)
        base = processes(self.bench.variant(BASELINE))
        for v in list(self.variants):
            n = processes(v)
            if v.name != BASELINE and base is not None and n is not None \
               and n != base:
                self.drop(v, RuntimeError(
                    "its bench workload timed %d processes of the build in "
                    "round %d, the %s build's %d" % (n, rnd, BASELINE, base)))

    def compare(self, kind, variants):
        """Every variant's workload directory of KIND equals the
        baseline's."""
        base = self.path(self.bench.variant(BASELINE), kind)
        for v in variants:
            if v.name == BASELINE:
                continue
            other = self.path(v, kind)
            diff = subprocess.run(["diff", "-r", base, other],
                                  capture_output=True, text=True)
            same = diff.returncode == 0
            self.data["identical"][kind][v.name] = same
            if not same:
                with open(self.log("diff-%s-%s" % (kind, v.name)), "w") as f:
                    f.write(diff.stdout + diff.stderr)
                self.run.say("%s: %s workload: %s behaves differently from "
                             "%s; see %s" % (self.name, kind, v.name,
                                             BASELINE, self.log(
                                                 "diff-%s-%s" % (kind,
                                                                 v.name))))

    # -- untimed measurements: (variant, callable) for Runner.parallel --

    def callgrind_jobs(self):
        return [(v, lambda v=v: self.cost(v)) for v in self.variants
                if v.cost_model]

    def field_jobs(self):
        return [(v, lambda v=v: self.field(v)) for v in self.variants
                if v.preferential or v.name == BASELINE]

    def field(self, variant):
        self.run.recipe(self.name, "workload-field",
                        [self.out(variant), self.path(variant, "field")],
                        self.log("field-" + variant.name),
                        self.env(variant, self.fresh_profile(variant,
                                                             "field")))
        if variant.preferential:
            self.data.setdefault("residual", {})[variant.name] = (
                reports.residual_summary(self.bench.pathprof, self.profile(
                    variant, "field")))
        self.run.say("%s: field workload on %s" % (self.name, variant.name))

    def cost(self, variant):
        cg_dir = self.path(variant, "callgrind")
        shutil.rmtree(cg_dir, ignore_errors=True)
        os.makedirs(cg_dir)
        profile = self.fresh_profile(variant, "callgrind")
        self.run.run(costmodel.callgrind_command(cg_dir)
                     + ["sh", self.run.program_sh, self.name,
                        "workload-bench", self.out(variant),
                        os.path.join(cg_dir, "out"), "quick"],
                     self.log("callgrind-" + variant.name),
                     self.env(variant, profile))
        instructions, processes, functions = costmodel.program_instructions(
            cg_dir, self.out(variant))
        result = {"instructions": instructions, "processes": processes,
                  "functions": functions}
        if variant.pathprof:
            result["paths"], result["chords"] = costmodel.path_counts(
                self.bench.pathprof, profile)
        self.data.setdefault("cost", {})[variant.name] = result
        self.run.say("%s: callgrind on %s: %d instructions in %d processes"
                     % (self.name, variant.name, instructions, processes))

    def finish(self, failed):
        """After the untimed jobs; FAILED: {variant: the exception of one
        of its jobs}."""
        for v, e in failed.items():
            self.drop(v, e)
        field = [v for v in self.variants if v.preferential]
        if field:
            self.compare("field", field)
        self.data["size"] = {}
        self.each(self.variants, lambda v: self.data["size"].__setitem__(
            v.name, sizes.measure(self.out(v))))


def select_variants(args):
    """The variants of --variants and --variant, in VARIANTS' order then
    the added ones', the baseline first; exits on a bad selection."""
    names = set((args.variants or "").replace(",", " ").split())
    unknown = names - {v.name for v in VARIANTS}
    if unknown:
        die("unknown variant %s (known: %s)" % (
            ", ".join(sorted(unknown)), " ".join(v.name for v in VARIANTS)))
    if names:
        chosen = [v for v in VARIANTS if v.name in names or v.name == BASELINE]
    else:
        chosen = [v for v in VARIANTS if v.quick or args.mode != "quick"]
    for spec in args.variant:
        try:
            chosen.append(custom_variant(spec))
        except ValueError as e:
            die(str(e))
    seen = set()
    for v in chosen:
        if v.name in seen:
            die("variant %s given twice" % v.name)
        source = PREPARATIONS[v.needs].source if v.needs else None
        if source and source not in seen | {h.name for h in HELPERS}:
            die("variant %s needs the %s variant (its test-workload "
                "recording makes the %s file)" % (v.name, source, v.needs))
        seen.add(v.name)
    return chosen


class Bench:
    def __init__(self, args):
        self.args = args
        self.runner = Runner(TOP, args.jobs)
        self.pathprof = os.path.join(args.build, "pathprof")
        self.opt = "-O2"
        self.variants = select_variants(args)
        self.helpers = list(HELPERS)
        self.workload_args = ["quick"] if args.mode == "quick" else []
        for f in ("pathprof.so", "libpathprof.a", "pathprof"):
            if not os.path.exists(os.path.join(args.build, f)):
                die("no %s in %s: build pathprof first (make)"
                    % (f, args.build))
        self.cpu_meter = build_cpu_meter(args.work)

    def variant(self, name):
        return next(v for v in self.variants + self.helpers if v.name == name)

    def slot(self, variant):
        """The variant's number, for its directory names."""
        return (self.variants + self.helpers).index(variant)

    def run(self):
        args = self.args
        started = time.time()
        data = {
            "format": "pathprof-bench", "version": 1, "mode": args.mode,
            "started": datetime.datetime.now().astimezone().isoformat(
                timespec="seconds"),
            "machine": machine(),
            "config": {
                "pathprof_build": args.build,
                "opt": self.opt, "jobs": os.environ.get(
                    "DEB_JOBS", str(os.cpu_count())),
                "build": {"rounds": args.build_rounds,
                          "warmup": args.build_rounds > 1},
                "run": {"rounds": args.run_rounds + 1, "warmup": True},
                "bench_workload": "workload-bench" + (
                    " quick" if self.workload_args else ""),
                "cost_workload": "workload-bench quick",
            },
            "variants": [{"name": v.name, "label": v.label,
                          "cflags": v.cflags, "ldflags": v.ldflags,
                          "libs": v.libs, "pathprof": v.pathprof,
                          "preferential": v.preferential,
                          "cost_model": v.cost_model}
                         for v in self.variants],
            "baseline": BASELINE,
            "program_order": args.programs,
            "programs": {},
        }
        programs = []
        for name in args.programs:
            p = ProgramBench(self, name)
            data["programs"][name] = p.data
            shutil.rmtree(p.work, ignore_errors=True)
            self.runner.say("== %s" % name)
            try:
                p.source()
                p.builds()
                p.runs()
                programs.append(p)
            except MEASUREMENT_ERRORS as e:
                p.data["error"] = str(e)
                self.runner.say("%s: %s" % (name, e))
        self.runner.say("== untimed: callgrind and field workloads, %d at a "
                        "time" % args.jobs)
        # The longest jobs first (callgrind runs; the programs last in the
        # list are the larger ones), for a short tail.
        jobs = [(p, v, j) for p in reversed(programs)
                for v, j in p.callgrind_jobs()]
        jobs += [(p, v, j) for p in reversed(programs)
                 for v, j in p.field_jobs()]
        errors = self.runner.parallel([j for _, _, j in jobs])
        for p in programs:
            failed = {v: e for (q, v, _), e in zip(jobs, errors)
                      if q is p and e is not None}
            try:
                p.finish(failed)
            except MEASUREMENT_ERRORS as e:
                p.data["error"] = str(e)
                self.runner.say("%s: %s" % (p.name, e))
        data["machine"]["loadavg_end"] = open(
            "/proc/loadavg").read().split()[:3]
        data["seconds"] = time.time() - started
        os.makedirs(args.results, exist_ok=True)
        with open(os.path.join(args.results, "data.json"), "w") as fh:
            json.dump(data, fh, indent=1, sort_keys=True)
            fh.write("\n")
        return report.write(data, args.results)


def main():
    args = parse_args()
    known = subprocess.run(["sh", os.path.join(TOP, "scripts", "debian",
                                               "program.sh"), "list"],
                           capture_output=True, text=True).stdout.split()
    for p in args.programs:
        if p not in known:
            die("no recipe '%s' (scripts/debian/programs: %s)"
                % (p, " ".join(known)))
    sys.exit(0 if Bench(args).run() else 1)


if __name__ == "__main__":
    main()
