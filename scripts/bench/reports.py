"""What the preferential builds are measured by, from pathprof's own
reports: `pathprof stats --json` over a build's notes (the delta of each
preferential function, thesis Figs. 3.17 and 3.18) and `pathprof residual
--json` over the profile of the field workload (thesis Table 3.1)."""

import json
import os
import re
import subprocess


def notes_files(build_dir):
    found = []
    for d, dirs, files in os.walk(build_dir):
        dirs.sort()
        found += [os.path.join(d, f) for f in sorted(files)
                  if f.endswith(".ppno")]
    return found


def _tool_json(argv):
    out = subprocess.run(argv, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("%s failed (status %d):\n%s"
                           % (" ".join(argv[:2]), out.returncode,
                              out.stderr))
    return json.loads(out.stdout)


def delta_stats(pathprof, build_dir):
    """`pathprof stats --json` of every notes file under BUILD_DIR:
    the function counts, the delta distribution, the worst functions and,
    per preferential function, its interesting paths, PPP range and
    Ball-Larus range (for the plots)."""
    notes = notes_files(build_dir)
    if not notes:
        raise RuntimeError("no notes file under %s" % build_dir)
    data = _tool_json([pathprof, "stats", "--json"] + notes)
    return {
        "functions": data["functions"],
        "interesting_paths": data["interesting_paths"],
        "range": data["range"],
        "bl_range": data["bl_range"],
        "beyond_slots": data["beyond_slots"],
        "delta_distribution": data["delta_distribution"],
        "worst": [{k: f[k] for k in ("name", "source", "interesting",
                                     "range", "delta")}
                  for f in data["worst"]],
        "ppp_functions": [{k: f[k] for k in ("name", "source", "interesting",
                                             "range", "delta", "bl_delta")}
                          for f in data["ppp_functions"]],
    }


def residual_summary(pathprof, profile):
    """The summary of `pathprof residual --json PROFILE` (Table 3.1)."""
    return _tool_json([pathprof, "residual", "--json", "--top", "1",
                       profile])["summary"]


_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')
_ESCAPE = re.compile(r'\\(x[0-9a-fA-F]{2}|.)')


def _unescape(text):
    def one(m):
        e = m.group(1)
        if e[0] == "x":
            return chr(int(e[1:], 16))
        return {"n": "\n", "t": "\t"}.get(e, e)
    return _ESCAPE.sub(one, text)


def listed_functions(interesting_file):
    """The (name, source) of the functions of an interesting-path file
    (specs/interesting-format.md) that list at least one path."""
    listed = set()
    name = source = None
    has_path = False
    with open(interesting_file, encoding="utf-8") as fh:
        for line in fh:
            tokens = [m.group(1) if m.group(1) is not None else m.group(2)
                      for m in _TOKEN.finditer(line)]
            if not tokens or tokens[0].startswith("#"):
                continue
            if tokens[0] == "function":
                name, source, has_path = _unescape(tokens[1]), None, False
            elif tokens[0] == "source":
                source = _unescape(tokens[1])
            elif tokens[0] == "path":
                has_path = True
            elif tokens[0] == "end" and has_path:
                listed.add((name, source))
    return listed


def check_preferential_build(stats, interesting_file):
    """The preferential build matched every function of the interesting
    file that has paths (functions are matched by name and source file
    name, which must not depend on the build directory); returns a
    problem, or None."""
    listed = listed_functions(interesting_file)
    ppp = {(f["name"], f["source"]) for f in stats["ppp_functions"]}
    # Stale functions alone are no problem: a program whose build compiles
    # one source twice with other settings (sqlite3.c, for the library and
    # for the test fixture) has, in the compilation the tests did not run,
    # functions of the same name and source but another CFG, rightly
    # stale.  What must hold is that every listed function is preferential
    # somewhere.
    if listed != ppp:
        missing = sorted(listed - ppp)[:5]
        extra = sorted(ppp - listed)[:5]
        return ("the preferential functions are not those of %s: "
                "not preferential %s, not listed %s"
                % (interesting_file, missing, extra))
    return None
