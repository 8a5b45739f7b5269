"""The PNG plots of the report (matplotlib, Agg backend: no display)."""

import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend)

import figures  # noqa: E402

DPI = 100


def _finish(fig, ax, path, title, xlabel, ylabel, log=True):
    """Labels, legend, a log-scaled y axis if LOG; saves FIG to PATH."""
    if log:
        ax.set_yscale("log")
    if xlabel:
        ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)


def _grouped_bars(path, groups, series, title, ylabel, percent, target=None):
    """SERIES: [(label, [(median, low, high) or None per group])]."""
    fig, ax = plt.subplots(figsize=(max(6, 1.4 * len(groups) + 2), 4.5))
    width = 0.8 / max(1, len(series))
    for i, (label, values) in enumerate(series):
        xs, heights, lows, highs = [], [], [], []
        for g, v in enumerate(values):
            if v is None:
                continue
            scale = 100 if percent else 1
            offset = 1 if percent else 0
            med, low, high = ((x - offset) * scale for x in v)
            xs.append(g + (i - (len(series) - 1) / 2) * width)
            heights.append(med)
            lows.append(med - low)
            highs.append(high - med)
        ax.bar(xs, heights, width, label=label, yerr=[lows, highs],
               capsize=2)
    if target is not None:
        ax.axhline(target, color="red", linestyle="--", linewidth=1,
                   label="target %+g%%" % target)
    ax.axhline(0 if percent else 1, color="black", linewidth=0.8)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups, rotation=20)
    _finish(fig, ax, path, title, None, ylabel, log=False)


def _ratio_series(data, kind, variants, base, metric):
    pairs = [(v, base) for v in variants]
    rows, means = figures.ratio_table(data, kind, pairs, metric)
    names = [n for n, _ in figures.measured_programs(data)]
    series = []
    for p in pairs:
        values = []
        for n in names:
            s = rows[n][p]
            values.append((s.median, s.low, s.high) if s else None)
        m = means[p]
        values.append((m, m, m) if m else None)
        series.append((p[0], values))
    return names + ["geometric mean"], series


def overhead(data, path, report):
    groups, series = _ratio_series(data, "run", report.others, report.base,
                                   "cpu")
    _grouped_bars(path, groups, series,
                  "Runtime overhead (CPU time; median, min-max)",
                  "overhead (%)", True, target=10)


def compile_time(data, path, report):
    groups, series = _ratio_series(data, "build", report.others, report.base,
                                   "wall")
    _grouped_bars(path, groups, series,
                  "Compile time (whole build, wall clock)",
                  "factor against the uninstrumented build", False)


def _ppp_functions(data, variant):
    for name, prog in figures.measured_programs(data):
        yield name, prog.get("delta", {}).get(variant, {}).get(
            "ppp_functions", [])


def delta(data, path, variant):
    """Thesis Fig. 3.17: the PPP range of each preferential function
    against its number of interesting paths."""
    fig, ax = plt.subplots(figsize=(6.5, 5))
    top = 1
    for name, funcs in _ppp_functions(data, variant):
        if not funcs:
            continue
        xs = [f["interesting"] for f in funcs]
        ys = [f["range"] for f in funcs]
        top = max(top, max(xs), max(ys))
        ax.scatter(xs, ys, s=10, alpha=0.6, label="%s (%d)"
                   % (name, len(funcs)))
    ax.plot([1, top], [1, top], color="black", linewidth=0.8,
            label="range = paths (δ = 1)")
    ax.set_xscale("log")
    _finish(fig, ax, path, "Preferential numbering: range against "
            "interesting paths", "interesting paths of the function",
            "PPP range (size of the id interval)")


def delta_ratio(data, path, variant):
    """Thesis Fig. 3.18: Ball-Larus delta over PPP delta, per function
    (ranked), on a log scale."""
    fig, ax = plt.subplots(figsize=(6.5, 4.5))
    for name, funcs in _ppp_functions(data, variant):
        if not funcs:
            continue
        ratios = sorted((f["bl_delta"] / f["delta"] for f in funcs),
                        reverse=True)
        ax.plot(range(1, len(ratios) + 1), ratios, marker=".",
                linewidth=0.8, label=name)
    _finish(fig, ax, path, "Compactness gained over Ball-Larus ids",
            "preferential functions, by decreasing ratio",
            "Ball-Larus δ / PPP δ")


def write_all(data, results, report):
    """Writes the plots into RESULTS; returns their file names."""
    written = []

    def save(name, fn, *args):
        fn(data, os.path.join(results, name), *args)
        written.append(name)

    save("overhead.png", overhead, report)
    save("compile-time.png", compile_time, report)
    if report.preferential:
        save("delta.png", delta, report.preferential[0])
        save("delta-ratio.png", delta_ratio, report.preferential[0])
    return written
