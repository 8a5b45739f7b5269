#!/bin/sh
# pathprof plugin tests (make check-plugin).
#
#   sh plugin/tests/run.sh BUILD_DIR [RANDOM_SEEDS]
#
# BUILD_DIR holds pathprof.so and plugin-tests/{oracle,harness.o}.
#  1. Exactness: every program of cases/ (and RANDOM_SEEDS random programs
#     from gen-random.py, default 4, when python3 is there) is built with
#     the plugin's "trace" argument at several optimization levels, run, and
#     oracle.c checks that the counters hold exactly the paths rebuilt from
#     the block trace.
#  2. Hand-checked counts of cases/loops.c, without tracing.
#  3. Properties: the object's stamp equals its notes' stamp; notes do not
#     depend on -g and are identical across compilations; -frandom-seed
#     makes objects reproducible; atomic updates are exact under threads; a
#     tail call survives; skipped functions warn; bad arguments are errors.
# Ends with the line "N passed, N failed".
set -u
B=$(cd "${1:?usage: run.sh BUILD_DIR [RANDOM_SEEDS]}" && pwd -P)
SEEDS=${2:-4}
T=$(cd "$(dirname "$0")" && pwd -P)
PL="$B/pathprof.so"
ORACLE="$B/plugin-tests/oracle"
HARNESS="$B/plugin-tests/harness.o"
W=$(mktemp -d "${TMPDIR:-/tmp}/pathprof-plugin.XXXXXX")
trap 'rm -rf "$W"' EXIT
pass=0
fail=0
ok () { pass=$((pass + 1)); echo "PASS: $1"; }
ko () { fail=$((fail + 1)); echo "FAIL: $1"; [ -n "${2:-}" ] && sed 's/^/  | /' "$2" | head -20; }
check () { if [ "$2" = "$3" ]; then ok "$1"; else fail=$((fail + 1)); echo "FAIL: $1: expected '$2', got '$3'"; fi; }

# Builds SRC with OPTS (plus the case's "flags:" line) into $d/prog, runs it
# and checks it with the oracle.  Name: $1.
exact () {
  name=$1 src=$2 opts=$3
  d=$W/x$(echo "$name" | tr -c 'A-Za-z0-9' _)
  mkdir -p "$d" && cd "$d" || return
  cc=gcc
  case $src in *.cc) cc=g++ ;; esac
  extra=$(sed -n '1,3s/.*flags: \([^*]*\).*/\1/p' "$src")
  if ! $cc -fplugin="$PL" -fplugin-arg-pathprof-trace $opts $extra -w \
       -c "$src" -o prog.o > cc.log 2>&1 \
     || ! $cc $opts $(echo "$extra" | sed 's/-fplugin-arg-[^ ]*//g') \
          prog.o "$HARNESS" -o prog > ld.log 2>&1; then
    cat ld.log >> cc.log 2> /dev/null
    ko "$name: builds" cc.log
    return
  fi
  OMP_NUM_THREADS=2 PPT_TRACE=trace.txt PPT_COUNTS=counts.txt ./prog \
    > out.txt 2>&1
  if "$ORACLE" trace.txt counts.txt prog.ppno > oracle.txt 2>&1; then
    ok "$name: $(tail -1 oracle.txt | sed 's/^oracle: //')"
  else
    ko "$name: exact counts" oracle.txt
  fi
}

# 1. Exactness.
for src in "$T"/cases/*.c "$T"/cases/*.cc; do
  case $src in */threads.c|*/tail.c) continue ;; esac
  for opts in "-O0" "-O1 -g" "-O2" "-O3 -flto"; do
    exact "$(basename "$src") $opts" "$src" "$opts"
  done
done
if command -v python3 > /dev/null 2>&1 && [ "$SEEDS" -gt 0 ]; then
  for seed in $(seq 1 "$SEEDS"); do
    for lang in c cxx; do
      ext=c
      [ $lang = cxx ] && ext=cc
      python3 "$T/gen-random.py" "$seed" $lang 40 > "$W/random$seed.$ext"
      for opts in "-O0" "-O2"; do
        exact "random $seed $lang $opts" "$W/random$seed.$ext" \
          "$opts -fplugin-arg-pathprof-hash-size=200000"
      done
    done
  done
fi

# 2. Hand-checked: f's paths run 1, 3, 6 and 1 times (see cases/loops.c).
mkdir -p "$W/hand" && cd "$W/hand" || exit 1
for opts in "-O0" "-O2"; do
  gcc $opts -fplugin="$PL" -c "$T/cases/loops.c" -o loops.o \
    && gcc loops.o "$HARNESS" -o loops && PPT_COUNTS=c.txt ./loops > /dev/null
  check "loops.c $opts: f's path counts" "1 1 3 6" \
    "$(awk '$1 == "f" { print $3 }' c.txt | sort -n | tr '\n' ' ' | sed 's/ $//')"
  check "loops.c $opts: main runs once" "1" \
    "$(awk '$1 == "main" { s += $3 } END { print s }' c.txt)"
  # 3. The object carries its notes' name and stamp.
  set -- $(grep '^# object' c.txt)
  check "loops.c $opts: object's notes file" "$W/hand/loops.ppno" "$3"
  check "loops.c $opts: object's stamp" "$(sed -n 's/^stamp //p' loops.ppno)" "$4"
done

# 3. Notes: independent of -g, identical across compilations.
gcc -O2 -fplugin="$PL" -c "$T/cases/switch.c" -o s.o && sed 1,4d s.ppno > a.txt
gcc -O2 -g -fplugin="$PL" -c "$T/cases/switch.c" -o s.o && sed 1,4d s.ppno > b.txt
check "notes do not depend on -g" "" "$(cmp a.txt b.txt 2>&1)"
gcc -O2 -fplugin="$PL" -c "$T/cases/switch.c" -o s.o && sed 1,4d s.ppno > c.txt
check "notes are deterministic" "" "$(cmp a.txt c.txt 2>&1)"
gcc -O2 -frandom-seed=x -fplugin="$PL" -c "$T/cases/eh.cc" -o e.o && cp e.o e1.o
gcc -O2 -frandom-seed=x -fplugin="$PL" -c "$T/cases/eh.cc" -o e.o
check "-frandom-seed: reproducible objects" "" "$(cmp e.o e1.o 2>&1)"

# 3. Atomic updates: 4 threads x 20000 calls x 101 paths.
gcc -O2 -pthread -fprofile-update=atomic -fplugin="$PL" \
  -c "$T/cases/threads.c" -o t.o && gcc -pthread t.o "$HARNESS" -o t \
  && PPT_COUNTS=t.txt ./t > /dev/null
check "-fprofile-update=atomic: exact under threads" 8080000 \
  "$(awk '$1 == "work" { s += $3 } END { print s }' t.txt)"

# 3. A tail call stays one: 5e7 frames would overflow the stack.
gcc -O2 -fplugin="$PL" -c "$T/cases/tail.c" -o tail.o \
  && gcc tail.o "$HARNESS" -o tail
check "tail calls survive" 25000000 "$( (ulimit -s 8192; ./tail) 2>&1)"

# 3. Diagnostics.
gcc -fplugin="$PL" -c "$T/cases/nonlocal.c" -o n.o 2> n.err
check "skipped function warns" 1 \
  "$(grep -c "warning: pathprof: .outer. is not instrumented" n.err)"
gcc -fplugin="$PL" -fplugin-arg-pathprof-warn-skipped=0 \
  -c "$T/cases/nonlocal.c" -o n.o 2> n.err
check "warn-skipped=0 silences it" "" "$(cat n.err)"
gcc -fplugin="$PL" -fplugin-arg-pathprof-bogus -c "$T/cases/loops.c" \
  -o x.o 2> x.err
check "unknown argument is an error" 1 \
  "$(grep -c "unknown argument .bogus.; valid arguments are: array-threshold=N" x.err)"
gcc -fplugin="$PL" -fplugin-arg-pathprof-hash-size=0 -c "$T/cases/loops.c" \
  -o x.o 2> x.err
check "hash-size=0 is an error" 1 "$(grep -c "expected a number from 1" x.err)"
gcc -fplugin="$PL" -fplugin-arg-pathprof-help -c "$T/cases/loops.c" \
  -o x.o 2> x.err
check "help" 1 "$(grep -c "array-threshold=N" x.err)"
mkdir -p nd
gcc -fplugin="$PL" -fplugin-arg-pathprof-notes-dir=nd -c "$T/cases/loops.c" \
  -o l.o
check "notes-dir" "nd/$(echo "$W/hand/l" | tr / '#').ppno" "$(ls nd/*.ppno)"
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-array-threshold=0 \
  -c "$T/cases/loops.c" -o l.o
check "array-threshold=0: all hashed" 2 "$(grep -c '^  storage hash' l.ppno)"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
