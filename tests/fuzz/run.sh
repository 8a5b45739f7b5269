#!/bin/sh
# Coverage-guided fuzzing of pathprof's file readers (make fuzz).
#
#   sh tests/fuzz/run.sh BUILD_DIR [-t SECONDS] [TARGET...]
#
# Each TARGET (default: all) is a libFuzzer harness built with clang,
# AddressSanitizer and UndefinedBehaviorSanitizer (-fno-sanitize-recover):
#   interesting  pp_interesting_parse, and the write-and-read-back check
#   ips          pp_ips_parse, the same
#   notes        the tool's notes_read
#   trace        the tool's trace_read
#   ppd          ppd_parse (header made consistent), serialize, merge
# (README: what each checks).  Each runs SECONDS (default 120) from a
# corpus kept in BUILD_DIR/fuzz/corpus/TARGET, seeded with files of real
# builds made here with BUILD_DIR's plugin, runtime and tool (the
# example and three programs of tests/ippp/cases, in Ball-Larus,
# preferential, trace and IPPP builds) and with the dictionary
# TARGET.dict.  An input that breaks a harness is written to
# BUILD_DIR/fuzz/findings/TARGET-crash-... (libFuzzer's artifact), and
# the exit status is then 1.  Not part of `make check` (clang, and time);
# run it after a change to a reader.  Reproduce a finding with
#   BUILD_DIR/fuzz/bin/TARGET FILE
#
# Copyright (C) 2026 The pathprof developers.
# SPDX-License-Identifier: GPL-3.0-or-later
# The compiler commands and file lists ($CC, $LIBS, $CORE) are lists of
# words, split on purpose.
# shellcheck disable=SC2086
set -u
B=$(cd "${1:?usage: run.sh BUILD_DIR [-t SECONDS] [TARGET...]}" && pwd) || exit 1
shift
SECONDS_EACH=120
if [ "${1:-}" = -t ]; then SECONDS_EACH=${2:?-t needs a number of seconds}; shift 2; fi
TARGETS=${*:-interesting ips notes trace ppd}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
F=$B/fuzz
mkdir -p "$F/bin" "$F/seeds" "$F/corpus" "$F/findings" "$F/logs"

# --- clang -------------------------------------------------------------------
CLANG=${CLANG:-clang}
if ! command -v "$CLANG" > /dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get install -y -q clang > "$F/logs/apt.log" 2>&1 \
      || { echo "fuzz: cannot install clang ($F/logs/apt.log)"; exit 1; }
  else
    echo "fuzz: clang (with libFuzzer) is needed"; exit 1
  fi
fi

# --- the harnesses -------------------------------------------------------------
FLAGS="-g -O1 -std=gnu11 -fsanitize=fuzzer,address,undefined
  -fno-sanitize-recover=all -fno-omit-frame-pointer
  -I$SRC/tests/fuzz -I$SRC/tests/runtime -I$SRC/plugin/core -I$SRC/runtime -I$SRC/tool"
CORE=$(ls "$SRC"/plugin/core/*.c)
harness () { # TARGET SOURCES...
  t=$1; shift
  $CLANG $FLAGS "$SRC/tests/fuzz/$t.c" "$@" -o "$F/bin/$t" \
    > "$F/logs/build-$t.log" 2>&1 \
    || { echo "fuzz: cannot build the $t harness:"; cat "$F/logs/build-$t.log"; exit 1; }
}
for t in $TARGETS; do
  case $t in
    interesting|ips) harness $t $CORE -lgmp ;;
    notes) harness notes "$SRC/tool/notes.c" "$SRC/tool/notes-inter.c" \
             "$SRC/tests/fuzz/stubs.c" $CORE -lgmp ;;
    trace) harness trace "$SRC/tool/trace.c" "$SRC/tests/fuzz/stubs.c" ;;
    ppd) harness ppd "$SRC/runtime/ppd-io.c" ;;
    *) echo "fuzz: unknown target '$t' (interesting ips notes trace ppd)"; exit 1 ;;
  esac
done

# --- seeds: the files of real builds ---------------------------------------------
W=$F/seedgen
rm -rf "$W" "$F/seeds"
mkdir -p "$W" "$F/seeds/interesting" "$F/seeds/ips" "$F/seeds/notes" \
  "$F/seeds/trace" "$F/seeds/ppd"
PP=$B/pathprof
CC="gcc -O2 -fplugin=$B/pathprof.so"
LIBS="-L$B -lpathprof"
seeds () { # NAME SOURCE INPUTS...  (each input: one run's arguments)
  name=$1 src=$2; shift 2
  d=$W/$name
  mkdir -p "$d/bl" "$d/ppp" "$d/slots" "$d/wpp" "$d/ppt" "$d/ipps"
  cp "$src" "$d/prog.c"
  (cd "$d/bl" && $CC ../prog.c $LIBS -o prog) || return 1
  for a in "$@"; do
    (cd "$d" && PATHPROF_FILE=$d/bl.ppd ./bl/prog $a > /dev/null 2>&1 < /dev/null)
  done
  cp "$d/bl/prog.ppno" "$F/seeds/notes/$name-bl.ppno"
  cp "$d/bl.ppd" "$F/seeds/ppd/$name-bl.ppd"
  "$PP" interesting -o "$d/all.txt" "$d/bl.ppd" || return 1
  "$PP" interesting --top 1 -o "$d/top.txt" "$d/bl.ppd" || return 1
  cp "$d/all.txt" "$F/seeds/interesting/$name-all.txt"
  cp "$d/top.txt" "$F/seeds/interesting/$name-top.txt"
  # Preferential: arrays, and every function in slots (compares, the
  # residual log) with the hottest path only.
  (cd "$d/ppp" && $CC -fplugin-arg-pathprof-interesting=../all.txt \
     ../prog.c $LIBS -o prog) || return 1
  (cd "$d/slots" && $CC -fplugin-arg-pathprof-interesting=../top.txt \
     -fplugin-arg-pathprof-ppp-array-threshold=0 ../prog.c $LIBS -o prog) \
    || return 1
  for a in "$@"; do
    (cd "$d" && PATHPROF_FILE=$d/slots.ppd ./slots/prog $a > /dev/null 2>&1 < /dev/null)
  done
  cp "$d/ppp/prog.ppno" "$F/seeds/notes/$name-ppp.ppno"
  cp "$d/slots/prog.ppno" "$F/seeds/notes/$name-slots.ppno"
  cp "$d/slots.ppd" "$F/seeds/ppd/$name-slots.ppd"
  # Trace, segments of depth 1 and 2, IPPP.
  (cd "$d/wpp" && $CC -fplugin-arg-pathprof-wpp ../prog.c $LIBS -o prog) \
    || return 1
  for a in "$@"; do
    (cd "$d" && PATHPROF_TRACE_DIR=$d/ppt ./wpp/prog $a > /dev/null 2>&1 < /dev/null)
  done
  cp "$d/wpp/prog.ppno" "$F/seeds/notes/$name-wpp.ppno"
  i=0
  for t in "$d"/ppt/*.ppt; do
    i=$((i + 1)); cp "$t" "$F/seeds/trace/$name-$i.ppt"
  done
  for k in 1 2; do
    "$PP" ips -k $k --notes-dir "$d/wpp" -o "$d/ips$k.txt" "$d"/ppt/*.ppt \
      || return 1
    cp "$d/ips$k.txt" "$F/seeds/ips/$name-k$k.txt"
  done
  (cd "$d/ipps" && $CC -fplugin-arg-pathprof-ipps=../ips2.txt \
     ../prog.c $LIBS -o prog) || return 1
  cp "$d/ipps/prog.ppno" "$F/seeds/notes/$name-ipps.ppno"
}
C=$SRC/tests/ippp/cases
{ seeds tokstat "$SRC/example/tokstat.c" "$SRC/example/input.c" \
    "$SRC/example/Makefile" \
  && seeds calls "$C/calls.c" "1 5" "2 3" "3 4" "5 6" "7 2" \
  && seeds interp "$C/interp.c" "1 2 + 3 *" "7 2 swap - 3 r4 dup + + + +" \
  && seeds steady "$C/steady.c" "2 10" "1 20" "0 12"; } \
  > "$F/logs/seeds.log" 2>&1 \
  || { echo "fuzz: cannot make the seeds ($F/logs/seeds.log)"; exit 1; }
cp "$SRC"/tests/tool/*.ppno "$F/seeds/notes/"

# --- fuzzing -----------------------------------------------------------------------
status=0
for t in $TARGETS; do
  mkdir -p "$F/corpus/$t"
  # Notes files of real programs run to 100 KB; mutating inputs of at
  # most 16 KB keeps the notes harness at thousands of inputs a second.
  max=; [ $t = notes ] && max=-max_len=16384
  "$F/bin/$t" -dict="$SRC/tests/fuzz/$t.dict" -max_total_time="$SECONDS_EACH" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 $max \
    -artifact_prefix="$F/findings/$t-" "$F/corpus/$t" "$F/seeds/$t" \
    > "$F/logs/$t.log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$F/logs/$t.log")
  cov=$(grep -o 'cov: [0-9]*' "$F/logs/$t.log" | tail -1)
  if [ $rc = 0 ]; then
    echo "fuzz $t: ${runs:-?} inputs in ${SECONDS_EACH}s, $cov, nothing found"
  else
    status=1
    echo "fuzz $t: FOUND (exit $rc): $(grep -m1 -E 'ERROR|runtime error|check failed' "$F/logs/$t.log")"
    ls "$F/findings/$t-"* 2>/dev/null | sed 's/^/  /'
    echo "  log: $F/logs/$t.log"
  fi
done
exit $status
