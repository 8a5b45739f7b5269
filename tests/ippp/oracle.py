#!/usr/bin/env python3
"""Exactness oracle of inter-procedural residual path profiling (issue 6).

    oracle.py [--bl] PATHPROF IPS TEST_TRACES FIELD_TRACES FIELD.ppd
              NOTES.ppno...

TEST_TRACES and FIELD_TRACES are directories of block traces of the
original program (tests/ippp/blocktrace.c): of the trace build's test runs
and of the IPPP build's field runs.  NOTES are the IPPP build's notes, for
the subpath CFGs (`subpaths` records) and the contexts each root's
supergraph inlined (`context` records).  From the traces alone, with its
own Ball-Larus numbering of the subpath CFGs, this rebuilds every segment
the runs executed (specs/segments.md): per invocation its subpaths (the
block sequence cut at call sites, back edges and exits), linked to the
invocations their call sites started, and for every invocation as a root
the pieces of its supergraph with the inlined calls' pieces in between,
cut at back edges and exits.  Then it checks, exactly:

  1. the IPPP build's profile (`pathprof show --json`) has executed the
     field segments, each with its count;
  2. `pathprof residual --json` reports as untested exactly the field
     segments the tests never ran, with their counts;
  3. every segment counted in a slot was run by the tests;
  4. the IPS file (`pathprof ips` on the trace build's traces) holds the
     tests' segments with their counts.

With --bl (a build with -fplugin-arg-pathprof-ipps-mode=bl: Ball-Larus
over the same supergraphs, no interesting set) checks 1 and 4 only.

Prints one line per check and the numbers compared; exits 1 on any
difference.
"""
import json
import os
import shlex
import subprocess
import sys
from collections import Counter


def fail(msg):
    sys.exit("oracle: " + msg)


# ----------------------------------------------------------------------
# Subpath CFGs and their Ball-Larus numbering (specs/numbering.md)

class Fn:
    def __init__(self, name, source):
        self.name, self.source = name, source
        self.n = 0
        self.entry = 0
        self.exits = set()
        self.edges = []          # (src, dst, cut)
        self.sites = []          # edge index of each call site
        self.bb = {}
        self.exit_block = None

    def number(self):
        """Numbers the DAG: s -> entry, the CFG edges in order (a cut edge
        becomes v -> t and s -> w), the exits in node order."""
        s, t = self.n, self.n + 1
        dag = [(s, self.entry, "entry", None)]
        self.real, self.cut_end, self.cut_start, self.exit_edge = {}, {}, {}, {}
        for i, (u, w, cut) in enumerate(self.edges):
            if cut == "none":
                self.real[i] = len(dag)
                dag.append((u, w, "real", i))
            else:
                self.cut_end[i] = len(dag)
                dag.append((u, t, "cutend", i))
                self.cut_start[i] = len(dag)
                dag.append((s, w, "cutstart", i))
        for v in sorted(self.exits):
            self.exit_edge[v] = len(dag)
            dag.append((v, t, "exit", v))
        out = {}
        for k, (u, w, _, _) in enumerate(dag):
            out.setdefault(u, []).append(k)
        # Reverse topological order by depth-first search from s.
        order, seen = [], set()

        def visit(v):
            stack = [(v, iter(out.get(v, [])))]
            seen.add(v)
            while stack:
                x, it = stack[-1]
                for k in it:
                    w = dag[k][1]
                    if w not in seen:
                        seen.add(w)
                        stack.append((w, iter(out.get(w, []))))
                        break
                else:
                    order.append(x)
                    stack.pop()

        visit(s)
        paths = {t: 1}
        self.weight = [0] * len(dag)
        for v in order:
            if v == t:
                continue
            total = 0
            for k in out.get(v, []):
                self.weight[k] = total
                total += paths[dag[k][1]]
            paths[v] = total
        self.edge_of = {(u, w): i for i, (u, w, _) in enumerate(self.edges)}
        self.site_of_edge = {e: k for k, e in enumerate(self.sites)}


def tokens(line):
    return shlex.split(line, posix=True)


class Root:
    """An instrumented function of the IPPP build: its supergraph's
    contexts (contexts[c] = (parent, site, callee Fn), context 0 the root)
    and the positions (context, subpath node) in its finish nodes."""

    def __init__(self, rec, local):
        self.contexts = [None] + [(p, s, local[c])
                                  for p, s, c in rec["contexts"][1:]]
        finish = finish_nodes(rec)
        self.finish = {pos for m, poss in rec["nodes"].items()
                       if finish[m] for pos in poss}


def finish_nodes(rec):
    """Mirrors instrument.cc: compute_finish (and plugin/tests/oracle.c)
    on a function record of the notes: the map nodes whose path is
    counted when they are entered, before their statements."""
    n, entry = rec["n"], rec["entry"]
    exit_node = next((v for v, b in rec["bb"].items() if b == 1), -1)
    head, outedges = rec["head"], rec["outedges"]
    out, inn = {}, {}
    for e in rec["dag"]:
        out.setdefault(e[0], []).append(e)
        inn.setdefault(e[1], []).append(e)

    def single_way_on(p):
        if p >= n or p == entry or p in outedges or len(out.get(p, [])) != 1:
            return False
        e = out[p][0]
        return e[2] == "real" and e[1] not in head

    def chainable(x):
        return x not in head and x not in outedges

    order, seen = [], set()
    for v in range(n + 2):
        if v in seen:
            continue
        seen.add(v)
        stack = [(v, iter(out.get(v, [])))]
        while stack:
            x, it = stack[-1]
            for e in it:
                if e[1] not in seen:
                    seen.add(e[1])
                    stack.append((e[1], iter(out.get(e[1], []))))
                    break
            else:
                order.append(x)
                stack.pop()
    finish, barrier = [False] * (n + 2), [False] * (n + 2)
    for x in order:           # successors first
        if x >= n or x == entry:
            continue
        if x == exit_node:
            finish[x] = True
        elif x not in outedges and len(out.get(x, [])) == 1:
            e = out[x][0]
            if e[2] == "exit":
                finish[x] = True
            elif single_way_on(x):
                finish[x] = e[1] == exit_node or (
                    chainable(e[1]) and finish[e[1]] and not barrier[e[1]])
        if not finish[x] or x == exit_node or not chainable(x):
            continue
        others = sum(1 for e in inn.get(x, []) if not single_way_on(e[0]))
        barrier[x] = others > 2
    return finish


def read_notes(paths):
    """{(source, name): Fn} of the subpaths records, and {(source, name):
    Root} of the instrumented functions."""
    fns, roots, fns_objs = {}, {}, []
    for path in paths:
        obj = len(fns_objs)
        fns_objs.append(path)
        cur, kind, local, file_roots = None, None, {}, {}
        for line in open(path):
            t = tokens(line)
            if not t:
                continue
            if t[0] in ("function", "subpaths"):
                kind = t[0]
                cur = {"name": t[1], "contexts": [None], "edges": [],
                       "sites": [], "callees": [], "exits": set(),
                       "bb": {}, "refused": None, "dag": [], "nodes": {},
                       "head": set(), "outedges": set()}
            elif cur is None:
                continue
            elif t[0] == "#" and len(t) > 2 and t[1] == "head":
                cur["head"].add(int(t[2]))
            elif t[0] == "#" and len(t) > 2 and t[1] == "outedges":
                cur["outedges"].add(int(t[2]))
            elif t[0].startswith("#"):
                continue
            elif t[0] == "source":
                cur["source"] = t[1]
            elif t[0] == "cfg":
                cur["n"], cur["entry"] = int(t[1]), int(t[2])
            elif t[0] == "block":
                cur["bb"][int(t[1])] = int(t[2])
            elif t[0] == "exit":
                cur["exits"].add(int(t[1]))
            elif t[0] == "edge":
                cur["edges"].append((int(t[1]), int(t[2]), t[3]))
            elif t[0] == "dagedge":
                cur["dag"].append((int(t[2]), int(t[3]), t[4]))
            elif t[0] == "node":
                cur["nodes"][int(t[1])] = [tuple(int(x) for x in a.split(":"))
                                           for a in t[2:]]
            elif t[0] == "site":
                cur["sites"].append(int(t[2]))
                cur["callees"].append(None if t[3] == "-" else t[3])
            elif t[0] == "refused":
                cur["refused"] = t[1]
            elif t[0] == "context":
                cur["contexts"].append((int(t[2]), int(t[3]), t[4]))
            elif t[0] == "end":
                key = (cur["source"], cur["name"])
                if kind == "subpaths":
                    f = Fn(cur["name"], cur["source"])
                    f.n, f.entry = cur["n"], cur["entry"]
                    f.edges, f.sites = cur["edges"], cur["sites"]
                    f.exits, f.bb = cur["exits"], cur["bb"]
                    f.site_callee, f.refused = cur["callees"], cur["refused"]
                    f.obj = obj
                    f.exit_block = next((v for v, b in f.bb.items()
                                         if b == 1), None)
                    f.number()
                    local[cur["name"]] = f
                    fns[key] = f
                else:
                    file_roots[key] = cur
                cur = None
        # Contexts name their callees by name, in the same object.
        for key, rec in file_roots.items():
            roots[key] = Root(rec, local)
    return fns, roots


# ----------------------------------------------------------------------
# Block traces

class Inv:
    def __init__(self, fn):
        self.fn = fn
        self.nodes = []
        self.calls = []          # [site, callee address, child Inv]
        self.pieces = None


def read_traces(directory, fns):
    """The invocations of every process of DIRECTORY, in order."""
    invs = []
    for name in sorted(os.listdir(directory)):
        by_id, pending = {}, None
        for line in open(os.path.join(directory, name)):
            t = line.split()
            if t[0] == "E":
                key = (t[2], t[3])
                if key not in fns:
                    fail("%s: %s is not in the notes" % (name, key))
                inv = Inv(fns[key])
                by_id[t[1]] = inv
                invs.append(inv)
                # The call a site announced, if this is its callee.
                if pending and pending[2] == t[4]:
                    pending[3] = inv
                pending = None
            elif t[0] == "N":
                by_id[t[1]].nodes.append(int(t[2]))
            elif t[0] == "S":
                call = [int(t[2]), t[3], t[3], None]
                by_id[t[1]].calls.append(call)
                pending = call
    return invs


def pieces(inv):
    """The subpaths of INV: (id, starts, ends, site), ends 'call', 'back',
    'split', 'return' or 'exit'.  Sets inv.finished, false when the
    process ended in the invocation (exit called in a callee): then its
    last piece is the one that ended at that call, if it was a call site,
    and inv.last its last node."""
    f = inv.fn
    out = []
    dag, start = [0], "entry"     # the entry edge s -> entry
    after = None
    nodes = [f.entry] + inv.nodes
    for a, b in zip(nodes, nodes[1:]):
        e = f.edge_of.get((a, b))
        if e is None:
            fail("%s: no edge %d -> %d" % (f.name, a, b))
        cut = f.edges[e][2]
        if cut == "none":
            dag.append(f.real[e])
            continue
        dag.append(f.cut_end[e])
        out.append((sum(f.weight[k] for k in dag), start, cut,
                    f.site_of_edge.get(e)))
        dag, start = [f.cut_start[e]], cut
        after = (b, [f.cut_start[e]]) if cut == "call" else None
    inv.last, inv.finished = nodes[-1], True
    call = next((e for e in f.sites if f.edges[e][0] == inv.last), None)
    if (inv.last, f.exit_block) in f.edge_of:
        dag += [f.real[f.edge_of[(inv.last, f.exit_block)]],
                f.exit_edge[f.exit_block]]
        out.append((sum(f.weight[k] for k in dag), start, "return", None))
    elif inv.last in f.exits:
        dag.append(f.exit_edge[inv.last])
        out.append((sum(f.weight[k] for k in dag), start, "exit", None))
    else:
        # inv.rest: where the rest of its segments starts for an IPPP
        # build's finish nodes (the last node, the piece so far), and
        # inv.after: for the trace (after its last call site).
        inv.finished = False
        inv.rest, inv.after = (inv.last, dag), after
        if call is not None:
            dag.append(f.cut_end[call])
            out.append((sum(f.weight[k] for k in dag), start, "call",
                        f.site_of_edge[call]))
            inv.rest = inv.after = (f.edges[call][1], [f.cut_start[call]])
    return out


def way_on(root, chain, fn, node, dag, inline, calls):
    """The rest of a segment of ROOT that the process ended in, from NODE
    of FN (reached from the root through CHAIN, DAG: its piece so far):
    the only way on to the segment's end, returning from the inlined
    copies of CHAIN; into inlined calls if CALLS (an IPPP build's finish
    nodes), else calling nothing (`pathprof ips`).  None if there is no
    single way."""
    out, chain = [], list(chain)
    while True:
        f = fn
        edges = [e for e, (u, _, _) in enumerate(f.edges) if u == node]
        if (node, f.exit_block) in f.edge_of:
            dag += [f.real[f.edge_of[(node, f.exit_block)]],
                    f.exit_edge[f.exit_block]]
            out.append("%s:%d" % (f.name, sum(f.weight[k] for k in dag)))
            if not chain:
                return out
            site, _ = chain.pop()
            fn = chain[-1][1] if chain else root
            e = fn.sites[site]
            out.append(")")
            node, dag = fn.edges[e][1], [fn.cut_start[e]]
            continue
        if node in f.exits:
            dag.append(f.exit_edge[node])
            out.append("%s:%d" % (f.name, sum(f.weight[k] for k in dag)))
            return out
        if len(edges) != 1:
            return None
        e = edges[0]
        cut = f.edges[e][2]
        if cut == "none":
            dag.append(f.real[e])
            node = f.edges[e][1]
            continue
        dag.append(f.cut_end[e])
        out.append("%s:%d" % (f.name, sum(f.weight[k] for k in dag)))
        if cut != "call":
            return out
        if not calls:
            return None
        site = f.site_of_edge[e]
        sub = inline.callee(root, chain, site)
        if sub is None:
            node, dag = f.edges[e][1], [f.cut_start[e]]
            continue
        chain.append((site, sub))
        fn = sub
        out.append("(")
        node, dag = fn.entry, [0]


class Inline:
    """Which calls a root's supergraph inlines: the contexts of the IPPP
    build's notes (BUILD), or every call the trace build's extractor
    would follow up to depth K (`pathprof ips`): a linked callee of the
    same object, not refused, the site's own callee for a direct call."""

    def __init__(self, roots=None, depth=None):
        self.roots, self.depth = roots, depth

    def is_root(self, fn):
        return self.roots is None or (fn.source, fn.name) in self.roots

    def start(self, fn):
        return 0

    def callee(self, root, chain, site):
        """The function the IPPP build inlined at SITE of the copy that
        CHAIN reaches in ROOT's supergraph, or None."""
        contexts = self.roots[(root.source, root.name)].contexts
        ctx = 0
        for s, f in chain:
            ctx = self.sub(None, root, ctx, s, f)
        return next((x[2] for x in contexts
                     if x and x[0] == ctx and x[1] == site), None)

    def sub(self, fn, root, ctx, site, child):
        if self.roots is not None:
            contexts = self.roots[(root.source, root.name)].contexts
            for c, x in enumerate(contexts):
                if x and x[0] == ctx and x[1] == site and x[2] is child:
                    return c
            return None
        callee = fn.site_callee[site]
        if (ctx >= self.depth or child.refused or child.obj != fn.obj
                or (callee is not None and callee != child.name)):
            return None
        return ctx + 1


def stream(inv, root, ctx, inline, chain):
    """The run of INV's pieces in context CTX of ROOT's supergraph, the
    inlined calls' runs in between: (ctx chain, fn, id, starts, ends),
    '(' and ')', and ('end', ctx, node) where the process ended.  Marks
    the invocations run inlined."""
    calls = iter(inv.calls)
    for pid, starts, ends, site in inv.pieces:
        yield (chain, inv.fn, pid, starts, ends)
        if ends != "call":
            continue
        call = next(calls)
        assert call[0] == site
        child = call[3]
        sub = None
        if child is not None:
            sub = inline.sub(inv.fn, root, ctx, site, child.fn)
        if sub is None:
            continue
        child.inlined = True
        yield "("
        yield from stream(child, root, sub, inline,
                          chain + [(site, child.fn)])
        yield ")"
    if not inv.finished:
        yield ("end", ctx, inv, chain)


def segments(invs, inline, every_root, counter):
    """Counts in COUNTER the segments of INVS: every invocation is a root
    (EVERY_ROOT: the depth-k segments of a test suite, `pathprof ips`) or
    only those their callers' supergraphs did not inline (the IPPP
    build's).  A segment the process ended in is counted, with its rest,
    once it entered a finish node of the IPPP build's supergraph, or, in
    a trace, when its rest after the last call site is fixed and calls
    nothing (specs/segments.md)."""
    for inv in invs:
        inv.pieces = pieces(inv)
        inv.inlined = False
    for inv in invs:
        if (inv.inlined and not every_root) or not inline.is_root(inv.fn):
            continue
        cur = None
        key = (inv.fn.source, inv.fn.name)
        for x in stream(inv, inv.fn, 0, inline, []):
            if x in ("(", ")"):
                if cur is not None:
                    cur[1].append(x)
                continue
            if x[0] == "end":
                # The innermost place where the process ended.
                _, ctx, last, chain = x
                rest = None
                if cur is None:
                    pass
                elif not every_root:
                    if (ctx, last.last) in inline.roots[key].finish:
                        node, dag = last.rest
                        rest = way_on(inv.fn, chain, last.fn, node,
                                      list(dag), inline, True)
                        if rest is None:
                            fail("%s: a finish node with two ways on"
                                 % inv.fn.name)
                elif last.after is not None:
                    node, dag = last.after
                    rest = way_on(inv.fn, chain, last.fn, node, list(dag),
                                  inline, False)
                if rest is not None:
                    cur[1].extend(rest)
                    counter[(inv.fn.source, cur[0] + " : "
                             + " ".join(cur[1]))] += 1
                break
            chain, fn, pid, starts, ends = x
            if cur is None:
                if not (starts in ("back", "split")
                        or (starts == "entry" and not chain)):
                    continue
                head = inv.fn.name + "".join(" at %d %s" % (s, f.name)
                                              for s, f in chain)
                cur = (head, [])
            cur[1].append("%s:%d" % (fn.name, pid))
            if ends in ("back", "split", "exit") or (ends == "return"
                                                     and not chain):
                counter[(inv.fn.source, cur[0] + " : "
                         + " ".join(cur[1]))] += 1
                cur = None


# ----------------------------------------------------------------------
# What pathprof reports

def report(pathprof, *args):
    out = subprocess.run([pathprof] + list(args), check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def ips_segments(path):
    fns, segs = [], Counter()
    cur = None
    for line in open(path):
        t = tokens(line)
        if not t or t[0].startswith("#"):
            continue
        if t[0] == "function":
            cur = [t[2], None]
            fns.append(cur)
        elif t[0] == "source" and cur:
            cur[1] = t[1]
        elif t[0] == "segment":
            colon = t.index(":")
            head = [fns[int(t[1])][0]]
            for i in range(2, colon, 3):
                head.append("at %s %s" % (t[i + 1], fns[int(t[i + 2])][0]))
            body = []
            count = 0
            rest = t[colon + 1:]
            if "=" in rest:
                count = int(rest[rest.index("=") + 1])
                rest = rest[:rest.index("=")]
            for k in rest:
                if k in ("(", ")"):
                    body.append(k)
                else:
                    f, i = k.split(":")
                    body.append("%s:%s" % (fns[int(f)][0], i))
            segs[(fns[int(t[1])][1], " ".join(head) + " : "
                  + " ".join(body))] += count
    return segs


def main():
    args = sys.argv[1:]
    bl = args[0] == "--bl"
    if bl:
        args = args[1:]
    pathprof, ips, test_dir, field_dir, field_ppd = args[:5]
    fns, roots = read_notes(args[5:])
    depth = next(int(line.split()[1]) for line in open(ips)
                 if line.startswith("depth "))
    build = Inline(roots=roots)
    test_all, test, field = Counter(), Counter(), Counter()
    test_invs = read_traces(test_dir, fns)
    segments(test_invs, Inline(depth=depth), True, test_all)
    segments(test_invs, build, True, test)
    segments(read_traces(field_dir, fns), build, False, field)
    failures = []

    def check(what, ok, detail=""):
        print("%s: %s%s" % ("ok" if ok else "FAIL", what,
                            "" if ok else ": " + detail))
        if not ok:
            failures.append(what)

    def diff(a, b):
        return "missing %r, extra %r" % (
            sorted((k, a[k]) for k in a if a[k] != b.get(k))[:4],
            sorted((k, b[k]) for k in b if b[k] != a.get(k))[:4])

    shown = report(pathprof, "show", "--json", "--top", "0", field_ppd)
    executed, counted, fragments = Counter(), Counter(), 0
    for obj in shown["objects"]:
        for fn in obj["functions"]:
            for p in fn["paths"]:
                if "segment" not in p:
                    fail("function %s: a path without a segment"
                         % fn["name"])
                fragments += p["fragment"]
                executed[(fn["source"], p["segment"])] += p["count"]
                if not p["residual"]:
                    counted[(fn["source"], p["segment"])] += p["count"]
    check("no fragments of segments", fragments == 0, str(fragments))
    check("the field ran %d segments %d times, as the profile says"
          % (len(field), sum(field.values())),
          executed == field, diff(field, executed))

    if not bl:
        check_residual(pathprof, field_ppd, field, test, counted, check,
                       diff)
    from_ips = ips_segments(ips)
    check("the IPS file holds the tests' %d segments, run %d times"
          % (len(test_all), sum(test_all.values())), from_ips == test_all,
          diff(test_all, from_ips))
    sys.exit(1 if failures else 0)


def check_residual(pathprof, field_ppd, field, test, counted, check, diff):
    """Checks 2 and 3."""
    expected = Counter({k: c for k, c in field.items() if k not in test})
    got = Counter()
    residual = report(pathprof, "residual", "--json", "--top", "0",
                      field_ppd)
    for obj in residual["objects"]:
        for fn in obj["functions"]:
            for p in fn["untested"]:
                got[(fn["source"], p["segment"])] += p["count"]
    check("untested segments reported = field minus tests (%d, run %d "
          "times)" % (len(expected), sum(expected.values())),
          got == expected, diff(expected, got))
    s = residual["summary"]
    check("summary: %d untested of %d executed segments"
          % (len(expected), len(field)),
          (s["untested_paths"], s["executed_paths"], s["segments"])
          == (len(expected), len(field), True), repr(s))
    bad = sorted(k for k in counted if k not in test)
    check("every segment counted in a slot was run by the tests (%d)"
          % len(counted), not bad, repr(bad[:4]))


main()
