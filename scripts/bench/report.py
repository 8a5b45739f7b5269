#!/usr/bin/env python3
"""The report of make bench: report.md and the plots, from data.json.

    report.py RESULTS_DIR      (re)writes RESULTS_DIR/report.md and *.png
                               from RESULTS_DIR/data.json, and prints the
                               summary

bench.py calls write() at the end of a run.  Every table has the programs
as rows (plus the geometric mean of the ratios, or the average of counts
as in the thesis' Table 3.1) and the variants as columns.
"""

import json
import os
import sys

import figures
import plots
from figures import geomean, measured_programs

# The targets of issues 3 and 4.
PPP_OVERHEAD_TARGET = 0.10
# Depth-1 IPPP (the ippp variant): issue 6's target.
IPPP_OVERHEAD_TARGET = 0.15


def pct(ratio):
    return "%+.1f%%" % ((ratio - 1) * 100)


def cell(spread, show):
    """The median of SPREAD and its range, each formatted by SHOW; "-" for
    no samples."""
    if spread is None:
        return "-"
    if len(spread.samples) == 1:
        return show(spread.median)
    return "%s (%s … %s)" % (show(spread.median), show(spread.low),
                             show(spread.high))


def cell_overhead(spread):
    return cell(spread, pct)


def cell_ratio(spread):
    return cell(spread, lambda x: "%.3f" % x)


def cell_seconds(spread):
    return cell(spread, lambda x: "%.2f" % x)


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


class Report:
    def __init__(self, data):
        self.data = data
        self.variants = data["variants"]
        self.base = data["baseline"]
        self.others = [v["name"] for v in self.variants
                       if v["name"] != self.base]
        self.pathprof = [v["name"] for v in self.variants if v["pathprof"]]
        self.preferential = [v["name"] for v in self.variants
                             if v["preferential"]]
        self.gcov = "gcov"
        self.costed = [v["name"] for v in self.variants
                       if v.get("cost_model", v["pathprof"])
                       and v["name"] != self.base]
        self.programs = measured_programs(data)
        self.problems = []

    # -- runtime --

    def overhead(self, metric):
        pairs = [(v, self.base) for v in self.others]
        rows, means = figures.ratio_table(self.data, "run", pairs, metric)
        out = [[name] + [cell_overhead(rows[name][p]) for p in pairs]
               for name, _ in self.programs]
        out.append(["**geometric mean**"]
                   + ["**%s**" % pct(means[p]) if means[p] else "-"
                      for p in pairs])
        return table(["program"] + self.others, out), rows, means

    def against(self, metric):
        pairs = [(v, self.gcov) for v in self.pathprof]
        pairs += [(v, "bl") for v in self.preferential]
        rows, means = figures.ratio_table(self.data, "run", pairs, metric)
        out = [[name] + [cell_ratio(rows[name][p]) for p in pairs]
               for name, _ in self.programs]
        out.append(["**geometric mean**"]
                   + ["**%.3f**" % means[p] if means[p] else "-"
                      for p in pairs])
        return table(["program"] + ["%s / %s" % p for p in pairs], out), \
            rows, means

    def times(self, kind, metric):
        out = []
        for name, prog in self.programs:
            out.append([name] + [cell_seconds(figures.times(
                prog, kind, v["name"], metric, self.data["config"]))
                for v in self.variants])
        return table(["program"] + [v["name"] for v in self.variants], out)

    def memory(self):
        """Peak resident set of the workload's largest process: MiB (the
        median over the timed rounds; it hardly varies) and, for the
        instrumented builds, the factor against plain (the median of the
        paired ratios)."""
        pairs = [(v, self.base) for v in self.others]
        rows, means = figures.ratio_table(self.data, "run", pairs,
                                          "maxrss_kib")
        out = []
        for name, prog in self.programs:
            row = [name]
            for v in self.variants:
                mib = figures.times(prog, "run", v["name"], "maxrss_kib",
                                    self.data["config"])
                text = "%.1f" % (mib.median / 1024) if mib else "-"
                factor = rows[name].get((v["name"], self.base))
                if factor is not None and text != "-":
                    text += " (x%.3f)" % factor.median
                row.append(text)
            out.append(row)
        out.append(["**geometric mean of the factors**", ""]
                   + ["**x%.3f**" % means[p] if means[p] else "-"
                      for p in pairs])
        return table(["program"] + [v["name"] for v in self.variants], out)

    def compile_factors(self):
        pairs = [(v, self.base) for v in self.others]
        rows, means = figures.ratio_table(self.data, "build", pairs, "wall")
        out = [[name] + [cell_ratio(rows[name][p]) for p in pairs]
               for name, _ in self.programs]
        out.append(["**geometric mean**"]
                   + ["**%.3f**" % means[p] if means[p] else "-"
                      for p in pairs])
        return table(["program"] + self.others, out), means

    # -- sizes --

    def sizes(self):
        text_rows, total_rows = [], []
        factors = {v: [] for v in self.others}
        text_factors = {v: [] for v in self.others}

        def kib(size):
            if size is None:
                return "-"
            return "%.0f / %.0f" % (size["text"] / 1024,
                                    (size["data"] + size["bss"]) / 1024)
        for name, prog in self.programs:
            size = prog.get("size", {})
            base = size.get(self.base)
            if base is None:
                continue
            text_rows.append([name, len(base["files"])]
                             + [kib(size.get(v["name"]))
                                for v in self.variants])
            row = [name]
            for v in self.others:
                if v not in size:
                    row.append("-")
                    continue
                f = figures.size_total(size[v]) / figures.size_total(base)
                t = size[v]["text"] / base["text"]
                factors[v].append(f)
                text_factors[v].append(t)
                row.append("%.2f (text %.2f)" % (f, t))
            total_rows.append(row)
        total_rows.append(["**geometric mean**"] + [
            "**%.2f** (text %.2f)" % (geomean(factors[v]),
                                      geomean(text_factors[v]))
            if factors[v] else "-" for v in self.others])
        return (table(["program", "files"] + [v["name"] for v in
                                              self.variants], text_rows),
                table(["program"] + self.others, total_rows))

    def label(self, name, variant):
        """A row's label: the program, and the variant when there are
        several preferential ones."""
        if len(self.preferential) == 1:
            return name
        return "%s (%s)" % (name, variant)

    # -- preferential builds --

    def delta(self):
        out = []
        for v in self.preferential:
            for name, prog in self.programs:
                s = prog.get("delta", {}).get(v)
                if s is None:
                    continue
                dist = s["delta_distribution"]
                worst = s["worst"][0] if s["worst"] else None
                out.append([
                    self.label(name, v),
                    s["functions"]["ppp"], s["functions"]["residual"],
                    s["interesting_paths"],
                    "%.3f" % (s["range"] / s["interesting_paths"])
                    if s["interesting_paths"] else "-",
                    "%.1f%%" % dist[0]["share"], "%.1f%%" % dist[1]["share"],
                    "%.1f%%" % dist[2]["share"], "%.1f%%" % dist[3]["share"],
                    "%.2f `%s` (%d paths, range %d)"
                    % (worst["delta"], worst["name"], worst["interesting"],
                       worst["range"]) if worst else "-"])
        return table(["program", "ppp functions", "residual functions",
                      "interesting paths", "Σ range / Σ paths",
                      "δ ≤ 1.05", "δ ≤ 1.5", "δ ≤ 2", "δ > 2",
                      "worst δ"], out)

    RESIDUAL_COLUMNS = [
        ("untested_paths", "#untested paths", "%d"),
        ("untested_paths_percent", "%untested paths", "%.1f"),
        ("untested_executions_percent", "%freq of untested paths", "%.2f"),
        ("functions_with_untested_paths", "#funcs with untested paths", "%d"),
        ("untested_edges", "#untested edges", "%d"),
        ("functions_with_untested_edges", "#funcs with untested edges", "%d"),
        ("untested_paths_in_functions_without_untested_edges",
         "#untested paths in funcs with no untested edges", "%d"),
        ("untested_paths_in_functions_without_untested_edges_percent",
         "%untested paths in funcs with no untested edges", "%.1f"),
    ]

    def residual(self):
        out = []
        for v in self.preferential:
            sums = [0.0] * len(self.RESIDUAL_COLUMNS)
            n = 0
            for name, prog in self.programs:
                s = prog.get("residual", {}).get(v)
                if s is None:
                    continue
                row = [self.label(name, v)]
                for i, (key, _, fmt) in enumerate(self.RESIDUAL_COLUMNS):
                    row.append(fmt % s[key])
                    sums[i] += s[key]
                row.append("%d of %d" % (s["untested_executions"],
                                         s["path_executions"]))
                out.append(row)
                n += 1
            if n:
                out.append([self.label("**average**", v)] + [
                    "%.1f" % (x / n) for x in sums] + [""])
        return table(["program"] + [c[1] for c in self.RESIDUAL_COLUMNS]
                     + ["untested / all path executions"], out)

    # -- cost model --

    def cost(self):
        reference = self.pathprof[0] if self.pathprof else None
        header = ["program", "path executions", "chords / path (minimum)"]
        for v in self.costed:
            header += ["%s instructions / path" % v, "%s / minimum" % v]
        out = []
        ratios = {v: [] for v in self.costed}
        for name, prog in self.programs:
            ref = figures.cost_per_path(prog, reference, self.base, reference)
            if ref is None:
                continue
            row = [name, "%d" % ref["paths"], "%.2f" % ref["chords_per_path"]]
            for v in self.costed:
                c = figures.cost_per_path(prog, v, self.base, reference)
                if c is None:
                    row += ["-", "-"]
                    continue
                row += ["%.2f" % c["instructions_per_path"],
                        "%.2f" % c["ratio"] if c["ratio"] else "-"]
                if c["ratio"] and c["ratio"] > 0:
                    ratios[v].append(c["ratio"])
            out.append(row)
        mean_row = ["**geometric mean**", "", ""]
        for v in self.costed:
            g = geomean(ratios[v])
            mean_row += ["", "**%.2f**" % g if g else "-"]
        out.append(mean_row)
        return table(header, out)

    def cost_functions(self, top=3):
        """Where the instructions of the instrumentation go: the functions
        whose exclusive instruction counts grew (or shrank) the most."""
        def largest(prog, variant, base, sign):
            fv = prog["cost"][variant]["functions"]
            fb = prog["cost"][base]["functions"]
            diff = {f: fv.get(f, 0) - fb.get(f, 0) for f in set(fv) | set(fb)}
            ranked = sorted(diff.items(), key=lambda x: (-sign * x[1], x[0]))
            return "<br>".join("`%s` %+.1f M" % (f, d / 1e6)
                               for f, d in ranked[:top] if sign * d > 0) or "-"
        pairs = [(v, self.base, 1) for v in self.costed]
        pairs += [(v, "bl", s) for v in self.preferential for s in (1, -1)]
        out = []
        for name, prog in self.programs:
            cost = prog.get("cost", {})
            out.append([name] + [largest(prog, v, b, s)
                                 if v in cost and b in cost else "-"
                                 for v, b, s in pairs])
        return table(["program"] + ["%s - %s, largest %s" % (
            v, b, "increases" if s > 0 else "decreases")
            for v, b, s in pairs], out)

    # -- behaviour and targets --

    def behaviour(self):
        out = []
        for name, prog in self.programs:
            row = [name]
            for v in self.others:
                b = prog["identical"]["bench"].get(v)
                f = prog["identical"]["field"].get(v)
                if b is None:
                    row.append("-")
                    continue
                cell = "same" if b else "**DIFFERENT**"
                if f is not None:
                    cell += ", field " + ("same" if f else "**DIFFERENT**")
                if not b or f is False:
                    self.problems.append("%s: %s behaves differently from "
                                         "%s" % (name, v, self.base))
                row.append(cell)
            out.append(row)
        return table(["program"] + self.others, out)

    def targets(self, means, against_rows):
        lines = []
        for v in self.preferential:
            m = means.get((v, self.base))
            if m is None:
                continue
            target = (IPPP_OVERHEAD_TARGET if v == "ippp"
                      else PPP_OVERHEAD_TARGET)
            ok = m - 1 <= target
            lines.append("- %s: geometric-mean overhead %s, target at most "
                         "+%d%%: **%s**" % (v, pct(m), round(target * 100),
                                            "met" if ok else "not met"))
        for v in self.pathprof:
            lines += [line for line in (
                self.against_gcov_instructions(v),
                self.against_gcov_cpu(v, against_rows)) if line]
        return "\n".join(lines) + "\n"

    def against_gcov_instructions(self, v):
        """Whether V adds more instructions than gcov in some program (the
        cost model's callgrind runs: the same count on any machine)."""
        ratios = []
        for name, prog in self.programs:
            mine = figures.instructions_added(prog, v, self.base)
            theirs = figures.instructions_added(prog, self.gcov, self.base)
            if mine is not None and theirs:
                ratios.append((name, mine / theirs))
        if not ratios:
            return None
        head = ("- %s never above gcov's overhead by instructions (the "
                "instructions each build adds to the uninstrumented one, "
                "callgrind, `%s`): " % (v, self.data["config"]
                                        ["cost_workload"]))
        above = [(n, r) for n, r in ratios if r > 1]
        if above:
            return head + "**not met** in " + ", ".join(
                "%s (%.3f times gcov's)" % x for x in above)
        name, worst = max(ratios, key=lambda x: x[1])
        return head + "**met** (at most %.3f times gcov's, %s)" % (worst,
                                                                   name)

    def against_gcov_cpu(self, v, against_rows):
        """Whether V's CPU time is above gcov's in some program, by the sign
        test of the paired rounds (figures.sign_test): a program is above
        or below only where the rounds agree beyond chance."""
        pair = (v, self.gcov)
        verdicts = []
        for name, row in against_rows.items():
            spread = row.get(pair)
            if spread is not None:
                verdicts.append((name, spread)
                                + figures.sign_test(spread.samples))
        if not verdicts:
            # gcov not measured (--variants): nothing to say.
            return None
        head = ("- %s never above gcov's overhead by CPU time (a sign test "
                "of the paired rounds at %g%%): "
                % (v, figures.SIGN_TEST_LEVEL * 100))
        need = figures.rounds_to_decide()
        if all(n < need for _, _, _, _, n in verdicts):
            most = max(n for *_, n in verdicts)
            return head + ("**undecided**: %d timed round%s cannot decide "
                           "it, a sign test needs %d that agree"
                           % (most, "" if most == 1 else "s", need))

        def listed(kind):
            return ", ".join("%s (%s / gcov %.3f, %d of %d rounds above)"
                             % (name, v, s.median, k, n)
                             for name, s, verdict, k, n in verdicts
                             if verdict == kind)
        above, undecided = listed("above"), listed("undecided")
        if above:
            return head + "**not met** in " + above + (
                "; undecided in " + undecided if undecided else "")
        if undecided:
            return head + "**undecided** in " + undecided
        return head + "**met** (below gcov in every program)"


def header(data):
    m = data["machine"]
    c = data["config"]
    minutes = data["seconds"] / 60
    lines = [
        "# pathprof benchmark (make bench%s)" % (
            " BENCH=quick" if data["mode"] == "quick" else ""),
        "",
        "- started %s, took %.1f minutes" % (data["started"], minutes),
        "- machine: %s, %s CPUs, %.1f GiB, Linux %s; load average %s at the "
        "start, %s at the end" % (
            m.get("cpu", "?"), m["cpus"], m["memory_kib"] / 2 ** 20,
            m["kernel"], " ".join(m["loadavg_start"]),
            " ".join(m.get("loadavg_end", ["?"]))),
        "- compiler: %s; every variant at %s; builds with %s parallel jobs"
        % (m["gcc"], c["opt"], c["jobs"]),
        "- pathprof: source tree at commit %s, plugin, runtime and tool "
        "from %s" % (m["pathprof_commit"], c["pathprof_build"]),
        "- timed workload: each program's `%s`; builds: %d per variant%s; "
        "runs: %d per variant, the first a warm-up (discarded); variants "
        "interleaved, in an order rotated every round" % (
            c["bench_workload"], c["build"]["rounds"],
            " (the first a warm-up, discarded)" if c["build"]["warmup"]
            else " (a single build: no warm-up)", c["run"]["rounds"]),
        "- programs (Debian source package version): " + ", ".join(
            "%s %s" % (n, data["programs"][n].get("version", "?"))
            for n in data["program_order"]),
        "",
        "Variants: " + "; ".join(
            "`%s` = %s" % (v["name"], v["label"]) for v in data["variants"])
        + ". Cells: median (min … max) over the timed rounds; ratios are "
        "taken round by round between runs of the same round.",
        "",
    ]
    return "\n".join(lines)


def cpu_basis(data):
    """What the runs' "cpu" is: the build's own processes since
    2026-12-07 (the runs have "cpu_workload" too), the whole workload's
    in the data.json of earlier benches."""
    runs = [r for p in data["programs"].values()
            for v in p.get("run", {}).values() for r in v]
    if runs and all("cpu_workload" in r for r in runs):
        return ("User + system time of the build's own processes (the "
                "programs the workload runs, profile writing included; not "
                "the recipe's shell, its helpers or libtool's wrapper "
                "scripts: scripts/bench/README, \"Runs\").")
    return ("User + system time of all the workload's processes, the "
            "recipe's shell, its helpers and libtool's wrapper scripts "
            "included (a bench made before 2026-12-07: its ratios are "
            "diluted towards 1, scripts/bench/README, \"Runs\").")


def write(data, results):
    """Writes results/report.md and the plots; prints the summary;
    returns whether everything ran and every build behaved the same."""
    r = Report(data)
    for name in data["program_order"]:
        prog = data["programs"][name]
        if prog.get("error"):
            r.problems.append("%s: %s" % (name, prog["error"]))
        for v, err in sorted(prog.get("variant_errors", {}).items()):
            r.problems.append("%s: %s not measured: %s" % (name, v, err))
    cpu_table, _, cpu_means = r.overhead("cpu")
    wall_table, _, wall_means = r.overhead("wall")
    vs_table, vs_rows, _ = r.against("cpu")
    compile_table, compile_means = r.compile_factors()
    size_table, factor_table = r.sizes() if r.programs else ("", "")
    behaviour = r.behaviour()
    targets = r.targets(cpu_means, vs_rows)
    images = plots.write_all(data, results, r)
    sections = [
        header(data),
        "## Targets\n\n" + targets,
        "## Runtime overhead against the uninstrumented build (CPU time)\n\n"
        + cpu_basis(data) + "\n\n" + cpu_table + "\n![overhead](overhead.png)\n",
        "## Runtime overhead (wall-clock time)\n\n"
        "The whole workload's, its shell and helpers included.\n\n"
        + wall_table,
        "## Against gcov and Ball-Larus (CPU time ratios)\n\n"
        "Below 1: cheaper than the variant after the slash.\n\n" + vs_table,
        "## Run times (CPU seconds)\n\n"
        "As above: " + cpu_basis(data)[0].lower() + cpu_basis(data)[1:]
        + "\n\n" + r.times("run", "cpu"),
        "## Peak resident memory (MiB: the largest process of the bench "
        "workload, ru_maxrss; in parentheses the factor against the "
        "uninstrumented build)\n\n" + r.memory()
        + "\nWhat the counters cost in memory that is really used: only "
        "the pages of counter arrays that a run writes become resident "
        "(see Size increase below).\n",
        "## Compile time (wall-clock seconds, whole build)\n\n"
        + r.times("build", "wall"),
        "## Compile time against the uninstrumented build (factor)\n\n"
        + compile_table + "\n![compile time](compile-time.png)\n",
        "## Code size (KiB: text / data+bss, all linked ELF files)\n\n"
        + size_table,
        "## Size increase (thesis Table 3.4: text+data+bss against the "
        "uninstrumented build)\n\n" + factor_table
        + "\nbss is zero-filled address space: a page becomes resident only "
        "when a counter on it is written.  pathprof builds count "
        "functions of up to 262,144 paths in arrays (at most 2 MiB each), "
        "so their data+bss grows far more than their resident memory "
        "(specs/plugin-arguments.md, `array-threshold`, "
        "`ppp-array-threshold`).\n",
        "## Preferential numbering: delta = PPP range / interesting paths "
        "(thesis Figs. 3.17, 3.18)\n\n" + r.delta()
        + "\n![delta](delta.png)\n\n![delta ratio](delta-ratio.png)\n",
        "## Residual paths on the field workload (thesis Table 3.1)\n\n"
        "Interesting (tested) paths: those of the test workload; run: the "
        "field workload.\n\n" + r.residual(),
        "## Cost model: instrumentation instructions per executed path "
        "(callgrind, `%s`)\n\n" % data["config"]["cost_workload"]
        + "(instructions of the build - instructions of the uninstrumented "
        "build) / path executions, against the minimum of one increment per "
        "chord executed.\n\n" + r.cost()
        + "\nWhere they go: exclusive instructions per function, against "
        "the uninstrumented build and between the pathprof builds (M = "
        "10^6; inlining differs between builds, so a function can gain "
        "what another lost).\n\n" + r.cost_functions(),
        "## Behaviour: outputs of every build against the uninstrumented "
        "one\n\n" + behaviour,
    ]
    if r.problems:
        sections.append("## Problems\n\n" + "".join(
            "- %s\n" % p for p in r.problems))
    with open(os.path.join(results, "report.md"), "w") as fh:
        fh.write("\n".join(sections))
    print()
    print("Runtime overhead against the uninstrumented build (CPU time, "
          "median of %d rounds):" % (data["config"]["run"]["rounds"] - 1))
    print(cpu_table)
    print("Against gcov and Ball-Larus (CPU time ratios):")
    print(vs_table)
    print("Targets:")
    print(targets)
    for p in r.problems:
        print("PROBLEM: %s" % p)
    print("report: %s (plots: %s)" % (os.path.join(results, "report.md"),
                                     ", ".join(images)))
    return not r.problems


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: report.py RESULTS_DIR")
    with open(os.path.join(sys.argv[1], "data.json")) as fh:
        data = json.load(fh)
    sys.exit(0 if write(data, sys.argv[1]) else 1)


if __name__ == "__main__":
    main()
