#!/usr/bin/env python3
"""The gcov oracle: compares the counts derived from a path profile with
gcov's, for objects compiled with both --coverage and the pathprof plugin
and run (so that both profiles describe the same executions).

    python3 tests/gcov/compare.py [-v] [--allow-inlined] [--forks]
                                  [--skipped NAME,...] SHOW_JSON NOTES.ppno...

SHOW_JSON is the output of `pathprof show --json --top 1 PROFILE.ppd`;
each NOTES.ppno names an object whose gcov notes (.gcno) and data (.gcda,
absent if the object never ran) sit next to it with the same base name.
gcov ($GCOV, default gcov) is run on each object twice: `gcov -b -j
--stdout` (JSON: branches per line, functions) and `gcov -a -b -c -u -t`
(text: per block, which calls did not return).  --skipped names the
functions the plugin said it left uninstrumented; --allow-inlined lets
functions gcov does not know (always_inline ones, inlined even at -O0
before gcov instruments) be left out, with their lines, instead of
failing; --forks bounds the comparison of the functions with calls that
returned more often than they were made (the program forks).  Prints a line per object with a mismatch (each mismatch
listed) and a summary; exit status 1 on any mismatch, 2 on bad input.
The rules are in tests/gcov/README; in short:

  Branches: our branches are the CFG edges leaving nodes with two or more
  out-edges, except nodes whose every out-edge enters an abnormal-target
  head (computed goto: gcov replaces those edges by fake ones) and nodes
  without a location; each is placed on its node's line_last, the line
  gcov attaches the block's branches to (none when line_last is 0: gcov
  shows no branches for such a block), or where the notes' "# gcov-lines"
  comment for the node says (blocks with code from several files, which
  gcov attaches once per run of lines from one file).  Per source line, the multiset of
  gcov's branch counts equals the multiset of ours; and per function (a
  line belongs to the functions of ours with a node on it, else to the
  innermost function of gcov's whose start_line..end_line holds it;
  functions sharing a line are compared together), too.

  Entries, per function: gcov's execution_count (the entry block's count)
  equals our invocations plus, for every head node, its executions not
  coming through CFG edges that gcov keeps (the entries by longjmp,
  nonlocal goto or computed goto, which gcov makes fake edges from the
  entry block).

  Lost paths: a call that does not return (the callee calls exit, a
  longjmp or an exception leaves through this frame) abandons the
  caller's path in flight, which pathprof does not count (specs/
  cfg-rules.md, "What is counted").  gcov shows such calls: "call N
  returned R" with R below the count of its block.  Where the functions
  concerned have A > 0 such calls, the comparison is bounded instead of
  exact: the same number of branches, each of ours 0..A below its
  partner in sorted order (entries too).

  Forked paths: the child of a fork goes on with the paths in flight of
  every frame on its stack, and counts them when they end, as its parent
  does: the edges a path took before the fork are counted in both
  processes, where gcov counted them once (its child starts with zeroed
  counters, as ours).  gcov shows a call that returned more often than
  it was made: "call N returned R" with R above the count of its block
  (fork's, and a call of a function that forked and returned in both).
  Where the functions concerned have F such extra returns, each of ours
  may be 0..F above its partner; with both, -F..A around it.  Only with
  --forks: gcov's text also shows a call returning more often than the
  block it reads for it where it attaches blocks to lines in its own way
  (xz-utils' lzma_encoder.c at -O2, calls of inlined functions), and
  those must keep their exact comparison.
"""

import collections
import json
import os
import re
import subprocess
import sys


class BadInput(Exception):
    pass


def unquote(text, where):
    """A quoted notes string (C escapes) to str."""
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise BadInput("%s: expected a quoted string, not %s" % (where, text))
    out = bytearray()
    body = text[1:-1].encode("utf-8", "surrogateescape")
    i = 0
    while i < len(body):
        c = body[i]
        if c == 0x5C and i + 1 < len(body):
            n = chr(body[i + 1])
            if n == "x":
                out.append(int(body[i + 2:i + 4], 16))
                i += 4
                continue
            out.append({"n": 10, "t": 9, "\\": 0x5C, '"': 0x22}[n])
            i += 2
            continue
        out.append(c)
        i += 1
    return out.decode("utf-8", "surrogateescape")


def split_record(line):
    """Tokens of a notes line; a quoted string is one token."""
    tokens = []
    i = 0
    while i < len(line):
        if line[i] == " ":
            i += 1
        elif line[i] == '"':
            j = i + 1
            while j < len(line) and line[j] != '"':
                j += 2 if line[j] == "\\" else 1
            tokens.append(line[i:j + 1])
            i = j + 1
        else:
            j = line.find(" ", i)
            j = len(line) if j < 0 else j
            tokens.append(line[i:j])
            i = j
    return tokens


def read_notes(path):
    """{function: {"blocks": {node: (file, lo, hi, last)}, "edges": [(src,
    dst)], "heads": {node: kind}, "gcov_lines": {node: [(file, line)]},
    "checks": [(end, kind, via_kind, via, [(file, line)])]}} from a .ppno
    file (gcov_lines: the "# gcov-lines" comments, where gcov attaches a
    block's branches when that is not (file, last); checks: the "# check"
    comments of a build with -fprofile-arcs, the path ends whose code
    branches)."""
    functions = {}
    fn = None
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        for number, raw in enumerate(f, 1):
            where = "%s:%d" % (path, number)
            t = split_record(raw.rstrip("\n").strip())
            if not t:
                continue
            if t[0] == "#" and len(t) == 4 and t[1] == "head" and fn is not None:
                fn["heads"][int(t[2])] = t[3]
            elif t[0] == "#" and len(t) >= 3 and t[1] == "gcov-lines" and fn is not None:
                if len(t) % 2 != 1:
                    raise BadInput("%s: a gcov-lines comment has (file, line) pairs" % where)
                fn["gcov_lines"][int(t[2])] = [(unquote(t[i], where), int(t[i + 1]))
                                               for i in range(3, len(t), 2)]
            elif t[0] == "#" and len(t) >= 6 and t[1] == "check" and fn is not None:
                if (len(t) % 2 != 0 or t[3] not in ("slot", "bounds", "log")
                        or t[4] not in ("e", "n")):
                    raise BadInput("%s: expected '# check END slot|bounds|log e|n VIA"
                                   " [FILE LINE]...'" % where)
                fn["checks"].append((int(t[2]), t[3], t[4], int(t[5]),
                                     [(unquote(t[i], where), int(t[i + 1]))
                                      for i in range(6, len(t), 2)]))
            elif t[0] == "function":
                fn = {"blocks": {}, "edges": [], "heads": {}, "gcov_lines": {},
                      "checks": []}
                functions[unquote(t[1], where)] = fn
            elif t[0] == "block" and fn is not None:
                if len(t) != 7:
                    raise BadInput("%s: a block record has 7 fields" % where)
                fn["blocks"][int(t[1])] = (unquote(t[3], where), int(t[4]),
                                           int(t[5]), int(t[6]))
            elif t[0] == "edge" and fn is not None:
                fn["edges"].append((int(t[1]), int(t[2])))
            elif t[0] == "end":
                fn = None
    return functions


GCOV_TAG_FUNCTION = 0x01000000
GCOV_TAG_BLOCKS = 0x01410000
GCOV_TAG_ARCS = 0x01430000
GCOV_TAG_LINES = 0x01450000
GCOV_ARC_FAKE = 2


def read_gcno(gcno):
    """From the gcov notes GCNO: (the names of the functions it flags
    artificial, {function: (lines, branches)} for the functions whose
    last block has two or more non-fake out-arcs).

    Artificial functions (DECL_ARTIFICIAL: C++'s implicit constructors
    and destructors, the static initializers _GLOBAL__sub_I_* and their
    __static_initialization_and_destruction_0, OpenMP's outlined regions)
    are instrumented by gcov, which reports neither them nor their lines.

    A function's last block: gcov 12's add_line_counts takes the block
    with the highest index for the exit block ("ix + 1 ==
    fn->blocks.size ()"; GCC's exit block is block 1) and attaches none of
    its branches to a line, though it is an ordinary block.  LINES are the
    lines (file, line) it would have attached them to, once per run of
    lines from one file (see the README, "Which levels"), BRANCHES the
    number of its non-fake out-arcs.

    The format is gcov-io.h's (GCC 12): 32-bit words in the writer's byte
    order; a header (magic, version, stamp, checksum, the working
    directory, the unexecuted-blocks flag), then records (tag, length in
    bytes, data); a string is its length in bytes, NUL included, and the
    bytes."""
    with open(gcno, "rb") as f:
        data = f.read()
    if data[:4] == b"oncg":
        order = "<"
    elif data[:4] == b"gcno":
        order = ">"
    else:
        raise BadInput("%s: not a gcov notes file" % gcno)
    pos = 4

    def word():
        nonlocal pos
        if pos + 4 > len(data):
            raise BadInput("%s: truncated at byte %d" % (gcno, pos))
        pos += 4
        return int.from_bytes(data[pos - 4:pos], "little" if order == "<" else "big")

    def string():
        nonlocal pos
        n = word()
        if pos + n > len(data):
            raise BadInput("%s: truncated string at byte %d" % (gcno, pos))
        pos += n
        return data[pos - n:pos].rstrip(b"\0").decode("utf-8", "surrogateescape")

    # The version, e.g. "B22*" for 12.2: before GCC 12, lengths counted
    # words and strings were padded.
    version = word().to_bytes(4, "big").decode("latin-1")
    if not ("A" <= version[0] <= "Z" and version[1].isdigit()
            and (ord(version[0]) - ord("A")) * 10 + int(version[1]) >= 12):
        raise BadInput("%s: gcov notes version %r, before GCC 12's format"
                       % (gcno, version))
    word(), word()  # stamp, checksum
    cwd = string()
    word()    # support for unexecuted blocks
    artificial = set()
    last_blocks = {}
    name = None
    n_blocks = 0
    while pos < len(data):
        tag, length = word(), word()
        end = pos + length
        if tag == 0:
            break
        if end > len(data):
            raise BadInput("%s: record 0x%08x at byte %d runs past the end"
                           % (gcno, tag, pos - 8))
        if tag == GCOV_TAG_FUNCTION and length:
            word(), word(), word()  # ident, line and CFG checksums
            name = string()
            if word():
                artificial.add(name)
        elif tag == GCOV_TAG_BLOCKS and name is not None:
            n_blocks = word()
        elif tag == GCOV_TAG_ARCS and name is not None:
            block = word()
            arcs = []
            while pos < end:
                arcs.append((word(), word()))
            branches = sum(1 for _, flags in arcs if not flags & GCOV_ARC_FAKE)
            if block + 1 == n_blocks and branches >= 2:
                last_blocks[name] = ([], branches)
        elif tag == GCOV_TAG_LINES and name in last_blocks:
            block = word()
            if block + 1 == n_blocks:
                runs = []
                while pos < end:
                    line = word()
                    if line:
                        runs[-1][1].append(line)
                    else:
                        file = string()
                        if not file:
                            break
                        runs.append((absolute(file, cwd), []))
                # gcov.cc sorts each run; add_line_counts would attach
                # once per run, to the last line seen.
                attached, last = [], None
                for file, lines in runs:
                    if lines:
                        last = (file, max(lines))
                    if last:
                        attached.append(last)
                last_blocks[name] = (attached, last_blocks[name][1])
        pos = end
    return artificial, last_blocks


class Ours:
    """Our side of one function: its branch nodes, the lines of its located
    nodes, its entries."""

    def __init__(self, name, notes_fn, shown, cwd, stats):
        self.problems = []
        self.nodes = []        # ([(file, line) gcov attaches], [out-edge counts])
        self.spans = []        # (file, lo, hi) of every located node
        edges = shown["cfg_edges"]
        if [(e["src"], e["dst"]) for e in edges] != notes_fn["edges"]:
            raise BadInput("function %s: the profile's CFG edges are not the notes'" % name)
        if shown["dropped"]:
            self.problems.append("function %s: %d path executions dropped (path log full)"
                                 % (name, shown["dropped"]))
        if shown["residual_dropped"]:
            self.problems.append("function %s: %d residual path executions dropped (path "
                                 "log full)" % (name, shown["residual_dropped"]))
        heads = notes_fn["heads"]
        for node, (file, lo, hi, last) in notes_fn["blocks"].items():
            if file:
                self.spans.append((absolute(file, cwd), lo, hi))
        # The lines in other files (inlined code) that gcov attaches a
        # block's branches to are the function's too.
        for node, lines in notes_fn["gcov_lines"].items():
            for f, n in lines:
                self.spans.append((absolute(f, cwd), n, n))
        out = collections.defaultdict(list)
        for e in edges:
            out[e["src"]].append(e)
        # Computed gotos: every out-edge enters an abnormal-target head.
        computed = set(n for n, succs in out.items()
                       if len(succs) >= 2
                       and all(heads.get(e["dst"]) == "abnormal-target" for e in succs))
        executions = collections.Counter()
        kept_in = collections.Counter()          # over the edges gcov keeps
        for e in edges:
            executions[e["src"]] += e["count"]
            if e["src"] not in computed:
                kept_in[e["dst"]] += e["count"]
        for d in shown["dag_edges"]:
            if d["kind"] == "exit":
                executions[d["origin"]] += d["count"]
        for node, succs in out.items():
            if len(succs) < 2:
                continue
            if node in computed:
                stats["computed_goto_nodes"] += 1
                continue
            file, lo, hi, last = notes_fn["blocks"].get(node, ("", 0, 0, 0))
            lines = notes_fn["gcov_lines"].get(node)
            if lines is None:
                lines = [(file, last)] if last else []
            if file == "" and not lines:
                # No statement with a location: gcov cannot place it either.
                stats["unlocated_nodes"] += 1
                continue
            self.nodes.append(([(absolute(f, cwd), n) for f, n in lines],
                               [e["count"] for e in succs]))
        # The branches of our path ends (the notes' "# check" comments):
        # (kind, [(file, line) gcov attaches them to], executions that
        # counted in a slot, executions in all).  The paths that reach a
        # path end's code are those through its DAG edge or node, which
        # all end with its END edge (the rest of their path is fixed
        # there: plugin/instrument.cc, compute_finish).
        self.checks = []
        dag = shown["dag_edges"]
        for end, kind, via_kind, via, lines in notes_fn["checks"]:
            if not (0 <= via < (len(dag) if via_kind == "e"
                                else len(notes_fn["blocks"]))):
                raise BadInput("function %s: a check comment names %s %d, which it "
                               "does not have" % (name, "DAG edge" if via_kind == "e"
                                                  else "node", via))
            if via_kind == "e":
                through = [dag[via]]
            else:
                through = [d for d in dag if d["dst"] == via]
            total = sum(d["count"] for d in through)
            hit = total - sum(d["residual_count"] for d in through)
            self.checks.append((kind, [(absolute(f, cwd), n) for f, n in lines],
                                hit, total))
        # gcov's entry count: the calls, plus the fake edges from the entry
        # that it puts in place of every abnormal edge into a block.
        self.entries = shown["invocations"]
        for node in heads:
            self.entries += executions[node] - kept_in[node]


class Owners:
    """Which functions a source line is in: those of ours with a node on
    it (the notes know every block's lines, #line directives included),
    else the innermost function of gcov's whose start_line..end_line holds
    it (several when their ranges are the same; HINT, gcov's own idea,
    decides among those)."""

    def __init__(self, doc, cwd, ours):
        self.ranges = collections.defaultdict(list)   # file -> [(start, end, name)]
        self.execution_count = {}
        for f in doc["files"]:
            file = absolute(f["file"], cwd)
            for fn in f["functions"]:
                self.ranges[file].append((fn["start_line"], fn["end_line"], fn["name"]))
                self.execution_count[fn["name"]] = fn["execution_count"]
        self.by_line = collections.defaultdict(set)
        for name, o in ours.items():
            for file, lo, hi in o.spans:
                for line in range(lo, hi + 1):
                    self.by_line[(file, line)].add(name)

    def __call__(self, file, line, hint=None):
        if (file, line) in self.by_line:
            return sorted(self.by_line[(file, line)])
        holding = [(end - start, name) for start, end, name in self.ranges[file]
                   if start <= line <= end]
        if not holding:
            return []
        size = min(s for s, _ in holding)
        names = sorted(n for s, n in holding if s == size)
        return [hint] if hint in names else names


def absolute(file, cwd):
    """FILE made absolute against CWD and normalized ("a/../b" is "b"), as
    GCC and gcov may spell the same file either way."""
    return os.path.normpath(os.path.join(cwd, file))


def run(cmd, cwd):
    r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        raise BadInput("%s failed: %s" % (" ".join(cmd), r.stderr.decode(errors="replace")))
    return r.stdout.decode("utf-8", "surrogateescape"), r.stderr.decode(errors="replace")


BLOCK = re.compile(r"^\s*([0-9]+\*?|#####|=====|%%%%%|\$\$\$\$\$):\s*([0-9]+)-block\s+[0-9]+$")
LINE = re.compile(r"^\s*([0-9]+\*?|#####|=====|-):\s*([0-9]+):")
CALL = re.compile(r"^call\s+[0-9]+ (returned ([0-9]+)|never executed)$")
FUNCTION = re.compile(r"^function (\S+) called ")
SOURCE = re.compile(r"^\s*-:\s*0:Source:(.*)$")


def gcov_count(text):
    return int(text.rstrip("*")) if text[0].isdigit() else 0


def read_calls(text, owners, cwd):
    """From gcov's text output (-a -b -c -u): {function: an upper bound of
    the calls that did not return}: for each
    call, the count of its block minus the times it returned.  A call's
    block is the last "-block" line before it on its source line; gcov
    does not print some blocks (those a call returns to), whose arcs follow
    the block before them, or come first on their line (then the line's
    count stands for the block's, never less).  Calls to noreturn
    functions (exit) count too: they lose no path (pathprof counts a path
    on entering the block that ends in one), but gcov's text does not tell
    them apart; counting them only makes a comparison bounded rather than
    exact.
    And {function: the returns beyond the calls}: a call that returned
    more often than its block ran (fork, in parent and child).  Returns
    (abandoned, forked)."""
    abandoned = collections.Counter()
    forked = collections.Counter()
    file = None
    header = None
    count = 0
    where = None
    for line in text.splitlines():
        m = SOURCE.match(line)
        if m:
            file = absolute(m.group(1), cwd)
            continue
        m = FUNCTION.match(line)
        if m:
            header = m.group(1)
            continue
        m = BLOCK.match(line) or LINE.match(line)
        if m:
            count = gcov_count(m.group(1)) if m.group(1) != "-" else 0
            where = (file, int(m.group(2)))
            continue
        m = CALL.match(line)
        if m and where and m.group(2) is not None and count != int(m.group(2)):
            returned = int(m.group(2))
            for name in owners(where[0], where[1], header):
                if count > returned:
                    abandoned[name] += count - returned
                else:
                    forked[name] += returned - count
    return abandoned, forked


def notes_object(path):
    """The object file a notes file describes (its "object" record): gcov's
    notes are named after it (foo.o -> foo.gcno), ours not always
    (libtool's .libs/foo.o -> .libs/foo-lt.ppno)."""
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        for number, raw in enumerate(f, 1):
            t = split_record(raw.rstrip("\n").strip())
            if t and t[0] == "object" and len(t) == 2:
                return unquote(t[1], "%s:%d" % (path, number))
            if t and t[0] == "function":
                break
    raise BadInput("%s: no object record" % path)


def gcov_object(notes_path):
    """(JSON document, text output, artificial function names, last
    blocks: see read_gcno) of gcov for the object of NOTES_PATH, or None
    when it has no data (never ran)."""
    base = os.path.splitext(notes_object(notes_path))[0]
    gcno = base + ".gcno"
    if not os.path.exists(base + ".gcda"):
        return None
    if not os.path.exists(gcno):
        raise BadInput("no gcov notes %s next to it" % gcno)
    gcov = os.environ.get("GCOV", "gcov")
    gcno = os.path.abspath(gcno)
    doc = json.loads(run([gcov, "-b", "-j", "--stdout", gcno], os.path.dirname(gcno))[0])
    # The text shows the calls only with the source lines, which gcov
    # reads from the sources' names as compiled, relative to the
    # compilation's directory (not the object's: zstd's Makefile compiles
    # into obj/conf_HASH/, libtool into .libs/).  Without them it would
    # show no call at all, and every call that did not return would go
    # unseen: an unreadable source is bad input.
    text, errors = run([gcov, "-a", "-b", "-c", "-u", "-t", gcno],
                       doc.get("current_working_directory") or os.path.dirname(gcno))
    for line in errors.splitlines():
        if line.startswith("Cannot open source file"):
            raise BadInput("gcov on %s: %s" % (gcno, line))
    artificial, last_blocks = read_gcno(gcno)
    return doc, text, artificial, last_blocks


def bounded(ours, theirs, slack, surplus=0):
    """Ours and gcov's multisets pair up with each of ours SLACK below to
    SURPLUS above its partner (sorted pairing is optimal for equal-width
    windows)."""
    a = sorted(ours.elements())
    b = sorted(theirs.elements())
    return len(a) == len(b) and all(-surplus <= y - x <= slack
                                    for x, y in zip(a, b))


def bound_text(slack, surplus):
    """What made a comparison bounded, for its mismatch message."""
    parts = []
    if slack:
        parts.append("%d calls did not return" % slack)
    if surplus:
        parts.append("%d returns more than calls" % surplus)
    return ", ".join(parts)


def compare_object(notes_path, shown_functions, skipped, allow_inlined, forks,
                   stats):
    notes = read_notes(notes_path)
    got = gcov_object(notes_path)
    if got is None:
        # Never ran: gcov has no data, and we must have counted nothing.
        stats["objects_not_run"] += 1
        return ["function %s: counted by pathprof, but the object has no gcov data" % n
                for n, f in sorted((shown_functions or {}).items()) if f["path_executions"]]
    if shown_functions is None:
        return ["object not in the profile, but gcov has data for it"]
    doc, text, artificial, last_blocks = got
    cwd = doc.get("current_working_directory", "")
    mismatches = []

    ours = {}
    for name, fn in notes.items():
        if name in artificial:
            stats["artificial_functions"] += 1
            continue
        shown = shown_functions.get(name)
        if shown is None:
            mismatches.append("function %s: in the notes, not in the profile" % name)
            continue
        if shown["error"] is not None or shown["cfg_edges"] is None:
            mismatches.append("function %s: pathprof cannot decode it: %s"
                              % (name, shown["error"]))
            continue
        o = Ours(name, fn, shown, cwd, stats)
        mismatches.extend(o.problems)
        ours[name] = o
    # The branches gcov shows on no line (its quirk with a function's last
    # block, read_gcno): those of our one branch node with the same lines
    # and as many branches.  Several such nodes, or none: left to fail.
    for name, (lines, branches) in sorted(last_blocks.items()):
        if name not in ours:
            continue
        same = [i for i, (ls, counts) in enumerate(ours[name].nodes)
                if ls == lines and len(counts) == branches]
        if len(same) == 1:
            del ours[name].nodes[same[0]]
            stats["last_block_branches"] += branches
    owners = Owners(doc, cwd, ours)
    abandoned, forked = read_calls(text, owners, cwd)
    if not forks:
        forked.clear()
    # Functions gcov does not know: inlined before its instrumentation
    # (at -O0, the always_inline ones: gcov sees their bodies in their
    # callers, one copy per call, on their own lines).  Left out, with the
    # lines they own.
    inlined = set(n for n in ours if n not in owners.execution_count)
    stats["inlined_functions"] += len(inlined)
    if not allow_inlined:
        mismatches.extend("function %s: not in gcov's output (inlined? see --allow-inlined)"
                          % n for n in sorted(inlined))

    # gcov's branches by line; the functions that share a line with
    # branches are compared together.
    parent = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    theirs_by_line = collections.defaultdict(collections.Counter)
    line_group = {}
    for f in doc["files"]:
        file = absolute(f["file"], cwd)
        for line in f["lines"]:
            if not line["branches"]:
                continue
            key = (file, line["line_number"])
            names = owners(file, key[1], line.get("function_name"))
            if not names:
                mismatches.append("%s:%d: gcov branches outside every function" % key)
                continue
            if all(n in skipped for n in names):
                stats["skipped_lines"] += 1
                continue
            for n in names[1:]:
                parent[find(n)] = find(names[0])
            theirs_by_line[key].update(b["count"] for b in line["branches"])
            line_group[key] = names[0]

    # Our branch nodes, on their line_last: the line gcov attaches their
    # branches to.  line_last 0: gcov shows no branches for the block (no
    # located statement after its last call: a "switch (f (x))" whose
    # switch has no location).
    our_groups = collections.defaultdict(collections.Counter)
    ours_by_line = collections.defaultdict(collections.Counter)
    line_names = collections.defaultdict(set)
    for name, o in ours.items():
        for lines, counts in o.nodes:
            if not lines:
                stats["lineless_nodes"] += 1
                continue
            # gcov counts a block's branches on each line it attaches
            # them to.
            for key in lines:
                our_groups[find(name)].update(counts)
                ours_by_line[key].update(counts)
                line_names[key].add(name)
    # Our path ends' branches: gcov instruments after the plugin, so the
    # branches of a path end's code are the program's to it, on the lines
    # of the block that ends with them.  A slot compare ends a block of
    # its own, which GCC's CFG cleanup (in gcov's pass, when it runs)
    # merges into the one before it: gcov then shows the compare's counts
    # (a hit for each execution of a path counted in its slot, a miss for
    # each logged one) there, else nowhere.  A bounds check (slot or not)
    # and a residual cache's probe (cached or not) end that block
    # themselves; their split is the runtime's, only their sum is known.
    # The compares first: their pair is exact, the others' only its sum.
    def excess(key):
        """gcov's branches on line KEY that ours do not account for."""
        return (theirs_by_line.get(key, collections.Counter())
                - ours_by_line.get(key, collections.Counter()))

    order = {"slot": 0, "bounds": 1, "log": 2}
    for name in sorted(ours):
        for kind, lines, hit, total in sorted(ours[name].checks,
                                              key=lambda c: order[c[0]]):
            if not lines:
                stats["unlocated_checks"] += 1
                continue
            if kind == "slot":
                candidates = [hit]
            else:
                candidates = [a for a in excess(lines[0])
                              if a <= total and (kind == "log" or a >= hit)]
            fits = sorted(set(tuple(sorted((a, total - a))) for a in candidates
                              if all(not (collections.Counter([a, total - a])
                                          - excess(key)) for key in lines)))
            if len(fits) > 1:
                # gcov has several pairs there that it could be: the first
                # is taken, and the summary says how often that happened.
                stats["ambiguous_checks"] += 1
            if not fits:
                stats["unseen_checks"] += 1
                continue
            pair = collections.Counter(fits[0])
            stats["seen_checks"] += 1
            stats["seen_" + kind] += 1
            our_groups[find(name)].update(pair)
            for key in lines:
                ours_by_line[key].update(pair)
                line_names[key].add(name)
    their_groups = collections.defaultdict(collections.Counter)
    for key, c in theirs_by_line.items():
        their_groups[find(line_group[key])] += c
        line_names[key].add(line_group[key])
    members = collections.defaultdict(list)
    for name in set(ours) | set(parent):
        members[find(name)].append(name)

    def compare(what, a, b, names, counter):
        """Exact, or bounded by the calls of NAMES that did not return."""
        slack = sum(abandoned[m] for m in names)
        surplus = sum(forked[m] for m in names)
        if slack == 0 and surplus == 0:
            if a != b:
                mismatches.append("%s: branch counts: pathprof %s, gcov %s"
                                  % (what, sorted(a.elements()), sorted(b.elements())))
            else:
                stats["exact_" + counter] += sum(b.values())
        elif bounded(a, b, slack, surplus):
            stats["bounded_" + counter] += sum(b.values())
        else:
            mismatches.append("%s: branch counts (%s): pathprof %s, gcov %s"
                              % (what, bound_text(slack, surplus),
                                 sorted(a.elements()), sorted(b.elements())))

    # Per function (per group of functions sharing lines).
    for root in sorted(set(our_groups) | set(their_groups)):
        names = set(members[root] or [root])
        if inlined & names:
            stats["inlined_branches"] += sum(their_groups[root].values())
            continue
        compare("function " + ",".join(sorted(names)), our_groups[root],
                their_groups[root], names, "branches")
    # Per line.
    for key in sorted(set(ours_by_line) | set(theirs_by_line)):
        names = set(n for name in line_names[key] for n in members[find(name)] or [name])
        if inlined & names:
            continue
        compare("%s:%d" % key, ours_by_line[key], theirs_by_line[key], names,
                "line_branches")

    for name in sorted(set(ours) | set(owners.execution_count)):
        if name in skipped or name in inlined:
            continue
        if name not in ours:
            if name not in notes:
                mismatches.append("function %s: in gcov's output, not in the notes "
                                  "(and the plugin did not say it skipped it)" % name)
            continue
        mine, theirs = ours[name].entries, owners.execution_count[name]
        slack, surplus = abandoned[name], forked[name]
        if mine == theirs and slack == 0 and surplus == 0:
            stats["exact_functions"] += 1
            stats["executed_functions"] += theirs > 0
        elif (slack or surplus) and -surplus <= theirs - mine <= slack:
            stats["bounded_functions"] += 1
        else:
            mismatches.append("function %s: entries: pathprof %d, gcov %d%s"
                              % (name, mine, theirs,
                                 " (%s)" % bound_text(slack, surplus)
                                 if slack or surplus else ""))
    return mismatches


def main(argv):
    verbose = False
    allow_inlined = False
    forks = False
    skipped = set()
    args = argv[1:]
    while args and args[0].startswith("-"):
        if args[0] == "-v":
            verbose = True
            args = args[1:]
        elif args[0] == "--allow-inlined":
            allow_inlined = True
            args = args[1:]
        elif args[0] == "--forks":
            forks = True
            args = args[1:]
        elif args[0] == "--skipped" and len(args) > 1:
            skipped.update(n for n in args[1].split(",") if n)
            args = args[2:]
        else:
            break
    if len(args) < 2:
        sys.stderr.write("usage: compare.py [-v] [--allow-inlined] [--forks] "
                         "[--skipped NAME,...] "
                         "SHOW_JSON NOTES.ppno...\n")
        return 2
    try:
        with open(args[0]) as f:
            show = json.load(f)
    except (OSError, ValueError) as e:
        sys.stderr.write("compare.py: %s: %s\n" % (args[0], e))
        return 2
    by_notes = {}
    for obj in show["objects"]:
        if obj["notes_error"] is not None:
            sys.stderr.write("compare.py: %s: %s\n" % (obj["notes"], obj["notes_error"]))
            return 2
        by_notes[os.path.realpath(obj["notes"])] = {f["name"]: f for f in obj["functions"]}
    stats = collections.Counter()
    failed = 0
    for notes_path in args[1:]:
        try:
            mismatches = compare_object(notes_path,
                                        by_notes.get(os.path.realpath(notes_path)),
                                        skipped, allow_inlined, forks, stats)
        except (BadInput, OSError, ValueError, KeyError) as e:
            mismatches = ["cannot compare: %s" % e]
        stats["objects"] += 1
        if mismatches:
            failed += 1
            print("FAIL %s: %d mismatches" % (notes_path, len(mismatches)))
            for m in mismatches[:40]:
                print("  " + m)
        elif verbose:
            print("ok %s" % notes_path)
    checks = ""
    if stats["seen_checks"] or stats["unseen_checks"] or stats["unlocated_checks"]:
        checks = ("; path ends that branch: %d shown by gcov (%d compares, %d bounds "
                  "checks, %d cache probes; %d of those two ambiguous), %d not, %d in "
                  "blocks without lines"
                  % (stats["seen_checks"], stats["seen_slot"], stats["seen_bounds"],
                     stats["seen_log"], stats["ambiguous_checks"], stats["unseen_checks"],
                     stats["unlocated_checks"]))
    print("gcov oracle: %d objects (%d not run); equal: %d function entries "
          "(%d executed), %d branches by function, %d by line; within the calls "
          "that did not return or returned twice: %d function entries, %d branches by function, %d "
          "by line; left out: %d computed-goto, %d unlocated and %d lineless "
          "nodes, %d artificial functions, %d branches of gcov's last blocks, "
          "%d lines of skipped functions, %d "
          "functions inlined before gcov (%d gcov branches)%s; %d objects with "
          "mismatches"
          % (stats["objects"], stats["objects_not_run"], stats["exact_functions"],
             stats["executed_functions"], stats["exact_branches"],
             stats["exact_line_branches"], stats["bounded_functions"],
             stats["bounded_branches"], stats["bounded_line_branches"],
             stats["computed_goto_nodes"], stats["unlocated_nodes"],
             stats["lineless_nodes"], stats["artificial_functions"],
             stats["last_block_branches"],
             stats["skipped_lines"], stats["inlined_functions"],
             stats["inlined_branches"], checks, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
