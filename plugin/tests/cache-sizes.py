#!/usr/bin/env python3
"""Checks the residual caches of a preferential build against its notes.

usage: cache-sizes.py NOTES.ppno NM.txt

NM.txt is `nm -S --defined-only` of the object.  Every function whose
notes say `storage ppp` (in slots) or `storage residual` (not in an
array) must have a cache `__pathprof_r.NAME` of 2^b keys and 2^b counts
(8 bytes each), where b is 10, or for a function with N > 256 interesting
paths (its `ppp N ...` record) the smallest b with 2^b >= 4 N, at most 17
(plugin/emit.cc, pp_residual_cache_bits); no other function has one.
Prints "K caches, L of them larger than 1024 entries" or the mismatches,
and exits 1 on a mismatch.
"""
import re
import sys


def expected_bits(n_interesting):
    bits = 10
    while bits < 17 and (1 << bits) < 4 * n_interesting:
        bits += 1
    return bits


def main():
    notes, nm = sys.argv[1], sys.argv[2]
    want = {}
    name = storage = None
    n_interesting = 0

    def close():
        if name is not None and storage in ("ppp", "residual"):
            want[name] = 16 << expected_bits(n_interesting)

    for line in open(notes, encoding="utf-8"):
        m = re.match(r'^function "(.*)"$', line.rstrip("\n"))
        if m:
            close()
            name, storage, n_interesting = m.group(1), None, 0
            continue
        m = re.match(r"^  storage (\S+)$", line.rstrip("\n"))
        if m:
            storage = m.group(1)
            continue
        m = re.match(r"^  ppp (\d+) ", line)
        if m:
            n_interesting = int(m.group(1))
    close()
    have = {}
    for line in open(nm, encoding="utf-8"):
        f = line.split()
        if len(f) == 4 and f[3].startswith("__pathprof_r."):
            have[f[3][len("__pathprof_r."):]] = int(f[1], 16)
    bad = []
    for fn in sorted(set(want) | set(have)):
        if want.get(fn) != have.get(fn):
            bad.append("%s: cache of %s bytes, expected %s"
                       % (fn, have.get(fn, "no"), want.get(fn, "none")))
    if bad:
        print("\n".join(bad))
        return 1
    print("%d caches, %d of them larger than 1024 entries"
          % (len(have), sum(1 for v in have.values() if v > 16 << 10)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
