#!/bin/sh
# End-to-end: the plugin, runtime and tool on the bundled example.
#
#   sh tests/e2e/run.sh BUILD_DIR      (make check-e2e)
#
# Oracle independent of pathprof: tokstat prints what it counted, and each
# count fixes how often a function was entered, so for every optimization
# level the path profile must give exactly
#   invocations(scan_line)   = lines
#   invocations(is_keyword)  = identifiers + keywords
#   invocations(scan_number) = decimal + hex + float
#   invocations(main)        = runs,  path executions(main) = lines + runs
# (main's loop ends one path per line read, plus the final exit path).
# Also: the instrumented program prints exactly what the plain build does.
# Ends with the line "N passed, N failed".
set -u
B=$(cd "${1:?usage: run.sh BUILD_DIR}" && pwd -P)
SRC=$(cd "$(dirname "$0")/../.." && pwd -P)
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
W=$(mktemp -d "${TMPDIR:-/tmp}/pathprof-e2e.XXXXXX")
trap 'rm -rf "$W"' EXIT
pass=0
fail=0
is () {
  if [ "$2" = "$3" ]; then pass=$((pass + 1)); echo "PASS: $1"
  else fail=$((fail + 1)); echo "FAIL: $1: expected '$2', got '$3'"; fi
}

# profile_fields PROFILE FIELD...: the fields, space-separated: "runs",
# or NAME.KEY of function NAME in `pathprof show --json` (e.g.
# main.invocations; None for a function the profile lacks).
profile_fields () {
  prof=$1; shift
  "$B/pathprof" show --json "$prof" | "$PY" -c '
import json, sys
doc = json.load(sys.stdin)
fns = {f["name"]: f for o in doc["objects"] for f in o["functions"]}
def field(spec):
    if spec == "runs":
        return doc["runs"]
    name, key = spec.rsplit(".", 1)
    return fns[name][key] if name in fns else None
print(*[field(a) for a in sys.argv[1:]])' "$@"
}

INPUTS="$SRC/example/tokstat.c $SRC/example/input.c"
for opts in "-O0" "-O0 -g" "-O1" "-O2" "-O2 -g" "-O3" "-O2 -flto" "-Os"; do
  d=$W/$(echo "$opts" | tr -d ' -')
  mkdir -p "$d"
  cd "$d" || exit 1
  gcc $opts -c "$SRC/example/tokstat.c" -o plain.o && gcc $opts plain.o -o plain
  if ! gcc $opts -fplugin="$B/pathprof.so" -c "$SRC/example/tokstat.c" \
       -o tokstat.o 2> cc.err; then
    is "$opts: compiles" "" "$(cat cc.err)"; continue
  fi
  is "$opts: compiler is silent" "" "$(cat cc.err)"
  gcc $opts tokstat.o -L"$B" -lpathprof -o tokstat
  lines=0 idents=0 numbers=0 runs=0 same=yes
  for f in $INPUTS; do
    ./tokstat "$f" > out.txt; rc=$?
    ./plain "$f" > plain.txt; prc=$?
    cmp -s out.txt plain.txt && [ $rc = $prc ] || same=no
    set -- $(cat out.txt)
    # lines L identifiers I keywords K decimal D hex H float F ...
    lines=$((lines + $2)); idents=$((idents + $4 + $6))
    numbers=$((numbers + $8 + ${10} + ${12})); runs=$((runs + 1))
  done
  is "$opts: output and exit status unchanged" yes "$same"
  "$B/pathprof" show --json tokstat.ppd > show.json 2> show.err
  got=$("$PY" - show.json <<'PYEOF'
import json, sys
doc = json.load(open(sys.argv[1]))
fns = {f["name"]: f for o in doc["objects"] for f in o["functions"]}
def inv(n): return fns[n]["invocations"] if n in fns else -1
print(inv("scan_line"), inv("is_keyword"), inv("scan_number"), inv("main"),
      fns["main"]["path_executions"] if "main" in fns else -1)
PYEOF
)
  is "$opts: invocations and main's path executions" \
     "$lines $idents $numbers $runs $((lines + runs))" "$got"
done
# exec: children that run instrumented code and then exec this program
# again by each exec function, a child whose exec fails, and a vfork
# child that execs (tests/gcov/cases/execs.c).  The counts taken before
# each exec are written by the calls the plugin puts around it; the
# program's own arithmetic is the oracle:
#   before_exec: 6 children + 2 calls around the failed exec + 1 in the
#     vfork run's parent after its child's exec = 9 invocations;
#   execd: run by the 7 exec'd images with k = 1..6 and 7, one path per
#     iteration and one at its end: 7 invocations, 27 + 8 = 35 paths;
#   runs: the parent, 6 children, 6 images and the failed child, then the
#     vfork run's parent and image: 16.
# Without the calls: 3 invocations of before_exec and 10 runs; with them
# but writing in the vfork child: 8, and wait_ok not counted after it.
# Then the same in preferential mode, every path of that profile tested.
EXECS=$SRC/tests/gcov/cases/execs.c
mkdir -p "$W/execs" && cd "$W/execs" || exit 1
gcc -O2 "$EXECS" -o plain && ./plain > plain.txt && ./plain vfork >> plain.txt
for build in -O0 -O2 "-O2 -flto" "-O2 preferential"; do
  opts=${build% preferential} flags=
  [ "$opts" = "$build" ] || flags="-fplugin-arg-pathprof-interesting=paths.txt -fplugin-arg-pathprof-stale=error"
  rm -f execs.ppd
  if ! gcc $opts -fplugin="$B/pathprof.so" $flags "$EXECS" -L"$B" -lpathprof \
       -o execs 2> cc.err; then
    is "exec, $build: builds" "" "$(cat cc.err)"; continue
  fi
  PATHPROF_FILE=$PWD/execs.ppd ./execs > out.txt; rc1=$?
  PATHPROF_FILE=$PWD/execs.ppd ./execs vfork >> out.txt; rc2=$?
  is "exec, $build: output and exit statuses unchanged" \
     "$(cat plain.txt) 0 0" "$(cat out.txt) $rc1 $rc2"
  got=$(profile_fields execs.ppd runs before_exec.invocations \
        execd.invocations execd.path_executions wait_ok.invocations)
  # wait_ok: the parents' waits for the 7 forked children and the vfork
  # child.
  is "exec, $build: runs, before_exec, execd invocations and paths, wait_ok" \
     "16 9 7 35 8" "$got"
  [ "$build" = -O2 ] && "$B/pathprof" interesting -o paths.txt execs.ppd
done
cd "$W" || exit 1

# daemon (): a child counts, becomes a daemon that counts and exits, and
# the parent counts after it (tests/gcov/cases/daemon.c).  The child's
# counts are written by the calls the plugin puts around daemon (), since
# the child _exits inside it:
#   before_daemon: 7 invocations (0 without the calls);
#   in_daemon: 5 in the daemon and 3 in the parent, 8;
#   runs: the parent, the child (written at daemon ()) and the daemon, 3.
DAEMON=$SRC/tests/gcov/cases/daemon.c
mkdir -p "$W/daemon" && cd "$W/daemon" || exit 1
gcc -O2 "$DAEMON" -o plain && ./plain > plain.txt
for build in -O0 -O2 "-O2 preferential"; do
  opts=${build% preferential} flags=
  [ "$opts" = "$build" ] || flags="-fplugin-arg-pathprof-interesting=paths.txt -fplugin-arg-pathprof-stale=error"
  rm -f daemon.ppd
  if ! gcc $opts -fplugin="$B/pathprof.so" $flags "$DAEMON" -L"$B" \
       -lpathprof -o daemon 2> cc.err; then
    is "daemon, $build: builds" "" "$(cat cc.err)"; continue
  fi
  PATHPROF_FILE=$PWD/daemon.ppd ./daemon > out.txt; rc=$?
  is "daemon, $build: output and exit status unchanged" \
     "$(cat plain.txt) 0" "$(cat out.txt) $rc"
  got=$(profile_fields daemon.ppd runs before_daemon.invocations \
        in_daemon.invocations)
  is "daemon, $build: runs, before_daemon and in_daemon invocations" \
     "3 7 8" "$got"
  [ "$build" = -O2 ] && "$B/pathprof" interesting -o paths.txt daemon.ppd
done
cd "$W" || exit 1

# Code that runs at exit after the program's own exit handlers: a
# destructor function, and the destructor of a C++ object constructed
# before the runtime registered (init_priority 101).  The runtime writes
# from a destructor of priority 100, as gcov does, so both are counted
# (they were not when it wrote from an atexit handler).  work: 3 in the
# constructor of priority 101, 2 in the default one, 1 in main, 1 in the
# atexit handler, 4 in the destructor: 11; ~G: twice, work 3 + 4 + 1 = 8.
mkdir -p "$W/atexit" && cd "$W/atexit" || exit 1
cat > dtor.c <<'EOF_C'
#include <stdio.h>
#include <stdlib.h>
__attribute__ ((noinline)) int work (int i) { return i & 1 ? i : -i; }
__attribute__ ((destructor)) static void fini (void)
{ int s = 0; for (int i = 0; i < 4; i++) s += work (i); printf ("fini %d\n", s); }
__attribute__ ((constructor (101))) static void early (void)
{ int s = 0; for (int i = 0; i < 3; i++) s += work (i); printf ("early %d\n", s); }
__attribute__ ((constructor)) static void init (void)
{ int s = 0; for (int i = 0; i < 2; i++) s += work (i); printf ("init %d\n", s); }
static void handler (void) { printf ("handler %d\n", work (100)); }
int main (void) { atexit (handler); printf ("%d\n", work (5)); return 0; }
EOF_C
cat > prio.cc <<'EOF_CC'
#include <cstdio>
__attribute__ ((noinline)) int work (int i) { return i & 1 ? i : -i; }
struct G
{
  int v;
  G (int x) : v (x) {}
  ~G () { int s = 0; for (int i = 0; i < v; i++) s += work (i); std::printf ("~G %d\n", s); }
};
G g101 __attribute__ ((init_priority (101))) (3);
G gdef (4);
int main () { std::printf ("%d\n", work (5)); return 0; }
EOF_CC
for src in dtor.c prio.cc; do
  cc=gcc; case $src in *.cc) cc=g++ ;; esac
  $cc -O2 "$src" -o plain && ./plain > plain.txt
  rm -f prog.ppd
  $cc -O2 -fplugin="$B/pathprof.so" "$src" -L"$B" -lpathprof -o prog \
    && PATHPROF_FILE=$PWD/prog.ppd ./prog > out.txt
  is "exit-time code, $src: output unchanged" "$(cat plain.txt)" "$(cat out.txt)"
  case $src in
    *.cc) got=$(profile_fields prog.ppd _Z4worki.invocations _ZN1GD2Ev.invocations) ;;
    *) got=$(profile_fields prog.ppd work.invocations fini.invocations) ;;
  esac
  want="11 1"; case $src in *.cc) want="8 2" ;; esac
  is "exit-time code, $src: counted" "$want" "$got"
done
# The same in a trace build: the constructor of priority 101 runs after
# the object's registration (priority 100, as gcov's; at 101 its events
# named no function and the trace did not decode), the destructor before
# the trace's last write (its events were dropped after an atexit
# handler).  work: 6 paths one way, 5 the other (11 calls); fini: 1
# entry, 3 iterations, 1 exit.
rm -rf ppt && mkdir ppt
gcc -O2 -fplugin="$B/pathprof.so" -fplugin-arg-pathprof-wpp dtor.c \
  -L"$B" -lpathprof -o traced \
  && PATHPROF_TRACE_DIR=$PWD/ppt ./traced > out.txt
gcc -O2 dtor.c -o plain && ./plain > plain.txt
"$B/pathprof" ips -k 1 -o ips.txt ppt > ips.log 2>&1; rc=$?
fn_segments () { # NAME: its depth-1 segments, "id = count" each
  n=$(sed -n "s/^function \([0-9]*\) \"$1\"$/\1/p" ips.txt)
  sed -n "s/^segment $n : $n:\([0-9]*\) = \([0-9]*\)$/\1=\2/p" ips.txt | tr '\n' ' '
}
is "exit-time code, dtor.c, trace build: output, trace, work and fini" \
  "$(cat plain.txt):0:0=6 1=5 :0=1 2=3 3=1 " \
  "$(cat out.txt):$rc:$(fn_segments work):$(fn_segments fini)"
cd "$W" || exit 1

# An instrumented shared library, linked with the program: a child that
# called into it execs (the program's exec call), and the library's
# counts are written too, by its own copy of the runtime, which the
# program's finds by its ELF note (specs/runtime.md, "fork, exec").
# lib_step: 111 Collatz steps of 27 in the parent, lib_step (7) in the
# child before its exec, lib_step (6) in the exec'd image: 113 (112 when
# the library's copy is not written at exec).  main: the parent's and the
# image's; the child's is in flight at its exec.
mkdir -p "$W/solib" && cd "$W/solib" || exit 1
cat > lib.c <<'EOF_LIB'
int
lib_step (int k)
{
  return k % 2 ? 3 * k + 1 : k / 2;
}
EOF_LIB
cat > app.c <<'EOF_APP'
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
int lib_step (int k);
int
main (int argc, char **argv)
{
  if (argc > 1)
    return lib_step (atoi (argv[1])) < 0;
  int n = 27, steps = 0;
  while (n != 1)
    {
      n = lib_step (n);
      steps++;
    }
  pid_t pid = fork ();
  if (pid == 0)
    {
      lib_step (7);
      execl ("/proc/self/exe", "app", "6", (char *) NULL);
      _exit (127);
    }
  int st;
  waitpid (pid, &st, 0);
  printf ("%d %d\n", steps, WIFEXITED (st) ? WEXITSTATUS (st) : -1);
  return 0;
}
EOF_APP
if gcc -O2 -fPIC -shared -fplugin="$B/pathprof.so" lib.c -L"$B" -lpathprof \
     -o libstep.so 2> cc.err \
   && gcc -O2 -fplugin="$B/pathprof.so" app.c -L. -lstep -L"$B" -lpathprof \
     -Wl,-rpath,"$PWD" -o app 2>> cc.err; then
  out=$(PATHPROF_FILE=$PWD/app.ppd ./app)
  got=$(profile_fields app.ppd lib_step.invocations main.invocations)
  is "exec: an instrumented shared library's counts are written too" \
     "111 0: 113 2" "$out: $got"
else
  is "exec: the shared library and its program build" "" "$(cat cc.err)"
fi
cd "$W" || exit 1

# Bad plugin arguments are refused once, at plugin load, naming the valid ones.
cd "$W" || exit 1
echo 'int main (void) { return 0; }' > min.c
LC_ALL=C gcc -fplugin="$B/pathprof.so" -fplugin-arg-pathprof-bogus=1 -c min.c \
  2> err.txt
is "unknown plugin argument: status and exact message" "1
cc1: error: pathprof: unknown argument 'bogus'; valid arguments are: array-threshold=N, hash-size=N, notes-dir=DIR, verbose, warn-skipped=0|1, trace, interesting=FILE, unlisted=residual|skip, fully-tested=count|skip, ppp-max=N, ppp-array-threshold=N, residual-cache=0|1, profile-placement=0|1, steady-loops=0|1, address-registers=0|1, peel-loops=0|1, tail-copies=0|1, stale=warn|ignore|error, stage=late|early, wpp, ipps=FILE, ipps-mode=ppp|bl, ipps-growth=N, help
cc1: error: failed to initialize plugin $B/pathprof.so" "$?
$(cat err.txt)"
# An installed pathprof: make install into a fresh prefix, then only the
# installed specs file and tool, as a user would (gcc -specs=...).
P=$W/prefix
if make -C "$SRC" B="$B" PREFIX="$P" install > install.log 2>&1; then
  mkdir -p "$W/inst" && cd "$W/inst" || exit 1
  gcc -specs="$P/lib/pathprof/pathprof.specs" -O2 \
    "$SRC/example/tokstat.c" -o tokstat 2> cc.err
  is "installed: gcc -specs= compiles and links, silently" "" "$(cat cc.err)"
  ./tokstat "$SRC/example/input.c" > /dev/null
  "$P/bin/pathprof" show --json tokstat.ppd > show.json 2> show.err
  is "installed: the tool decodes the profile" \
     "0:" "$?:$(cat show.err)"
  is "installed: headers" "pathprof-format.h pathprof.h" \
     "$(ls "$P/include/pathprof" | grep -v ppcore | tr '\n' ' ' | sed 's/ $//')"
  "$P/bin/pathprof" interesting -o paths.txt tokstat.ppd
  gcc -specs="$P/lib/pathprof/pathprof.specs" \
    -fplugin-arg-pathprof-interesting=paths.txt -O2 \
    "$SRC/example/tokstat.c" -o tokstat 2> cc.err
  is "installed: -specs= then -fplugin-arg-pathprof-interesting=" "" \
     "$(cat cc.err)"
  # (A new profile: the old one is of another compilation, which the
  # runtime would keep aside as tokstat.ppd.mismatch, saying so.)
  rm tokstat.ppd
  ./tokstat "$SRC/example/tokstat.c" > /dev/null
  "$P/bin/pathprof" residual tokstat.ppd > residual.txt 2>&1
  is "installed: residual report" "0:1" \
     "$?:$(grep -c '^summary (thesis Table 3.1):$' residual.txt)"
else
  is "make install PREFIX=..." "" "$(tail -5 install.log)"
fi

# A rebuild merges with the previous build's profile when it writes the
# same notes (the stamp is the notes' CRC): a touched source, make clean,
# a module rebuilt between runs (GNU make's own test suite rebuilds the
# module it loads, and compares make's stderr).  A changed function
# starts a new profile, keeping the old one aside and saying so.
mkdir -p "$W/rebuild" && cd "$W/rebuild" || exit 1
cp "$SRC/example/tokstat.c" t.c
build_t () { gcc -O2 -fplugin="$B/pathprof.so" -c t.c -o t.o \
               && gcc t.o -L"$B" -lpathprof -o t; }
# main_paths PROFILE: its runs and main's path executions.  (show warns
# when it decodes a kept-aside profile with the new notes.)
main_paths () {
  "$B/pathprof" show --json "$1" | "$PY" -c 'import json, sys
doc = json.load(sys.stdin)
print(doc["runs"], *[f["path_executions"] for o in doc["objects"]
                      for f in o["functions"] if f["name"] == "main"])'
}
build_t && ./t "$SRC/example/input.c" > /dev/null 2> run1.err
one=$(main_paths t.ppd)
old_stamp=$(sed -n 's/^stamp //p' t.ppno)
touch t.c && rm t.o t && build_t
./t "$SRC/example/input.c" > /dev/null 2> run2.err
is "an unchanged rebuild: same stamp, merged silently" \
  "$old_stamp::$(echo "$one" | awk '{ print 2 * $1, 2 * $2 }')" \
  "$(sed -n 's/^stamp //p' t.ppno):$(cat run1.err run2.err):$(main_paths t.ppd)"
echo 'int twice (int x) { return x > 0 ? 2 * x : 0; }' >> t.c && build_t
./t "$SRC/example/input.c" > /dev/null 2> run3.err
is "a changed source: another stamp, the old profile kept aside" \
  "pathprof: profile '$W/rebuild/t.ppd' does not match this program (object '$W/rebuild/t.ppno' is from another compilation (stamp $old_stamp, not $(sed -n 's/^stamp //p' t.ppno))); kept it as '$W/rebuild/t.ppd.mismatch'
$(echo "$one" | awk '{ print 2 * $1, 2 * $2 }')
$one" \
  "$(cat run3.err)
$(main_paths t.ppd.mismatch 2> /dev/null)
$(main_paths t.ppd)"

# A file size limit (ulimit -f) that the trace exceeds: the trace stops,
# said once, and the program runs on and exits as the plain build does
# (without the runtime's care, write(2) raises SIGXFSZ, which kills it).
mkdir -p "$W/fsize/ppt" && cd "$W/fsize" || exit 1
gcc -O2 -fplugin="$B/pathprof.so" -fplugin-arg-pathprof-wpp \
  "$SRC/example/tokstat.c" -L"$B" -lpathprof -o traced
gcc -O2 "$SRC/example/tokstat.c" -o plain
(ulimit -f 0; PATHPROF_TRACE_DIR=$W/fsize/ppt ./traced "$SRC/example/input.c"
 echo "status $?") 2>&1 | sed "s|$W/fsize/ppt/traced\.[0-9]*\.ppt|TRACE|" \
  | cat > traced.out
is "a trace over the file size limit: stopped, the program's output and status" \
  "pathprof: cannot write the path trace: TRACE: File too large; tracing stops
$(./plain "$SRC/example/input.c")
status 0" "$(cat traced.out)"

# The trace file is open only while the runtime writes to it: a program
# that closes every descriptor and opens a file of its own (a daemon)
# gets the descriptor the plain build gets, and its file is its own
# (until this test, the trace's descriptor stayed open, and 3 MB of
# events went into data.txt).  A trace file removed or replaced while
# the program runs stops the trace, said once.
mkdir -p "$W/closer/ppt" && cd "$W/closer" || exit 1
cat > closer.c <<'EOF_CLOSER'
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
static int work (int n) { int s = 0; for (int i = 0; i < n; i++) s += (i % 3) ? i : -i; return s; }
int
main (int argc, char **argv)
{
  int s = work (3000000); /* events enough for flushes */
  if (argc > 2)
    { /* remove, or replace, the files of directory argv[2] */
      DIR *d = opendir (argv[2]);
      struct dirent *e;
      char name[4096];
      while (d && (e = readdir (d)))
        if (e->d_name[0] != '.')
          {
            snprintf (name, sizeof name, "%s/%s", argv[2], e->d_name);
            unlink (name);
            if (!strcmp (argv[1], "replace"))
              close (open (name, O_WRONLY | O_CREAT, 0644));
          }
      if (d)
        closedir (d);
    }
  for (int fd = 3; fd < 1024; fd++)
    close (fd);
  int out = open ("data.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  s += work (3000000);
  dprintf (out, "result %d\n", s);
  close (out);
  printf ("fd %d\n", out);
  return 0;
}
EOF_CLOSER
gcc -O2 closer.c -o plain && ./plain > plain.out && mv data.txt plain.data
gcc -O2 -fplugin="$B/pathprof.so" -fplugin-arg-pathprof-wpp closer.c \
  -L"$B" -lpathprof -o traced
PATHPROF_TRACE_DIR=$W/closer/ppt ./traced > traced.out 2> traced.err
is "a program that closes every descriptor: same output, own file, silent" \
  "0::" "$?:$(cmp plain.out traced.out 2>&1; cmp plain.data data.txt 2>&1):$(cat traced.err)"
"$B/pathprof" ips -k 1 -o ips.txt ppt > ips.log 2>&1
is "a program that closes every descriptor: its trace decodes" \
  "0:1" "$?:$(grep -c '^function .* "main"$' ips.txt)"
for how in remove replace; do
  rm -rf ppt && mkdir ppt
  PATHPROF_TRACE_DIR=$W/closer/ppt ./traced "$how" "$W/closer/ppt" \
    > traced.out 2> traced.err
  is "a trace file ${how}d while the program runs: the trace stops, said once" \
    "0::pathprof: cannot write the path trace: TRACE: $(
      [ $how = remove ] && echo 'No such file or directory' \
                        || echo 'the file was replaced since it was created'); tracing stops" \
    "$?:$(cmp plain.out traced.out 2>&1; cmp plain.data data.txt 2>&1):$(sed "s|$W/closer/ppt/traced\.[0-9]*\.ppt|TRACE|" traced.err)"
done
rm -rf ppt
PATHPROF_TRACE_DIR=$W/closer/ppt/new/sub ./traced > traced.out 2> traced.err
is "a missing trace directory is created" "0::1" \
  "$?:$(cat traced.err):$(ls ppt/new/sub | grep -c '^traced\.[0-9]*\.ppt$')"

# The README's main command (make example): both halves run to their
# reports.  Its inputs include project sources (runtime/path-log.c), so
# the test asserts that it runs, not its counts (check-rpp checks the
# residual workflow's counts against two Ball-Larus profiles).
sh "$SRC/scripts/run-example.sh" "$B" > "$W/example.txt" 2>&1
is "make example runs to both reports" "0:1:1" \
  "$?:$(grep -c '^== pathprof show --top 3 tokstat.ppd$' "$W/example.txt"):$(grep -c '^summary (thesis Table 3.1):$' "$W/example.txt")"

# The residual workflow on a project whose build runs a program it built
# (a code generator, like sqlite3's mksourceid) and fails if it writes to
# stderr (as tclsh's exec does): the beta build's generator must not
# find the test build's profile where it runs.  Its profiles are kept,
# one per build (two), in WORKDIR/build-records; none in the project.
P=$W/genproj
mkdir -p "$P"
cat > "$P/gen.c" <<'EOF_GEN'
#include <stdio.h>
int
main (void)
{
  for (int i = 0; i < 3; i++)
    printf ("#define N%d %d\n", i, i * i);
  return 0;
}
EOF_GEN
cat > "$P/app.c" <<'EOF_APP'
#include <stdio.h>
#include "gen.h"
int
main (int argc, char **argv)
{
  (void) argv;
  printf ("%d\n", argc > 1 ? N2 : N1);
  return 0;
}
EOF_APP
printf '%s\n' 'app: app.c gen.h' '	$(CC) -o app app.c' \
  'gen.h: gen' '	./gen > gen.h 2> gen.err && test ! -s gen.err' \
  'gen: gen.c' '	$(CC) -o gen gen.c' \
  'clean:' '	rm -f app gen gen.h gen.err' > "$P/Makefile"
RW="sh $SRC/scripts/residual-workflow.sh -C $P -w $W/genrpp"
( export PATHPROF_SPECS=$B/pathprof.specs PATHPROF=$B/pathprof
  $RW test -- ./app && $RW beta && $RW field -- ./app x ) \
  > "$W/genproj.log" 2>&1
status=$?
is "residual workflow: a build that runs a program it built" "0:4:2:0" \
  "$status:$(PATHPROF_FILE=/dev/null "$P/app" x):$(ls "$W/genrpp/build-records" | grep -c '\.ppd$'):$(find "$P" -name '*.ppd*' | wc -l)"
[ "$status" = 0 ] || sed 's/^/  | /' "$W/genproj.log"

# Copies of the sources compiled by absolute names in two directories (as
# CMake compiles): a function's identity is (name, source), the source as
# gcov names it, after -ffile-prefix-map.  With both builds mapping their
# directory, the preferential build in the second directory finds the
# first's interesting paths, silently.  Without the map it finds none of
# them, so every path is residual; main, its one public function, is
# listed only under another source, './tokstat.c': the plugin warns (once
# per source) and main's notes say why.  (Its static functions are not
# matched across sources: another file may have its own of that name.)
for d in pm1 pm2; do mkdir -p "$W/$d"; cp "$SRC/example/tokstat.c" "$W/$d/"; done
( cd "$W/pm1" \
  && gcc -O2 -fplugin="$B/pathprof.so" -ffile-prefix-map="$W/pm1=." \
       -c "$W/pm1/tokstat.c" -o tokstat.o \
  && gcc tokstat.o -L"$B" -lpathprof -o tokstat \
  && PATHPROF_FILE=$W/pm1/t.ppd ./tokstat "$SRC/example/input.c" > /dev/null \
  && "$B/pathprof" interesting -o "$W/pm-paths.txt" t.ppd )
is "prefix map: the interesting file names the mapped source" \
  "4 \"./tokstat.c\"" \
  "$(grep -c '^function' "$W/pm-paths.txt") $(sed -n 's/^  source //p' "$W/pm-paths.txt" | sort -u)"
for map in "-ffile-prefix-map=$W/pm2=." ""; do
  ( cd "$W/pm2" && LC_ALL=C gcc -O2 -fplugin="$B/pathprof.so" $map \
      -fplugin-arg-pathprof-interesting="$W/pm-paths.txt" \
      -c "$W/pm2/tokstat.c" -o tokstat.o 2> cc.err )
  want="4 storage ppp array|0|" how=with
  [ -n "$map" ] || {
    how=without
    line=$(grep -n '^function "main"' "$W/pm-paths.txt" | cut -d: -f1)
    want="4 storage residual array|1|$W/pm2/tokstat.c:127:1: warning: pathprof: 'main' is listed at $W/pm-paths.txt:$line only under another source, './tokstat.c': all its paths are residual ('-fplugin-arg-pathprof-stale=' says what to do about this)
$W/pm2/tokstat.c:127:1: note: pathprof: its source is '$W/pm2/tokstat.c' here; a build must name its sources as the profiled build did (the same '-ffile-prefix-map'); other functions of '$W/pm2/tokstat.c' in this case are not reported"
  }
  is "prefix map: the second build $how the map" "$want" \
    "$(sed -n 's/^  storage //p' "$W/pm2/tokstat.ppno" | sort | uniq -c | sed 's/^ *\([0-9]*\) /\1 storage /')|$(grep -c "^  stale \"$W/pm-paths.txt:[0-9]* (source './tokstat.c' there, '$W/pm2/tokstat.c' now)\"$" "$W/pm2/tokstat.ppno")|$(grep 'warning:\|note:' "$W/pm2/cc.err")"
done

# A source whose name is not UTF-8 (Latin-1 "caf\351.c"): names are bytes,
# and JSON output must still be JSON, each byte outside a well-formed
# UTF-8 sequence written as U+FFFD; UTF-8 ("\303\251") passes through.
mkdir -p "$W/names" && cd "$W/names" || exit 1
for n in "$(printf 'caf\351')" "$(printf 'caf\303\251')"; do
  cp "$SRC/example/tokstat.c" "$n.c"
  gcc -O2 -fplugin="$B/pathprof.so" "$n.c" -L"$B" -lpathprof -o "$n" \
    && PATHPROF_FILE=$PWD/$n.ppd "./$n" "$SRC/example/input.c" > /dev/null
  for cmd in show residual; do
    "$B/pathprof" $cmd --json "$n.ppd" > "$n.$cmd.json" 2> /dev/null
  done
done
got=$("$PY" -c '
import json, sys
for f in sys.argv[1:]:
    doc = json.load(open(f, encoding="utf-8"))
    if f.endswith(".show.json"):
        print(ascii(sorted({fn["source"] for o in doc["objects"] for fn in o["functions"]})))
' "$(printf 'caf\351')".show.json "$(printf 'caf\303\251')".show.json \
  "$(printf 'caf\351')".residual.json 2>&1)
is "JSON of names that are not UTF-8: U+FFFD for each such byte" \
  "['caf\\ufffd.c']
['caf\\xe9.c']" "$got"
cd "$W" || exit 1

# libtool's objects: a module compiled into .libs/NAME.o, linked as
# .libs/NAME.so.  libtool's link deletes .libs/NAME.* first (all but
# objects and gcov's .gcno: ltmain.sh, func_mode_link), so the notes are
# .libs/NAME-lt.ppno, and the profile of a program that loads the module
# is reported with them.
L=$W/lt
mkdir -p "$L/.libs"
printf 'int mod_twice (int x) { return x > 0 ? 2 * x : 0; }\n' > "$L/mod.c"
printf '#include <dlfcn.h>\nint main (int c, char **v) { void *h = dlopen (v[1], RTLD_NOW); int (*f) (int) = (int (*) (int)) dlsym (h, "mod_twice"); return f (c) == 4 ? 0 : 1; }\n' > "$L/main.c"
( cd "$L" \
  && gcc -O2 -fPIC -fplugin="$B/pathprof.so" -c mod.c -o .libs/mod.o \
  && for f in .libs/mod.*; do case $f in *.o) ;; *) rm -f "$f" ;; esac; done \
  && gcc -shared .libs/mod.o -L"$B" -lpathprof -o .libs/mod.so \
  && gcc main.c -o main -ldl \
  && PATHPROF_FILE=$L/mod.ppd ./main "$L/.libs/mod.so" x ) > "$L/log" 2>&1
is "libtool object directory: the notes survive libtool's link" \
  "mod-lt.ppno|mod_twice 1" \
  "$(cd "$L/.libs" && ls *.ppno | tr '\n' ' ' | sed 's/ $//')|$("$B/pathprof" show "$L/mod.ppd" 2>&1 | sed -n 's/^function \([a-z_]*\) .*/\1/p;s/^  invocations: \([0-9]*\).*/\1/p' | tr '\n' ' ' | sed 's/ $//')"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
