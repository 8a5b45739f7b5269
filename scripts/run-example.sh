#!/bin/sh
# The main job on the bundled example: compile example/tokstat.c with the
# plugin at -O2, link the runtime, run it on two inputs (the profile of the
# second run is merged into the first's), and show the hot paths.
#
#   sh scripts/run-example.sh BUILD_DIR      (make example)
set -eu
B=$(cd "${1:?usage: run-example.sh BUILD_DIR}" && pwd -P)
SRC=$(cd "$(dirname "$0")/.." && pwd -P)
W=$B/example
rm -rf "$W"
mkdir -p "$W"
cd "$W"
echo "== compile with -fplugin=pathprof.so (writes tokstat.ppno)"
${CC:-gcc} -O2 -g -fplugin="$B/pathprof.so" -c "$SRC/example/tokstat.c" -o tokstat.o
${CC:-gcc} tokstat.o -L"$B" -lpathprof -o tokstat
echo "== run on two inputs (the runtime merges both runs into tokstat.ppd)"
./tokstat "$SRC/example/tokstat.c"
./tokstat "$SRC/example/input.c"
echo "== pathprof show --top 3 tokstat.ppd"
"$B/pathprof" show --top 3 tokstat.ppd
