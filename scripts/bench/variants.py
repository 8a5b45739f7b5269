"""The builds make bench compares, and the programs it measures.

Every variant is built from the same sources with the same build system
and the same optimization (-O2, bench.py's Bench.opt); a variant only adds
compiler, linker and library flags.  Flags may name

    {plugin}     the pathprof plugin (BUILD/pathprof.so)
    {build}      the pathprof build directory (for -lpathprof)
    {<input>}    a file made by a preparation (below)

A preparation turns what a build recorded on the program's "test"
workload into an input file of other variants: "interesting" runs
`pathprof interesting` on the Ball-Larus build's profile (every path the
tests ran: the residual-profiling scenario of thesis section 3.6.2);
"ips" runs `pathprof ips -k 1` on the whole-program path traces of a
trace build (every depth-1 segment the tests ran: thesis section 3.6.1,
specs/segments.md).  A preparation's source build is a variant, or a
helper build that is only built for it (the trace build), once and
untimed.
"""

import dataclasses
import os


@dataclasses.dataclass(frozen=True)
class Variant:
    name: str             # short name: directory names, table columns
    label: str            # what it is, for the report
    cflags: str = ""      # added to -O2 in CFLAGS
    ldflags: str = ""
    libs: str = ""
    pathprof: bool = False   # writes a pathprof profile (PATHPROF_FILE)
    needs: str = ""          # the preparation whose file the flags use
    preferential: bool = False  # delta distribution and residual paths
    # Instructions tell its cost (callgrind): not for atomic counters,
    # whose cost is the read-modify-write's latency, one instruction.
    cost_model: bool = True
    quick: bool = True       # measured in quick mode by default

    def environment(self, opt, files):
        """CFLAGS, LDFLAGS and LIBS of this variant's build; FILES maps
        the placeholders to paths."""
        def fill(text):
            return text.format(**files)
        return {
            "CFLAGS": " ".join(x for x in (opt, fill(self.cflags)) if x),
            "LDFLAGS": fill(self.ldflags),
            "LIBS": fill(self.libs),
        }


PATHPROF_CFLAGS = "-fplugin={plugin}"
PATHPROF_LIBS = "-L{build} -lpathprof"

VARIANTS = [
    Variant("plain", "uninstrumented"),
    # -fprofile-update=single as the pathprof variants: with -pthread in
    # the flags (xz-utils) GCC's driver would pick prefer-atomic for
    # -fprofile-arcs alone, and gcov would pay atomic increments the
    # pathprof builds do not (gcov-atomic measures that).
    Variant("gcov", "gcov -fprofile-arcs -fprofile-update=single",
            cflags="-fprofile-arcs -fprofile-update=single",
            ldflags="-fprofile-arcs"),
    Variant("gcov-atomic", "gcov -fprofile-arcs -fprofile-update=atomic",
            cflags="-fprofile-arcs -fprofile-update=atomic",
            ldflags="-fprofile-arcs", cost_model=False),
    Variant("bl", "pathprof Ball-Larus",
            cflags=PATHPROF_CFLAGS, libs=PATHPROF_LIBS, pathprof=True),
    Variant("ppp", "pathprof preferential/residual (interesting = test paths)",
            cflags=PATHPROF_CFLAGS
            + " -fplugin-arg-pathprof-interesting={interesting}",
            libs=PATHPROF_LIBS, pathprof=True, needs="interesting",
            preferential=True),
    # Inter-procedural: the call chains of the test workload's depth-1
    # segments inlined, the supergraphs numbered with PPP (IPPP, residual
    # segments logged) or with Ball-Larus (every segment counted: thesis
    # Fig. 3.19's comparison).  Not in quick mode (three more builds per
    # program).
    Variant("ippp", "pathprof inter-procedural preferential/residual "
            "(IPPP, interesting = depth-1 segments of the tests)",
            cflags=PATHPROF_CFLAGS + " -fplugin-arg-pathprof-ipps={ips}",
            libs=PATHPROF_LIBS, pathprof=True, needs="ips",
            preferential=True, quick=False),
    Variant("bl-ips", "pathprof Ball-Larus over the same supergraphs",
            cflags=PATHPROF_CFLAGS + " -fplugin-arg-pathprof-ipps={ips}"
            " -fplugin-arg-pathprof-ipps-mode=bl",
            libs=PATHPROF_LIBS, pathprof=True, needs="ips", quick=False),
]

# Builds made only for a preparation.
HELPERS = [
    Variant("wpp", "pathprof whole-program path trace build",
            cflags=PATHPROF_CFLAGS + " -fplugin-arg-pathprof-wpp",
            libs=PATHPROF_LIBS),
]

BASELINE = "plain"


def custom_variant(spec):
    """A pathprof variant from NAME=FLAGS (bench.py --variant): the plugin
    and runtime with FLAGS added, preferential if FLAGS name the
    {interesting} or {ips} file; e.g. bl-big=-fplugin-arg-pathprof-
    array-threshold=300000.  Raises ValueError on a bad spec."""
    name, eq, flags = spec.partition("=")
    if not eq or not name or not all(c.isalnum() or c in "-_" for c in name):
        raise ValueError("--variant %s: expected NAME=FLAGS, NAME of letters,"
                         " digits, - and _" % spec)
    needs = [n for n in PREPARATIONS if "{%s}" % n in flags]
    if len(needs) > 1:
        raise ValueError("--variant %s: names both {interesting} and {ips}"
                         % spec)
    return Variant(name, "pathprof " + flags,
                   cflags=PATHPROF_CFLAGS + " " + flags, libs=PATHPROF_LIBS,
                   pathprof=True, needs=needs[0] if needs else "",
                   preferential=bool(needs))


@dataclasses.dataclass(frozen=True)
class Preparation:
    file: str        # written in the program's work directory
    source: str      # the variant or helper whose build runs the test workload
    record: str      # what that run records: "profile" or "traces"
    command: object  # (pathprof tool, the recording, file) -> argv


PREPARATIONS = {
    "interesting": Preparation(
        "interesting.txt", "bl", "profile",
        lambda pathprof, profile, out: [pathprof, "interesting", "-o", out,
                                        profile]),
    "ips": Preparation(
        "ips.txt", "wpp", "traces",
        lambda pathprof, traces, out: [pathprof, "ips", "-k", "1", "-o", out,
                                       traces]),
}


def preparation_file(work, name):
    return os.path.join(work, PREPARATIONS[name].file)


# Programs: the recipes of scripts/debian/programs.  Quick mode (under 10
# minutes on two cores) leaves out sqlite3, whose five builds alone take
# eight minutes, and lz4 (two and a half minutes of builds and callgrind).
# lzip is a C++ program (a minute and a quarter in quick mode); full mode
# adds jsoncpp, a C++ library of templates built with CMake (four
# minutes).
PROGRAMS_FULL = ["bzip2", "zlib", "mawk", "lz4", "xz-utils", "lzip", "jsoncpp",
                 "sqlite3"]
PROGRAMS_QUICK = ["bzip2", "zlib", "mawk", "xz-utils", "lzip"]
