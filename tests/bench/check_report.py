#!/usr/bin/env python3
"""Checks what one quick run of make bench produced (tests/bench/run.sh).

    check_report.py PATHPROF PROGRAM STATUS BENCH_OUTPUT RESULTS WORK

Prints PASS/FAIL lines and "N passed, M failed"; exit status 1 on any
failure.  Timings are not checked, only that every measurement is there,
well formed and consistent with pathprof's own reports.
"""

import glob
import json
import os
import re
import struct
import subprocess
import sys

# The cost model's own reader of callgrind files (make bench's).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "scripts", "bench"))
import costmodel  # noqa: E402

# The variants issue 5 asks for (tests/bench must fail if one goes away).
VARIANTS = ["plain", "gcov", "gcov-atomic", "bl", "ppp"]
INSTRUMENTED = VARIANTS[1:]
PLOTS = ["overhead.png", "compile-time.png", "delta.png", "delta-ratio.png"]

# Report sections: title prefix -> the columns after "program" (None: the
# table has other columns, checked separately).
SECTIONS = {
    "Runtime overhead against the uninstrumented build (CPU time)":
        INSTRUMENTED,
    "Runtime overhead (wall-clock time)": INSTRUMENTED,
    "Against gcov and Ball-Larus (CPU time ratios)":
        ["bl / gcov", "ppp / gcov", "ppp / bl"],
    "Run times (CPU seconds)": VARIANTS,
    "Peak resident memory (MiB": VARIANTS,
    "Compile time (wall-clock seconds, whole build)": VARIANTS,
    "Compile time against the uninstrumented build (factor)": INSTRUMENTED,
    "Code size (KiB: text / data+bss, all linked ELF files)":
        ["files"] + VARIANTS,
    "Size increase (thesis Table 3.4": INSTRUMENTED,
    "Preferential numbering: delta": None,
    "Residual paths on the field workload (thesis Table 3.1)": None,
    "Cost model: instrumentation instructions per executed path": None,
    "Behaviour: outputs of every build": INSTRUMENTED,
}

# The processes of the build that a program's quick bench workload runs.
EXPECTED_PROCESSES = {"bzip2": 2}

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print("PASS: %s" % name)
    else:
        failed += 1
        print("FAIL: %s" % name)
        for line in str(detail).splitlines()[-25:]:
            print("  | %s" % line)


def sections(markdown):
    """{title: body} of the "## " sections."""
    out = {}
    for part in re.split(r"^## ", markdown, flags=re.M)[1:]:
        title, _, body = part.partition("\n")
        out[title] = body
    return out


def table(body):
    """(header cells, [row cells]) of the first Markdown table in BODY."""
    lines = []
    for line in body.splitlines():
        if line.startswith("|"):
            lines.append(line)
        elif lines:
            break
    if len(lines) < 2:
        return None, []
    cells = [[c.strip() for c in l.strip("|").split("|")] for l in lines]
    return cells[0], cells[2:]


def find(title_prefix, secs):
    hits = [t for t in secs if t.startswith(title_prefix)]
    return secs[hits[0]] if len(hits) == 1 else None


def png_size(path):
    with open(path, "rb") as fh:
        head = fh.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def tool_json(argv):
    out = subprocess.run(argv, capture_output=True, text=True)
    return json.loads(out.stdout) if out.returncode == 0 else None


def main():
    pathprof, program, status, out_file, results, work = sys.argv[1:]
    with open(out_file) as fh:
        output = fh.read()
    check("bench.sh exits 0", status == "0", output)
    report_path = os.path.join(results, "report.md")
    check("stdout: overhead table, targets and the report's path",
          "Runtime overhead against the uninstrumented build" in output
          and "| %s |" % program in output and "\nTargets:\n" in output
          and "report: %s" % report_path in output, output)
    if not os.path.exists(report_path):
        check("report.md written", False)
        return
    with open(report_path) as fh:
        secs = sections(fh.read())
    with open(os.path.join(results, "data.json")) as fh:
        data = json.load(fh)
    prog = data["programs"].get(program, {})
    check("data.json: %s measured without error" % program,
          prog.get("error", "missing") is None, prog.get("error"))

    # Every table: the expected columns and the program's row, filled.
    for title, columns in SECTIONS.items():
        body = find(title, secs)
        if body is None:
            check("report section '%s'" % title, False, "\n".join(secs))
            continue
        header, rows = table(body)
        row = [r for r in rows if r and r[0] == program]
        ok = header is not None and len(row) == 1 and all(
            c not in ("", "-") for c in row[0])
        if columns is not None:
            ok = ok and header == ["program"] + columns
        check("table '%s': columns and a full %s row" % (title, program), ok,
              "%s\n%s" % (header, row))
    body = find("Behaviour: outputs of every build", secs) or ""
    row = [r for r in table(body)[1] if r and r[0] == program]
    check("every build behaves as the uninstrumented one",
          row and row[0][1:] == ["same", "same", "same", "same, field same"],
          row)
    for title in ("Runtime overhead against", "Against gcov and",
                  "Compile time against", "Size increase"):
        rows = table(find(title, secs) or "")[1]
        check("table '%s': geometric mean row" % title,
              any(r[0] == "**geometric mean**" for r in rows), rows)
    rows = table(find("Peak resident memory (MiB", secs) or "")[1]
    check("table 'Peak resident memory': MiB and factors, geometric mean",
          any(r[0] == "**geometric mean of the factors**" for r in rows)
          and all(re.fullmatch(r"\d+\.\d", r[1])
                  and all(re.fullmatch(r"\d+\.\d \(x\d\.\d{3}\)", c)
                          for c in r[2:])
                  for r in rows if r[0] == program), rows)
    cpu = table(find("Runtime overhead against", secs) or "")[1]
    check("overhead cells are percentages",
          all(re.fullmatch(r"[+-]\d+\.\d%", c) for r in cpu[:1]
              for c in r[1:]), cpu)

    # Plots.
    for p in PLOTS:
        path = os.path.join(results, p)
        size = png_size(path) if os.path.exists(path) else None
        check("plot %s: a PNG image" % p,
              size is not None and size[0] >= 300 and size[1] >= 200, size)

    # data.json: the samples of every variant, interleaved rounds.
    ok = all(len(prog.get("build", {}).get(v, [])) == 1
             and [s["round"] for s in prog.get("run", {}).get(v, [])]
             == [0, 1] for v in VARIANTS)
    check("data.json: one build and two runs (warm-up, round 1) of each "
          "variant", ok, json.dumps(prog.get("run"), indent=1))
    check("data.json: every run's peak resident set",
          all(s.get("maxrss_kib", 0) > 0
              for v in VARIANTS for s in prog.get("run", {}).get(v, [])),
          json.dumps(prog.get("run"), indent=1))
    # The timed CPU is the build's own processes' (cpu-meter.c): bzip2's
    # quick workload runs bzip2 twice (-9, then -d), whatever the shell
    # and its helpers around them run.
    runs = [s for v in VARIANTS for s in prog.get("run", {}).get(v, [])]
    want = EXPECTED_PROCESSES.get(program)
    check("data.json: every run timed %s processes of its build, less CPU "
          "than its whole workload" % (want or "the same number of"),
          runs and all(s.get("processes") == (want or runs[0]["processes"])
                       and 0 < s["cpu"] < s["cpu_workload"] for s in runs),
          json.dumps(prog.get("run"), indent=1))
    sizes = prog.get("size", {})
    files = [sizes.get(v, {}).get("files") for v in VARIANTS]
    check("sizes: the same linked files measured in every variant",
          files[0] and all(f == files[0] for f in files)
          and all(sizes[v]["text"] > 0 for v in VARIANTS), files)
    check("sizes: every instrumented build has more text than the plain one",
          all(sizes[v]["text"] > sizes["plain"]["text"]
              for v in INSTRUMENTED), sizes)

    # Cost model: one input, so the same paths under both pathprof builds.
    cost = prog.get("cost", {})
    cost_ok = (all(cost.get(v, {}).get("instructions", 0) > 0
                   for v in ("plain", "gcov", "bl", "ppp"))
               and "gcov-atomic" not in cost
               and cost["bl"]["paths"] > 0 and cost["bl"]["chords"] > 0
               and cost["bl"]["paths"] == cost["ppp"]["paths"])
    check("cost model: instructions counted, Ball-Larus and preferential "
          "builds executed the same paths", cost_ok, cost)

    # The cost model stops counting inside the runtime's per-process work
    # (costmodel.RUNTIME_ONCE_PER_PROCESS): none of the profile's writing
    # is counted, as none of libgcov's is.  These functions run in every
    # process of a pathprof build (they write the profile at exit).
    writing = ("__pathprof_update_file", "__pathprof_ppd_serialize")
    for v in ("bl", "ppp"):
        out_dir = prog.get("work", {}).get(v, "") + ".callgrind"
        files = glob.glob(os.path.join(out_dir, "callgrind.*"))
        counted = {}
        for path in files:
            for f, n in costmodel.read_callgrind(path)[2].items():
                if f in writing:
                    counted[f] = counted.get(f, 0) + n
        check("cost model: the %s build's profile writing is not counted"
              % v, files and all(n == 0 for n in counted.values()),
              "%s: %s" % (out_dir, counted))

    # Every variant's paths have the same length (same program inputs).
    dirs = [prog.get("work", {}).get(v, "") for v in VARIANTS]
    check("the variants' build directories: under WORK, all of one length",
          all(d.startswith(os.path.join(work, program) + os.sep)
              and len(d) == len(dirs[0]) for d in dirs), dirs)

    # The Targets section: the verdict by instructions from data.json's
    # counts, exactly; none by CPU time from a single timed round.
    body = find("Targets", secs) or ""
    for v in ("bl", "ppp"):
        ratio = ((cost[v]["instructions"] - cost["plain"]["instructions"])
                 / (cost["gcov"]["instructions"]
                    - cost["plain"]["instructions"])) if cost_ok else None
        head = ("- %s never above gcov's overhead by instructions (the "
                "instructions each build adds to the uninstrumented one, "
                "callgrind, `workload-bench quick`): " % v)
        want = head + ("**not met** in %s (%.3f times gcov's)"
                       % (program, ratio) if ratio is not None and ratio > 1
                       else "**met** (at most %.3f times gcov's, %s)"
                       % (ratio or 0, program))
        check("targets: %s against gcov by instructions" % v,
              ratio is not None and want in body.splitlines(), body)
        want = ("- %s never above gcov's overhead by CPU time (a sign test "
                "of the paired rounds at 5%%): **undecided**: 1 timed round "
                "cannot decide it, a sign test needs 5 that agree" % v)
        check("targets: %s against gcov by CPU time, undecided" % v,
              want in body.splitlines(), body)

    # The residual summary and the delta figures against pathprof itself.
    ppp_dir = prog.get("work", {}).get("ppp", "")
    field = ppp_dir + ".field.ppd"
    residual = tool_json([pathprof, "residual", "--json", field])
    summary = residual["summary"] if residual else None
    check("residual: data.json holds pathprof residual's summary",
          summary is not None
          and prog.get("residual", {}).get("ppp") == summary
          and summary["path_executions"] > 0, summary)
    rows = table(find("Residual paths on the field workload", secs) or "")[1]
    row = [r for r in rows if r and r[0] == program]
    check("residual: the report's Table 3.1 row",
          summary is not None and row
          and row[0][1] == str(summary["untested_paths"])
          and row[0][2] == "%.1f" % summary["untested_paths_percent"]
          and row[0][-1] == "%d of %d" % (summary["untested_executions"],
                                          summary["path_executions"]), row)
    notes = sorted(glob.glob(os.path.join(ppp_dir, "**", "*.ppno"),
                             recursive=True))
    stats = tool_json([pathprof, "stats", "--json"] + notes) if notes else None
    rows = table(find("Preferential numbering: delta", secs) or "")[1]
    row = [r for r in rows if r and r[0] == program]
    check("delta: the report's row against pathprof stats",
          stats is not None and row
          and row[0][1] == str(stats["functions"]["ppp"])
          and stats["functions"]["ppp"] > 0
          and row[0][3] == str(stats["interesting_paths"])
          and row[0][5] == "%.1f%%" % stats["delta_distribution"][0]["share"],
          "%s\n%s" % (row, stats and stats["functions"]))

    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
