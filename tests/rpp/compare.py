#!/usr/bin/env python3
"""Exactness oracle of residual path profiling (issue 4).

    compare.py PATHPROF TEST.ppd FIELD.ppd PPP.ppd [BL_DIR PPP_DIR]

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

Functions are matched by (object, source, name), but a public function
(its notes' `linkage public`) by (source, name, checksum): its copies in
several objects are one function, summed, as in `pathprof residual`.  The object's notes
path is the same in the three profiles where the preferential program
is built in the Ball-Larus build's directory (run.sh's Debian programs);
else BL_DIR and PPP_DIR name the two build directories, and PPP.ppd's
objects under PPP_DIR are matched with those under BL_DIR (the
example).  A static function compiled into several objects (xz-utils'
get_dist_slot, lz4's LZ4_NbCommonBytes) is one function per object, as
in `pathprof residual`; its tested paths, though, are those of all its
copies, since the interesting-path file lists a function once, by name,
source and checksum.  Prints one line per check and exits 1 on any
difference.
"""
import json
import re
import subprocess
import sys

OBJECT = re.compile(r'object "((?:[^"\\]|\\.)*)" ')
FUNC = re.compile(r'  function "((?:[^"\\]|\\.)*)" source "((?:[^"\\]|\\.)*)"'
                  r' checksum (0x[0-9a-f]+) storage (\w+) paths \d+'
                  r' dropped (\d+) counts (\d+)$')
RESID = re.compile(r'  residual_dropped (\d+) residual (\d+)$')


ESCAPE = re.compile(r'\\(x[0-9a-f]{2}|.)')


def unquote(text):
    r"""A quoted string of `pathprof dump` (pp_text_quote: \\, \", \n, \t
    and \xHH for the other bytes outside printable ASCII), as the JSON
    reports give it."""
    def byte(m):
        e = m.group(1)
        if e[0] == "x":
            return chr(0xdc00 + int(e[1:], 16))   # surrogateescape
        return {"n": "\n", "t": "\t"}.get(e, e)
    raw = ESCAPE.sub(byte, text)
    return raw.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def rebased(notes, rebase):
    """NOTES (an object's notes path) with the PPP_DIR prefix of REBASE,
    a (BL_DIR, PPP_DIR) pair or None, made BL_DIR."""
    if rebase and notes.startswith(rebase[1] + "/"):
        return rebase[0] + notes[len(rebase[1]):]
    return notes


NOTES_FUNC = re.compile(r'function "((?:[^"\\]|\\.)*)"$')
_public = {}


def public_names(notes):
    """The functions of the notes file NOTES with `linkage public` (read
    here, not by pathprof)."""
    if notes not in _public:
        names, name = set(), None
        try:
            with open(notes, encoding="utf-8", errors="surrogateescape") as f:
                for line in f:
                    m = NOTES_FUNC.match(line.rstrip("\n"))
                    if m:
                        name = unquote(m.group(1))
                    elif line.strip() == "linkage public" and name:
                        names.add(name)
        except OSError:
            pass
        _public[notes] = names
    return _public[notes]


def public_key(source, name, checksum):
    """A public function's key: one function of the program, whatever
    objects compile a copy of it (`pathprof residual` sums them; which
    calls GCC inlines, counting in the caller's object, differs between
    the Ball-Larus and the preferential build)."""
    return ("(public 0x%08x)" % checksum, source, name)


def dump(pathprof, ppd, rebase=None):
    """{(object, source, name): (storage, {id: count}, {id: count},
    checksum)}; a public function's copies summed under public_key."""
    out = subprocess.run([pathprof, "dump", ppd], check=True,
                         capture_output=True, text=True).stdout
    fns, obj, cur, lst = {}, None, None, None
    for line in out.splitlines():
        m = OBJECT.match(line)
        if m:
            notes = unquote(m.group(1))
            obj = rebased(notes, rebase)
            public = public_names(notes)
            continue
        m = FUNC.match(line)
        if m:
            name, source, checksum, storage, dropped = m.group(1, 2, 3, 4, 5)
            name, source = unquote(name), unquote(source)
            if int(dropped):
                sys.exit("compare: %s: %s lost paths to a full hash table"
                         % (ppd, name))
            key = (obj, source, name)
            if name in public:
                key = public_key(source, name, int(checksum, 16))
                if key in fns:
                    cur = fns[key]
                    lst = cur[1]
                    continue
            if key in fns:
                sys.exit("compare: %s: %s: %s:%s twice"
                         % (ppd, obj, source, name))
            cur = fns[key] = (storage, {}, {}, int(checksum, 16))
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
    if len(sys.argv) not in (5, 7):
        sys.exit("usage: compare.py PATHPROF TEST.ppd FIELD.ppd PPP.ppd "
                 "[BL_DIR PPP_DIR]")
    pathprof, test_ppd, field_ppd, ppp_ppd = sys.argv[1:5]
    rebase = tuple(d.rstrip("/") for d in sys.argv[5:7]) or None
    test, field = (dump(pathprof, f) for f in (test_ppd, field_ppd))
    ppp = dump(pathprof, ppp_ppd, rebase)
    # A path the tests ran in one object's copy of a function is tested
    # in every copy: the interesting-path file lists functions by name,
    # source and checksum (a static function of a header, compiled into
    # several objects, is one entry).
    tested_paths = {}
    for (_, source, name), (_, bl, _, checksum) in test.items():
        tested_paths.setdefault((source, name, checksum), set()).update(bl)

    def tested(key, fns):
        entry = fns.get(key)
        if entry is None:
            return set()
        return tested_paths.get((key[1], key[2], entry[3]), set())

    failures = []

    def check(what, ok, detail=""):
        print("%s: %s%s" % ("ok" if ok else "FAIL", what,
                            "" if ok else ": " + detail))
        if not ok:
            failures.append(what)

    # 1. The PPP profile is the Ball-Larus field profile, split in two.
    lost, doubled, wrong = [], [], []
    for key in sorted(set(field) | set(ppp)):
        bl = field.get(key, (None, {}, {}, None))[1]
        storage, counted, residual, _ = ppp.get(key, (None, {}, {}, None))
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
    bad = [(k, i) for k, (_, counted, _, _) in ppp.items() for i in counted
           if i not in tested(k, ppp)]
    check("every counted path was run by the tests", not bad, repr(bad[:5]))

    # 3. The report's untested paths are FIELD minus TEST.
    expected = {}
    for key, (_, bl, _, _) in field.items():
        ran = tested(key, field)
        for i, c in bl.items():
            if i not in ran:
                expected[(key, i)] = c
    report = json.loads(subprocess.run(
        [pathprof, "residual", "--json", "--top", "0", ppp_ppd], check=True,
        capture_output=True, text=True).stdout)
    got = {}
    for obj in report["objects"]:
        for fn in obj["functions"]:
            key = (rebased(obj["notes"], rebase), fn["source"], fn["name"])
            if fn["linkage"] == "public":
                key = public_key(fn["source"], fn["name"], fn["checksum"])
            for p in fn["untested"]:
                if (key, p["id"]) in got:
                    sys.exit("compare: residual lists %s:%s path %d twice"
                             % (key[1], key[2], p["id"]))
                got[(key, p["id"])] = p["count"]
    check("untested paths reported = field paths minus test paths (%d)"
          % len(expected), got == expected,
          "missing %r, extra %r" % (
              sorted(set(expected) - set(got))[:5],
              sorted(set(got) - set(expected))[:5]))
    s = report["summary"]
    executed = sum(len(bl) for _, bl, _, _ in field.values())
    executions = sum(sum(bl.values()) for _, bl, _, _ in field.values())
    check("summary: %d untested paths run %d times; %d paths run %d times"
          % (len(expected), sum(expected.values()), executed, executions),
          (s["untested_paths"], s["untested_executions"],
           s["executed_paths"], s["path_executions"])
          == (len(expected), sum(expected.values()), executed, executions),
          repr(s))
    sys.exit(1 if failures else 0)


main()
