#!/usr/bin/env python3
"""Writes a deterministic JSON document for jsoncpp's workloads.

    python3 scripts/debian/gen-json.py SEED SIZE [OUTPUT]

A top-level array of values until about SIZE bytes (a plain number) go to
OUTPUT (default stdout): nested objects and arrays, integers of every size
(the 32- and 64-bit limits included), decimals, exponents, strings with
escapes, \\u sequences (a surrogate pair too) and UTF-8, true, false,
null, and C and C++ comments, which jsoncpp's reader accepts by default.
The same SEED and SIZE always give the same bytes, on any machine: only
random.Random(seed).random is used, whose sequence Python keeps stable.
"""

import random
import sys

WORDS = ["alpha", "beta", "gamma", "delta", "\u00e9t\u00e9", "\u4e2d\u6587",
         "tab\\there", "quote\\\"d", "back\\\\slash", "\\u00e9\\u0041",
         "\\ud83d\\ude00", "line\\nbreak", "", "x" * 40]
LIMITS = [0, -1, 2**31 - 1, -2**31, 2**32, 2**63 - 1, -2**63, 2**64 - 1]


class Generator:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def below(self, n):
        return int(self.rng.random() * n)

    def pick(self, seq):
        return seq[self.below(len(seq))]

    def number(self):
        k = self.below(9)
        if k == 0:
            return str(self.pick(LIMITS))
        if k == 1:
            return "%de%d" % (1 + self.below(998), self.below(60) - 30)
        if k == 2:
            return "%.17g" % ((self.rng.random() - 0.5) * 2e6)
        if k == 3:
            return "%d.%dE+%d" % (self.below(10), self.below(1000), self.below(300))
        return str(self.below(200000) - 100000)

    def value(self, depth):
        k = self.below(12 if depth < 6 else 6)
        if k < 2:
            return self.number()
        if k < 4:
            return '"%s"' % self.pick(WORDS)
        if k == 4:
            return self.pick(["true", "false", "null"])
        if k == 5:
            return '"%s%d"' % (self.pick(WORDS), self.below(1000))
        n = self.below(8)
        if k < 9:
            return "[" + ", ".join(self.value(depth + 1) for _ in range(n)) + "]"
        items = ['"%s%d": %s' % (self.pick(WORDS[:6]), i, self.value(depth + 1))
                 for i in range(n)]
        if n and self.below(10) == 0:
            items[0] = "/* comment */ " + items[0]
        if n and self.below(10) == 0:
            items[-1] += " // comment\n"
        return "{" + ",\n".join(items) + "}"


def main(argv):
    if len(argv) not in (3, 4):
        sys.exit("usage: gen-json.py SEED SIZE [OUTPUT]")
    gen = Generator(int(argv[1]))
    size = int(argv[2])
    out, total = [], 0
    while total < size:
        v = gen.value(0)
        out.append(v)
        total += len(v.encode("utf-8")) + 2
    text = "[\n" + ",\n".join(out) + "\n]\n"
    if len(argv) == 4:
        with open(argv[3], "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv)
