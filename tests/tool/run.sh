#!/bin/sh
# pathprof tool tests.
#
# Copyright (C) 2026 The pathprof developers.
# SPDX-License-Identifier: 0BSD
#
#   sh tests/tool/run.sh BUILD_DIR      (make check-tool)
#
# The notes reader against malformed notes (bad-notes.cases: a sed edit of
# the valid t.ppno and the exact diagnostic it must produce), and `show`,
# `merge`, `dump` on profiles written by prof_prog (an object matching
# t.ppno, linked with BUILD_DIR/libpathprof.a), compared with the exact
# expected outputs in expected/ (@T@ stands for the test build directory).
# Ends with the line "N passed, N failed".

set -u
B=${1:?usage: run.sh BUILD_DIR}
B=$(cd "$B" && pwd -P)
HERE=$(cd "$(dirname "$0")" && pwd -P)
SRC=$(cd "$HERE/../.." && pwd -P)
CC=${CC:-cc}
T=$B/tests/tool
PP=$B/pathprof
EXP=$HERE/expected
mkdir -p "$T"
W=$(mktemp -d "${TMPDIR:-/tmp}/pathprof-tool.XXXXXX")
W=$(cd "$W" && pwd -P)
trap 'rm -rf "$W"' EXIT
cd "$W" || exit 1

pass=0
fail=0
ok () { pass=$((pass + 1)); echo "PASS: $1"; }
ko () { fail=$((fail + 1)); echo "FAIL: $1"; }
same () {
  if cmp -s "$2" "$3"; then ok "$1"; else
    ko "$1"; diff -u "$2" "$3" | head -40; fi
}
is () {
  if [ "$2" = "$3" ]; then ok "$1"; else
    ko "$1"; echo "  expected: $2"; echo "  actual:   $3"; fi
}
# The program path in outputs depends on the build directory.
norm () { sed "s|$T|@T@|g"; }

# --- the notes reader ------------------------------------------------------
"$PP" check-notes "$HERE/t.ppno" > out 2> err; rc=$?
is "valid notes accepted" \
  "0:$HERE/t.ppno: stamp 0x0badf00d, 3 functions, ok:" \
  "$rc:$(cat out):$(cat err)"
# CRLF line ends, blank lines, indented comments, runs of blanks: accepted.
sed -e 's/$/\r/' -e '5a\    # indented comment' -e '5a\ ' \
    -e 's/^  paths 6/  paths   6/' "$HERE/t.ppno" > crlf.ppno
"$PP" check-notes crlf.ppno > out 2> err; rc=$?
is "CRLF, comments and blank lines accepted" \
  "0:crlf.ppno: stamp 0x0badf00d, 3 functions, ok:" "$rc:$(cat out):$(cat err)"
tab=$(printf '\t')
while IFS=$tab read -r expr expected; do
  [ -n "$expr" ] || continue
  sed -e "$expr" "$HERE/t.ppno" > bad.ppno
  "$PP" check-notes bad.ppno > out 2> err; rc=$?
  is "notes: $expected" "1:$expected" "$rc:$(cat out)$(cat err)"
done < "$HERE/bad-notes.cases"
: > bad.ppno
"$PP" check-notes bad.ppno > /dev/null 2> err; rc=$?
is "notes: empty file" \
  "1:bad.ppno:1: not a notes file: expected 'pathprof-notes 2' on the first line" \
  "$rc:$(cat err)"
"$PP" check-notes missing.ppno > /dev/null 2> err; rc=$?
is "notes: missing file" \
  "1:pathprof: missing.ppno: cannot open: No such file or directory" "$rc:$(cat err)"

# --- profiles ------------------------------------------------------------
build () { # OUT [FLAGS...]
  out=$1; shift
  if ! $CC -O1 -Wall -Wextra -I"$SRC/runtime" "$@" "$HERE/prof_prog.c" \
       -L"$B" -lpathprof -pthread -o "$T/$out" 2> build.err; then
    cat build.err; echo "$pass passed, $((fail + 1)) failed"; exit 1
  fi
}
build prof_prog
build prof_prog_abs -DNOTES="\"$HERE/t.ppno\""
build prof_prog_stamp -DSTAMP=1
build prof_prog_ck -DF_CHECKSUM=1
build prof_prog_z -DWITH_Z
mkdir notes && cp "$HERE/t.ppno" notes/

# f: two calls with n = 4, one with n = 0 (see t.ppno): paths 1 3 4 5 2;
# g: 5 calls; h: 3 calls through path 0 (hash storage).
RUN="f 1 2 f 2 1 f 3 4 f 4 2 f 5 2 g 0 5 h 0 3"
PATHPROF_FILE=t.ppd "$T/prof_prog" $RUN
"$PP" show --notes-dir notes t.ppd > out 2> err; rc=$?
norm < out > out.n
same "show: text" "$EXP/show.txt" out.n
is "show: status and stderr" "0:" "$rc:$(cat err)"
"$PP" show --notes-dir notes --top 2 t.ppd | norm > out.n
same "show --top 2" "$EXP/show-top2.txt" out.n
"$PP" show --notes-dir notes --json t.ppd > out 2> err; rc=$?
norm < out > out.n
same "show --json" "$EXP/show.json" out.n
is "show --json: status and stderr" "0:" "$rc:$(cat err)"
# Debian's python3 (where `make deps` installs python3-jsonschema), not
# whatever python3 comes first in PATH.
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
if "$PY" -m json.tool out > /dev/null; then ok "show --json is JSON"
else ko "show --json is JSON"; fi
"$PP" show --json t.ppd > nonotes.json 2> /dev/null
for j in out nonotes.json; do
  if "$PY" -c '
import json, sys, jsonschema
schema = json.load (open (sys.argv[1]))
jsonschema.Draft202012Validator (schema).validate (json.load (open (sys.argv[2])))
' "$SRC/specs/show-json-schema.json" "$j"; then ok "show --json matches the schema ($j)"
  else ko "show --json matches the schema ($j) (needs python3-jsonschema: make deps)"; fi
done
"$PP" show --notes-dir notes --json --top 1 t.ppd | norm > out.n
same "show --json --top 1" "$EXP/show-top1.json" out.n

# Notes found where the profile says (absolute path), no --notes-dir.
PATHPROF_FILE=abs.ppd "$T/prof_prog_abs" $RUN
"$PP" show abs.ppd | sed -e 1d -e 2d > out.n
sed -e 1d -e 2d "$EXP/show.txt" > exp.n
same "show: notes at the recorded path" exp.n out.n

# Notes missing: the counts are still shown, undecoded; status 1.
"$PP" show t.ppd > out 2> err; rc=$?
norm < out > out.n
same "show without notes: output" "$EXP/show-nonotes.txt" out.n
is "show without notes: message and status" \
  "1:pathprof: /fake/t.ppno: cannot open: No such file or directory" "$rc:$(cat err)"

PATHPROF_FILE=stamp.ppd "$T/prof_prog_stamp" $RUN
"$PP" show --notes-dir notes stamp.ppd > /dev/null 2> err; rc=$?
is "show: notes of another compilation" \
  "1:pathprof: notes/t.ppno: stamp 0x0badf00d does not match the profile's 0x00000001 (notes of another compilation)" \
  "$rc:$(cat err)"
PATHPROF_FILE=ck.ppd "$T/prof_prog_ck" $RUN
"$PP" show --notes-dir notes ck.ppd > /dev/null 2> err; rc=$?
is "show: function checksum differs from the notes" \
  "1:pathprof: notes/t.ppno: function 'f': checksum 0xb2ea3706 differs from the profile's 0x00000001" \
  "$rc:$(cat err)"
PATHPROF_FILE=z.ppd "$T/prof_prog_z" $RUN z 1 1
"$PP" show --notes-dir notes z.ppd > out 2> err; rc=$?
is "show: function missing from the notes" \
  "1:pathprof: notes/t.ppno: no function 'z' (named in the profile)" \
  "$rc:$(cat err)"
is "show: function missing from the notes is listed undecoded" \
  "      1  100.00%     1  ?" "$(grep -A 4 '^function z' out | tail -1)"
PATHPROF_FILE=dropped.ppd "$T/prof_prog" h 0 3 h 7 2
"$PP" show --notes-dir notes dropped.ppd > out 2> err; rc=$?
is "show: dropped path executions" \
  "0:  invocations: 3  path executions: 3  distinct paths: 1 of 2  dropped: 2:" \
  "$rc:$(grep -A 1 '^function h' out | tail -1):$(cat err)"
printf 'junk' > junk.ppd
"$PP" show junk.ppd > out 2> err; rc=$?
is "show: corrupt profile" \
  "1::pathprof: junk.ppd: corrupt profile: not a pathprof data file (bad magic)" \
  "$rc:$(cat out):$(cat err)"

# --- merge -----------------------------------------------------------------
PATHPROF_FILE=a.ppd "$T/prof_prog" f 1 1 g 0 2
PATHPROF_FILE=b.ppd "$T/prof_prog" f 1 10 f 2 1 h 1 4
PATHPROF_FILE=ab.ppd "$T/prof_prog" f 1 1 g 0 2
PATHPROF_FILE=ab.ppd "$T/prof_prog" f 1 10 f 2 1 h 1 4
"$PP" merge -o m.ppd a.ppd b.ppd 2> err; rc=$?
is "merge: status" "0:" "$rc:$(cat err)"
"$PP" dump m.ppd | norm > out.n
same "merge: counts and runs add" "$EXP/merge.dump" out.n
"$PP" dump ab.ppd | norm > exp.n
same "merge: same as two runs into one file" exp.n out.n
"$PP" merge -o m2.ppd a.ppd ck.ppd 2> err; rc=$?
is "merge: mismatch names the function" \
  "1:pathprof: ck.ppd: cannot merge: function 'f' of object '/fake/t.ppno' differs in checksum (checksum 0xb2ea3706 with 6 paths, not 0x00000001 with 6 paths)" \
  "$rc:$(cat err)"
if [ -e m2.ppd ]; then ko "merge: no output after an error"
else ok "merge: no output after an error"; fi
"$PP" merge -o m3.ppd a.ppd stamp.ppd 2> err; rc=$?
is "merge: another compilation" \
  "1:pathprof: stamp.ppd: cannot merge: object '/fake/t.ppno' is from another compilation (stamp 0x0badf00d, not 0x00000001)" \
  "$rc:$(cat err)"
"$PP" merge -o m4.ppd a.ppd missing.ppd 2> err; rc=$?
is "merge: missing input" \
  "1:pathprof: missing.ppd: No such file or directory" "$rc:$(cat err)"
"$PP" merge a.ppd b.ppd 2> err; rc=$?
is "merge: -o required" \
  "1:pathprof: merge: -o OUT is required
Try 'pathprof --help' for more information." "$rc:$(cat err)"

# --- command line ----------------------------------------------------------
"$PP" --version > out 2> err; rc=$?
is "--version" "0:pathprof 0.1
profile data format version 1, notes format version 2:" \
  "$rc:$(cat out):$(cat err)"
"$PP" --help > out 2> err; rc=$?
is "--help" "0:Usage: pathprof COMMAND [OPTION]... FILE...:" \
  "$rc:$(head -1 out):$(cat err)"
"$PP" frobnicate > out 2> err; rc=$?
is "unknown command" "1::pathprof: unknown command 'frobnicate'
Try 'pathprof --help' for more information." "$rc:$(cat out):$(cat err)"
"$PP" show --top x t.ppd > out 2> err; rc=$?
is "bad --top" "1::pathprof: show: bad --top value 'x'
Try 'pathprof --help' for more information." "$rc:$(cat out):$(cat err)"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
