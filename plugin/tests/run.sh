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
#     depend on -g and are identical across compilations; objects are
#     reproducible; the stamp is the notes' CRC; atomic updates are exact under threads; a
#     tail call survives; skipped functions warn; bad arguments are errors.
# The builds of 1. run PATHPROF_TEST_JOBS at once (default: the CPUs).
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
# Per function, "NAME N of M loops peeled" from the verbose notes of a -O2
# preferential build of SRC with the interesting paths of PATHS, sorted.
peeled_loops () { # SRC PATHS [OPTIONS]
  pl_src=$1 pl_paths=$2
  shift 2
  LC_ALL=C gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-verbose \
    -fplugin-arg-pathprof-interesting="$pl_paths" "$@" -c "$pl_src" \
    -o peeled.o 2>&1 \
    | sed -n 's/.*pathprof: [^a-z_]*\([a-z_]*\)[^:]*: \([0-9]* of [0-9]* loops peeled\).*/\1 \2/p' \
    | LC_ALL=C sort | paste -sd, -
}

# Per function of a -O2 preferential build of SRC with the interesting
# paths of PATHS, "NAME N/M" from the verbose notes: N records count a
# steady path or a hottest way in a register, M of them at the loop's
# exits (instrument.cc).
steady_records () { # SRC PATHS [OPTIONS]
  sr_src=$1 sr_paths=$2
  shift 2
  gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-verbose \
    -fplugin-arg-pathprof-interesting="$sr_paths" "$@" -c "$sr_src" \
    -o steady-records.o 2>&1 \
    | sed -n 's/.*pathprof: [^a-z_]*\([a-z_]*\)[^:]*: .*, \([0-9]*\) steady loop[^(]*(\([0-9]*\) at .*/\1 \2\/\3/p' \
    | paste -sd, -
}

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
    calls=$(sed -n 's/^# calls to the path log: //p' counts.txt)
    hash_log_calls=$((hash_log_calls + calls))
    ok "$name: $(tail -1 oracle.txt | sed 's/^oracle: //'), \
$(grep -c '^  storage hash' prog.ppno) functions hashed, $calls calls to the path log"
  else
    ko "$name: exact counts" oracle.txt
    return
  fi
  # The same program in preferential mode, with interesting paths taken
  # from this run (make-interesting.py): every path must be counted in its
  # slot or logged as residual, exactly as the notes say.  Twice: as
  # built by default (functions with few paths counted in an array, the
  # tested ones marked) and with PPP slots everywhere
  # (ppp-array-threshold=0), their residual paths counted in the residual
  # cache or logged.
  [ -n "$PY" ] || return
  "$PY" "$T/make-interesting.py" prog.ppno counts.txt > paths.txt
  forms="ppp ppp-slots"
  # The slots without the residual cache: at one level, enough to keep
  # the plain call tested.
  [ "$opts" = -O2 ] && forms="$forms ppp-slots-nocache"
  for form in $forms; do
    form_opts=
    case $form in
      ppp-slots) form_opts=-fplugin-arg-pathprof-ppp-array-threshold=0 ;;
      ppp-slots-nocache)
        form_opts="-fplugin-arg-pathprof-ppp-array-threshold=0 -fplugin-arg-pathprof-residual-cache=0" ;;
    esac
    mkdir -p "$d/$form" && cd "$d/$form" || return
    if ! $cc -fplugin="$PL" -fplugin-arg-pathprof-trace \
         -fplugin-arg-pathprof-interesting=../paths.txt \
         -fplugin-arg-pathprof-stale=ignore -fplugin-arg-pathprof-verbose \
         $ppp_opts $form_opts $opts \
         $extra -w -c "$src" -o prog.o > cc.log 2>&1 \
       || ! $cc $opts $(echo "$extra" | sed 's/-fplugin-arg-[^ ]*//g') \
            prog.o "$HARNESS" -o prog > ld.log 2>&1; then
      cat ld.log >> cc.log 2> /dev/null
      ko "$name $form: builds" cc.log
      continue
    fi
    OMP_NUM_THREADS=2 PPT_TRACE=trace.txt PPT_COUNTS=counts.txt ./prog \
      > out.txt 2>&1
    # (From the notes of the peeling itself: "P of N loops peeled".)
    peeled=$(sed -n 's/.*: \([0-9]*\) of [0-9]* loops peeled.*/\1/p' cc.log \
             | awk '{ s += $1 } END { print s + 0 }')
    peel_asked=$((peel_asked + $(sed -n 's/.*, \([0-9]*\) loops* to peel .*/\1/p' cc.log \
             | awk '{ s += $1 } END { print s + 0 }')))
    if ! cmp -s out.txt ../out.txt; then
      ko "$name $form: same output" out.txt
    elif ! "$ORACLE" trace.txt counts.txt prog.ppno > oracle.txt 2>&1; then
      ko "$name $form: exact counts" oracle.txt
    elif [ $form = ppp-slots ] && [ "$opts" = "${opts%-flto*}" ] \
         && { nm -S --defined-only prog.o > nm.txt \
              && "$PY" "$T/cache-sizes.py" prog.ppno nm.txt > caches.txt; \
              [ $? -ne 0 ]; }; then
      ko "$name $form: residual cache sizes" caches.txt
    else
      peeled_loops=$((peeled_loops + peeled))
      caches=
      if [ $form = ppp-slots ] && [ "$opts" = "${opts%-flto*}" ]; then
        caches=", $(cat caches.txt)"
        larger_caches=$((larger_caches \
          + $(sed -n 's/.*, \([0-9]*\) of them larger.*/\1/p' caches.txt)))
      fi
      ok "$name $form: $(grep -c '^[^#!]* residual ' counts.txt) residual paths, \
$(grep -c '^  storage [a-z]* array' prog.ppno) functions in arrays, $peeled loops peeled, \
$(tail -1 oracle.txt | sed 's/^oracle: //')$caches"
    fi
  done
}
PY=
command -v python3 > /dev/null 2>&1 && PY=python3
# Residual caches of more than 1024 entries (functions with more than 256
# interesting paths) seen in the exact runs above: the random programs
# must have some, so that the larger caches are checked exact too.
larger_caches=0
# Calls to the path log from the Ball-Larus runs: the random programs'
# functions with more paths than the array threshold are hashed, and with
# hash-size=16 most of their paths find their cache entry taken and go to
# the log, so that both halves of hashed counting are checked exact.
hash_log_calls=0
# Loops peeled (peel.cc) in the preferential builds of the exact runs
# above, whose counts the oracle found exact.
peeled_loops=0
peel_asked=0

# 1. Exactness.  The builds are independent: they run in JOBS shards at
# once (default: the CPUs; PATHPROF_TEST_JOBS), each case in its own
# directory, and their reports are printed and counted in the order of
# the list, as one shard would have.  A job's tallies of the counters
# above go to its own file.
JOBS=${PATHPROF_TEST_JOBS:-$(nproc 2> /dev/null || echo 2)}
exact_jobs () { # name TAB source TAB options [TAB ppp options]
  for src in "$T"/cases/*.c "$T"/cases/*.cc; do
    case $src in */threads.c|*/tail.c) continue ;; esac
    # (-O1: the path registers in number form only, address-registers=0.)
    for opts in "-O0" "-O1 -g -fplugin-arg-pathprof-address-registers=0" \
                "-O2" "-O3 -flto" "-O2 -fplugin-arg-pathprof-stage=early"; do
      printf '%s\t%s\t%s\n' "$(basename "$src") $opts" "$src" "$opts"
    done
  done
  [ -n "$PY" ] && [ "$SEEDS" -gt 0 ] || return 0
  for seed in $(seq 1 "$SEEDS"); do
    for lang in c cxx; do
      ext=c
      [ $lang = cxx ] && ext=cc
      python3 "$T/gen-random.py" "$seed" $lang 40 > "$W/random$seed.$ext"
      for opts in "-O0" "-O2"; do
        # ppp-max=5000: some functions have all their interesting paths in
        # slots, some not all (delta is far from 1 on these 10^10-path
        # functions).
        printf '%s\t%s\t%s\t%s\n' "random $seed $lang $opts" \
          "$W/random$seed.$ext" "$opts -fplugin-arg-pathprof-hash-size=16" \
          -fplugin-arg-pathprof-ppp-max=5000
      done
    done
  done
}
mkdir -p "$W/exact"
exact_jobs > "$W/exact/list"
shard=0
while [ $shard -lt "$JOBS" ]; do
  (
    n=0
    while IFS='	' read -r name src opts ppp_opts; do
      n=$((n + 1))
      [ $(((n - 1) % JOBS)) = $shard ] || continue
      job=$(printf '%s/exact/%05d' "$W" $n)
      hash_log_calls=0 peeled_loops=0 peel_asked=0 larger_caches=0
      exact "$name" "$src" "$opts" > "$job.log" 2>&1
      echo $hash_log_calls $peeled_loops $peel_asked $larger_caches \
        > "$job.sums"
    done < "$W/exact/list"
  ) &
  shard=$((shard + 1))
done
wait
n=0 jobs=$(wc -l < "$W/exact/list")
while [ $n -lt $jobs ]; do
  n=$((n + 1))
  job=$(printf '%s/exact/%05d' "$W" $n)
  if [ ! -f "$job.sums" ]; then
    ko "exact run $n of $W/exact/list: no report"
    continue
  fi
  cat "$job.log"
  pass=$((pass + $(grep -c '^PASS: ' "$job.log")))
  fail=$((fail + $(grep -c '^FAIL: ' "$job.log")))
  read -r calls peeled asked larger < "$job.sums"
  hash_log_calls=$((hash_log_calls + calls))
  peeled_loops=$((peeled_loops + peeled))
  peel_asked=$((peel_asked + asked))
  larger_caches=$((larger_caches + larger))
done
if [ -n "$PY" ] && [ "$SEEDS" -gt 0 ]; then
  if [ "$larger_caches" -gt 0 ]; then
    ok "residual caches larger than 1024 entries checked exact: $larger_caches"
  else
    ko "no residual cache larger than 1024 entries in the exact runs"
  fi
  if [ "$peeled_loops" -gt 0 ] && [ "$peeled_loops" = "$peel_asked" ]; then
    ok "peeled loops checked exact: $peeled_loops, every loop asked for"
  else
    ko "peeled loops in the exact runs: $peeled_loops of $peel_asked asked for"
  fi
  if [ "$hash_log_calls" -gt 0 ]; then
    ok "hashed paths counted in the path log checked exact: $hash_log_calls calls"
  else
    ko "no call to the path log from a hashed function in the exact runs"
  fi
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

# 2. Bodies GCC keeps only to inline them (DECL_EXTERNAL) are not
# instrumented: extinline.c's SSE2 intrinsics (and twice, always_inline,
# inlined before the pass); strings.cc's std::allocator<char>
# constructor and destructor, std::string's destructor and _M_append
# (libstdc++'s extern templates: with them instrumented, 3 of the 4 were
# in the notes).  At -O0 nothing else is inlined, so the rest of each
# unit is in the notes.
mkdir -p "$W/external" && cd "$W/external" || exit 1
notes_functions () { sed -n 's/^function "\(.*\)"$/\1/p' "$1" | LC_ALL=C sort | tr '\n' ' '; }
gcc -O0 -fplugin="$PL" -c "$T/cases/extinline.c" -o e.o
check "extinline.c -O0: notes functions" "lanes main " "$(notes_functions e.ppno)"
gcc -O0 -fplugin="$PL" -c "$T/cases/strings.cc" -o s.o
check "strings.cc -O0: no extern template in the notes" \
  "_ZL5labeli main: 0 of 4" \
  "$(notes_functions s.ppno | tr ' ' '\n' | grep -E '^(_ZL5labeli|main)$' | tr '\n' ' ' | sed 's/ $//'): \
$(notes_functions s.ppno | tr ' ' '\n' | grep -cE '^(_ZNSaIcEC2Ev|_ZNSaIcED2Ev|_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEED2Ev|_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE9_M_appendEPKcm)$') of 4"

# 2. Steady loop paths (cases/steady.c): which loops count theirs in a
# register, N/M: N of them, M at the loop's exits (instrument.cc), from
# the verbose notes; none with atomic updates, where a register would
# lose other threads' counts.
steady_counts () { # OPTIONS
  gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-verbose "$@" \
    -c "$T/cases/steady.c" -o steady.o 2>&1 \
    | sed -n 's/.*pathprof: [^a-z_]*\([a-z_]*\)[^:]*: .*, \([0-9]*\) steady loop[^(]*(\([0-9]*\) at .*/\1 \2\/\3/p' \
    | grep -v '^main \|^positive ' | paste -sd, -
}
check "steady loop paths counted in registers (-O2)" \
  "length 1/1,find 1/1,grid 2/1,hash 1/1,copy_rows 1/1,checked_sum 1/1,called_sum 0/0,depth_sum 2/1,three 0/0,skip_odd 0/0" \
  "$(LC_ALL=C steady_counts)"
check "steady loop paths: none with -fprofile-update=atomic" \
  "length 0/0,find 0/0,grid 0/0,hash 0/0,copy_rows 0/0,checked_sum 0/0,called_sum 0/0,depth_sum 0/0,three 0/0,skip_odd 0/0" \
  "$(LC_ALL=C steady_counts -fprofile-update=atomic)"
check "steady loop paths: none with steady-loops=0" \
  "length 0/0,find 0/0,grid 0/0,hash 0/0,copy_rows 0/0,checked_sum 0/0,called_sum 0/0,depth_sum 0/0,three 0/0,skip_odd 0/0" \
  "$(LC_ALL=C steady_counts -fplugin-arg-pathprof-steady-loops=0)"
for flag in steady-loops address-registers peel-loops; do
  check "$flag=2 is an error" \
    "cc1: error: pathprof: '$flag=2': expected 0 or 1" \
    "$(LC_ALL=C gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-$flag=2 \
         -c "$T/cases/steady.c" -o steady.o 2>&1 | head -1)"
done

# 2. Counting latches (cases/dispatch.c): in a function counted in an
# array, each case of run's dispatch loop counts its own path to the back
# edge (14 path ends: one on each way into the latch, the switch's
# default among them and four in QUIT, whose three conditions and its
# call meet again before the latch, and the return); hashed, the latch
# counts them all (2 path ends), from the verbose notes.  The exact runs
# above check the counts, among them the paths in flight when QUIT's
# callee exits, which QUIT's call block and convert's STOPPED case have
# counted.
path_ends () { # FUNCTION OPTIONS
  fn=$1
  shift
  gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-verbose "$@" \
    -c "$T/cases/dispatch.c" -o dispatch.o 2>&1 \
    | sed -n "s/.*pathprof: .$fn.: [0-9]* paths, \([a-z]*\) storage.*, \([0-9]*\) path ends*,.*/\1 \2/p"
}
check "dispatch loop: the cases count their paths (array)" "array 14" \
  "$(LC_ALL=C path_ends run)"
check "dispatch loop: the latch counts them (hash)" "hash 2" \
  "$(LC_ALL=C path_ends run -fplugin-arg-pathprof-array-threshold=0)"
# convert's cases meet in a block on the way to its return: in an array
# each way into that block counts its path (10 path ends); hashed, the
# block counts them all at its head (2 path ends, with AS_IS's return).
check "return chain: the ways into it count their paths (array)" "array 10" \
  "$(LC_ALL=C path_ends convert)"
check "return chain: its first block counts them (hash)" "hash 2" \
  "$(LC_ALL=C path_ends convert -fplugin-arg-pathprof-array-threshold=0)"

# 2. Peeling (cases/peel.c, peel.cc): per function, the loops whose first
# iteration the preferential build peels and the compares with the slot
# that this settles, N/M, from the verbose notes.  The interesting paths
# are every path of the test run; the field run (PEEL_FIELD) then takes
# the untested ways into the peeled loops, and its counts must be exact
# against its block trace, with exactly the residual paths it ran.
# cold_way, untested_way, mixed_ways, nest, rule_search and three loops of
# main get a cold copy (the ways into a latch settled among the paths
# over the edges that the tested paths ending there take, peel.cc); in
# nest and rule_search the cold edge enters the inner loop, which is
# peeled for it, and the check at the inner loop's back edge folds in its
# first iteration's copy too (the outer loop's paths settle it);
# crossed_ways, whose untested paths take only tested edges, is not
# peeled.
if [ -n "$PY" ]; then
  mkdir -p "$W/peel" && cd "$W/peel" || exit 1
  gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-trace -c "$T/cases/peel.c" \
      -o peel.o \
    && gcc -O2 peel.o "$HARNESS" -o peel \
    && PPT_COUNTS=test.txt PPT_TRACE=test.trace ./peel > test.out \
    && PEEL_FIELD=1 PPT_COUNTS=field-bl.txt ./peel > field-bl.out \
    && "$PY" "$T/make-interesting.py" --all peel.ppno test.txt > peel.paths
  peel_counts () { # OPTIONS
    gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-verbose \
      -fplugin-arg-pathprof-interesting=peel.paths \
      -fplugin-arg-pathprof-ppp-array-threshold=0 "$@" \
      -c "$T/cases/peel.c" -o pp.o 2>&1 \
      | sed -n 's/.*pathprof: [^a-z_]*\([a-z_]*\)[^:]*: .* holding an address\(.*\)/\1\2/p' \
      | sed -e 's/, \([0-9]*\) loops* to peel (\([0-9]*\) compares* settled)/ \1\/\2/' \
            -e 's/, [0-9]* pending registers*//' \
      | awk '{ print $1 " " ($2 == "" ? "0/0" : $2) }' | paste -sd, -
  }
  check "peeled loops (-O2)" \
    "two_way 1/2,untested_way 1/2,crossed_ways 0/0,mixed_ways 2/5,twice 0/0,call_in_loop 1/2,once 0/0,one_way 0/0,scan 1/1,insert 1/1,nest 2/3,cold_way 1/3,rule_search 2/5,main 7/11" \
    "$(LC_ALL=C peel_counts)"
  check "peeled loops: every loop asked for is peeled (-O2)" \
    "call_in_loop 1 of 1 loops peeled, 2 conditions folded,cold_way 1 of 1 loops peeled, 3 conditions folded, 1 cold copy,insert 1 of 1 loops peeled, 1 conditions folded,main 7 of 7 loops peeled, 11 conditions folded, 3 cold copies,mixed_ways 2 of 2 loops peeled, 5 conditions folded, 1 cold copy,nest 2 of 2 loops peeled, 5 conditions folded, 1 cold copy,rule_search 2 of 2 loops peeled, 8 conditions folded, 1 cold copy,scan 1 of 1 loops peeled, 1 conditions folded,two_way 1 of 1 loops peeled, 2 conditions folded,untested_way 1 of 1 loops peeled, 2 conditions folded, 1 cold copy" \
    "$(LC_ALL=C gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-verbose \
         -fplugin-arg-pathprof-interesting=peel.paths \
         -fplugin-arg-pathprof-ppp-array-threshold=0 \
         -c "$T/cases/peel.c" -o pp.o 2>&1 \
       | sed -n 's/.*pathprof: [^a-z_]*\([a-z_]*\)[^:]*: \([0-9]* of [0-9]* loops peeled.*\)/\1 \2/p' \
       | LC_ALL=C sort | paste -sd, -)"
  check "peeled loops: the steady loop too with steady-loops=0" \
    "two_way 1/2,untested_way 1/2,crossed_ways 0/0,mixed_ways 2/5,twice 0/0,call_in_loop 1/2,once 0/0,one_way 1/1,scan 1/1,insert 1/1,nest 2/3,cold_way 1/3,rule_search 2/5,main 9/13" \
    "$(LC_ALL=C peel_counts -fplugin-arg-pathprof-steady-loops=0)"
  check "peeled loops: none with peel-loops=0" \
    "two_way 0/0,untested_way 0/0,crossed_ways 0/0,mixed_ways 0/0,twice 0/0,call_in_loop 0/0,once 0/0,one_way 0/0,scan 0/0,insert 0/0,nest 0/0,cold_way 0/0,rule_search 0/0,main 0/0" \
    "$(LC_ALL=C peel_counts -fplugin-arg-pathprof-peel-loops=0)"
  check "peeled loops: none with -Os" \
    "two_way 0/0,untested_way 0/0,crossed_ways 0/0,mixed_ways 0/0,twice 0/0,call_in_loop 0/0,once 0/0,one_way 0/0,scan 0/0,insert 0/0,nest 0/0,cold_way 0/0,rule_search 0/0,main 0/0" \
    "$(LC_ALL=C peel_counts -Os)"
  # The hottest way around a loop that goes around several ways, counted
  # in a register (instrument.cc's hot_way_end): N/M as in the steady
  # loops above, N the records that test for it (one on each way into a
  # latch that counts on each way).  Only in a peeled loop where one path
  # from its header reaches the hottest way's record, so that GCC folds
  # the compare (hot_way_folds): two_way's and mixed_ways' outer loop.
  # Not untested_way's or cold_way's, whose untested ways reach their
  # records too (until the cold copy takes them out, which the choice
  # does not see); nor call_in_loop's, whose call could leave the loop,
  # nor crossed_ways' or nest's inner loop, whose hottest ways took less
  # than half of their back edges' count (82 of 166, 169 of 368); main's
  # are its one-way loops' steady paths.  Only with the file's counts,
  # which say which way is the hottest (without them, other one-way loops
  # count their steady paths, by GCC's estimate of their trips).  The
  # same in arrays (the default ppp-array-threshold), where the hottest
  # way's counter is the array's.  cases/hotway.c, below, has a loop
  # whose ways meet before its latch's condition.
  hot_ways () { # PATHS [OPTIONS]
    steady_records "$T/cases/peel.c" "$@" | tr , '\n' | grep -v ' 0/0$' \
      | paste -sd, -
  }
  check "peeled loops: the hottest ways counted in registers" \
    "two_way 2/0,mixed_ways 3/0,one_way 1/1,main 3/3" \
    "$(LC_ALL=C hot_ways peel.paths -fplugin-arg-pathprof-ppp-array-threshold=0)"
  check "peeled loops in arrays: the hottest ways counted in registers" \
    "two_way 2/0,mixed_ways 3/0,one_way 1/1,main 3/3" \
    "$(LC_ALL=C hot_ways peel.paths)"
  sed 's/^\(  path [0-9]*\) [0-9]*$/\1/' peel.paths > peel-nocounts.paths
  check "peeled loops: no hottest way without the file's counts" \
    "one_way 1/1,scan 1/1,insert 1/1,rule_search 1/1,main 3/3" \
    "$(LC_ALL=C hot_ways peel-nocounts.paths \
         -fplugin-arg-pathprof-ppp-array-threshold=0)"
  check "peeled loops: with block traces too" "$(LC_ALL=C peel_counts)" \
    "$(LC_ALL=C peel_counts -fplugin-arg-pathprof-trace)"
  gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-trace \
      -fplugin-arg-pathprof-interesting=peel.paths \
      -fplugin-arg-pathprof-ppp-array-threshold=0 -c "$T/cases/peel.c" \
      -o field.o \
    && gcc -O2 field.o "$HARNESS" -o field \
    && PEEL_FIELD=1 PPT_COUNTS=field.txt PPT_TRACE=field.trace ./field \
         > field.out
  check "peeled loops: the field run's output" "15260512274 15260512274" \
    "$(cat field-bl.out field.out | paste -sd ' ' -)"
  check "peeled loops: the field run's counts are exact" "0 mismatches" \
    "$("$ORACLE" field.trace field.txt field.ppno 2>&1 | tail -1 \
       | sed 's/.*, \([0-9]* mismatches\).*/\1/')"
  # Against the Ball-Larus build's two runs: the residual paths are the
  # field run's paths that the test run did not take, and the tested
  # paths are counted as there, both with their counts.
  bl_paths () { # {untested|tested}
    awk -v want="$1" 'NR == FNR { if (NF == 3 && $1 !~ /^#/) t[$1 " " $2] = 1; next }
      NF == 3 && $1 !~ /^#/ && ((($1 " " $2) in t) == (want == "tested"))' \
      test.txt field-bl.txt | sort | paste -sd, -
  }
  check "peeled loops: the field run's residual paths are its untested ones" \
    "$(bl_paths untested)" \
    "$(awk '$2 == "residual" { print $1, $3, $4 }' field.txt | sort \
       | paste -sd, -)"
  check "peeled loops: the field run's tested paths, counted as Ball-Larus" \
    "$(bl_paths tested)" \
    "$(awk '$4 ~ /^@/ { print $1, $2, $3 }' field.txt | sort | paste -sd, -)"
  check "peeled loops: the field run's residual paths, by function" \
    "call_in_loop 1,cold_way 6,crossed_ways 3,insert 1,main 15,mixed_ways 3,nest 1,once 1,one_way 1,rule_search 1,scan 1,two_way 1,untested_way 1" \
    "$(awk '$2 == "residual" { n[$1]++ } END { for (f in n) print f, n[f] }' \
         field.txt | sort | paste -sd, -)"
  # Counted in arrays (the default ppp-array-threshold): the loops that
  # the tested runs went around at least twice per entry, by the counts
  # of the interesting-path file, nested ones included (choose_array_peels:
  # 2 loops of nest, 2 of mixed_ways and 3 of rule_search, where the most
  # run of each nest alone was peeled before; not once's, which went
  # around less; cases/peelnest.c, below, has a nest too large for
  # both), and, as in slots, those that go
  # around one way in at most 24 statements however rarely the tests went
  # around them (scan's and insert's; not one_way's, whose steady path is
  # counted in a register), whatever their checks, since an array has
  # none: the copy makes the registers constants at the loop's header.
  # The field run's counts exact, as above.
  check "peeled loops in arrays: the loops gone around twice per entry, and small one-way ones" \
    "call_in_loop 1 of 1 loops peeled,cold_way 1 of 1 loops peeled,crossed_ways 1 of 1 loops peeled,insert 1 of 1 loops peeled,main 7 of 7 loops peeled,mixed_ways 2 of 2 loops peeled,nest 2 of 2 loops peeled,rule_search 3 of 3 loops peeled,scan 1 of 1 loops peeled,two_way 1 of 1 loops peeled,untested_way 1 of 1 loops peeled" \
    "$(peeled_loops "$T/cases/peel.c" peel.paths)"
  check "peeled loops in arrays: none without the file's counts" "" \
    "$(sed 's/^\(  path [0-9]*\) [0-9]*$/\1/' peel.paths > nocounts.paths
       LC_ALL=C gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-verbose \
         -fplugin-arg-pathprof-interesting=nocounts.paths \
         -c "$T/cases/peel.c" -o pa.o 2>&1 | grep 'loops peeled')"
  gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-trace \
      -fplugin-arg-pathprof-interesting=peel.paths -c "$T/cases/peel.c" \
      -o field-array.o \
    && gcc -O2 field-array.o "$HARNESS" -o field-array \
    && PEEL_FIELD=1 PPT_COUNTS=field-array.txt PPT_TRACE=field-array.trace \
         ./field-array > field-array.out
  check "peeled loops in arrays: the field run's output" "15260512274" \
    "$(cat field-array.out)"
  check "peeled loops in arrays: the field run's counts are exact" \
    "0 mismatches" \
    "$("$ORACLE" field-array.trace field-array.txt field-array.ppno 2>&1 \
       | tail -1 | sed 's/.*, \([0-9]* mismatches\).*/\1/')"
  check "peeled loops in arrays: the field run's residual paths are its untested ones" \
    "$(bl_paths untested)" \
    "$(awk '$2 == "residual" { print $1, $3, $4 }' field-array.txt | sort \
       | paste -sd, -)"
  check "peeled loops in arrays: the field run's tested paths, counted as Ball-Larus" \
    "$(bl_paths tested)" \
    "$(awk 'NF == 3 && $1 !~ /^#/' field-array.txt | sort | paste -sd, -)"
  cd "$W/hand" || exit 1
fi

# 2. Hottest ways (cases/hotway.c), with the paths and counts of its own
# run as the interesting ones: mostly_odd's loop, peeled, counts its
# hottest way in a register (its two ways into the latch test for it),
# in slots and in arrays; chain's, whose ways meet before its latch's
# condition, does not (the compare would stay on every iteration), nor
# any loop without the file's counts.  main's are its one-way loops'
# steady paths.  The exact runs above check the counts.
if [ -n "$PY" ]; then
  mkdir -p "$W/hotway" && cd "$W/hotway" || exit 1
  gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-trace -c "$T/cases/hotway.c" \
      -o hotway.o \
    && gcc -O2 hotway.o "$HARNESS" -o hotway \
    && PPT_COUNTS=hotway.txt ./hotway > /dev/null \
    && "$PY" "$T/make-interesting.py" --all hotway.ppno hotway.txt \
         > hotway.paths \
    && sed 's/^\(  path [0-9]*\) [0-9]*$/\1/' hotway.paths \
         > hotway-nocounts.paths
  hotway_counts () { # PATHS [OPTIONS]
    steady_records "$T/cases/hotway.c" "$@"
  }
  check "hottest ways: where the compare folds (slots)" \
    "mostly_odd 2/0,chain 0/0,main 2/2" \
    "$(LC_ALL=C hotway_counts hotway.paths \
         -fplugin-arg-pathprof-ppp-array-threshold=0)"
  check "hottest ways: where the compare folds (arrays)" \
    "mostly_odd 2/0,chain 0/0,main 2/2" \
    "$(LC_ALL=C hotway_counts hotway.paths)"
  check "hottest ways: none without the file's counts" \
    "mostly_odd 0/0,chain 0/0,main 2/2" \
    "$(LC_ALL=C hotway_counts hotway-nocounts.paths \
         -fplugin-arg-pathprof-ppp-array-threshold=0)"
  check "hottest ways: none with steady-loops=0" \
    "mostly_odd 0/0,chain 0/0,main 0/0" \
    "$(LC_ALL=C hotway_counts hotway.paths \
         -fplugin-arg-pathprof-ppp-array-threshold=0 \
         -fplugin-arg-pathprof-steady-loops=0)"
  cd "$W/hand" || exit 1
fi

# 2. Nested loops peeled in arrays (cases/peelnest.c, choose_array_peels):
# with the interesting paths of its own Ball-Larus run, grid's three
# nested loops are all peeled, and of wide's two only the inner one, since
# the outer one's copy would hold the inner loop twice, beyond 2,000
# statements. A run with arguments (4 times around grid's loops and
# wide's outer one, wide's inner one never, other cells' signs) counts
# exactly, by the oracle, with every peeled loop's copy, and its paths
# that the tests never took are residual: grid's path 0 (from its entry,
# a first cell that is positive), main's path 5 (its exit, after the
# cells' loop) and wide's paths 2 and 9 (the outer loop around without
# entering the inner one, from the entry and from the back edge).
gcc -O2 -fplugin="$PL" "$T/cases/peelnest.c" -L"$B" -lpathprof -o peelnest \
  && rm -f peelnest.ppd \
  && PATHPROF_FILE=$PWD/peelnest.ppd ./peelnest > /dev/null \
  && "$B/pathprof" interesting -o peelnest.paths peelnest.ppd
check "nested loops peeled in arrays: all of grid's, one of wide's" \
  "grid 3 of 3 loops peeled,wide 1 of 1 loops peeled" \
  "$(peeled_loops "$T/cases/peelnest.c" peelnest.paths)"
# Which of wide's: its code stores to sink 300 times in the outer loop's
# own body and 301 times in each copy of the inner loop's: 902 with the
# inner loop peeled (1,202 with the outer one, 601 with neither).
check "nested loops peeled in arrays: wide's inner loop is the one peeled" \
  "902" \
  "$(gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=peelnest.paths \
       -S "$T/cases/peelnest.c" -o - \
     | awk '/^wide:/, /\.size[ \t]*wide,/' | grep -c ', sink(%rip)$')"
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-trace \
    -fplugin-arg-pathprof-interesting=peelnest.paths \
    -c "$T/cases/peelnest.c" -o peelnest-field.o \
  && gcc -O2 peelnest-field.o "$HARNESS" -o peelnest-field \
  && PPT_COUNTS=peelnest-field.txt PPT_TRACE=peelnest-field.trace \
       ./peelnest-field 4 0 > peelnest-field.out
check "nested loops peeled in arrays: the field run's output" "250" \
  "$(cat peelnest-field.out)"
check "nested loops peeled in arrays: the field run's counts are exact" \
  "0 mismatches" \
  "$("$ORACLE" peelnest-field.trace peelnest-field.txt \
       peelnest-field.ppno 2>&1 | tail -1 \
     | sed 's/.*, \([0-9]* mismatches\).*/\1/')"
check "nested loops peeled in arrays: the field run's residual paths" \
  "grid 0 1,main 5 1,wide 2 1,wide 9 3" \
  "$(awk '$2 == "residual" { print $1, $3, $4 }' peelnest-field.txt \
     | sort | paste -sd, -)"

# 2. Address registers (instrument.cc, "Address form"): per function, the
# path registers that hold a counter's address, from the verbose notes.
# The Ball-Larus register of every function counted in an array (in
# Ball-Larus and preferential builds); none for hash tables, for residual
# functions or with address-registers=0; with PPP slots, the PPP register
# exactly where every path has a slot: ppp-max=3 leaves find, grid and
# checked_sum a bounds check (4 slots needed).
addr_regs () { # OPTIONS
  gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-verbose "$@" \
    -c "$T/cases/steady.c" -o steady.o 2>&1 \
    | sed -n 's/.*pathprof: [^a-z_]*\([a-z_]*\)[^:]*: [0-9]* paths, \([a-z]*\) [^,]*storage.*, \([0-9]*\) path registers* holding an address.*/\1 \2 \3/p' \
    | paste -sd, -
}
check "address registers: Ball-Larus arrays" \
  "length array 1,find array 1,grid array 1,hash array 1,copy_rows array 1,checked_sum array 1,positive array 1,called_sum array 1,depth_sum array 1,three array 1,skip_odd array 1,main array 1" \
  "$(LC_ALL=C addr_regs)"
check "address registers: none for hash tables" \
  "length hash 0,find hash 0,grid hash 0,hash hash 0,copy_rows hash 0,checked_sum hash 0,positive hash 0,called_sum hash 0,depth_sum hash 0,three hash 0,skip_odd hash 0,main hash 0" \
  "$(LC_ALL=C addr_regs -fplugin-arg-pathprof-array-threshold=1)"
check "address registers: none with address-registers=0" \
  "length array 0,find array 0,grid array 0,hash array 0,copy_rows array 0,checked_sum array 0,positive array 0,called_sum array 0,depth_sum array 0,three array 0,skip_odd array 0,main array 0" \
  "$(LC_ALL=C addr_regs -fplugin-arg-pathprof-address-registers=0)"
if [ -n "$PY" ]; then
  # (steady.c's main exits with 3.)
  gcc -O2 -fplugin="$PL" -c "$T/cases/steady.c" -o steady.o \
    && gcc -O2 steady.o "$HARNESS" -o steady \
    && { PPT_COUNTS=steady.txt ./steady > /dev/null 2>&1; true; } \
    && "$PY" "$T/make-interesting.py" steady.ppno steady.txt > steady.paths
  check "address registers: preferential, arrays" \
    "length ppp 1,find ppp 1,grid ppp 1,hash residual 1,copy_rows residual 1,checked_sum ppp 1,positive ppp 1,called_sum ppp 1,depth_sum residual 1,three residual 1,skip_odd ppp 1,main ppp 1" \
    "$(LC_ALL=C addr_regs -fplugin-arg-pathprof-interesting=steady.paths \
         -fplugin-arg-pathprof-stale=ignore)"
  check "address registers: preferential, slots with and without a bounds check" \
    "length ppp 1,find ppp 0,grid ppp 0,hash residual 0,copy_rows residual 0,checked_sum ppp 0,positive ppp 1,called_sum ppp 1,depth_sum residual 0,three residual 0,skip_odd ppp 1,main ppp 1" \
    "$(LC_ALL=C addr_regs -fplugin-arg-pathprof-interesting=steady.paths \
         -fplugin-arg-pathprof-stale=ignore \
         -fplugin-arg-pathprof-ppp-array-threshold=0 \
         -fplugin-arg-pathprof-ppp-max=3)"
fi

# 3. Notes: independent of -g, identical across compilations.
gcc -O2 -fplugin="$PL" -c "$T/cases/switch.c" -o s.o && sed 1,4d s.ppno > a.txt
gcc -O2 -g -fplugin="$PL" -c "$T/cases/switch.c" -o s.o && sed 1,4d s.ppno > b.txt
check "notes do not depend on -g" "" "$(cmp a.txt b.txt 2>&1)"
gcc -O2 -fplugin="$PL" -c "$T/cases/switch.c" -o s.o && sed 1,4d s.ppno > c.txt
check "notes are deterministic" "" "$(cmp a.txt c.txt 2>&1)"
gcc -O2 -frandom-seed=x -fplugin="$PL" -c "$T/cases/eh.cc" -o e.o && cp e.o e1.o
gcc -O2 -frandom-seed=x -fplugin="$PL" -c "$T/cases/eh.cc" -o e.o
check "-frandom-seed: reproducible objects" "" "$(cmp e.o e1.o 2>&1)"
# The stamp is the CRC of the notes (but their stamp line) and their
# name: without -frandom-seed too, the same compilation gives the same
# object and notes; a changed function, another object name or another
# optimization level (another CFG) give another stamp.
stamp_of () { sed -n 's/^stamp //p' "$1"; }
gcc -O2 -fplugin="$PL" -c "$T/cases/switch.c" -o s.o && cp s.o s1.o \
  && cp s.ppno s1.ppno
gcc -O2 -fplugin="$PL" -c "$T/cases/switch.c" -o s.o
check "reproducible objects and notes without -frandom-seed" "" \
  "$(cmp s.o s1.o 2>&1)$(cmp s.ppno s1.ppno 2>&1)"
# GCC's crc32_string: CRC-32, polynomial 0x04c11db7 most significant bit
# first, initial value 0, no final inversion, over each string with its
# terminating NUL: the first line, the lines after the stamp, the name.
check "the stamp is the notes' CRC" "$(stamp_of s.ppno)" \
  "$(python3 - "$PWD/s.ppno" <<'PYEOF'
import sys
lines = open(sys.argv[1], "rb").read().split(b"\n", 2)
crc = 0
for part in (lines[0] + b"\n", lines[2], sys.argv[1].encode()):
    for byte in part + b"\0":
        crc ^= byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7 if crc & 0x80000000 else crc << 1) & 0xFFFFFFFF
print("0x%08x" % crc)
PYEOF
)"
gcc -O2 -g -fplugin="$PL" -c "$T/cases/switch.c" -o s.o
check "-g: same stamp" "$(stamp_of s1.ppno)" "$(stamp_of s.ppno)"
gcc -O2 -fplugin="$PL" -c "$T/cases/switch.c" -o s2.o
gcc -O0 -fplugin="$PL" -c "$T/cases/switch.c" -o s.o && mv s.ppno s0.ppno
{ cat "$T/cases/switch.c"; echo 'int added (int x) { return x ? 1 : 2; }'; } > sw.c
gcc -O2 -fplugin="$PL" -c sw.c -o s.o
check "another object, optimization level or function: other stamps" \
  "4 stamps" "$(for f in s1.ppno s2.ppno s0.ppno s.ppno; do stamp_of $f; done | sort -u | wc -l) stamps"

# 3. Where the instrumentation goes.  At -O2 the early inliner puts h
# into main's loop.  stage=late (the default, as gcov): h's paths are
# part of main's, whose paths by Ball-Larus id are 0 (entry, i = 0, h's
# first return), 3 and 4 (the next iterations through either return)
# and 5 (the exit), and h's own body, unused, is gone.  stage=early: h is
# instrumented first and counted in its own counters inside main (its
# paths 0 and 1 for its two returns), main's loop has one way through.
cat > stage.c <<'EOF'
static int h (int i) { if (i % 3 == 0) return 3; return 5; }
int main (void) { int s = 0; for (int i = 0; i < 10; i++) s += h (i); return s != 42; }
EOF
stage_counts () { # STAGE
  gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-stage="$1" -c stage.c \
    -o stage.o && gcc stage.o "$HARNESS" -o stage \
    && PPT_COUNTS=stage.txt ./stage \
    && echo "$(sed -n 's/^function //p' stage.ppno | paste -sd, -):$(grep -v '^#' stage.txt | paste -sd, -)"
}
check "stage=late: h inlined, then counted as part of main's paths" \
  '"main":main 0 1,main 3 3,main 4 6,main 5 1' "$(stage_counts late)"
check "stage=early: h counted in its own counters" \
  '"h","main":h 0 4,h 1 6,main 0 1,main 2 9,main 3 1' \
  "$(stage_counts early)"
# GCC's pure-const analysis runs before stage=late and finds f const: the
# instrumented f must lose that, or loop-invariant motion hoists its call
# out of g's loop and it runs once instead of 1000 times.
cat > const.c <<'EOF'
__attribute__((noinline)) static int f (int x) { if (x > 3) return x * 2; return 7 - x; }
__attribute__((noinline)) int g (int n, int x) { int s = 0; for (int i = 0; i < n; i++) s += f (x); return s; }
int main (int argc, char **argv) { (void) argv; return g (1000, argc + 4) != 10000; }
EOF
gcc -O2 -fplugin="$PL" -c const.c -o const.o && gcc const.o "$HARNESS" -o const \
  && PPT_COUNTS=const.txt ./const
check "stage=late: a function found const before is called as often" \
  "0:1000" "$?:$(awk '$1 == "f" { s += $3 } END { print s }' const.txt)"
check "stage=late does not apply to wpp" \
  "cc1: error: pathprof: 'stage=late' does not apply to 'wpp' and 'ipps' builds, which instrument before inlining" \
  "$(LC_ALL=C gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-wpp \
       -fplugin-arg-pathprof-stage=late -c stage.c -o stage.o 2>&1 | head -1)"
check "stage=maybe is an error" \
  "cc1: error: pathprof: 'stage=maybe': expected early or late" \
  "$(LC_ALL=C gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-stage=maybe \
       -c stage.c -o stage.o 2>&1 | head -1)"

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

# 3. Exec calls (exec-hooks.cc): the runtime's calls around each one, in
# every function of a unit with counters, the skipped ones too; none in
# a unit without counters (which links without the runtime) nor in a
# trace build (no counters to write).  tests/e2e runs them.
cat > exec.c <<'EOF'
#include <unistd.h>
int
skipped (int n, char **argv)
{
  __label__ out;
  void inner (int k) { if (k == 3) goto out; }
  for (int i = 0; i < n; i++)
    inner (i);
  return execv (argv[0], argv);
out:
  return execvp (argv[0], argv);
}
int
instrumented (char **argv)
{
  return execl (argv[0], argv[0], (char *) 0);
}
EOF
cat > exec-none.c <<'EOF'
#include <unistd.h>
__attribute__ ((no_profile_instrument_function)) int
f (char **argv)
{
  return execv (argv[0], argv);
}
EOF
hooks () { # FILE: the calls of __pathprof_exec_prepare and _failed
  echo "$(grep -cE 'call[[:space:]]+__pathprof_exec_prepare' "$1")" \
       "$(grep -cE 'call[[:space:]]+__pathprof_exec_failed' "$1")"
}
gcc -O0 -fplugin="$PL" -fplugin-arg-pathprof-warn-skipped=0 -S exec.c \
  -o exec.s
check "exec calls: prepare and failed around each, -O0" "3 3" "$(hooks exec.s)"
# (At -O2 GCC merges two of the tails after the calls.)
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-warn-skipped=0 -S exec.c \
  -o exec.s
check "exec calls: prepared, -O2" 3 "$(hooks exec.s | cut -d' ' -f1)"
gcc -O2 -fplugin="$PL" -S exec-none.c -o exec.s
check "exec calls: none in a unit without counters" "0 0" "$(hooks exec.s)"
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-wpp \
  -fplugin-arg-pathprof-warn-skipped=0 -S exec.c -o exec.s
check "exec calls: none in a trace build" "0 0" "$(hooks exec.s)"

# 3. Diagnostics.
gcc -fplugin="$PL" -c "$T/cases/nonlocal.c" -o n.o 2> n.err
check "skipped function warns" 1 \
  "$(grep -c "warning: pathprof: .outer. is not instrumented" n.err)"
gcc -fplugin="$PL" -fplugin-arg-pathprof-warn-skipped=0 \
  -c "$T/cases/nonlocal.c" -o n.o 2> n.err
check "warn-skipped=0 silences it" "" "$(cat n.err)"
# The warning has no -W option of its own (a plugin cannot add one):
# -Werror makes it an error, like any such GCC warning, and warn-skipped=0
# is how a -Werror build goes through (specs/plugin-arguments.md).
gcc -Werror -fplugin="$PL" -c "$T/cases/nonlocal.c" -o n.o 2> n.err
rc=$?
check "-Werror: the skipped function is an error" "1 1" \
  "$rc $(grep -c "error: pathprof: .outer. is not instrumented: a block is reachable only through a nonlocal goto or longjmp \[-Werror\]" n.err)"
gcc -Werror -fplugin="$PL" -fplugin-arg-pathprof-warn-skipped=0 \
  -c "$T/cases/nonlocal.c" -o n.o 2> n.err
rc=$?
check "-Werror with warn-skipped=0 compiles" "0 " "$rc $(cat n.err)"
gcc -fplugin="$PL" -fplugin-arg-pathprof-bogus -c "$T/cases/loops.c" \
  -o x.o 2> x.err
check "unknown argument is an error" 1 \
  "$(grep -c "unknown argument .bogus.; valid arguments are: array-threshold=N" x.err)"
gcc -fplugin="$PL" -fplugin-arg-pathprof-hash-size=0 -c "$T/cases/loops.c" \
  -o x.o 2> x.err
check "hash-size=0 is an error" 1 "$(grep -c "expected a number from 1" x.err)"
gcc -fplugin="$PL" -fplugin-arg-pathprof-help -c "$T/cases/loops.c" \
  -o x.o 2> x.err
check "help" 1 "$(grep -c "^  array-threshold=N" x.err)"
mkdir -p nd
gcc -fplugin="$PL" -fplugin-arg-pathprof-notes-dir=nd -c "$T/cases/loops.c" \
  -o l.o
check "notes-dir" "nd/$(echo "$W/hand/l" | tr / '#').ppno" "$(ls nd/*.ppno)"
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-array-threshold=0 \
  -c "$T/cases/loops.c" -o l.o
check "array-threshold=0: all hashed" 2 "$(grep -c '^  storage hash' l.ppno)"

# Address registers (the default) give the profile that plain registers
# give (address-registers=0), at -O2 and -O3: a counter array reached
# through a pointer must not be DECL_NONALIASED (aliasreg.c says how it
# lost counts).
for opt in -O2 -O3; do
  rm -f alias0.show alias1.show
  for v in 1 0; do
    gcc $opt -fplugin="$PL" -fplugin-arg-pathprof-address-registers=$v \
      "$T/aliasreg.c" -L"$B" -lpathprof -o alias$v \
      && rm -f alias$v.ppd && PATHPROF_FILE=$PWD/alias$v.ppd ./alias$v > /dev/null \
      && "$B/pathprof" show --top 0 alias$v.ppd | sed 1,2d > alias$v.show
  done
  if [ -s alias1.show ] && cmp -s alias0.show alias1.show; then
    ok "address registers $opt: the same profile as without (aliasreg.c)"
  else
    ko "address registers $opt: the same profile as without (aliasreg.c)"
    diff alias0.show alias1.show | head -10
  fi
done

# Tail copies (tails.cc): per function, the counting blocks copied and
# the ways into them they were copied for ("B/W"), from the verbose notes
# of preferential builds of cases/tails.c with the interesting paths of
# its own Ball-Larus run. At -O2: in arrays, classify's return blocks,
# which its peeled first iteration shares with the loop that remains (3,
# each copied for one way in), lookup's, whose loop is peeled too (the
# block that returns a found node, and the one that returns -1, which an
# empty list reaches as well), find_name's (its loop, which calls strcmp
# and goes around two ways 1.5 times per entry, is peeled for the call,
# min_call_peel_trips; not peeled without it), and check_strnum's, whose
# one call left is not inlined; in slots, classify's again, find_name's
# and lookup's check of the slot of a path that returns -1, which both an
# empty list and the loop's exit reach. None with tail-copies=0, at -O0 or with -Os. The output and the
# profile of a run with arguments, which takes paths the first one did
# not (untested, so residual), are the same with the copies as without; the exactness runs of 1. check
# cases/tails.c's counts at every level, with block traces, where blocks
# are copied as well.
gcc -O2 -fplugin="$PL" "$T/cases/tails.c" -L"$B" -lpathprof -o tails \
  && rm -f tails.ppd && PATHPROF_FILE=$PWD/tails.ppd ./tails > /dev/null \
  && "$B/pathprof" interesting -o tails.paths tails.ppd
tail_copies () { # OPTIONS
  gcc -fplugin="$PL" -fplugin-arg-pathprof-verbose \
    -fplugin-arg-pathprof-interesting=tails.paths "$@" \
    -c "$T/cases/tails.c" -o tc.o 2>&1 \
    | sed -n 's/.*pathprof: [^a-z_]*\([a-z_]*\)[^:]*: \([0-9]*\) counting blocks* copied for \([0-9]*\) ways* in/\1 \2\/\3/p' \
    | LC_ALL=C sort | paste -sd, -
}
check "tail copies: arrays (-O2)" "check_strnum 1/1,classify 3/3,find_name 2/2,lookup 2/2" \
  "$(tail_copies -O2)"
check "tail copies: slots (-O2)" "classify 3/3,find_name 1/1,lookup 1/1" \
  "$(tail_copies -O2 -fplugin-arg-pathprof-ppp-array-threshold=0)"
check "tail copies: the loops peeled in arrays (-O2)" \
  "classify 1 of 1 loops peeled,find_name 1 of 1 loops peeled,lookup 1 of 1 loops peeled,main 4 of 4 loops peeled" \
  "$(peeled_loops "$T/cases/tails.c" tails.paths)"
check "tail copies: none with tail-copies=0, -O0 or -Os" ",," \
  "$(tail_copies -O2 -fplugin-arg-pathprof-tail-copies=0),$(tail_copies -O0),$(tail_copies -Os)"
for form in array slots; do
  form_opts=
  [ $form = slots ] && form_opts=-fplugin-arg-pathprof-ppp-array-threshold=0
  rm -f tails0.show tails1.show
  for v in 1 0; do
    gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=tails.paths \
      -fplugin-arg-pathprof-tail-copies=$v $form_opts "$T/cases/tails.c" \
      -L"$B" -lpathprof -o tails$v \
      && rm -f tails$v.ppd \
      && PATHPROF_FILE=$PWD/tails$v.ppd ./tails$v a b > tails$v.out \
      && "$B/pathprof" show --top 0 tails$v.ppd | sed 1,2d > tails$v.show
  done
  if [ -s tails1.show ] && cmp -s tails0.show tails1.show \
     && cmp -s tails0.out tails1.out; then
    ok "tail copies ($form): the same output and profile as without"
  else
    ko "tail copies ($form): the same output and profile as without"
    diff tails0.show tails1.show | head -10
  fi
done

# 3. Preferential mode: arguments and diagnostics.
gcc -O2 -fplugin="$PL" -c "$T/cases/loops.c" -o l.o
# f's entry from the notes, with its paths 0 and 1 interesting.
f_field () { # RECORD: the value of f's RECORD in l.ppno
  awk -v r="$1" '$1 == "function" { fn = $2 }
    fn == "\"f\"" && $1 == r { print $2 }' l.ppno
}
f_entry () { # CHECKSUM-XOR
  printf 'pathprof-interesting 1\nfunction "f"\n  source %s\n' \
    "$(f_field source)"
  printf '  checksum 0x%08x\n  paths %s\n  path 0\n  path 1\nend\n' \
    $(($(f_field checksum) ^ $1)) "$(f_field paths)"
}
f_entry 0 > good.txt
f_entry 1 > stale.txt
ck=$(f_field checksum)
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=good.txt \
  -c "$T/cases/loops.c" -o l.o 2> x.err
check "interesting: f is ppp, main residual, both in arrays, silently" \
  "ppp array,residual array:" "$(awk '$1 == "storage" { printf "%s %s,", $2, $3 }' l.ppno | sed 's/,$//'):$(cat x.err)"
check "interesting: the notes name the file" 'interesting-file "good.txt"' \
  "$(grep '^interesting-file' l.ppno)"
check "interesting: f's two paths get PPP ids 0 and 1" \
  "ppp 2 2 2,interesting 0 0,interesting 1 1" \
  "$(sed -n 's/^  \(ppp\|interesting\) /\1 /p' l.ppno | paste -sd, -)"
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=good.txt \
  -fplugin-arg-pathprof-ppp-array-threshold=0 -c "$T/cases/loops.c" -o l.o \
  2> x.err
check "ppp-array-threshold=0: f in slots, main residual, silently" \
  "ppp,residual:" "$(awk '$1 == "storage" { printf "%s%s,", $2, $3 }' l.ppno | sed 's/,$//'):$(cat x.err)"
# The residual cache: g's two paths, 500 times each, and main's three
# (into the loop, around it, out of it), all residual and logged (no array
# with ppp-array-threshold=0).  With the cache, each path calls the log
# once, to claim its entry, and is counted inline afterwards (their
# entries differ); without it, every path end calls it.
cat > cache.c <<'EOF'
static int __attribute__ ((noinline)) g (int x) { return x & 1 ? 3 : 5; }
int main (void)
{
  int s = 0;
  for (int i = 0; i < 1000; i++)
    s += g (i);
  return s != 4000;
}
EOF
for cache in 1 0; do
  gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=good.txt \
    -fplugin-arg-pathprof-ppp-array-threshold=0 \
    -fplugin-arg-pathprof-residual-cache=$cache -c cache.c -o cache.o \
    && gcc cache.o "$HARNESS" -o cache && PPT_COUNTS=cache.txt ./cache
  check "residual-cache=$cache: g's paths 500 times each, log calls" \
    "500 500,$([ $cache = 1 ] && echo 5 || echo 2001)" \
    "$(awk '$1 == "g" && $2 == "residual" { print $4 }' cache.txt | sort \
       | paste -sd' ' -),$(sed -n 's/^# calls to the path log: //p' cache.txt)"
  check "residual-cache=$cache: 5 residual paths, 2001 executions" "5 2001" \
    "$(awk '$2 == "residual" { n++; s += $4 } END { print n, s }' cache.txt)"
done
# Profile-guided placement: f's executed paths with the counts of f (10)
# (path 0 once, 3 three times, 4 six times, 5 once; cases/loops.c).  Every
# iteration resets the register at the back edge (cutstart: set); the
# loop's exit edge (7->8) adds.  The tree holds the loop body's entry
# edge (7->3) and one of the two branches; the other is a chord.  By
# loop depth both branches weigh the same and the chord is the else
# branch (3->5, 6 iterations): 18 actions in f (10).  By the counts it is
# the then branch (3->4, 4 iterations): 16.  (Before the edge t->s left
# the tree, 7->3 was a chord too: 28 and 22.)  Without counts in the
# file, the estimate decides, as with profile-placement=0.  The actions
# of f's DAG edges, in notes order:
printf 'pathprof-interesting 1\nfunction "f"\n  source %s\n  checksum 0x%08x\n  paths 6\n  path 0 1\n  path 3 3\n  path 4 6\n  path 5 1\nend\n' \
  "$(f_field source)" "$ck" > counted.txt
sed 's/^\(  path [0-9]*\) [0-9]*$/\1/' counted.txt > uncounted.txt
f_actions () { # FILE PROFILE-PLACEMENT
  gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting="$1" \
    -fplugin-arg-pathprof-profile-placement="$2" -c "$T/cases/loops.c" \
    -o p.o && awk '$1 == "function" { fn = $2 }
      fn == "\"f\"" && $1 == "dagedge" { printf "%s%s", s, $8; s = " " }' p.ppno
}
estimated="none none set none add none none none set none add none none"
check "profile-placement: the counts move the add to 3->4" \
  "none none set add none none none none set none add none none" \
  "$(f_actions counted.txt 1)"
check "profile-placement=0: by loop depth" "$estimated" \
  "$(f_actions counted.txt 0)"
check "profile-placement: a file without counts, by loop depth" \
  "$estimated" "$(f_actions uncounted.txt 1)"
check "residual-cache=maybe: diagnostic" \
  "cc1: error: pathprof: 'residual-cache=maybe': expected 0 or 1" \
  "$(LC_ALL=C gcc -O2 -fplugin="$PL" \
       -fplugin-arg-pathprof-residual-cache=maybe -c cache.c -o cache.o 2>&1 \
       | head -1)"
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=good.txt \
  -fplugin-arg-pathprof-ppp-array-threshold=5 -c "$T/cases/loops.c" -o l.o
check "ppp-array-threshold=5: f (6 paths) in slots, main (1) in an array" \
  "ppp,residual array" "$(awk '$1 == "storage" { printf "%s%s,", $2, $3 ? " " $3 : "" }' l.ppno | sed 's/,$//')"
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=good.txt \
  -fplugin-arg-pathprof-ppp-array-threshold=0 \
  -fplugin-arg-pathprof-ppp-max=1 -c "$T/cases/loops.c" -o l.o
check "ppp-max=1: f's second path gets no slot" \
  "ppp 2 2 1,interesting 0 0,interesting 1 -" \
  "$(sed -n 's/^  \(ppp\|interesting\) /\1 /p' l.ppno | paste -sd, -)"
# Slots without the bounds check: besides edges of the interesting paths 0
# and 1, f's other paths (2 to 5) only run edges that PPP leaves at weight
# 0 (the restart after the back edge, the loop's exit), so their PPP ids
# are 0 or 1 too: two slots cover every path.  With ppp-max=1 there is
# one slot, and the check stays.
slots_note () { # PPP-MAX
  gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=good.txt \
    -fplugin-arg-pathprof-ppp-array-threshold=0 \
    -fplugin-arg-pathprof-ppp-max="$1" -fplugin-arg-pathprof-verbose \
    -c "$T/cases/loops.c" -o l.o 2>&1 \
    | sed -n "s/.*pathprof: .f.: 6 paths, \(ppp storage[^)]*)\?\), [0-9]* blocks.*/\1/p"
}
check "padded slots: every path of f has one, no bounds check" \
  "ppp storage, 2 slots (every path has one: no bounds check)" \
  "$(slots_note 2500)"
check "padded slots: not past ppp-max" "ppp storage, 1 slot" \
  "$(slots_note 1)"
# Padded slots from below: with g's paths 3, 11 and 12 interesting, the
# other paths' PPP ids run from -1 to 2, so 4 slots cover them all, PPP id
# i in slot i + 1 (notes: ppp 3 3 4 1).  The oracle checks every path end
# of the run against the trace: the tested paths in their slots (shifted),
# the others logged as residual.
cat > shift.c <<'EOF'
static int __attribute__ ((noinline)) g (int n, int m)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      if (i & m)
        {
          if (i & 4)
            s += 1;
          else
            s += 2;
        }
      else
        s += 3;
      if (i % 5 == 0)
        s *= 2;
    }
  return s;
}
int main (void)
{
  return (g (40, 3) + g (0, 1) + g (7, 0) + g (25, 6)) == 0;
}
EOF
gcc -O2 -fplugin="$PL" -c shift.c -o shift.o
printf 'pathprof-interesting 1\nfunction "g"\n  source "shift.c"\n  checksum %s\n  paths 14\n  path 3\n  path 11\n  path 12\nend\n' \
  "$(awk '$1 == "function" { fn = $2 }
          fn == "\"g\"" && $1 == "checksum" { print $2 }' shift.ppno)" \
  > shift.txt
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-trace \
  -fplugin-arg-pathprof-interesting=shift.txt \
  -fplugin-arg-pathprof-ppp-array-threshold=0 -c shift.c -o shift.o \
  && gcc shift.o "$HARNESS" -o shift \
  && PPT_TRACE=shift-trace.txt PPT_COUNTS=shift-counts.txt ./shift
check "padded slots from below: g's ppp record" \
  "ppp 3 3 4 1,interesting 3 0,interesting 11 1,interesting 12 2" \
  "$(awk '$1 == "function" { fn = $2 }
          fn == "\"g\"" && ($1 == "ppp" || $1 == "interesting")' shift.ppno \
     | sed 's/^  //' | paste -sd, -)"
check "padded slots from below: PPP ids 1 and 2 counted in slots 2 and 3" \
  "g 11 2 @2,g 12 19 @3" "$(grep '^g [0-9]' shift-counts.txt | paste -sd, -)"
if "$ORACLE" shift-trace.txt shift-counts.txt shift.ppno > shift-oracle.txt 2>&1
then
  ok "padded slots from below: $(tail -1 shift-oracle.txt | sed 's/^oracle: //')"
else
  ko "padded slots from below: exact counts" shift-oracle.txt
fi
# Path ends that need no compare with the slot.  f's paths by Ball-Larus
# id (l.ppno's dagedges): 0, 1, 3 and 4 end at the back edge, 2 and 5 at
# the exit; 0 and 1 are the first iteration's, 3 and 4 go around once.
# Where every path ending with an edge is tested, its PPP id alone names
# its slot; where none is, the path is logged without a compare.  With 3
# tested and 4 not, the back edge compares, but each of the two ways into
# its latch is settled in the loop that remains once the first
# iteration is peeled: its path end goes on each way (3 path ends, and
# the peeling settles 2 compares).  Where the back edge's path end
# becomes a plain count in the loop that remains of a peeled loop (3 and
# 4 tested, 0 and 1 not), it goes on each way into the latch too, as in a
# function counted in an array: 3 path ends, 2 of which compare in the
# first iteration's copy.  The oracle checks each run's path ends against
# the trace.
end_kinds () { # LABEL NOTE PATH...
  label=$1 want=$2
  shift 2
  { sed '/^  path /d; /^end$/d' good.txt; for p in "$@"; do
      echo "  path $p"; done; echo end; } > ends.txt
  check "path ends, $label: the verbose note" "$want" \
    "$(gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=ends.txt \
         -fplugin-arg-pathprof-ppp-array-threshold=0 \
         -fplugin-arg-pathprof-verbose -c "$T/cases/loops.c" -o ends-v.o \
         2>&1 | sed -n "s/.*pathprof: .f.: .*, \([0-9]* path ends ([^)]*)\).*/\1/p")"
  if gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-trace \
       -fplugin-arg-pathprof-interesting=ends.txt \
       -fplugin-arg-pathprof-ppp-array-threshold=0 -c "$T/cases/loops.c" \
       -o ends.o \
     && gcc ends.o "$HARNESS" -o ends \
     && PPT_TRACE=ends-trace.txt PPT_COUNTS=ends-counts.txt ./ends \
          > /dev/null \
     && "$ORACLE" ends-trace.txt ends-counts.txt ends.ppno > ends-oracle.txt 2>&1
  then
    ok "path ends, $label: $(tail -1 ends-oracle.txt | sed 's/^oracle: //')"
  else
    ko "path ends, $label: exact counts" ends-oracle.txt
  fi
}
end_kinds "back edge counted, exit logged" \
  "2 path ends (0 compare with the slot)" 0 1 3 4
end_kinds "exit counted, back edge compared" \
  "3 path ends (2 compare with the slot)" 2 3 4 5
end_kinds "both compared, the latch's ways apart" \
  "3 path ends (3 compare with the slot)" 0 1 2 3
end_kinds "all counted" "2 path ends (0 compare with the slot)" 0 1 2 3 4 5
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=good.txt \
  -fplugin-arg-pathprof-unlisted=skip -c "$T/cases/loops.c" -o l.o
check "unlisted=skip: main is not instrumented" '"f"' \
  "$(sed -n 's/^function //p' l.ppno | paste -sd, -)"
# fully-tested=skip: with every one of f's 6 paths listed, f cannot run a
# residual path and is left alone; with 2 of them (good.txt) it is not.
{ sed '/^  path /d; /^end$/d' good.txt; for p in 0 1 2 3 4 5; do
    echo "  path $p"; done; echo end; } > all.txt
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=all.txt \
  -fplugin-arg-pathprof-fully-tested=skip -c "$T/cases/loops.c" -o l.o
check "fully-tested=skip: f (all 6 paths tested) is not instrumented" \
  '"main"' "$(sed -n 's/^function //p' l.ppno | paste -sd, -)"
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=all.txt \
  -c "$T/cases/loops.c" -o l.o
check "fully-tested=count (default): f is counted" '"f","main"' \
  "$(sed -n 's/^function //p' l.ppno | paste -sd, -)"
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=good.txt \
  -fplugin-arg-pathprof-fully-tested=skip -c "$T/cases/loops.c" -o l.o
check "fully-tested=skip: f with 2 of 6 paths tested is instrumented" \
  '"f","main"' "$(sed -n 's/^function //p' l.ppno | paste -sd, -)"
check "fully-tested=maybe is an error" \
  "cc1: error: pathprof: 'fully-tested=maybe': expected count or skip" \
  "$(LC_ALL=C gcc -O2 -fplugin="$PL" \
       -fplugin-arg-pathprof-fully-tested=maybe -c "$T/cases/loops.c" \
       -o l.o 2>&1 | head -1)"
LC_ALL=C gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=stale.txt \
  -c "$T/cases/loops.c" -o l.o 2> x.err
check "stale entry: exact warning" \
  "warning: pathprof: 'f' does not match its entry at stale.txt:2 (checksum $(printf '0x%08x' $((ck ^ 1))) and 6 paths there, $ck and 6 now): all its paths are residual ('-fplugin-arg-pathprof-stale=' says what to do about this)" \
  "$(grep -o 'warning: .*' x.err)"
check "stale entry: residual storage, reason in the notes" \
  "residual array,stale \"stale.txt:2 (checksum $(printf '0x%08x' $((ck ^ 1))) and 6 paths there, $ck and 6 now)\"" \
  "$(awk '$1 == "function" { fn = $2 } fn == "\"f\"" && ($1 == "storage" || $1 == "stale") { sub(/^  /, ""); sub(/^storage /, ""); print }' l.ppno | paste -sd, -)"
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=stale.txt \
  -fplugin-arg-pathprof-stale=ignore -c "$T/cases/loops.c" -o l.o 2> x.err
check "stale=ignore is silent" "" "$(cat x.err)"
LC_ALL=C gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=stale.txt \
  -fplugin-arg-pathprof-unlisted=skip -c "$T/cases/loops.c" -o skip.o \
  2> x.err
check "stale entry with unlisted=skip: the warning says f is not instrumented" \
  "warning: pathprof: 'f' does not match its entry at stale.txt:2 (checksum $(printf '0x%08x' $((ck ^ 1))) and 6 paths there, $ck and 6 now): it is not instrumented ('unlisted=skip'; '-fplugin-arg-pathprof-stale=' says what to do about this):" \
  "$(grep -o 'warning: .*' x.err):$(sed -n 's/^function //p' skip.ppno)"
LC_ALL=C gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=stale.txt \
  -fplugin-arg-pathprof-stale=error -c "$T/cases/loops.c" -o l.o 2> x.err
check "stale=error fails the compilation" "1:1" \
  "$?:$(grep -c "error: pathprof: 'f' does not match its entry at stale.txt:2" x.err)"
# Listed only under another source (the profiled build named it
# differently): f with its paths and main without, both under
# "elsewhere/loops.c" with their CFGs.  Both are residual, the notes say
# why, and one warning and its note are given, for the source's first
# function; a function whose CFG differs there is merely unlisted.
main_field () { # RECORD: the value of main's RECORD in l.ppno
  awk -v r="$1" '$1 == "function" { fn = $2 }
    fn == "\"main\"" && $1 == r { print $2 }' l.ppno
}
src=$(f_field source | tr -d '"')
{ sed "s|^  source .*|  source \"elsewhere/loops.c\"|" good.txt
  printf 'function "main"\n  source "elsewhere/loops.c"\n  checksum %s\n  paths %s\nend\n' \
    "$(main_field checksum)" "$(main_field paths)"; } > moved.txt
LC_ALL=C gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=moved.txt \
  -c "$T/cases/loops.c" -o l.o 2> x.err
check "listed under another source: one warning and its note" \
  "$src:8:31: warning: pathprof: 'f' is listed at moved.txt:2 only under another source, 'elsewhere/loops.c': all its paths are residual ('-fplugin-arg-pathprof-stale=' says what to do about this)
$src:8:31: note: pathprof: its source is '$src' here; a build must name its sources as the profiled build did (the same '-ffile-prefix-map'); other functions of '$src' in this case are not reported" \
  "$(grep 'warning:\|note:' x.err)"
check "listed under another source: residual, the reasons in the notes" \
  "\"f\" storage residual array stale \"moved.txt:2 (source 'elsewhere/loops.c' there, '$src' now)\",\"main\" storage residual array stale \"moved.txt:9 (source 'elsewhere/loops.c' there, '$src' now)\"" \
  "$(awk '$1 == "function" { printf "%s%s", sep, $2; sep = "," } $1 == "storage" || $1 == "stale" { $1 = $1; printf " %s", $0 }' l.ppno)"
sed 's/^  checksum .*/  checksum 0x00000000/' moved.txt > moved-cfg.txt
LC_ALL=C gcc -O2 -fplugin="$PL" \
  -fplugin-arg-pathprof-interesting=moved-cfg.txt -c "$T/cases/loops.c" \
  -o l.o 2> x.err
check "another CFG under another source: unlisted, silently" \
  "residual array,residual array:0:" \
  "$(awk '$1 == "storage" { printf "%s%s %s", sep, $2, $3; sep = "," }' l.ppno):$(grep -c '^  stale' l.ppno):$(cat x.err)"
gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=moved.txt \
  -fplugin-arg-pathprof-stale=ignore -c "$T/cases/loops.c" -o l.o 2> x.err
check "listed under another source, stale=ignore: silent, still in the notes" \
  ":2" "$(cat x.err):$(grep -c '^  stale' l.ppno)"
LC_ALL=C gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=moved.txt \
  -fplugin-arg-pathprof-stale=error -c "$T/cases/loops.c" -o l.o 2> x.err
check "listed under another source, stale=error: fails, once" "1:1:1" \
  "$?:$(grep -c "error: pathprof: 'f' is listed at moved.txt:2 only under another source, 'elsewhere/loops.c' ('-fplugin-arg-pathprof-stale=error')$" x.err):$(grep -c 'error:' x.err)"
# A static function of that name and CFG in another file is another
# function (zlib's fixedtables in inflate.c and infback.c): unlisted,
# silently.
printf 'static int __attribute__ ((noinline)) g (int x) { return x > 0 ? x : -x; }\nint main (int c, char **v) { (void) v; return g (c) - 1; }\n' > st.c
gcc -O2 -fplugin="$PL" -c st.c -o st.o
awk '$1 == "function" { fn = $2 } fn == "\"g\"" && ($1 == "checksum" || $1 == "paths") { print }' st.ppno > g.fields
{ printf 'pathprof-interesting 1\nfunction "g"\n  source "other/st.c"\n'
  cat g.fields; printf '  path 0\nend\n'; } > st.txt
LC_ALL=C gcc -O2 -fplugin="$PL" -fplugin-arg-pathprof-interesting=st.txt \
  -c st.c -o st.o 2> x.err
check "a static function listed only under another source: unlisted, silently" \
  "2 residual array:0:" \
  "$(grep -c '^  storage residual array' st.ppno) residual array:$(grep -c '^  stale' st.ppno):$(cat x.err)"
sed 's/^  checksum/  paths 4\n  checksum/' good.txt > bad.txt
LC_ALL=C gcc -fplugin="$PL" -fplugin-arg-pathprof-interesting=bad.txt \
  -c "$T/cases/loops.c" -o l.o 2> x.err
check "malformed interesting file: file, line, what was expected" \
  "1:cc1: error: pathprof: bad.txt:4: expected 'checksum', found 'paths'" \
  "$?:$(head -1 x.err)"
LC_ALL=C gcc -fplugin="$PL" -fplugin-arg-pathprof-interesting=missing.txt \
  -c "$T/cases/loops.c" -o l.o 2> x.err
check "missing interesting file" \
  "1:cc1: error: pathprof: missing.txt: cannot open: No such file or directory" \
  "$?:$(head -1 x.err)"
# (Not under a limit of the address space with the sanitized plugin,
# tests/sanitized: ASan cannot reserve its shadow memory there.)
limit=2000000; [ -n "${PATHPROF_TEST_SANITIZED:-}" ] && limit=unlimited
(ulimit -v $limit; LC_ALL=C timeout 60 gcc -fplugin="$PL" \
  -fplugin-arg-pathprof-interesting=/dev/zero \
  -c "$T/cases/loops.c" -o l.o 2> x.err); rc=$?
check "an interesting file of NUL bytes (/dev/zero) is an error at once" \
  "1:cc1: error: pathprof: /dev/zero:1: NUL byte in line" \
  "$rc:$(head -1 x.err)"
mkdir -p "a=b" && cp good.txt "a=b/p.txt"
LC_ALL=C gcc -fplugin="$PL" -fplugin-arg-pathprof-interesting=a=b/p.txt \
  -c "$T/cases/loops.c" -o l.o 2> x.err
check "a file name with '=' (which GCC mangles) is an error" \
  "1:cc1: error: pathprof: 'interesting=a=b/p.tx': GCC cannot pass a value containing '=' to a plugin intact; rename the file or directory" \
  "$?:$(head -1 x.err)"
LC_ALL=C gcc -fplugin="$PL" -fplugin-arg-pathprof-unlisted=maybe \
  -c "$T/cases/loops.c" -o l.o 2> x.err
check "unlisted=maybe is an error" \
  "cc1: error: pathprof: 'unlisted=maybe': expected residual or skip" \
  "$(head -1 x.err)"
LC_ALL=C gcc -fplugin="$PL" -fplugin-arg-pathprof-ppp-max=0 \
  -c "$T/cases/loops.c" -o l.o 2> x.err
check "ppp-max=0 is an error" \
  "cc1: error: pathprof: 'ppp-max=0': expected a number from 1 to 16777216" \
  "$(head -1 x.err)"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
