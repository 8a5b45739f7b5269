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


# The level of the sign test of paired ratios (sign_test): a verdict that
# one build costs more than another needs a probability below this of
# the rounds agreeing as far as they do by chance.
SIGN_TEST_LEVEL = 0.05


def sign_test(ratios, level=SIGN_TEST_LEVEL):
    """What the paired ratios of some rounds say of the variant against
    its base: ("above" | "below" | "undecided", rounds above 1, rounds
    that are not ties).  A one-sided sign test each way: under the
    hypothesis that neither build is the dearer, each round's ratio is
    above 1 with probability 1/2, so k rounds of n or more above happen
    with probability P(X >= k), X binomial (n, 1/2); "above" when that is
    below LEVEL, "below" likewise for the rounds below 1.  It assumes
    nothing of the noise's size or shape, only that rounds are
    independent; at LEVEL 0.05 it needs 5 rounds that all agree.  A ratio
    of exactly 1 is a tie and counts neither way."""
    above = sum(1 for r in ratios if r > 1)
    below = sum(1 for r in ratios if r < 1)
    n = above + below

    def tail(k):
        # P(X >= k) for X binomial (n, 1/2), exactly.
        return sum(math.comb(n, i) for i in range(k, n + 1)) / 2 ** n
    if n and tail(above) < level:
        return "above", above, n
    if n and tail(below) < level:
        return "below", above, n
    return "undecided", above, n


def rounds_to_decide(level=SIGN_TEST_LEVEL):
    """The fewest rounds with which the sign test can decide: all of them
    agreeing has probability 2^-n."""
    n = 1
    while 0.5 ** n >= level:
        n += 1
    return n


def instructions_added(program, variant, base):
    """The instructions VARIANT's build runs more than BASE's on the cost
    model's workload (callgrind, machine noise cannot change it), or
    None."""
    cost = program.get("cost", {})
    if variant not in cost or base not in cost:
        return None
    return cost[variant]["instructions"] - cost[base]["instructions"]


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
