#!/bin/sh
# make bench's quick mode, so that it cannot rot (make check-bench).
#
#   sh tests/bench/run.sh BUILD_DIR
#
# Runs scripts/bench/bench.sh --mode quick on one cheap program (bzip2;
# PATHPROF_BENCH_TEST_PROGRAM overrides it) with one timed round, in a
# temporary directory, and checks what it produced, not the timings
# (check_report.py): the exit status; every table of report.md with every
# variant and the program; the plots as PNG files; data.json's
# measurements for every variant; every build behaving as the
# uninstrumented one on the benchmark and field workloads; the report's
# residual summary (thesis Table 3.1) and delta figures against pathprof's
# own reports of the kept profile and notes; the same path executions for
# the Ball-Larus and the preferential build under callgrind (one input,
# two instrumentations), and the Targets section's verdicts: exact, from
# data.json's instruction counts, and none by CPU time from one round.
# test_targets.py checks those verdicts on made-up measurements too.
# About 45 s on 2 cores with the sources cached.  Each of
# the two ends with the line "N passed, M failed".
set -u
B=$(cd "${1:?usage: run.sh BUILD_DIR}" && pwd -P)
TOP=$(cd "$(dirname "$0")/../.." && pwd -P)
PROGRAM=${PATHPROF_BENCH_TEST_PROGRAM:-bzip2}
W=$(mktemp -d "${TMPDIR:-/tmp}/pathprof-bench.XXXXXX")
trap 'rm -rf "$W"' EXIT
t0=$(date +%s)
status=0
sh "$TOP/scripts/bench/bench.sh" --mode quick --programs "$PROGRAM" \
  --run-rounds 1 --build "$B" --work "$W/work" --results "$W/results" \
  > "$W/bench.out" 2>&1 || status=$?
echo "bench.sh --mode quick --programs $PROGRAM: exit $status, $(( $(date +%s) - t0 )) s"
PY=${PATHPROF_BENCH_PYTHON:-/usr/bin/python3}
[ -x "$PY" ] || PY=python3
# The Targets section's verdicts on made-up measurements first, then what
# the run produced; the exit status is that of both.
"$PY" "$TOP/tests/bench/test_targets.py"
targets_status=$?
"$PY" "$TOP/tests/bench/check_report.py" "$B/pathprof" "$PROGRAM" \
  "$status" "$W/bench.out" "$W/results" "$W/work" && exit $targets_status
