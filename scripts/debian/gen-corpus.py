#!/usr/bin/env python3
"""Writes a deterministic mixed corpus for the compressor workloads.

    python3 scripts/debian/gen-corpus.py SEED SIZE [OUTPUT]

SIZE bytes (suffixes k and M) go to OUTPUT (default stdout); the same SEED
and SIZE always give the same bytes, on any machine (only
random.Random(seed).getrandbits and .random are used, whose sequences
Python keeps stable).  The corpus alternates chunks of different kinds so
that a compressor meets every regime: word text with a skewed vocabulary,
CSV-like numeric tables, long runs of one byte, bytes from a small
alphabet, and incompressible random bytes.
"""

import random
import sys


def size_arg(text):
    scale = 1
    if text.endswith("k"):
        scale, text = 1024, text[:-1]
    elif text.endswith("M"):
        scale, text = 1024 * 1024, text[:-1]
    if not text.isdigit():
        sys.exit("gen-corpus.py: bad size '%s' (a number, optionally with k or M)"
                 % text)
    return int(text) * scale


def below(rng, n):
    """A uniform integer in [0, n) from getrandbits: stable across Pythons."""
    bits = max(n.bit_length(), 1)
    while True:
        v = rng.getrandbits(bits)
        if v < n:
            return v


def make_vocabulary(rng, n_words):
    letters = "etaoinshrdlcumwfgypbvkjxqz"
    words = []
    for _ in range(n_words):
        length = 1 + below(rng, 9)
        # Skewed letter choice: earlier letters are more frequent.
        words.append("".join(letters[min(below(rng, 26), below(rng, 26))]
                             for _ in range(length)))
    return words


def text_chunk(rng, vocabulary, n):
    out = []
    size = 0
    line = 0
    while size < n:
        # Zipf-like: the index is the minimum of three draws.
        w = vocabulary[min(below(rng, len(vocabulary)) for _ in range(3))]
        line += len(w) + 1
        if line > 60 + below(rng, 20):
            w += "\n"
            line = 0
        else:
            w += " "
        out.append(w)
        size += len(w)
    return "".join(out).encode("ascii")[:n]


def table_chunk(rng, n):
    out = []
    size = 0
    row = 0
    while size < n:
        line = "%d,%d,%d.%02d,%s\n" % (row, below(rng, 1000),
                                       below(rng, 100000), below(rng, 100),
                                       "abcdefgh"[below(rng, 8)] * (1 + below(rng, 4)))
        out.append(line)
        size += len(line)
        row += 1
    return "".join(out).encode("ascii")[:n]


def chunk(rng, vocabulary, n):
    kind = below(rng, 10)
    if kind < 4:
        return text_chunk(rng, vocabulary, n)
    if kind < 6:
        return table_chunk(rng, n)
    if kind < 7:
        return bytes([below(rng, 256)]) * n
    if kind < 9:
        alphabet = bytes(below(rng, 256) for _ in range(2 + below(rng, 14)))
        return bytes(alphabet[below(rng, len(alphabet))] for _ in range(n))
    return rng.getrandbits(8 * n).to_bytes(n, "little") if n else b""


def main(argv):
    if len(argv) not in (3, 4) or not argv[1].isdigit():
        sys.exit("usage: gen-corpus.py SEED SIZE [OUTPUT]")
    rng = random.Random(int(argv[1]))
    size = size_arg(argv[2])
    vocabulary = make_vocabulary(rng, 2000)
    out = open(argv[3], "wb") if len(argv) == 4 else sys.stdout.buffer
    written = 0
    while written < size:
        n = min(size - written, 1 + below(rng, 64 * 1024))
        data = chunk(rng, vocabulary, n)
        out.write(data)
        written += len(data)
    out.close()


if __name__ == "__main__":
    main(sys.argv)
