#!/usr/bin/env python3
"""Exactness oracle of residual path profiling (issue 4).

    compare.py PATHPROF TEST.ppd FIELD.ppd PPP.ppd

TEST.ppd and FIELD.ppd are Ball-Larus profiles of the test and the field
inputs; PPP.ppd the profile of the preferential build (interesting = the
paths of TEST.ppd) run on the same field inputs.  Computed here, from the
two Ball-Larus profiles alone, and compared exactly:

  * for every function, the PPP build's counted and residual lists
    together are the Ball-Larus field profile (each path in one list,
    with the same count): the preferential build loses nothing;
  * every counted path is a tested one (in TEST.ppd);
  * `pathprof residual --json --top 0 PPP.ppd` lists as untested exactly
    the field paths the tests never ran, FIELD minus TEST, with their
    field counts, and its summary counts them, and all executed paths,
    accordingly.

Functions are matched by (source, name).  Prints one line per check and
exits 1 on any difference.
"""
import json
import re
import subprocess
import sys

FUNC = re.compile(r'  function "((?:[^"\\]|\\.)*)" source "((?:[^"\\]|\\.)*)"'
                  r' .* storage (\w+) paths \d+ dropped (\d+) counts (\d+)$')
RESID = re.compile(r'  residual_dropped (\d+) residual (\d+)$')


def dump(pathprof, ppd):
    """{(source, name): (storage, {id: count}, {id: count})}"""
    out = subprocess.run([pathprof, "dump", ppd], check=True,
                         capture_output=True, text=True).stdout
    fns, cur, lst = {}, None, None
    for line in out.splitlines():
        m = FUNC.match(line)
        if m:
            name, source, storage, dropped = m.group(1, 2, 3, 4)
            if int(dropped):
                sys.exit("compare: %s: %s lost paths to a full hash table"
                         % (ppd, name))
            key = (source, name)
            if key in fns:
                sys.exit("compare: %s: %s:%s twice" % (ppd, source, name))
            cur = fns[key] = (storage, {}, {})
            lst = cur[1]
            continue
        m = RESID.match(line)
        if m:
            if int(m.group(1)):
                sys.exit("compare: %s: residual paths dropped" % ppd)
            lst = cur[2]
            continue
        t = line.split()
        if len(t) == 2 and line.startswith("    "):
            lst[int(t[0])] = lst.get(int(t[0]), 0) + int(t[1])
    return fns


def main():
    pathprof, test_ppd, field_ppd, ppp_ppd = sys.argv[1:5]
    test, field, ppp = (dump(pathprof, f) for f in (test_ppd, field_ppd,
                                                     ppp_ppd))
    failures = []

    def check(what, ok, detail=""):
        print("%s: %s%s" % ("ok" if ok else "FAIL", what,
                            "" if ok else ": " + detail))
        if not ok:
            failures.append(what)

    # 1. The PPP profile is the Ball-Larus field profile, split in two.
    lost, doubled, wrong = [], [], []
    for key in sorted(set(field) | set(ppp)):
        bl = field.get(key, (None, {}, {}))[1]
        storage, counted, residual = ppp.get(key, (None, {}, {}))
        both = set(counted) & set(residual)
        if both:
            doubled.append((key, sorted(both)))
        merged = dict(counted)
        merged.update(residual)
        if merged != bl:
            wrong.append((key, bl, merged))
    check("preferential profile = Ball-Larus field profile, path by path",
          not wrong and not doubled, repr((wrong[:3], doubled[:3])))

    # 2. Counted paths are tested paths.
    bad = [(k, i) for k, (_, counted, _) in ppp.items() for i in counted
           if i not in test.get(k, (None, {}, {}))[1]]
    check("every counted path was run by the tests", not bad, repr(bad[:5]))

    # 3. The report's untested paths are FIELD minus TEST.
    expected = {}
    for key, (_, bl, _) in field.items():
        tested = test.get(key, (None, {}, {}))[1]
        for i, c in bl.items():
            if i not in tested:
                expected[(key, i)] = c
    report = json.loads(subprocess.run(
        [pathprof, "residual", "--json", "--top", "0", ppp_ppd], check=True,
        capture_output=True, text=True).stdout)
    got = {}
    for obj in report["objects"]:
        for fn in obj["functions"]:
            for p in fn["untested"]:
                got[((fn["source"], fn["name"]), p["id"])] = p["count"]
    check("untested paths reported = field paths minus test paths (%d)"
          % len(expected), got == expected,
          "missing %r, extra %r" % (
              sorted(set(expected) - set(got))[:5],
              sorted(set(got) - set(expected))[:5]))
    s = report["summary"]
    executed = sum(len(bl) for _, bl, _ in field.values())
    executions = sum(sum(bl.values()) for _, bl, _ in field.values())
    check("summary: %d untested paths run %d times; %d paths run %d times"
          % (len(expected), sum(expected.values()), executed, executions),
          (s["untested_paths"], s["untested_executions"],
           s["executed_paths"], s["path_executions"])
          == (len(expected), sum(expected.values()), executed, executions),
          repr(s))
    sys.exit(1 if failures else 0)


main()
