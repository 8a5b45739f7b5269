#!/usr/bin/env python3
# pathprof plugin tests: random programs for the exactness oracle.
#
# Copyright (C) 2026 The pathprof developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   gen-random.py SEED [cxx] [ITERATIONS]  > prog.c (or prog.cc)
#
# Functions full of nested loops, if/else, switch with fallthrough,
# break/continue, early returns, gotos forward and backward, computed
# gotos, mutual recursion, setjmp/longjmp (C) or try/throw (C++), and a
# rare exit (); all bounded by a fuel counter, deterministic per seed.
import random, sys
seed = int(sys.argv[1]); cxx = len(sys.argv) > 2 and sys.argv[2] == 'cxx'
iterations = int(sys.argv[3]) if len(sys.argv) > 3 else 200
R = random.Random(seed)
NF = R.randint(3, 7)
out = []
def P(s): out.append(s)
P('#include <stdio.h>\n#include <stdlib.h>\n#include <setjmp.h>')
P('static unsigned long long st = %d;' % (seed * 7 + 1))
P('static unsigned rnd(void) { st = st * 6364136223846793005ULL + 1442695040888963407ULL; return (unsigned)(st >> 33); }')
P('int fuel, depth; jmp_buf jb; int jb_ok;')
for i in range(NF): P('int f%d(int a);' % i)
class F:
    pass
def gen_func(fi):
    f = F(); f.intry = 0; f.labels = []; f.nlab = 0; f.loopvars = 0; f.cgoto = R.random() < 0.3; f.sj = (not cxx) and R.random() < 0.2 and fi > 0
    body = []
    def stmts(depth, inloop, n=None):
        res = []
        for _ in range(n if n is not None else R.randint(1, 4)):
            res += stmt(depth, inloop)
        return res
    def stmt(depth, inloop):
        k = R.random()
        if depth > 3 or k < 0.2:
            c = R.random()
            if c < 0.3: return ['x += %d;' % R.randint(1, 9)]
            if c < 0.4 and inloop: return ['if (rnd() %% %d == 0) break;' % R.randint(2, 6)]
            if c < 0.5 and inloop: return ['if (rnd() %% %d == 0) continue;' % R.randint(2, 6)]
            if c < 0.58: return ['if (rnd() %% %d == 0) { %sreturn x; }' % (R.randint(3, 12), 'jb_ok = 0; ' if f.sj else '')]
            if c < 0.7 and f.labels: return ['if (rnd() %% 3 == 0 && fuel-- > 0) goto %s;' % R.choice(f.labels)]
            if c < 0.8:
                j = R.randint(0, NF - 1)
                return ['if (depth < 4) { depth++; x += f%d(x); depth--; }' % j]
            if c < 0.83: return ['if (rnd() % 997 == 0 && fuel > 40) { fflush(stdout); exit(0); }']
            if c < 0.86 and cxx: return ['if (rnd() %% 5 == 0) throw %d;' % R.randint(1, 5)]
            if c < 0.88 and not cxx: return ['if (jb_ok && rnd() % 11 == 0) longjmp(jb, 1);']
            if c < 0.92 and f.cgoto and f.labels: return ['if (fuel-- > 0) { static void *t%d[] = {%s}; goto *t%d[rnd() %% %d]; }' % (f.nlab, ', '.join('&&' + l for l in f.labels), f.nlab, len(f.labels))]
            if f.intry: return ['x -= 1;']
            lab = 'L%d' % f.nlab; f.nlab += 1; f.labels.append(lab)
            return ['%s: x ^= %d;' % (lab, R.randint(1, 99))]
        c = R.random()
        if c < 0.3:
            return ['if (rnd() %% %d == 0) {' % R.randint(2, 4)] + stmts(depth + 1, inloop) + ['} else {'] + stmts(depth + 1, inloop) + ['}']
        if c < 0.45:
            v = 'i%d' % f.loopvars; f.loopvars += 1
            return ['for (%s = 0; %s < (int)(rnd() %% 4); %s++) {' % (v, v, v)] + stmts(depth + 1, True) + ['}']
        if c < 0.55:
            return ['while (rnd() % 3) { if (--fuel < 0) break;'] + stmts(depth + 1, True) + ['}']
        if c < 0.62:
            return ['do {'] + stmts(depth + 1, True) + ['} while (rnd() % 4 == 0 && fuel-- > 0);']
        if c < 0.75:
            r = ['switch (rnd() %% %d) {' % R.randint(3, 7)]
            for cs in range(R.randint(1, 4)):
                r += ['case %d:' % cs] + stmts(depth + 1, inloop, R.randint(0, 2))
                if R.random() < 0.7: r += ['break;']
            r += ['default:'] + stmts(depth + 1, inloop, 1) + ['}']
            return r
        if c < 0.82 and cxx:
            f.intry += 1
            r = ['try {'] + stmts(depth + 1, inloop) + ['} catch (int e) { x += e;'] + stmts(depth + 1, inloop, 1) + ['}']
            f.intry -= 1
            return r
        if c < 0.86 and f.sj:
            return ['if (setjmp(jb) == 0) { jb_ok = 1;'] + stmts(depth + 1, inloop) + ['jb_ok = 0; } else { jb_ok = 0; x += 100; }']
        return stmts(depth + 1, inloop)
    b = stmts(0, False, R.randint(3, 8))
    P('int f%d(int a) {' % fi)
    P('  volatile int x = a; int %s;' % ', '.join(['dummy'] + ['i%d = 0' % i for i in range(f.loopvars)]))
    P('  (void) dummy;')
    for l in b: P('  ' + l)
    P('  %sreturn x;' % ('jb_ok = 0; ' if f.sj else ''))
    P('}')
for i in range(NF): gen_func(i)
P('int main(int argc, char **argv) {')
P('  long t = 0; (void) argv;')
P('  for (int k = 0; k < %d; k++) { fuel = 60; depth = 0; jb_ok = 0;' % iterations)
if cxx: P('    try { t += f%d(k + argc); } catch (int e) { t += e; }' % 0)
else: P('    t += f0(k + argc);')
P('  }')
P('  printf("%ld\\n", t); return 0; }')
print('\n'.join(out))
