#!/bin/sh
# Inter-procedural residual path profiling, end to end, against an
# independent oracle (make check-ippp).
#
#   sh tests/ippp/run.sh BUILD_DIR ["SECTION..."]
#
# SECTION: cases, zlib, robust, diag, workflow (default all).  For each program of
# cases/ and (when the Debian sources can be had) zlib's minigzip from
# scripts/debian:
#   1. a plain build gives the expected output of every run;
#   2. a trace build (-fplugin-arg-pathprof-wpp) with the block trace of
#      blocktrace.c (-fplugin-arg-pathprof-trace) runs the "test" inputs:
#      whole-program path traces and block traces;
#   3. `pathprof ips -k K` turns the traces into the IPS file;
#   4. an IPPP build (-fplugin-arg-pathprof-ipps=FILE, with the block
#      trace) runs the "field" inputs: its profile and block traces;
#   5. oracle.py rebuilds every segment of both from the block traces
#      alone and checks the profile, `pathprof residual` and the IPS file
#      against them exactly; the programs' outputs must be the plain
#      build's;
#   6. the same with -fplugin-arg-pathprof-ipps-mode=bl (Ball-Larus over
#      the same supergraphs: every field segment counted).
# Ends with the line "N passed, M failed".
set -u
B=$(cd "${1:?usage: run.sh BUILD_DIR [\"SECTION...\"]}" && pwd -P)
SECTIONS=${2:-cases zlib robust diag workflow}
want () { case " $SECTIONS " in *" $1 "*) return 0 ;; esac; return 1; }
T=$(cd "$(dirname "$0")" && pwd -P)
TOP=$(cd "$T/../.." && pwd -P)
PL=$B/pathprof.so
PP=$B/pathprof
W=$(mktemp -d "${TMPDIR:-/tmp}/pathprof-ippp.XXXXXX")
# PATHPROF_IPPP_KEEP=1 keeps the work directory (printed) for inspection.
if [ -n "${PATHPROF_IPPP_KEEP:-}" ]; then echo "work directory: $W"; else trap 'rm -rf "$W"' EXIT; fi
pass=0
fail=0
ok () { pass=$((pass + 1)); echo "PASS: $1"; [ -n "${2:-}" ] && sed 's/^/  /' "$2"; }
ko () { fail=$((fail + 1)); echo "FAIL: $1"; [ -n "${2:-}" ] && sed 's/^/  | /' "$2" | tail -30; }
check () { if [ "$2" = "$3" ]; then ok "$1"; else ko "$1: expected '$2', got '$3'"; fi; }

gcc -O2 -c "$T/blocktrace.c" -o "$W/blocktrace.o" || exit 1
LIBS="$W/blocktrace.o -L$B -lpathprof"

# Runs the inputs of file $1 (one argument list per line) with $2 (a
# program), appending the outputs to $3.
runs () {
  while IFS= read -r args; do
    # shellcheck disable=SC2086
    $2 $args >> "$3" 2>&1 || echo "exit $?" >> "$3"
  done < "$1"
}

# case NAME SOURCE OPT DEPTH TESTS FIELD: steps 1-6 for one program.
check_case () {
  name=$1 src=$2 opt=$3 k=$4 tests=$5 field=$6
  d=$W/$(echo "$name" | tr -c 'A-Za-z0-9\n' _)
  mkdir -p "$d/plain" "$d/wpp" "$d/ippp" "$d/ippp-slots" "$d/bl" \
    "$d/tr-test" "$d/tr-field" "$d/tr-slots" \
    "$d/tr-bl" "$d/ppt"
  cp "$src" "$d/prog.c"
  cd "$d" || return
  gcc $opt prog.c -o plain/prog && runs "$tests" plain/prog plain/test.out \
    && runs "$field" plain/prog plain/field.out || { ko "$name: plain build"; return; }
  # 2-3.
  if ! gcc $opt -fplugin="$PL" -fplugin-arg-pathprof-wpp \
       -fplugin-arg-pathprof-trace -c prog.c -o wpp/prog.o > wpp/cc.log 2>&1 \
     || ! gcc wpp/prog.o $LIBS -o wpp/prog >> wpp/cc.log 2>&1; then
    ko "$name: trace build" wpp/cc.log
    return
  fi
  PATHPROF_TRACE_DIR=$d/ppt PPT_TRACE_DIR=$d/tr-test runs "$tests" wpp/prog \
    wpp/test.out
  if ! cmp -s wpp/test.out plain/test.out; then
    ko "$name: the trace build behaves as the plain one" wpp/test.out
    return
  fi
  if ! "$PP" ips -k "$k" -o ips.txt ppt > ips.log 2>&1; then
    ko "$name: pathprof ips" ips.log
    return
  fi
  # 4-5 (supergraphs with few paths counted in arrays, their interesting
  # segments marked; then PPP slots everywhere: ppp-slots), then 6.
  for mode in ppp ppp-slots bl; do
    o=ippp tr=tr-field slots=
    [ $mode = bl ] && o=bl tr=tr-bl
    [ $mode = ppp-slots ] && o=ippp-slots tr=tr-slots \
      slots=-fplugin-arg-pathprof-ppp-array-threshold=0
    if ! gcc $opt -fplugin="$PL" -fplugin-arg-pathprof-ipps=ips.txt \
         -fplugin-arg-pathprof-ipps-mode=${mode%-slots} $slots \
         -fplugin-arg-pathprof-trace \
         -c prog.c -o $o/prog.o > $o/cc.log 2>&1 \
       || ! gcc $o/prog.o $LIBS -o $o/prog >> $o/cc.log 2>&1 \
       || [ -s $o/cc.log ]; then
      ko "$name ($mode): IPPP build, silently" $o/cc.log
      continue
    fi
    PATHPROF_FILE=$d/$o/field.ppd PPT_TRACE_DIR=$d/$tr runs "$field" $o/prog \
      $o/field.out
    if ! cmp -s $o/field.out plain/field.out; then
      ko "$name ($mode): the IPPP build behaves as the plain one" $o/field.out
      continue
    fi
    bl=
    [ $mode = bl ] && bl=--bl
    if python3 "$T/oracle.py" $bl "$PP" ips.txt tr-test $tr $o/field.ppd \
         $o/prog.ppno > $o/oracle.txt 2>&1; then
      ok "$name ($mode)" $o/oracle.txt
    else
      ko "$name ($mode)" $o/oracle.txt
    fi
  done
}

cat > "$W/calls.test" <<'EOF'
1 5
2 4
8 3
EOF
cat > "$W/calls.field" <<'EOF'
3 9
6 7
1 12
2 4
8 3
8 5
EOF
cat > "$W/interp.test" <<'EOF'
3 4 + 2 *
5 dup sq r3 neg
EOF
cat > "$W/interp.field" <<'EOF'
7 2 swap - 3 r4 dup + + + +
1 2 3 4 5 6 * * sq neg -
2 r5 sq
EOF

cat > "$W/steady.test" <<'EOF'
2 10
1 20
EOF
cat > "$W/steady.field" <<'EOF'
0 0
0 12
1 1
3 30
2 7
4 43
EOF

want cases && for opt in -O0 -O2; do
  check_case "calls.c $opt" "$T/cases/calls.c" "$opt" 1 "$W/calls.test" \
    "$W/calls.field"
  check_case "interp.c $opt" "$T/cases/interp.c" "$opt" 1 "$W/interp.test" \
    "$W/interp.field"
  check_case "steady.c $opt" "$T/cases/steady.c" "$opt" 1 "$W/steady.test" \
    "$W/steady.field"
done
# Steady loop paths (plugin/instrument.cc) in the supergraphs of
# steady.c: per function N/M, N counted in registers, M of them at the
# loop's exits, from the verbose notes.  The calls of hash, grid and find
# are inlined, and their loops then go around one way; clip_sum's helper
# has two ways, twisted's is never inlined.  grid's outer loop (compare
# form) goes around its one way only when the inner loop does not run,
# which no test does: with PPP slots that path is residual, and logged.
steady_counts () { # OPTIONS
  (cd "$W/steady_c__O2" \
   && gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-ipps=ips.txt \
        -fplugin-arg-pathprof-trace -fplugin-arg-pathprof-verbose "$@" \
        -c prog.c -o steady.o 2>&1) \
    | sed -n 's/.*pathprof: [^a-z_]*\([a-z_]*\)[^:]*: .*, \([0-9]*\) steady loop[^(]*(\([0-9]*\) at .*/\1 \2\/\3/p' \
    | LC_ALL=C sort | paste -sd, -
}
if want cases; then
  check "steady.c -O2 (ppp): steady loop paths" \
    "clip 0/0,clip_sum 0/0,find 1/1,grid 2/1,hash 1/1,main 1/1,mix 0/0,same 0/0,scale 0/0,twist 0/0,twisted 0/0" \
    "$(steady_counts)"
  check "steady.c -O2 (ppp-slots): steady loop paths" \
    "clip 0/0,clip_sum 0/0,find 1/1,grid 1/1,hash 1/1,main 1/1,mix 0/0,same 0/0,scale 0/0,twist 0/0,twisted 0/0" \
    "$(steady_counts -fplugin-arg-pathprof-ppp-array-threshold=0)"
  check "steady.c -O2 (bl): steady loop paths" \
    "clip 0/0,clip_sum 0/0,find 1/1,grid 2/1,hash 1/1,main 1/1,mix 0/0,same 0/0,scale 0/0,twist 0/0,twisted 0/0" \
    "$(steady_counts -fplugin-arg-pathprof-ipps-mode=bl)"
  check "steady.c -O2: no steady loop paths with steady-loops=0" \
    "clip 0/0,clip_sum 0/0,find 0/0,grid 0/0,hash 0/0,main 0/0,mix 0/0,same 0/0,scale 0/0,twist 0/0,twisted 0/0" \
    "$(steady_counts -fplugin-arg-pathprof-steady-loops=0)"
  check_case "interp.c -O2 -k 2" "$T/cases/interp.c" -O2 2 \
    "$W/interp.test" "$W/interp.field"
  check_case "calls.c -O3 -flto -k 3" "$T/cases/calls.c" "-O3 -flto" 3 \
    "$W/calls.test" "$W/calls.field"
  # An always_inline function with a constant asm operand: no trace or
  # IPPP build may emit it out of line (cases/asm.c).
  printf '6\n' > "$W/asm.test"
  printf '6 1\n27 3\n' > "$W/asm.field"
  check_case "asm.c -O2" "$T/cases/asm.c" -O2 1 "$W/asm.test" "$W/asm.field"
  check "asm.c: the trace build emits times only inline, step's token" \
    "__pathprof_self.step __pathprof_self.times" \
    "$(nm "$W/asm_c__O2/wpp/prog.o" | awk '$3 ~ /^(times|step)$|^__pathprof_self/ { print $3 }' \
         | LC_ALL=C sort | paste -sd' ' -)"
  # A supergraph split by path splitting: the field runs the tests'
  # segments, every one interesting, none cut into fragments.
  echo '1 2 3 77777' > "$W/wide.in"
  check_case "wide.c -O2" "$T/cases/wide.c" -O2 1 "$W/wide.in" "$W/wide.in"
  check "wide.c: f's supergraph is split" yes \
    "$(awk '/^function "f"/ { f = 1 } f && /^  edge .* split$/ { print "yes"; exit }' \
         "$W/wide_c__O2/ippp/prog.ppno")"
fi

# The real program: zlib's minigzip, built by its own build system
# (scripts/debian/program.sh), on small inputs (block traces are ~10 lines
# per byte compressed).  The oracle reads the notes of the objects linked
# into minigzip: minigzip.o and libz.a's.
zlib_runs () { # PROGRAM DIR test|field (the program's name is PROG)
  zlib_runs1 "$@" 2>&1 | sed "s|$1|PROG|g"
}
zlib_runs1 () {
  z=$1 o=$2
  if [ "$3" = test ]; then
    for l in -1 -6; do
      "$z" -c $l < "$SRC/zlib.3" > "$o/t$l.gz"
      "$z" -d -c < "$o/t$l.gz" | md5sum
    done
    head -c 1000 "$o/t-6.gz" | "$z" -d -c 2> "$o/trunc.err" | md5sum
    cat "$o/trunc.err"
  else
    cat "$SRC/adler32.c" "$SRC/zutil.h" "$SRC/ChangeLog" | head -c 30000 \
      > "$o/in"
    for l in -1 -9 -h -r -f; do
      "$z" -c $l < "$o/in" > "$o/f$l.gz"
      "$z" -d -c < "$o/f$l.gz" | md5sum
    done
    head -c 3000 "$o/f-9.gz" | "$z" -d -c 2> "$o/trunc.err" | md5sum
    cat "$o/trunc.err"
    "$z" -d -c < "$SRC/zlib.3"
    echo "exit $?"
  fi
}

check_zlib () {
  k=$1
  d=$W/zlib-k$k
  mkdir -p "$d/ppt"
  gcc -O2 -fPIC -c "$T/blocktrace.c" -o "$d/blocktrace.o" || return
  zl () { # BUILD-NAME PLUGIN-ARGS...
    zo=$d/$1
    shift
    CFLAGS="-O2 $*" LIBS="$d/blocktrace.o -L$B -lpathprof" \
      sh "$TOP/scripts/debian/program.sh" zlib build "$zo" > "$zo.log" 2>&1
    zrc=$?
    [ $zrc = 0 ] || { echo "program.sh zlib build: exit status $zrc" >> "$zo.log"; return 1; }
    # Any line naming pathprof outside a path or an option is a
    # diagnostic (the commands name the plugin and the runtime, and the
    # work directory's name holds "pathprof": under make check, the
    # sub-make prints it in "Entering directory").  Word by word, not by
    # the line's start: make -j may print a command on the end of another
    # program's message (zlib's "rmdir: failed to remove 'objs'").
    ! grep "pathprof" "$zo.log" \
      | awk '{ l = " " $0; gsub(/[^ ]*\/[^ ]*/, "", l)
               gsub(/ -[^ ]*pathprof[^ ]*/, " ", l)
               if (l ~ /pathprof/) print }' \
      | grep . >> "$zo.log"
  }
  if ! SRC=$(sh "$TOP/scripts/debian/program.sh" zlib source 2> /dev/null); then
    echo "SKIP: zlib: no Debian sources (scripts/debian/README)"
    return
  fi
  zl plain || { ko "zlib: plain build" "$d/plain.log"; return; }
  mkdir -p "$d/out-plain"
  zlib_runs "$d/plain/minigzip" "$d/out-plain" test > "$d/plain.test" 2>&1
  zlib_runs "$d/plain/minigzip" "$d/out-plain" field > "$d/plain.field" 2>&1
  P="-fplugin=$PL -fplugin-arg-pathprof-trace"
  zl wpp $P -fplugin-arg-pathprof-wpp || { ko "zlib: trace build" \
    "$d/wpp.log"; return; }
  mkdir -p "$d/out-wpp" "$d/tr-test"
  PATHPROF_TRACE_DIR=$d/ppt PPT_TRACE_DIR=$d/tr-test \
    zlib_runs "$d/wpp/minigzip" "$d/out-wpp" test > "$d/wpp.test" 2>&1
  cmp -s "$d/wpp.test" "$d/plain.test" || { ko "zlib: the trace build \
behaves as the plain one" "$d/wpp.test"; return; }
  "$PP" ips -k "$k" -o "$d/ips.txt" "$d/ppt" > "$d/ips.log" 2>&1 \
    || { ko "zlib: pathprof ips" "$d/ips.log"; return; }
  for mode in ppp bl; do
    bl=
    [ $mode = bl ] && bl=--bl
    # The shared library's objects (objs/*.o, -fPIC) are other
    # compilations, with other call sites (their global functions may be
    # interposed: never inlined): the tests, which ran the static ones,
    # are stale there.  stale=ignore, and no stale function elsewhere.
    zl $mode $P -fplugin-arg-pathprof-ipps="$d/ips.txt" \
      -fplugin-arg-pathprof-ipps-mode=$mode -fplugin-arg-pathprof-stale=ignore \
      -fplugin-arg-pathprof-ipps-growth=10000 \
      && ! grep -l '^  stale' "$d/$mode"/*.ppno >> "$d/$mode.log" \
      || { ko "zlib -k $k ($mode): IPPP build, silently" "$d/$mode.log"; continue; }
    mkdir -p "$d/out-$mode" "$d/tr-$mode"
    PATHPROF_FILE=$d/$mode.ppd PPT_TRACE_DIR=$d/tr-$mode \
      zlib_runs "$d/$mode/minigzip" "$d/out-$mode" field > "$d/$mode.field" 2>&1
    cmp -s "$d/$mode.field" "$d/plain.field" || { ko "zlib -k $k ($mode): \
the IPPP build behaves as the plain one" "$d/$mode.field"; continue; }
    notes="$d/$mode/minigzip.ppno"
    for m in $(ar t "$d/$mode/libz.a"); do
      notes="$notes $d/$mode/${m%.o}.ppno"
    done
    # shellcheck disable=SC2086
    if python3 "$T/oracle.py" $bl "$PP" "$d/ips.txt" "$d/tr-test" \
         "$d/tr-$mode" "$d/$mode.ppd" $notes > "$d/$mode.oracle" 2>&1; then
      ok "zlib minigzip -O2 -k $k ($mode)" "$d/$mode.oracle"
    else
      ko "zlib minigzip -O2 -k $k ($mode)" "$d/$mode.oracle"
    fi
  done
}
want zlib && check_zlib 1

# 7. Robustness: every program of the plugin's tests (setjmp, exceptions,
# nested functions, computed goto, OpenMP, threads, tail calls...) in a
# trace build, then an IPPP build (both modes) from its own traces:
# built without an internal compiler error or any diagnostic but the
# warnings about the functions not instrumented, same output and exit
# status as the plain build.  The field run is the test run, so a
# deterministic program has no untested segment.
robust () {
  name=$1 src=$2 opt=$3 k=$4
  d=$W/r$(echo "$name" | tr -c 'A-Za-z0-9\n' _)
  mkdir -p "$d/ppt" && cd "$d" || return
  cc=gcc
  case $src in *.cc) cc=g++ ;; esac
  extra=$(sed -n '1,3s/.*flags: \([^*]*\).*/\1/p' "$src" \
    | sed 's/-fplugin-arg-[^ ]*//g')
  lib="-L$B -lpathprof"
  case $extra in *fopenmp*) lib="$lib -pthread" ;; esac
  case $src in *threads.c) extra="$extra -pthread" ;; esac
  $cc $opt $extra -w "$src" -o plain $lib > cc.log 2>&1 || {
    ko "$name: plain build" cc.log; return; }
  (ulimit -s 8192; OMP_NUM_THREADS=2 ./plain > plain.out 2>&1; echo "exit $?" >> plain.out)
  for build in "wpp -fplugin-arg-pathprof-wpp" \
               "ppp -fplugin-arg-pathprof-ipps=ips.txt" \
               "bl -fplugin-arg-pathprof-ipps=ips.txt -fplugin-arg-pathprof-ipps-mode=bl"; do
    set -- $build
    b=$1
    shift
    if ! $cc $opt $extra -fplugin="$PL" "$@" -c "$src" -o $b.o > $b.log 2>&1 \
       || ! $cc $opt $extra $b.o $lib -o $b >> $b.log 2>&1 \
       || grep -v "warning: pathprof: .* is not instrumented: \\| | " $b.log \
          > /dev/null; then
      ko "$name ($b): builds, warning only of what it skips" $b.log
      return
    fi
    (ulimit -s 8192; OMP_NUM_THREADS=2 PATHPROF_TRACE_DIR=$d/ppt \
      PATHPROF_FILE=$d/$b.ppd ./$b > $b.out 2>&1; echo "exit $?" >> $b.out)
    if ! cmp -s $b.out plain.out; then
      ko "$name ($b): behaves as the plain build" $b.out
      return
    fi
    if [ $b = wpp ] && ! "$PP" ips -k "$k" -o ips.txt ppt > ips.log 2>&1; then
      ko "$name: pathprof ips" ips.log
      return
    fi
  done
  "$PP" residual --json ppp.ppd > res.json 2> res.log || {
    ko "$name: pathprof residual" res.log; return; }
  u=$(python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["summary"]
print("%d of %d segments untested" % (s["untested_paths"], s["executed_paths"]))' res.json)
  case $name in
    omp*|threads*) ok "$name: $u" ;;
    *) case $u in 0\ of*) ok "$name: $u" ;; *) echo "$u" > u.txt; ko "$name: no untested segment" u.txt ;; esac ;;
  esac
}
want robust && for src in "$TOP"/plugin/tests/cases/*.c "$TOP"/plugin/tests/cases/*.cc; do
  # tail.c needs its tail call kept: only cases/tail.c below.
  case $src in */tail.c) continue ;; esac
  for opt in -O0 -O2; do
    robust "$(basename "$src") $opt" "$src" "$opt" 2
  done
done

# 8. An IPPP build keeps a tail call (a trace build does not: the tests
# run with N = 10), with the recursive call inlined at depth 2.
if want robust; then
  mkdir -p "$W/tail/ppt" && cd "$W/tail" || exit 1
  gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-wpp -c "$T/cases/tail.c" -o w.o \
    && gcc w.o -L"$B" -lpathprof -o w && PATHPROF_TRACE_DIR=ppt ./w 10 \
    > /dev/null && "$PP" ips -k 2 -o ips.txt ppt || ko "tail.c: IPS file"
  for mode in ppp bl; do
    if gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-ipps=ips.txt \
         -fplugin-arg-pathprof-ipps-mode=$mode -c "$T/cases/tail.c" -o i.o \
       && grep -q '^  context 1 0 0 "count"' i.ppno \
       && gcc i.o -L"$B" -lpathprof -o i \
       && [ "$( (ulimit -s 8192; PATHPROF_FILE=$mode.ppd ./i) 2>&1)" = 25000000 ]; then
      ok "tail.c -O2 ($mode): the tail call stays one"
    else
      ko "tail.c -O2 ($mode): the tail call stays one"
    fi
  done
fi

# 9. Diagnostics of IPPP builds, exactly: the growth bound, a segment
# that is no path, a stale function, bad arguments.
if want diag; then
  mkdir -p "$W/diag/ppt" && cd "$W/diag" || exit 1
  cp "$T/cases/calls.c" prog.c
  gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-wpp -c prog.c -o w.o \
    && gcc w.o -L"$B" -lpathprof -o w \
    && PATHPROF_TRACE_DIR=ppt ./w 1 5 > /dev/null \
    && PATHPROF_TRACE_DIR=ppt ./w 2 4 > /dev/null \
    && "$PP" ips -o ips.txt ppt || ko "diag: IPS file"
  ipps () { # FILE NAME.c ARGS...: the diagnostics of an IPPP build
    f=$1 src=$2
    shift 2
    LC_ALL=C gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-ipps="$f" "$@" \
      -c "$src" -o d.o 2>&1 | grep -v '^ \|In function'
  }
  n=$(grep -c '^  context' "$(ipps ips.txt prog.c > /dev/null; echo d.ppno)")
  case "$(ipps ips.txt prog.c -fplugin-arg-pathprof-ipps-growth=1):$(grep -c '^  context' d.ppno)" in
    "prog.c:"*": warning: pathprof: $n call chains of 'ips.txt' are not inlined: they would make the inlined code exceed 1% of the unit's "*" statements ('-fplugin-arg-pathprof-ipps-growth'); their segments are not interesting:0")
      ok "diag: growth 1%: no chain inlined, one warning" ;;
    *) ko "diag: growth 1%: no chain inlined, one warning" ;;
  esac
  check "diag: verbose reports the growth" \
    "cc1: note: pathprof: inlined $n call chains:" \
    "$(ipps ips.txt prog.c -fplugin-arg-pathprof-verbose | grep -o '^cc1: note: pathprof: inlined [0-9]* call chains:')"
  line=$(grep -n '^segment .* ( .* ) .* ( ' ips.txt | head -1 | cut -d: -f1)
  sed "${line}s/ ) \([0-9]*\):[0-9]* ( / ) \1:0 ( /" ips.txt > bad.txt
  root=$(sed -n "${line}s/^segment \([0-9]*\) .*/\1/p" bad.txt)
  name=$(sed -n "s/^function $root \"\(.*\)\"/\1/p" bad.txt)
  case $(ipps bad.txt prog.c) in
    *"warning: pathprof: '$name': 1 interesting segments (the first at bad.txt:$line: "*") are not paths of the compiled supergraph; they are not counted as interesting")
      ok "diag: a segment that is no path: warning with file and line" ;;
    *) ko "diag: a segment that is no path: warning with file and line" ;;
  esac
  sed 's/return n < 2 ? n : fib (n - 1) + fib (n - 2);/if (n < 2) return n; if (n == 7) n--; return fib (n - 1) + fib (n - 2);/' prog.c > p.c
  sed 's/"prog.c"/"p.c"/' ips.txt > p.txt
  case $(ipps p.txt p.c) in
    "p.c:"*"warning: pathprof: 'fib' does not match its entry at p.txt:"*" subpaths there, "*"all its paths are residual ('-fplugin-arg-pathprof-stale=' says what to do about this)") ok "diag: a stale function: one warning" ;;
    *) ko "diag: a stale function: one warning" ;;
  esac
  check "diag: stale=ignore is silent" "" "$(ipps p.txt p.c -fplugin-arg-pathprof-stale=ignore)"
  # stats over a trace build's notes: its functions counted as trace
  # (they were counted into the next field, in_arrays).
  nw=$(grep -c '^function ' w.ppno)
  check "diag: stats of a trace build's notes" \
    "functions: $nw (ppp 0, residual 0, array 0, hash 0, trace $nw); stale: 0; ppp and residual counted in arrays: 0" \
    "$("$PP" stats w.ppno | sed -n 2p)"
  # Damaged traces: each a clear message naming the file, at once (a
  # stray REPEAT count of 2^40 used to replay for hours, a stray function
  # base to allocate gigabytes).  damage.py writes a copy of the first
  # trace with one change: the first object's base, a FORK record of 4
  # bytes appended, a REPEAT 2^40 after the first subpath event, a FORK
  # record whose size says 2^29 bytes appended (refused before a buffer
  # of that size, which the reader allocated first: under `ulimit -v` it
  # ran out of memory).
  cat > damage.py <<'EOF_PY'
import struct, sys
src, what, dst = sys.argv[1:4]
d = open(src, 'rb').read()
head, p, recs = d[:16], 16, []
while p < len(d):
    tag, th, n = struct.unpack_from('<IIQ', d, p)
    recs.append([tag, th, bytearray(d[p + 16:p + 16 + n])])
    p += 16 + n
def enc(kind, v):
    out = bytearray([kind | (v & 0x1f) << 2]); v >>= 5
    while v:
        out[-1] |= 0x80; out.append(v & 0x7f); v >>= 7
    return bytes(out)
OBJT, EVTS, FORK = (struct.unpack('<I', t)[0] for t in (b'OBJT', b'EVTS', b'FORK'))
if what == 'base':
    next(r for r in recs if r[0] == OBJT)[2][0:4] = struct.pack('<I', 1 << 29)
elif what == 'fork':
    recs.append([FORK, 0, bytearray(4)])
elif what == 'size':
    recs.append([FORK, 0, None])
else:
    r = next(r for r in recs if r[0] == EVTS)
    i, body = 0, r[2]
    while True:  # to the end of the first SUBPATH event
        kind = body[i] & 3
        while body[i] & 0x80:
            i += 1
        i += 1
        if kind == 0:
            break
    r[2] = body[:i] + enc(3, 2 << 40) + body[i:]
out = bytearray(head)
for tag, th, body in recs:
    if body is None:
        out += struct.pack('<IIQ', tag, th, 1 << 29) + bytes(8)
    else:
        out += struct.pack('<IIQ', tag, th, len(body)) + body
open(dst, 'wb').write(out)
EOF_PY
  first=$(ls ppt/*.ppt | head -1)
  for what in base fork repeat size; do
    python3 damage.py "$first" $what bad-$what.ppt
    msg=$(ulimit -v 400000; LC_ALL=C timeout 60 "$PP" ips -o bad.ips \
          bad-$what.ppt 2>&1); rc=$?
    case $what:$rc:$msg in
      "base:1:pathprof: bad-base.ppt: object '"*"': function base 536870912, expected 0 (a damaged trace)" \
      | "fork:1:pathprof: bad-fork.ppt: record at offset "*": FORK record of 4 bytes, expected 8" \
      | "size:1:pathprof: bad-size.ppt: record at offset "*" is truncated" \
      | "repeat:1:pathprof: bad-repeat.ppt: thread 1: subpath "*" of 'main' repeated 1099511627776 more times, which is not replayed (a damaged trace)")
        ok "diag: a damaged trace ($what): one message, status 1" ;;
      *) ko "diag: a damaged trace ($what): one message, status 1: got $rc '$msg'" ;;
    esac
  done
  # The same program under another name: every function of q.c is listed
  # with its supergraph only under 'prog.c'.  All are residual; main, the
  # one public function (the static ones are not matched across sources),
  # is stale with the reason in the notes, and warned about once.
  cp prog.c q.c
  case "$(ipps ips.txt q.c | tr '\n' '|'):$(grep -c "^  stale \"ips.txt:[0-9]* (source 'prog.c' there, 'q.c' now)\"$" d.ppno)" in
    "q.c:"*": warning: pathprof: 'main' is listed at ips.txt:"*" only under another source, 'prog.c': all its paths are residual ('-fplugin-arg-pathprof-stale=' says what to do about this)|q.c:"*": note: pathprof: its source is 'q.c' here; a build must name its sources as the profiled build did (the same '-ffile-prefix-map'); other functions of 'q.c' in this case are not reported|:1")
      ok "diag: listed only under another source: one warning, main stale" ;;
    *) ko "diag: listed only under another source: one warning, main stale" ;;
  esac
  # A call through a pointer to a function built for other instruction
  # set extensions (xz-utils' crc64_clmul, called so from lzma_crc64):
  # GCC cannot inline it into a root built without them (its intrinsics
  # are always_inline functions of that target), so the chain is left out
  # with the warning, and the program behaves as built plainly.
  mkdir -p isa/ppt && cat > isa/isa.c <<'EOF'
#include <stdio.h>
typedef __attribute__ ((vector_size (16))) int __v4si;
__attribute__ ((target ("sse4.1"))) static int
wide (int x)
{
  return __builtin_ia32_pmaxsd128 ((__v4si) { x, 1, 2, 3 },
                                   (__v4si) { 0, 0, 0, 0 })[0] + 1;
}
static int narrow (int x) { return x > 0 ? x + 1 : 1; }
int
main (int argc, char **argv)
{
  (void) argv;
  int (*f) (int) = argc > 1 && __builtin_cpu_supports ("sse4.1") ? wide
                                                                  : narrow;
  int s = 0;
  for (int i = -3; i < 4; i++)
    s += f (i);
  printf ("%d\n", s);
  return 0;
}
EOF
  ( cd isa && gcc -O2 isa.c -o plain && ./plain x > plain.out \
    && gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-wpp -c isa.c -o w.o \
    && gcc w.o -L"$B" -lpathprof -o w && PATHPROF_TRACE_DIR=ppt ./w x \
       > /dev/null && "$PP" ips -o ips.txt ppt ) || ko "diag: ISA: IPS file"
  cd isa
  check "diag: a pointer's target built for other instruction sets: not inlined, one warning" \
    "isa.c:21:1: warning: pathprof: 1 call chains of 'ips.txt' cannot be inlined (the call or the callee changed, the two were compiled with options that change what code means, or a call through a pointer does not fit the callee or calls one built for other instruction set extensions); their segments are not interesting" \
    "$(ipps ips.txt isa.c)"
  gcc d.o -L"$B" -lpathprof -o i && ./i x > i.out 2>&1
  check "diag: ISA: the IPPP build behaves as the plain one" \
    "$(cat plain.out)" "$(cat i.out)"
  cd ..

  # Options that change what code means (cases/pun.c): the punning body
  # compiled without strict aliasing is inlined and takes strict aliasing
  # away from main, as GCC's inliner does (the old plugin printed "1 0"
  # for the plain build's "0 0"); the -fwrapv body is not inlined.
  mkdir -p pun/ppt
  ( cd pun && gcc -O2 "$T/cases/pun.c" -o plain && ./plain 1 -3 > plain.out \
    && gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-wpp -c "$T/cases/pun.c" -o w.o \
    && gcc w.o -L"$B" -lpathprof -o w && PATHPROF_TRACE_DIR=ppt ./w 1 -3 \
       > /dev/null && "$PP" ips -o ips.txt ppt ) || ko "diag: options: IPS file"
  cd pun
  check "diag: options: the segments of main through typepun and grows" \
    "segment 0 : 0:0 = 2|segment 1 : 1:0 ( 2:0 ) 1:5 ( 0:0 ) 1:6 = 1|segment 1 : 1:8 ( 0:0 ) 1:6 = 1|segment 1 : 1:10 = 1|segment 2 : 2:0 = 1" \
    "$(grep '^segment' ips.txt | paste -sd'|' -)"
  check "diag: options: the -fwrapv callee not inlined, one warning" \
    "$T/cases/pun.c:40:1: warning: pathprof: 1 call chains of 'ips.txt' cannot be inlined (the call or the callee changed, the two were compiled with options that change what code means, or a call through a pointer does not fit the callee or calls one built for other instruction set extensions); their segments are not interesting" \
    "$(ipps ips.txt "$T/cases/pun.c" -fplugin-arg-pathprof-verbose | grep -v 'note:\|^ \|In function')"
  check "diag: options: the no-strict-aliasing callee inlined" \
    "cc1: note: pathprof: inlined 1 call chains: 3 statements added to the unit's 27 (111 per mille, at most 500%)" \
    "$(ipps ips.txt "$T/cases/pun.c" -fplugin-arg-pathprof-verbose | grep 'note: pathprof: inlined')"
  gcc d.o -L"$B" -lpathprof -o i && ./i 1 -3 > i.out 2>&1
  check "diag: options: the IPPP build behaves as the plain one" \
    "$(cat plain.out)" "$(cat i.out)"
  cd ..

  check "diag: wpp and ipps exclude each other" \
    "cc1: error: pathprof: 'interesting', 'wpp' and 'ipps' exclude each other" \
    "$(ipps ips.txt prog.c -fplugin-arg-pathprof-wpp | head -1)"
  check "diag: a missing IPS file" \
    "cc1: error: pathprof: missing.txt: cannot open: No such file or directory" \
    "$(ipps missing.txt prog.c | head -1)"
  check "diag: a bad ipps-mode" \
    "cc1: error: pathprof: 'ipps-mode=xx': expected ppp or bl" \
    "$(ipps ips.txt prog.c -fplugin-arg-pathprof-ipps-mode=xx | head -1)"
fi

# 10. scripts/ippp-workflow.sh on the bundled example (a Makefile project):
# test suite -> IPS file -> IPPP beta -> field -> report.
if want workflow; then
  cp -r "$TOP/example" "$W/wf"
  RW="sh $TOP/scripts/ippp-workflow.sh -C $W/wf -w $W/wf-ippp"
  if PATHPROF_SPECS=$B/pathprof.specs PATHPROF=$PP $RW test -- make check \
       > "$W/wf.log" 2>&1 \
     && PATHPROF_SPECS=$B/pathprof.specs $RW beta >> "$W/wf.log" 2>&1 \
     && $RW field -- ./tokstat "$TOP/example/tokstat.c" >> "$W/wf.log" 2>&1 \
     && PATHPROF=$PP $RW report --top 1 > "$W/wf.report" 2>&1 \
     && grep -q "^summary (thesis Table 3.2, depth-1 segments):" "$W/wf.report" \
     && [ "$($RW cflags beta)" = "-fplugin-arg-pathprof-ipps=$W/wf-ippp/ips.txt" ]
  then
    ok "ippp-workflow.sh: test, beta, field, report on example/"
  else
    cat "$W/wf.report" >> "$W/wf.log" 2> /dev/null
    ko "ippp-workflow.sh: test, beta, field, report on example/" "$W/wf.log"
  fi
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
