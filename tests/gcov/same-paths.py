#!/usr/bin/env python3
# pathprof gcov oracle, second part: whether two profiles of the same
# program, built twice from the same sources with the same pathprof
# options and run on the same inputs, count the same paths.
#
#   same-paths.py A.json B.json
#
# A.json and B.json are `pathprof show --json` of the two profiles (every
# path: --top 0).  The build with gcov's --coverage, whose counts the
# oracle compares with gcov's, counts every path in memory; the build
# without it counts the steady paths of loops in registers (specs/
# cfg-rules.md, "Steady loop paths"): equal counts check those against
# gcov, indirectly.  Functions are matched by object notes file (less the
# build directory), name and source; their CFG checksums must be equal.
# Prints the differences (at most 20) and exits 1 if any, else prints a
# summary and exits 0.
#
# Copyright (C) 2026 The pathprof developers.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import sys


def functions(path):
    doc = json.load(open(path))
    out = {}
    for obj in doc["objects"]:
        notes = os.path.basename(obj["notes"] or "")
        for f in obj["functions"]:
            key = (notes, f["name"], f["source"])
            paths = {p["id"]: p["count"] for p in f["paths"]}
            out[key] = (f["checksum"], paths, f["dropped"],
                        f["residual_dropped"])
    return out


def main():
    a, b = functions(sys.argv[1]), functions(sys.argv[2])
    diffs = []
    for key in sorted(set(a) | set(b)):
        name = "%s: %s (%s)" % key
        if key not in a or key not in b:
            diffs.append("%s: only in %s" % (name, sys.argv[1 if key in a else 2]))
            continue
        (ca, pa, da, ra), (cb, pb, db, rb) = a[key], b[key]
        if ca != cb:
            diffs.append("%s: checksum %#x, %#x" % (name, ca, cb))
            continue
        if (da, ra) != (db, rb):
            diffs.append("%s: dropped %s, %s" % (name, (da, ra), (db, rb)))
        for pid in sorted(set(pa) | set(pb)):
            if pa.get(pid, 0) != pb.get(pid, 0):
                diffs.append("%s: path %s counted %d, %d"
                             % (name, pid, pa.get(pid, 0), pb.get(pid, 0)))
    if diffs:
        for d in diffs[:20]:
            print(d)
        print("%d differences" % len(diffs))
        sys.exit(1)
    n_paths = sum(len(v[1]) for v in a.values())
    n_exec = sum(sum(v[1].values()) for v in a.values())
    print("same paths: %d functions, %d distinct paths, %d path executions"
          % (len(a), n_paths, n_exec))


main()
