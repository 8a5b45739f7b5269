"""The figures of the report, derived from the raw measurements of
data.json (bench.py writes them, report.py and plots.py read these)."""

import math
import statistics


def geomean(values):
    values = list(values)
    if not values or any(v <= 0 for v in values):
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


class Spread:
    """The median of some samples and their range."""

    def __init__(self, samples):
        self.samples = list(samples)
        self.median = statistics.median(self.samples)
        self.low = min(self.samples)
        self.high = max(self.samples)

    def as_dict(self):
        return {"median": self.median, "min": self.low, "max": self.high,
                "n": len(self.samples)}


def timed_rounds(samples, config):
    """The samples of the timed rounds: round 0 is the warm-up, discarded
    when there are later rounds (config "warmup")."""
    if config["warmup"]:
        return [s for s in samples if s["round"] > 0]
    return list(samples)


def paired_ratios(program, kind, variant, base, metric, config):
    """VARIANT's time over BASE's, round by round (both ran in the same
    round, one after the other: a slow moment of the machine affects
    both), for the timed rounds of KIND ("run" or "build")."""
    by_round = {s["round"]: s[metric]
                for s in timed_rounds(program[kind].get(base, []),
                                      config[kind]) if metric in s}
    ratios = []
    for s in timed_rounds(program[kind].get(variant, []), config[kind]):
        if s["round"] in by_round and by_round[s["round"]] > 0 \
           and metric in s:
            ratios.append(s[metric] / by_round[s["round"]])
    return Spread(ratios) if ratios else None


def times(program, kind, variant, metric, config):
    """The Spread of METRIC over the timed rounds (None without samples:
    data.json of an earlier bench may lack a metric, maxrss_kib)."""
    samples = [s for s in timed_rounds(program[kind].get(variant, []),
                                       config[kind]) if metric in s]
    return Spread(s[metric] for s in samples) if samples else None


def ratio_table(data, kind, pairs, metric):
    """{program: {(variant, base): Spread}} and the geometric mean of the
    median ratios of each pair over the programs that have it."""
    rows = {}
    for name, program in measured_programs(data):
        rows[name] = {pair: paired_ratios(program, kind, pair[0], pair[1],
                                          metric, data["config"])
                      for pair in pairs}
    means = {pair: geomean(r[pair].median for r in rows.values()
                           if r[pair] is not None)
             for pair in pairs}
    return rows, means


def measured_programs(data):
    """The programs whose measurements completed, in the bench's order."""
    return [(n, data["programs"][n]) for n in data["program_order"]
            if data["programs"][n].get("error") is None]


def size_total(size):
    return size["text"] + size["data"] + size["bss"]


def cost_per_path(program, variant, base, reference):
    """VARIANT's instrumentation instructions per executed path, and the
    minimum (chord executions per path), or None.  The paths and chords
    are those of VARIANT's own profile, or for a variant without one
    (gcov) those of REFERENCE's run of the same input."""
    cost = program.get("cost", {})
    if variant not in cost or base not in cost:
        return None
    c = cost[variant]
    if "paths" not in c:
        c = dict(c, **{k: cost.get(reference, {}).get(k)
                       for k in ("paths", "chords")})
    if not c["paths"]:
        return None
    extra = c["instructions"] - cost[base]["instructions"]
    return {"paths": c["paths"],
            "instructions_per_path": extra / c["paths"],
            "chords_per_path": c["chords"] / c["paths"],
            "ratio": (extra / c["chords"]) if c["chords"] else None}
