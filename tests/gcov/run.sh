#!/bin/sh
# The gcov oracle (make check-gcov): for the same programs and the same
# runs, the edge and function counts derived from the path profile must
# equal gcov's.  Rules and reasons: tests/gcov/README; comparison:
# tests/gcov/compare.py.
#
#   sh tests/gcov/run.sh BUILD_DIR [PROGRAM...]
#
# Every translation unit is compiled once with both --coverage and
# -fplugin=BUILD_DIR/pathprof.so, at -O0, or at $PATHPROF_GCOV_OPT (see
# the README for which levels compare and why), and linked with
# -lpathprof, so one run writes both profiles.  Programs:
#   1. the plugin's test programs (plugin/tests/cases, but tail.c, whose
#      50 million nested calls need -O2's tail call), those of cases/ here,
#      and the example (example/tokstat.c on its two inputs), with the real
#      runtime; each also as a preferential build (each function's hottest
#      path interesting, every function in slots), on the same runs;
#   2. the oracle itself must fail on a profile with one count changed,
#      at -O2 on strings.cc's notes without their gcov-lines comments,
#      and on tokstat.c's preferential notes without their check comments;
#   3. Debian programs (scripts/debian/programs; default bzip2 zlib mawk
#      lzip), running their own test suite and their "test" workload;
#      then a preferential build, its interesting paths those runs',
#      running the "field" workload.
# Work directory: $PATHPROF_GCOV_DIR, default BUILD_DIR/gcov.  Prints the
# time of each step; ends with the line "N passed, M failed".
set -u
B=$(cd "${1:?usage: run.sh BUILD_DIR [PROGRAM...]}" && pwd -P)
shift
TOP=$(cd "$(dirname "$0")/../.." && pwd -P)
PROGRAMS=${*:-bzip2 zlib mawk lzip}
OPT=${PATHPROF_GCOV_OPT:--O0}
W=${PATHPROF_GCOV_DIR:-$B/gcov$(echo "$OPT" | sed 's/^-O0$//')}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
COMPARE="$PY $TOP/tests/gcov/compare.py"
PROGRAM_SH=$TOP/scripts/debian/program.sh
pass=0
fail=0
ok () { pass=$((pass + 1)); echo "PASS: $1"; }
ko () {
  fail=$((fail + 1)); echo "FAIL: $1"
  [ -n "${2:-}" ] && [ -f "$2" ] && tail -25 "$2" | sed 's/^/  | /'
}
now () { date +%s; }
took () { echo "  ($1: $(( $(now) - $2 )) s)"; }
# The functions the plugin said it skipped, from compiler messages in $1
# (or a cc-log log, whose message lines start with "| "), comma-separated.
skipped () {
  LC_ALL=C sed -n "s/.*warning: pathprof: '\([^']*\)' is not instrumented.*/\1/p" "$1" \
    | tr '\n' , | sed 's/,$//'
}
# Per program, what its oracle build needs beyond the defaults (README,
# "Other programs"): extra CFLAGS, and compare.py's --allow-inlined.
oracle_cflags () {
  case $1 in
    # FORCE_INLINE functions are always_inline: gcov would see them inlined
    # into their callers even at -O0, so they are made noinline.
    lz4) echo "-Dalways_inline=noinline" ;;
    # And zstd compresses in worker threads, without -pthread in its
    # compilations: gcov's counters must be made atomic (as threads.c's),
    # or they lose increments (and show counts of -1).
    zstd) echo "-Dalways_inline=noinline -fprofile-update=atomic" ;;
  esac
}
oracle_options () {
  case $1 in
    # lzma_memcmplen is always_inline, and SSE intrinsics (always_inline
    # too) forbid making them noinline: gcov does not know it.
    xz-utils) echo "--allow-inlined" ;;
    # mawk forks for its pipes and system (): the paths in flight there
    # count in both processes (README, "Paths that fork").
    mawk) echo "--forks" ;;
  esac
}
# Per program, the notes files of objects gcov cannot show, left out of
# the comparison: make's test suite builds the objects it loads
# (features/load, loadapi) into tests/ and deletes their sources.
oracle_unseen () {
  case $1 in
    make) echo '/tests/test(load|api)\.so-test(load|api)\.ppno$' ;;
  esac
}
# Compares the profile $1 with gcov on the notes files under $2 (but those
# matching the extended regular expression $6, if any); $3 names the test,
# $4 the skipped functions, $5 compare.py's options (--allow-inlined,
# --forks) or empty.
oracle () {
  if ! "$B/pathprof" show --json --top 1 "$1" > "$1.json" 2> "$1.show.err"; then
    ko "$3: pathprof show --json" "$1.show.err"
    return
  fi
  find "$2" -name '*.ppno' | sort | grep -Ev "${6:-^\$}" > "$1.notes"
  # shellcheck disable=SC2046
  if $COMPARE ${5:-} --skipped "$4" "$1.json" $(cat "$1.notes") > "$1.cmp" 2>&1; then
    ok "$3: $(tail -1 "$1.cmp" | sed 's/^gcov oracle: //')"
  else
    ko "$3: counts differ from gcov's" "$1.cmp"
  fi
}

# The build NAME ($3) of Debian program $1 in $2/build, with the plugin,
# the CFLAGS $4 and the LDFLAGS $5: the compiler's messages in
# $2/NAME.cc.log, the profiles of the programs the build runs (sqlite3's
# mksourceid, lemon) in $2/NAME-records, one per process and build (in
# their directory, the next build's would find the last one's and say so
# on stderr, which tclsh's exec takes for a failure).
debian_build () {
  mkdir -p "$2/$3-records"
  env CC="$TOP/scripts/debian/cc-log" PATHPROF_REAL_CC="${CC:-gcc}" \
    PATHPROF_CC_LOG="$2/$3.cc.log" LC_ALL=C \
    PATHPROF_FILE="$2/$3-records/%p.ppd" \
    CFLAGS="$OPT -fplugin=$B/pathprof.so $4 $(oracle_cflags "$1")" \
    LDFLAGS="$5" \
    LIBS="-L$B -lpathprof" sh "$PROGRAM_SH" "$1" build "$2/build"
}

# The preferential build of Debian program $1 (directory $2) against gcov
# (README, "The preferential build"): the residual-profiling scenario,
# its interesting paths those of the Ball-Larus build's runs (the test
# suite and the test workload), its run the field workload; every path
# it runs is counted in a slot or an array, or logged as residual, and
# the edge counts of both together must be gcov's.  Built in the same
# directory (the Ball-Larus build moved aside, and back after), as the
# interesting-path file names functions by source file.
preferential () {
  t=$(now)
  if ! "$B/pathprof" interesting -o "$2/paths.txt" "$2/prog.ppd" \
       > "$2/ppp-build.log" 2>&1; then
    ko "$1 $OPT preferential: pathprof interesting" "$2/ppp-build.log"
    return
  fi
  rm -rf "$2/build.bl" "$2/build.ppp" "$2/field"
  mv "$2/build" "$2/build.bl" || exit 1
  # (Not stale=error: xz-utils compiles liblzma twice, with -fPIC for
  # the shared library, where GCC does not inline interposable functions,
  # and the runs profiled one copy; the other warns and is residual.)
  if debian_build "$1" "$2" ppp \
       "--coverage -fplugin-arg-pathprof-interesting=$2/paths.txt" --coverage \
       > "$2/ppp-build.log" 2>&1; then
    find "$2/build" -name '*.gcda' -delete
    if PATHPROF_FILE=$2/ppp.ppd sh "$PROGRAM_SH" "$1" workload-field \
         "$2/build" "$2/field" > "$2/field.log" 2>&1; then
      untested=$("$B/pathprof" residual "$2/ppp.ppd" 2> /dev/null \
                 | sed -n 's/^  untested paths, % of executed paths: [^(]*(\(.*\))$/\1/p')
      oracle "$2/ppp.ppd" "$2/build" \
        "$1 $OPT preferential, field workload (${untested:-?} executed paths untested)" \
        "$(skipped "$2/ppp.cc.log")" \
        "$(oracle_options "$1")"
    else
      ko "$1 $OPT preferential: field workload runs" "$2/field.log"
    fi
  else
    ko "$1: preferential build with --coverage at $OPT" "$2/ppp-build.log"
  fi
  # (No build directory when the build failed before making it.)
  if [ -d "$2/build" ]; then mv "$2/build" "$2/build.ppp" || exit 1; fi
  mv "$2/build.bl" "$2/build" || exit 1
  took "$1 preferential" "$t"
}

rm -rf "$W"
mkdir -p "$W"
start_all=$(now)

# 1. The plugin's test programs and the example.
t=$(now)
for src in "$TOP"/plugin/tests/cases/*.c "$TOP"/plugin/tests/cases/*.cc \
           "$TOP"/tests/gcov/cases/*.c "$TOP"/example/tokstat.c; do
  name=$(basename "$src")
  case $name in
    tail.c) continue ;;
  esac
  d=$W/cases/$(echo "$name" | tr . _)
  mkdir -p "$d"
  cd "$d" || exit 1
  cc=gcc
  case $src in *.cc) cc=g++ ;; esac
  extra=$(sed -n '1,3s/.*flags: \([^*]*\).*/\1/p' "$src")
  # threads.c counts under 4 threads: gcov's counters must be atomic too.
  case $name in threads.c) extra="-pthread -fprofile-update=atomic" ;; esac
  args=
  case $name in tokstat.c) args="$TOP/example/tokstat.c $TOP/example/input.c" ;; esac
  # Builds and runs the case in the current directory with the CFLAGS $1.
  build_run () {
    if ! LC_ALL=C $cc $OPT --coverage -fplugin="$B/pathprof.so" $extra $1 \
           -c "$src" -o prog.o > cc.log 2>&1 \
       || ! $cc --coverage $(echo "$extra" | sed 's/-fplugin-arg-[^ ]*//g') \
           prog.o -L"$B" -lpathprof -o prog >> cc.log 2>&1; then
      ko "$name: builds with --coverage and the plugin${1:+ ($1)}" cc.log
      return 1
    fi
    if [ -n "$args" ]; then
      for a in $args; do PATHPROF_FILE=$PWD/prog.ppd ./prog "$a" > out.txt 2>&1; done
    else
      PATHPROF_FILE=$PWD/prog.ppd OMP_NUM_THREADS=2 ./prog > out.txt 2>&1
    fi
    return 0
  }
  # execs.c and daemon.c fork: the paths in flight at their forks count
  # in both processes (README, "Paths that fork").
  forks=
  case $name in execs.c|daemon.c) forks=--forks ;; esac
  build_run "" || continue
  oracle "$d/prog.ppd" "$d" "$name $OPT" "$(skipped cc.log)" "$forks"
  # And preferential (README, "The preferential build"): each function's
  # hottest path interesting, the others residual, every function in
  # slots, so that path ends compare (and log, in the functions that did
  # not run); the same runs.
  mkdir -p ppp && cd ppp || exit 1
  if ! "$B/pathprof" interesting --top 1 -o paths.txt "$d/prog.ppd" > cc.log 2>&1; then
    ko "$name $OPT preferential: pathprof interesting" cc.log
    continue
  fi
  flags="-fplugin-arg-pathprof-interesting=$PWD/paths.txt"
  flags="$flags -fplugin-arg-pathprof-ppp-array-threshold=0"
  build_run "$flags -fplugin-arg-pathprof-stale=error" || continue
  oracle "$d/ppp/prog.ppd" "$d/ppp" "$name $OPT preferential" "$(skipped cc.log)" \
    "$forks"
done
took "test programs" "$t"

# 2. The oracle can fail: one path count more in a loop of loops.c.
d=$W/cases/loops_c
if [ -f "$d/prog.ppd.json" ]; then
  "$PY" - "$d/prog.ppd.json" "$d/changed.json" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
f = [f for o in doc["objects"] for f in o["functions"] if f["name"] == "f"][0]
e = [e for e in f["cfg_edges"] if e["count"] == 4][0]   # i % 3 == 0, 4 times
e["count"] += 1
json.dump(doc, open(sys.argv[2], "w"))
EOF
  if $COMPARE "$d/changed.json" "$d/prog.ppno" > "$d/changed.cmp" 2>&1; then
    ko "the oracle fails on a changed count" "$d/changed.cmp"
  elif grep -q "function f: branch counts: pathprof \[1, 5, 6, 10\], gcov \[1, 4, 6, 10\]" \
         "$d/changed.cmp"; then
    ok "the oracle fails on a changed count, naming it"
  else
    ko "the oracle fails on a changed count, naming it" "$d/changed.cmp"
  fi
fi
# And it runs gcov where the object was compiled: exitcall.c (whose exit
# in a callee loses a path in flight, so that its comparison is bounded)
# with a relative source name, its object in another directory, must
# compare as it does compiled in place.  There gcov finds no source, so it
# prints no call, and the comparison, exact, would fail (README, "Paths
# that are lost").
d=$W/cases/objdir
mkdir -p "$d/obj" && cd "$d" || exit 1
cp "$TOP/tests/gcov/cases/exitcall.c" .
if LC_ALL=C gcc $OPT --coverage -fplugin="$B/pathprof.so" -c exitcall.c \
     -o obj/prog.o > cc.log 2>&1 \
   && gcc --coverage obj/prog.o -L"$B" -lpathprof -o prog >> cc.log 2>&1; then
  PATHPROF_FILE=$d/prog.ppd ./prog > out.txt 2>&1
  oracle "$d/prog.ppd" "$d/obj" "exitcall.c $OPT, compiled into obj/" "$(skipped cc.log)"
  if [ "$(tail -1 "$d/prog.ppd.cmp")" = "$(tail -1 "$W/cases/exitcall_c/prog.ppd.cmp")" ]; then
    ok "exitcall.c $OPT compiled into obj/: the same comparison as in place"
  else
    ko "exitcall.c $OPT compiled into obj/: the same comparison as in place" "$d/prog.ppd.cmp"
  fi
else
  ko "exitcall.c: builds into obj/" cc.log
fi
# fails_without DIR COMMENT MISMATCH TEST: the comparison of DIR's profile
# fails, naming MISMATCH, when its notes lose the comments that start with
# "# COMMENT ".
fails_without () {
  if [ ! -f "$1/prog.ppd.json" ]; then
    ko "$4: no profile in $1"
    return
  fi
  cp "$1/prog.ppno" "$1/prog.ppno.full"
  grep -v "^  # $2 " "$1/prog.ppno.full" > "$1/prog.ppno"
  $COMPARE "$1/prog.ppd.json" "$1/prog.ppno" > "$1/bare.cmp" 2>&1
  rc=$?
  mv "$1/prog.ppno.full" "$1/prog.ppno"
  if [ $rc = 1 ] && grep -qF "$3" "$1/bare.cmp"; then
    ok "$4"
  else
    ko "$4" "$1/bare.cmp"
  fi
}
# And it needs the notes' "# gcov-lines" comments (README, "Which levels"):
# without them, strings.cc at -O2, whose blocks have std::string's code
# from libstdc++'s headers, gets its branches placed where gcov does not
# (the line named is libstdc++ 12's std::__distance).
[ "$OPT" = -O2 ] && fails_without "$W/cases/strings_cc" gcov-lines \
  "stl_iterator_base_funcs.h:105: branch counts: pathprof [], gcov [0, 5]" \
  "without the gcov-lines comments strings.cc -O2 differs, on the inlined lines"

# And, in a preferential build, it needs the notes' "# check" comments
# (README, "The preferential build"): gcov counts the slot compare of
# tokstat.c's keyword loop (line 29) as the program's, a hit for each of
# the 3285 executions of the one path with a slot that ends there, a miss
# for the 588 of the others.  And a residual cache's probe: no path that
# ends at the back edge of scan_number's hex-digit loop (line 43) is the
# function's hottest, so that path end only logs, and of its 15
# executions gcov counts 13 found in the cache and 2 calls to the path
# log (the first execution of each of the two paths, which claims its
# entry).
fails_without "$W/cases/tokstat_c/ppp" check \
  "tokstat.c:29: branch counts: pathprof [208, 3979], gcov [208, 588, 3285, 3979]" \
  "without the check comments tokstat.c's preferential profile differs, on the compare's line"
fails_without "$W/cases/tokstat_c/ppp" "check [0-9]* log" \
  "tokstat.c:43: branch counts: pathprof [], gcov [2, 13]" \
  "without the cache probes' check comments tokstat.c's preferential profile differs, on the probe's line"

# 3. Debian programs.
for prog in $PROGRAMS; do
  d=$W/$prog
  mkdir -p "$d"
  t=$(now)
  if ! debian_build "$prog" "$d" build --coverage --coverage \
       > "$d/build.log" 2>&1; then
    ko "$prog: builds with --coverage and the plugin at $OPT" "$d/build.log"
    continue
  fi
  took "$prog build" "$t"
  # Only the runs below count: not the programs that ran during the build.
  find "$d/build" -name '*.gcda' -delete
  t=$(now)
  PATHPROF_FILE=$d/prog.ppd sh "$PROGRAM_SH" "$prog" check "$d/build" \
    > "$d/check.log" 2>&1 || ko "$prog: own test suite passes" "$d/check.log"
  PATHPROF_FILE=$d/prog.ppd sh "$PROGRAM_SH" "$prog" workload-test "$d/build" \
    "$d/test" > "$d/test.log" 2>&1 || ko "$prog: test workload runs" "$d/test.log"
  took "$prog runs" "$t"
  t=$(now)
  oracle "$d/prog.ppd" "$d/build" "$prog $OPT, test suite and test workload" \
    "$(skipped "$d/build.cc.log")" \
    "$(oracle_options "$prog")" "$(oracle_unseen "$prog")"
  took "$prog comparison" "$t"
  preferential "$prog" "$d"
  # The same without --coverage, where loops count their steady paths in
  # registers (not with gcov's pass in the compilation: it would count the
  # branches of that code): the same runs must count the same paths.  In
  # the same directories (the first build moved away), as the programs'
  # paths go into their arguments, and some loops run over those.  At -O0
  # only: with optimization, -fprofile-arcs changes GCC's inlining and
  # function splitting, so the two builds do not have the same functions.
  [ "$OPT" = -O0 ] || continue
  # Nor for the programs whose paths depend on time, or on where things
  # are in the address space, and differ between any two runs (README,
  # "Other programs").
  case $prog in
    lz4|xz-utils|sqlite3|zstd|make|gawk|pcre2)
      echo "  ($prog without --coverage: not compared, its paths differ between runs)"
      continue ;;
  esac
  t=$(now)
  if ! "$B/pathprof" show --json --top 0 "$d/prog.ppd" > "$d/prog.json" \
          2> "$d/same.txt"; then
    ko "$prog $OPT: pathprof show" "$d/same.txt"
    continue
  fi
  rm -rf "$d/build.cov" "$d/test.cov"
  mv "$d/build" "$d/build.cov" && mv "$d/test" "$d/test.cov" || exit 1
  if ! debian_build "$prog" "$d" steady -fplugin-arg-pathprof-verbose "" \
       > "$d/steady-build.log" 2>&1; then
    ko "$prog: builds with the plugin at $OPT" "$d/steady-build.log"
    continue
  fi
  PATHPROF_FILE=$d/steady.ppd sh "$PROGRAM_SH" "$prog" check "$d/build" \
    > "$d/steady-check.log" 2>&1
  PATHPROF_FILE=$d/steady.ppd sh "$PROGRAM_SH" "$prog" workload-test \
    "$d/build" "$d/test" > "$d/steady-test.log" 2>&1
  n_steady=$(sed -n 's/.*, \([0-9]*\) steady loop path.*/\1/p' "$d/steady.cc.log" \
             | awk '{ s += $1 } END { print s + 0 }')
  if "$B/pathprof" show --json --top 0 "$d/steady.ppd" > "$d/steady.json" \
     && "$PY" "$TOP/tests/gcov/same-paths.py" "$d/prog.json" "$d/steady.json" \
          > "$d/same.txt" 2>&1; then
    ok "$prog $OPT without --coverage ($n_steady steady loop paths in registers): $(cat "$d/same.txt")"
  else
    ko "$prog $OPT without --coverage: the same path counts" "$d/same.txt"
  fi
  took "$prog without --coverage" "$t"
done
echo "gcov oracle: $(( $(now) - start_all )) s"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
