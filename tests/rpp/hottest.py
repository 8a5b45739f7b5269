#!/usr/bin/env python3
"""Which tested paths a preferential build numbered, against the counts.

    hottest.py NOTES.ppno PATHS.txt

When the range of all of a function's interesting paths exceeds ppp-max,
the plugin numbers only the hottest (notes `hottest K RANGE`): the K paths
with a PPP id must be exactly the K with the largest counts in PATHS.txt
(ties by smaller Ball-Larus id), and the other interesting paths have no
id.  Prints one line per such function, "NAME: K of N numbered, range R"
(with what differs if they are not the hottest), in the notes' order, and
exits 1 on any difference.
"""
import re
import sys


def read_counts(path):
    counts, name = {}, None
    for line in open(path):
        f = line.split()
        if f[:1] == ["function"]:
            name = re.match(r'function "(.*)"$', line.strip()).group(1)
            counts[name] = {}
        elif f[:1] == ["path"]:
            counts[name][int(f[1])] = int(f[2])
    return counts


def main():
    counts = read_counts(sys.argv[2])
    ok = True
    name = hottest = None
    for line in list(open(sys.argv[1])) + ["end"]:
        f = line.split()
        if f[:1] == ["function"]:
            name = re.match(r'function "(.*)"$', line.strip()).group(1)
            hottest, with_id, without = None, set(), set()
        elif f[:1] == ["hottest"]:
            hottest = (int(f[1]), int(f[2]))
        elif f[:1] == ["interesting"]:
            (without if f[2] == "-" else with_id).add(int(f[1]))
        elif f[:1] == ["end"] and hottest:
            k, rng = hottest
            c = counts[name]
            want = set(sorted(c, key=lambda p: (-c[p], p))[:k])
            msg = "%s: %d of %d numbered, range %d" % (
                name, len(with_id), len(with_id) + len(without), rng)
            if with_id != want or len(with_id) != k:
                ok = False
                msg += " (not the hottest: %s, want %s)" % (
                    sorted(with_id), sorted(want))
            print(msg)
            hottest = None
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
