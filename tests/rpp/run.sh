#!/bin/sh
# Residual path profiling, end to end, against an independent oracle
# (make check-rpp).
#
#   sh tests/rpp/run.sh BUILD_DIR
#
# For each program: a Ball-Larus build runs the "test" inputs (TEST.ppd)
# and the "field" inputs (FIELD.ppd); `pathprof interesting TEST.ppd`
# drives a preferential build, which runs the field inputs (PPP.ppd);
# compare.py checks that the preferential profile is the Ball-Larus field
# profile split into tested counts and residual paths, and that `pathprof
# residual` reports exactly FIELD minus TEST.  Programs: the bundled
# example (also in PPP slots, and with ppp-max=4, so that tested paths
# without a slot go through the residual log), and the Debian programs of
# scripts/debian/programs that have test and field workloads (RPP_PROGRAMS,
# default as below; empty to skip).
# Ends with the line "N passed, N failed".
set -u
B=$(cd "${1:?usage: run.sh BUILD_DIR}" && pwd -P)
SRC=$(cd "$(dirname "$0")/../.." && pwd -P)
PP=$B/pathprof
W=$(mktemp -d "${TMPDIR:-/tmp}/pathprof-rpp.XXXXXX")
trap 'rm -rf "$W"' EXIT
pass=0
fail=0
result () { # NAME OUTPUT-FILE STATUS
  if [ "$3" = 0 ]; then
    pass=$((pass + 1)); echo "PASS: $1"; sed 's/^/  /' "$2"
  else
    fail=$((fail + 1)); echo "FAIL: $1"; sed 's/^/  | /' "$2"
  fi
}
CCP="gcc -O2 -fplugin=$B/pathprof.so"
LIBS="-L$B -lpathprof"

# The example: tests = its own input, field = other C sources.
example () { # NAME EXTRA-PLUGIN-FLAGS [NUMBERED]
  d=$W/$(echo "$1" | tr -c 'A-Za-z0-9\n' _)
  mkdir -p "$d/bl" "$d/ppp"
  cd "$d/bl" && $CCP -c "$SRC/example/tokstat.c" && gcc tokstat.o $LIBS -o tokstat
  PATHPROF_FILE=$d/test.ppd ./tokstat "$SRC/example/input.c" > /dev/null
  for f in "$SRC/example/tokstat.c" "$SRC"/runtime/*.c; do
    PATHPROF_FILE=$d/field.ppd ./tokstat "$f" > /dev/null
  done
  "$PP" interesting -o "$d/paths.txt" "$d/test.ppd"
  cd "$d/ppp" && $CCP -fplugin-arg-pathprof-interesting="$d/paths.txt" $2 \
    -c "$SRC/example/tokstat.c" && gcc tokstat.o $LIBS -o tokstat
  for f in "$SRC/example/tokstat.c" "$SRC"/runtime/*.c; do
    PATHPROF_FILE=$d/ppp.ppd ./tokstat "$f" > /dev/null
  done
  python3 "$SRC/tests/rpp/compare.py" "$PP" "$d/test.ppd" "$d/field.ppd" \
    "$d/ppp.ppd" "$d/bl" "$d/ppp" > "$d/compare.txt" 2>&1
  result "$1" "$d/compare.txt" $?
  # NUMBERED: the functions whose slots went to their hottest tested
  # paths only (hottest.py checks they are the hottest).
  python3 "$SRC/tests/rpp/hottest.py" tokstat.ppno "$d/paths.txt" \
    > "$d/hottest.txt" 2>&1
  status=$?
  if [ $status = 0 ] && [ "$(cat "$d/hottest.txt")" != "${3:-}" ]; then
    printf 'want:\n%s\n' "${3:-}" >> "$d/hottest.txt"
    status=1
  fi
  result "$1: slots for the hottest tested paths" "$d/hottest.txt" $status
}
# By default the example's functions are few-path ones, counted in arrays
# with their tested paths marked; ppp-array-threshold=0 puts them in PPP
# slots, and ppp-max=4 leaves tested paths without a slot (they go
# through the residual log): in three functions the range of all tested
# paths is larger, so that their 4 hottest alone are numbered.
example example ""
example "example, PPP slots" "-fplugin-arg-pathprof-ppp-array-threshold=0"
example "example, PPP slots, ppp-max=4" \
  "-fplugin-arg-pathprof-ppp-array-threshold=0 -fplugin-arg-pathprof-ppp-max=4" \
  "is_keyword: 4 of 6 numbered, range 4
scan_number: 4 of 12 numbered, range 4
scan_line: 4 of 21 numbered, range 4"

# The Debian programs build and run with address space randomization off
# where setarch can turn it off: the oracle needs the Ball-Larus and the
# preferential field runs to run the same paths, and a program's paths
# can depend on where its memory lands (pcre2's JIT chooses a near or a
# far jump by the distance between its code buffers:
# generate_near_jump_code's paths 44 and 53 split 3,865 executions as
# 280 + 3,585 in one run and 3,864 + 1 in the other).
NO_ASLR=
if setarch "$(uname -m)" -R true > /dev/null 2>&1; then
  NO_ASLR="setarch $(uname -m) -R"
fi

# A Debian program: its recipe's test and field workloads.  The
# preferential build is done in the Ball-Larus build's directory, so that
# both compile the sources under the same names (functions are matched by
# name and source file), and must behave exactly as the Ball-Larus build
# on the field workload.
debian () { # NAME [EXTRA-PLUGIN-FLAGS]
  d=$W/$1${2:+-slots}
  mkdir -p "$d"
  t0=$(date +%s)
  P="$NO_ASLR sh $SRC/scripts/debian/program.sh $1"
  export CFLAGS="-O2 -fplugin=$B/pathprof.so" LIBS="-L$B -lpathprof"
  # The programs a build runs (sqlite3's mksourceid, lemon) write their
  # profiles aside, one per process: where they run, the preferential
  # build's would find the Ball-Larus build's and say so on stderr, which
  # tclsh's exec takes for a failure (as in tests/gcov and make bench).
  mkdir -p "$d/build-records"
  records=$d/build-records/%p.ppd
  if ! PATHPROF_FILE=$records $P build "$d/build" \
       > "$d/build.log" 2>&1 \
     || ! PATHPROF_FILE=$d/test.ppd $P workload-test "$d/build" "$d/wt" \
          > "$d/run.log" 2>&1 \
     || ! PATHPROF_FILE=$d/field.ppd $P workload-field "$d/build" "$d/wf" \
          >> "$d/run.log" 2>&1 \
     || ! "$PP" interesting -o "$d/paths.txt" "$d/test.ppd" \
          >> "$d/run.log" 2>&1; then
    cat "$d/build.log" >> "$d/run.log"
    result "$1: Ball-Larus build and runs" "$d/run.log" 1
    return
  fi
  CFLAGS="$CFLAGS -fplugin-arg-pathprof-interesting=$d/paths.txt ${2:-}"
  # The field run again in the same directory: workloads may depend on
  # its name (mawk's scanner runs per character of string literals that
  # hold it).
  mv "$d/wf" "$d/wf.bl"
  if ! PATHPROF_FILE=$records $P build "$d/build" \
       > "$d/build.log" 2>&1 \
     || ! PATHPROF_FILE=$d/ppp.ppd $P workload-field "$d/build" "$d/wf" \
          > "$d/run.log" 2>&1; then
    cat "$d/build.log" >> "$d/run.log"
    result "$1: preferential build and run" "$d/run.log" 1
    return
  fi
  unset CFLAGS LIBS
  diff -r "$d/wf.bl" "$d/wf" > "$d/diff.txt" 2>&1
  result "$1${2:+ ($2)}: the preferential build behaves as the Ball-Larus one" \
    "$d/diff.txt" $?
  python3 "$SRC/tests/rpp/compare.py" "$PP" "$d/test.ppd" "$d/field.ppd" \
    "$d/ppp.ppd" > "$d/compare.txt" 2>&1
  status=$?
  echo "($(( $(date +%s) - t0 )) s)" >> "$d/compare.txt"
  result "$1${2:+ ($2)}" "$d/compare.txt" $status
}
# By default: functions with at most 262144 paths in arrays, larger ones
# in PPP slots (mawk's parser and printf; bzip2's main and uncompress;
# zlib's deflate and inflate; lzip's, the C++ program's, main and
# LZ_encoder::sequence_optimizer);
# bzip2 also with slots everywhere.  Not
# lz4, xz-utils and sqlite3: their Ball-Larus and preferential field runs
# need not run the same paths, which this oracle needs (lz4's
# UTIL_clockSpanNano branches on the clock; xz's io_wait and io_write_buf
# wait on a full pipe a varying number of times; sqlite3's first
# difference is in sqlite3_str_vappendf).  lz4 passes when the clock
# agrees (RPP_PROGRAMS=lz4): lz4hc.c includes lz4.c, whose static
# helpers are then in two objects.  pcre2 passes (RPP_PROGRAMS=pcre2,
# 2 min: 6,667 untested paths) with randomization off (NO_ASLR, above);
# without setarch its JIT's jumps can differ between the runs.  Nor GNU
# make (RPP_PROGRAMS=make): its runs differ in its job control, and
# differently each time (new_job, jobserver_acquire, child_execute_job,
# reap_children, set_command_state, fd_noinherit and
# file_timestamp_sprintf in two tries: which of its parallel jobs ends
# first, and timestamps).
for prog in ${RPP_PROGRAMS-mawk bzip2 zlib lzip}; do
  debian "$prog"
done
case " ${RPP_PROGRAMS-mawk bzip2 zlib lzip} " in
  *" bzip2 "*) debian bzip2 -fplugin-arg-pathprof-ppp-array-threshold=0 ;;
esac

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
