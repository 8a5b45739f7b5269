"""The cost model: instrumentation instructions per executed path, from
instruction counts, which do not depend on the machine's noise.

valgrind's callgrind runs a recipe's workload with every process of the
build traced (programs from /usr, /bin and /sbin run natively: cmp,
md5sum, sed...).  The instructions of an instrumented build minus those of
the uninstrumented build on the same input are what the instrumentation
executes, less the profile's registration and writing, whose cost is per
process, not per path: callgrind stops counting inside the runtime's
constructor (__pathprof_init), exit handler (exit_handler) and
exec-time dump (__pathprof_dump), and libgcov's (__gcov_init,
__gcov_exit, __gcov_dump).  Divided by the paths the run executed (from
its own profile; for gcov, those of the Ball-Larus build's run of the same
input) this is compared with the minimum of one increment per chord
executed: the executions of the DAG edges whose action is `add` or `set`
(`pathprof show --json`), per path.
"""

import glob
import json
import os
import subprocess

RUNTIME_ONCE_PER_PROCESS = ["exit_handler", "__pathprof_init",
                            "__pathprof_dump",
                            # libgcov's, for the gcov build
                            "__gcov_init", "__gcov_exit", "__gcov_dump"]


def callgrind_command(out_dir):
    return (["valgrind", "--tool=callgrind", "--trace-children=yes",
             "--trace-children-skip=/usr/*,/bin/*,/sbin/*",
             "--callgrind-out-file=%s/callgrind.%%p" % out_dir]
            + ["--toggle-collect=%s" % f for f in RUNTIME_ONCE_PER_PROCESS]
            # Counting from the start: --toggle-collect turns it off, and
            # only a later --collect-atstart turns it back on (valgrind
            # 3.19).
            + ["--collect-atstart=yes"])


def _is_elf(path):
    try:
        with open(path, "rb") as fh:
            return fh.read(4) == b"\x7fELF"
    except OSError:
        return False


# Functions of less than this many instructions are left out of the
# per-function figures (not of the totals).
FUNCTION_THRESHOLD = 100000


def read_callgrind(path):
    """(command line, total Ir, {function: exclusive Ir}) of a callgrind
    output file (valgrind's "Callgrind Format Specification": name
    compression, one or more positions per cost line, call lines whose
    next cost line is the callee's inclusive cost)."""
    cmd = events = total = None
    n_positions = 1
    names = {}
    functions = {}
    fn = None
    after_call = False
    with open(path) as fh:
        for line in fh:
            c = line[0] if line else ""
            if c.isdigit() or c in "+-*":
                if after_call:
                    after_call = False
                    continue
                cost = line.split()
                if fn is not None and len(cost) > n_positions:
                    functions[fn] = (functions.get(fn, 0)
                                     + int(cost[n_positions]))
            elif line.startswith("fn=") or line.startswith("cfn="):
                ref, _, name = line.split("=", 1)[1].rstrip("\n").partition(" ")
                if name:
                    names[ref] = name
                if line.startswith("fn="):
                    fn = names.get(ref, ref)
            elif line.startswith("calls="):
                after_call = True
            elif line.startswith("positions:"):
                n_positions = len(line.split()) - 1
            elif line.startswith("cmd:"):
                cmd = line[4:].split()
            elif line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith("totals:") or line.startswith("summary:"):
                total = [int(x) for x in line.split()[1:]]
    if not cmd or total is None or events != ["Ir"]:
        raise RuntimeError("%s: not a complete callgrind file (events Ir)"
                           % path)
    return cmd, total[0], functions


def program_instructions(out_dir, build_dir):
    """The instructions counted in the callgrind files of OUT_DIR for the
    processes whose executable is an ELF file under BUILD_DIR (the shells
    of the recipe and of libtool's wrapper scripts are left out): returns
    (instructions, processes, {function: exclusive instructions} for the
    functions above FUNCTION_THRESHOLD)."""
    build_dir = os.path.realpath(build_dir) + os.sep
    total = processes = 0
    functions = {}
    for path in sorted(glob.glob(os.path.join(out_dir, "callgrind.*"))):
        cmd, instructions, by_function = read_callgrind(path)
        exe = os.path.realpath(cmd[0])
        if exe.startswith(build_dir) and _is_elf(exe):
            total += instructions
            processes += 1
            for f, n in by_function.items():
                functions[f] = functions.get(f, 0) + n
    return total, processes, {f: n for f, n in functions.items()
                              if n >= FUNCTION_THRESHOLD}


def path_counts(pathprof, profile):
    """(path executions, chord executions) of a profile: the sum of its
    functions' path executions, and of the counts of their DAG edges
    whose action is add or set."""
    out = subprocess.run([pathprof, "show", "--json", "--top", "1", profile],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("pathprof show --json %s failed:\n%s"
                           % (profile, out.stderr))
    data = json.loads(out.stdout)
    paths = chords = 0
    for obj in data["objects"]:
        for f in obj["functions"]:
            paths += f["path_executions"]
            if f["dag_edges"] is None:
                raise RuntimeError("%s: function %s not decoded: %s"
                                   % (profile, f["name"], f["error"]))
            for e in f["dag_edges"]:
                if e["action"] is None:
                    raise RuntimeError("%s: notes without edge actions"
                                       % profile)
                if e["action"] != "none":
                    chords += e["count"]
    return paths, chords
