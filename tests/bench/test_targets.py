#!/usr/bin/env python3
"""The verdicts of make bench's Targets section on made-up measurements
(tests/bench/run.sh runs it before the bench itself).

    test_targets.py

The sign test (scripts/bench/figures.py) against exact binomial tails, and
report.py's target lines, word for word, for data.json contents whose
verdict is known: rounds that all agree, rounds that split, too few
rounds, instruction counts above and below gcov's.  Prints PASS/FAIL
lines and "N passed, M failed"; exit status 1 on any failure.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "scripts", "bench"))
import figures  # noqa: E402
import report  # noqa: E402

passed = failed = 0


def check(name, got, want):
    global passed, failed
    if got == want:
        passed += 1
        print("PASS: %s" % name)
    else:
        failed += 1
        print("FAIL: %s\n  | got:  %r\n  | want: %r" % (name, got, want))


def data(cpu, instructions):
    """A data.json with plain, gcov and ppp: CPU seconds per timed round
    CPU[program][variant] (round 0, the warm-up, is added and discarded),
    and the cost model's instructions INSTRUMENTIONS[program][variant]."""
    variants = [{"name": "plain", "pathprof": False, "preferential": False},
                {"name": "gcov", "pathprof": False, "preferential": False},
                {"name": "ppp", "pathprof": True, "preferential": True}]
    programs = {}
    for name, per_variant in cpu.items():
        programs[name] = {
            "error": None,
            "run": {v: [{"round": r, "cpu": t}
                        for r, t in enumerate([99.0] + times)]
                    for v, times in per_variant.items()},
            "cost": {v: {"instructions": n}
                     for v, n in instructions.get(name, {}).items()}}
    return {"variants": variants, "baseline": "plain",
            "program_order": list(cpu), "programs": programs,
            "config": {"run": {"rounds": 1 + len(next(iter(
                next(iter(cpu.values())).values()))), "warmup": True},
                "build": {"rounds": 1, "warmup": False},
                "cost_workload": "workload-bench quick"}}


def targets(d):
    r = report.Report(d)
    _, _, means = r.overhead("cpu")
    _, rows, _ = r.against("cpu")
    return r.targets(means, rows).splitlines()


def main():
    # The sign test: exact tails.  5 of 5 above: 1/32 < 0.05; 4 of 5:
    # 6/32 is not; 8 of 9: 10/512 is; 7 of 9: 46/512 is not.
    check("sign test: 5 of 5 above", figures.sign_test([1.1] * 5),
          ("above", 5, 5))
    check("sign test: 4 of 5 above", figures.sign_test([1.1] * 4 + [0.9]),
          ("undecided", 4, 5))
    check("sign test: 0 of 5 above", figures.sign_test([0.9] * 5),
          ("below", 0, 5))
    check("sign test: 8 of 9 above", figures.sign_test([1.01] * 8 + [0.99]),
          ("above", 8, 9))
    check("sign test: 7 of 9 above",
          figures.sign_test([1.01] * 7 + [0.99] * 2), ("undecided", 7, 9))
    check("sign test: ties count neither way",
          figures.sign_test([1.0] * 3 + [1.2] * 5), ("above", 5, 5))
    check("sign test: 4 rounds never decide", figures.sign_test([2.0] * 4),
          ("undecided", 4, 4))
    check("rounds to decide at 5%", figures.rounds_to_decide(), 5)

    head_i = ("- ppp never above gcov's overhead by instructions (the "
              "instructions each build adds to the uninstrumented one, "
              "callgrind, `workload-bench quick`): ")
    head_c = ("- ppp never above gcov's overhead by CPU time (a sign test "
              "of the paired rounds at 5%): ")
    # a: ppp above gcov in every round; b: the rounds split; c: ppp
    # below in every round.  By instructions a and c are above gcov.  The
    # CPU medians 1.2, 1.2, 1.05: a geometric mean of 1.512^(1/3) = 1.148.
    cpu = {"a": {"plain": [1.0] * 5, "gcov": [1.1] * 5,
                 "ppp": [1.2, 1.2, 1.15, 1.2, 1.3]},
           "b": {"plain": [1.0] * 5, "gcov": [1.1] * 5,
                 "ppp": [1.2, 1.0, 1.2, 1.0, 1.2]},
           "c": {"plain": [1.0] * 5, "gcov": [1.1] * 5,
                 "ppp": [1.05] * 5}}
    instructions = {"a": {"plain": 1000, "gcov": 1100, "ppp": 1150},
                    "b": {"plain": 1000, "gcov": 1200, "ppp": 1100},
                    "c": {"plain": 1000, "gcov": 1010, "ppp": 1030}}
    check("targets: one program above, one undecided, one below",
          targets(data(cpu, instructions)),
          ["- ppp: geometric-mean overhead +14.8%, target at most +10%: "
           "**not met**",
           head_i + "**not met** in a (1.500 times gcov's), "
           "c (3.000 times gcov's)",
           head_c + "**not met** in a (ppp / gcov 1.091, 5 of 5 rounds "
           "above); undecided in b (ppp / gcov 1.091, 3 of 5 rounds above)"])
    del cpu["a"], cpu["b"]
    instructions["c"]["ppp"] = 1005
    check("targets: below gcov in every round and by instructions",
          targets(data(cpu, instructions)),
          ["- ppp: geometric-mean overhead +5.0%, target at most +10%: "
           "**met**",
           head_i + "**met** (at most 0.500 times gcov's, c)",
           head_c + "**met** (below gcov in every program)"])
    cpu = {"b": {"plain": [1.0] * 5, "gcov": [1.1] * 5,
                 "ppp": [1.2, 1.0, 1.2, 1.0, 1.2]}}
    check("targets: only undecided programs",
          targets(data(cpu, {}))[1:],
          [head_c + "**undecided** in b (ppp / gcov 1.091, 3 of 5 rounds "
           "above)"])
    cpu = {"a": {"plain": [1.0] * 3, "gcov": [1.1] * 3, "ppp": [1.3] * 3}}
    check("targets: 3 rounds cannot decide, however far apart",
          targets(data(cpu, {}))[1:],
          [head_c + "**undecided**: 3 timed rounds cannot decide it, a "
           "sign test needs 5 that agree"])
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
