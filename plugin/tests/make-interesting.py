#!/usr/bin/env python3
"""Writes an interesting-path file for the plugin's preferential tests.

    make-interesting.py [--all] NOTES.ppno COUNTS.txt > paths.txt

NOTES is the notes file of a Ball-Larus build, COUNTS the harness's counts
of one of its runs ("name id count" lines).  The selection is
deterministic and mixes every case the preferential instrumentation must
get right: of the functions (in notes order, those defined once only),
one in five is left out (unlisted: all its paths residual), one in five is
listed with a wrong checksum (stale: handled as unlisted), the others list
about two thirds of their executed paths (the rest run as residual paths)
plus their last path id when it did not run (an interesting path that
never runs, so PPP leaves holes and aliases the residual paths into the
range).  Executed paths are listed with their counts, so the
instrumentation is placed by the profile (profile-placement, the
default); the never-run one without a count.

With --all, every function is listed with every path it executed, and
no other: what `pathprof interesting` makes of a test suite's profile.
"""
import re
import sys


def main():
    args = sys.argv[1:]
    every = args[:1] == ["--all"]
    if every:
        args = args[1:]
    notes, counts = args
    fns = []  # [name, source, checksum, paths]
    for line in open(notes):
        t = line.split()
        if not t:
            continue
        if t[0] == "function":
            fns.append([re.match(r'function "(.*)"', line.strip()).group(1),
                        None, None, None])
        elif t[0] == "source":
            fns[-1][1] = re.match(r'source "(.*)"', line.strip()).group(1)
        elif t[0] == "checksum":
            fns[-1][2] = int(t[1], 16)
        elif t[0] == "paths":
            fns[-1][3] = int(t[1])
    names = [f[0] for f in fns]
    executed = {}
    for line in open(counts):
        t = line.split()
        if len(t) == 3 and not t[0].startswith("#"):
            runs = executed.setdefault(t[0], {})
            runs[int(t[1])] = runs.get(int(t[1]), 0) + int(t[2])
    out = ["pathprof-interesting 1"]
    k = 0
    for name, source, checksum, paths in fns:
        if names.count(name) > 1:
            continue
        k += 1
        runs = executed.get(name, {})
        if every:
            if not runs:
                continue
            ids = set(runs)
        else:
            if k % 5 == 0:
                continue
            if k % 5 == 4:
                checksum ^= 1
            ids = {i for i in runs if (i * 2654435761 + k) % 3}
            if paths - 1 not in runs:
                ids.add(paths - 1)
        out.append('function "%s"' % name)
        out.append('  source "%s"' % source)
        out.append("  checksum 0x%08x" % checksum)
        out.append("  paths %d" % paths)
        out += ["  path %d %d" % (i, runs[i]) if i in runs else "  path %d" % i
                for i in sorted(ids)]
        out.append("end")
    print("\n".join(out))


main()
