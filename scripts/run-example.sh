#!/bin/sh
# The main job on the bundled example, in two parts.
#
#  1. Ball-Larus path profiling: compile example/tokstat.c with the plugin
#     at -O2, link the runtime, run it on two inputs (the profile of the
#     second run is merged into the first's), and show the hot paths.
#  2. Residual path profiling with scripts/residual-workflow.sh on a copy
#     of example/ (a Makefile-built project): its test suite (`make check`)
#     is profiled, its paths drive a preferential beta build, which runs
#     "in the field" on other C files, and the report lists the paths the
#     field ran that the tests never did.
#
#   sh scripts/run-example.sh BUILD_DIR      (make example)
set -eu
B=$(cd "${1:?usage: run-example.sh BUILD_DIR}" && pwd -P)
SRC=$(cd "$(dirname "$0")/.." && pwd -P)
W=$B/example
rm -rf "$W"
mkdir -p "$W"
cd "$W"
echo "== 1. Ball-Larus path profiling"
echo "== compile with -fplugin=pathprof.so (writes tokstat.ppno)"
${CC:-gcc} -O2 -g -fplugin="$B/pathprof.so" -c "$SRC/example/tokstat.c" -o tokstat.o
${CC:-gcc} tokstat.o -L"$B" -lpathprof -o tokstat
echo "== run on two inputs (the runtime merges both runs into tokstat.ppd)"
./tokstat "$SRC/example/tokstat.c"
./tokstat "$SRC/example/input.c"
echo "== pathprof show --top 3 tokstat.ppd"
"$B/pathprof" show --top 3 tokstat.ppd

echo
echo "== 2. Residual path profiling of example/ with scripts/residual-workflow.sh"
cp -r "$SRC/example" "$W/project"
# The workflow takes the specs file and the tool of BUILD_DIR, not those
# of this tree's build/ (its default), which may be another build.
PATHPROF_SPECS=${PATHPROF_SPECS:-$B/pathprof.specs}
PATHPROF=${PATHPROF:-$B/pathprof}
export PATHPROF_SPECS PATHPROF
RW="sh $SRC/scripts/residual-workflow.sh -C $W/project -w $W/rpp"
$RW test -- make check
$RW beta
$RW field -- ./tokstat "$SRC/example/tokstat.c"
$RW field -- ./tokstat "$SRC/runtime/path-log.c"
$RW report --top 3
