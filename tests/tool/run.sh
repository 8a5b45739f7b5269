#!/bin/sh
# pathprof tool tests.
#
# Copyright (C) 2026 The pathprof developers.
# SPDX-License-Identifier: 0BSD
#
#   sh tests/tool/run.sh BUILD_DIR      (make check-tool)
#
# The notes reader against malformed notes (bad-notes.cases: a sed edit of
# the valid t.ppno and the exact diagnostic it must produce; likewise
# bad-ppp-notes.cases on p.ppno, a preferential build), and `show`,
# `merge`, `dump` on profiles written by prof_prog (an object matching
# t.ppno, linked with BUILD_DIR/libpathprof.a), compared with the exact
# expected outputs in expected/ (@T@ stands for the test build directory).
# Then `interesting`, `residual`, `stats` and `show` of a preferential
# build on hand-made profiles (*.desc, written by mkppd with the runtime's
# own writer), whose expected outputs are derived by hand below.
# Ends with the line "N passed, N failed".  About 2 seconds.

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
bad_notes () { # VALID.ppno CASES
  while IFS=$tab read -r expr expected; do
    [ -n "$expr" ] || continue
    sed -e "$expr" "$1" > bad.ppno
    "$PP" check-notes bad.ppno > out 2> err; rc=$?
    is "notes: $expected" "1:$expected" "$rc:$(cat out)$(cat err)"
  done < "$2"
}
bad_notes "$HERE/t.ppno" "$HERE/bad-notes.cases"
(ulimit -v 2000000; timeout 60 "$PP" check-notes /dev/zero > out 2> err); rc=$?
is "check-notes: a device of NUL bytes is no notes file, said at once" \
  "1::/dev/zero:1: NUL byte in line" \
  "$rc:$(cat out):$(cat err)"
"$PP" check-notes "$HERE/p.ppno" > out 2> err; rc=$?
is "valid preferential notes accepted" \
  "0:$HERE/p.ppno: stamp 0x5eed0001, 6 functions, ok:" \
  "$rc:$(cat out):$(cat err)"
bad_notes "$HERE/p.ppno" "$HERE/bad-ppp-notes.cases"
# Only the hottest numbered (notes `hottest`, the range of all of a
# function's interesting paths above ppp-max): k's paths 1, 2, 3 and 5
# numbered alone get ids 0 1 2 3 (range 4); 6 and 7 have none; all six
# numbered together have range 7.
sed -e '71s/.*/  ppp 6 7 4/' -e '71a\  hottest 4 4' \
    -e '75s/.*/  interesting 5 3/' "$HERE/p.ppno" > hot.ppno
"$PP" check-notes hot.ppno > out 2> err; rc=$?
is "notes with only the hottest numbered accepted" \
  "0:hot.ppno: stamp 0x5eed0001, 6 functions, ok:" "$rc:$(cat out):$(cat err)"
bad_notes hot.ppno "$HERE/bad-hottest-notes.cases"
"$PP" stats hot.ppno > out 2> err; rc=$?
is "stats: only the hottest numbered" \
  "0:  k (k.c): 2 of 6 (slots 4, range 7; the 4 hottest numbered alone, range 4):" \
  "$rc:$(grep '^  k (k.c): ' out):$(cat err)"
"$PP" stats --json hot.ppno > out 2> err; rc=$?
is "stats --json: only the hottest numbered" \
  "0:\"hottest\": 4, \"hottest_range\": 4}:" \
  "$rc:$(grep -o '"hottest": [0-9]*, "hottest_range": [0-9]*}' out | sed -n 2p):$(cat err)"
# Functions counted in arrays (`storage ppp array`: every interesting path
# has its PPP id, the slots are the range; `storage residual array`).
sed -e '27s/$/ array/' -e '161s/$/ array/' "$HERE/p.ppno" > arr.ppno
"$PP" check-notes arr.ppno > out 2> err; rc=$?
is "preferential notes with functions counted in arrays accepted" \
  "0:arr.ppno: stamp 0x5eed0001, 6 functions, ok:" "$rc:$(cat out):$(cat err)"
is "stats: functions counted in arrays, and f's 3 slots no longer counted" \
  "functions: 6 (ppp 3, residual 2, array 1, hash 0, trace 0); stale: 1; ppp and residual counted in arrays: 2
interesting paths: 11 in 3 ppp functions; PPP range: 12; slots: 7; Ball-Larus range: 20" \
  "$("$PP" stats arr.ppno | sed -n 2,3p)"
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
timeout 60 "$PP" show /dev/zero > out 2> err; rc=$?
is "show: a device that never ends is no profile, said at once" \
  "1::pathprof: /dev/zero: corrupt profile: not a pathprof data file (bad magic)" \
  "$rc:$(cat out):$(cat err)"
printf 'junk' > junk.ppd
"$PP" show junk.ppd > out 2> err; rc=$?
is "show: corrupt profile" \
  "1::pathprof: junk.ppd: corrupt profile: not a pathprof data file (bad magic)" \
  "$rc:$(cat out):$(cat err)"

# --- merge -----------------------------------------------------------------
"$PP" merge -x -o m.ppd a.ppd > out 2> err; rc=$?
is "a bad option is named under the command's name, once" \
  "1::pathprof merge: invalid option -- 'x'
Try 'pathprof --help' for more information." "$rc:$(cat out):$(cat err)"
"$PP" show --bogus z.ppd > out 2> err; rc=$?
is "a bad long option is named under the command's name, once" \
  "1::pathprof show: unrecognized option '--bogus'
Try 'pathprof --help' for more information." "$rc:$(cat out):$(cat err)"
"$PP" merge -o > out 2> err; rc=$?
is "an option without its argument" \
  "1::pathprof merge: option requires an argument -- 'o'
Try 'pathprof --help' for more information." "$rc:$(cat out):$(cat err)"
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

# --- preferential builds: interesting, residual, stats, show --------------
if ! $CC -O1 -Wall -Wextra -I"$SRC/runtime" "$HERE/mkppd.c" \
     "$SRC/runtime/ppd-io.c" -o "$T/mkppd" 2> build.err; then
  cat build.err; echo "$pass passed, $((fail + 1)) failed"; exit 1
fi
for d in bl1 bl2 p1 p2; do
  "$T/mkppd" $d.ppd < "$HERE/$d.desc" || ko "mkppd $d"
done
validate () { # SCHEMA JSON
  if "$PY" -c '
import json, sys, jsonschema
schema = json.load (open (sys.argv[1]))
jsonschema.Draft202012Validator (schema).validate (json.load (open (sys.argv[2])))
' "$SRC/specs/$1" "$2"; then ok "$2 matches $1"
  else ko "$2 matches $1 (needs python3-jsonschema: make deps)"; fi
}

# interesting (expected/interesting-*.txt, written from the *.desc):
# bl1 and bl2 hold f of checksum 0xb2ea3706 (in objects t and u: added,
# {1: 5, 3: 10, 4: 4, 5: 1}), f of checksum 0x1 (another entry), g never
# run (listed with no path), h {0: 3, 1: 3} with 2 executions dropped.
HWARN='pathprof: warning: function '"'h'"' (source "t.h", checksum 0x175e18af): 2 path executions dropped (the runtime'"'"'s memory bound, PATHPROF_LOG_LIMIT); its interesting paths may be incomplete'
"$PP" interesting bl1.ppd bl2.ppd > out 2> err; rc=$?
same "interesting: every executed path" "$EXP/interesting-all.txt" out
is "interesting: dropped executions warn" "0:$HWARN" "$rc:$(cat err)"
# f: 20 executions, 0.95 of them is 19 = 10 + 5 + 4 exactly: 3 paths
# (a floating-point 0.95 * 20 would exceed 19 and take the 4th); h: 6,
# 5.7 needed, both paths.
"$PP" interesting --coverage 0.95 bl1.ppd bl2.ppd > out 2> /dev/null
same "interesting --coverage 0.95 (exact)" "$EXP/interesting-cov095.txt" out
"$PP" interesting --coverage 0.9500001 bl1.ppd bl2.ppd 2> /dev/null \
  | sed -n '/0xb2ea3706/,/end/p' | grep -c '^  path [0-9]' > out
is "interesting --coverage 0.9500001 takes the 4th path" "4" "$(cat out)"
# f: 10 >= 0.5 * 20 with path 3 alone; h: 3 of 6 with path 0 (tie: id).
"$PP" interesting --coverage .5 bl1.ppd bl2.ppd 2> /dev/null \
  | grep -v '^#' > out
grep -v '^#' "$EXP/interesting-top1.txt" > exp.n
same "interesting --coverage .5 (= the hottest path here)" exp.n out
"$PP" interesting --top 1 -o top1.txt bl1.ppd bl2.ppd > out 2> /dev/null; rc=$?
same "interesting --top 1 -o FILE" "$EXP/interesting-top1.txt" top1.txt
is "interesting -o: nothing on stdout" "0:" "$rc:$(cat out)"
# A preferential build's profiles: counts and residual lists together.
RWARN='pathprof: warning: function '"'r'"' (source "r.c", checksum 0xb2ea3706): 2 residual path executions not logged (the runtime'"'"'s memory bound, PATHPROF_LOG_LIMIT); its interesting paths may be incomplete'
"$PP" interesting p1.ppd p2.ppd > out 2> err; rc=$?
same "interesting: counted and residual paths" "$EXP/interesting-ppp.txt" out
is "interesting: residual_dropped warns" "0:$RWARN" "$rc:$(cat err)"
printf 'object /fake/w.ppno 4 1\nfunction f t.c 0xb2ea3706 array 7 0 0\n' \
  | "$T/mkppd" bl3.ppd
"$PP" interesting -o never.txt bl1.ppd bl3.ppd > out 2> err; rc=$?
is "interesting: one function, two path counts" \
  "1::pathprof: bl3.ppd: function 'f' (source \"t.c\", checksum 0xb2ea3706) has 7 paths, 6 in bl1.ppd: the profiles come from incompatible builds" \
  "$rc:$(cat out):$(cat err)"
if [ -e never.txt ]; then ko "interesting: no output after an error"
else ok "interesting: no output after an error"; fi
"$PP" interesting bl1.ppd missing.ppd > out 2> err; rc=$?
is "interesting: missing input" \
  "1::pathprof: missing.ppd: No such file or directory" "$rc:$(cat out):$(cat err)"
"$PP" interesting -o /nonexistent/x.txt bl1.ppd > out 2> err; rc=$?
is "interesting: unwritable output" \
  "1:pathprof: /nonexistent/x.txt: cannot open: No such file or directory" \
  "$rc:$(grep -v warning err)"
# Outputs (tool/output.c): a file is replaced only once all of it is
# written, so a write that fails leaves the old one, and no temporary;
# a symbolic link is kept and its target replaced; a name that is not a
# regular file (/dev/stdout) is written in place; a file replaced keeps
# its permissions.
echo old > keep.txt
# (No file size limit: ulimit -f 0 fails every write to a file, the
# messages' too, which go through a pipe.)
limited () { (trap '' XFSZ; ulimit -f 0; "$@" 2>&1 > /dev/null; echo "$?") \
  | grep -v warning | tac | paste -sd: -; }
is "interesting -o: a failed write keeps the old file" \
  "1:pathprof: keep.txt: write error: File too large:old:keep.txt" \
  "$(limited "$PP" interesting -o keep.txt bl1.ppd bl2.ppd):$(cat keep.txt):$(ls keep.txt*)"
is "merge -o: a failed write keeps the old file" \
  "1:pathprof: keep.txt: write error: File too large:old:keep.txt" \
  "$(limited "$PP" merge -o keep.txt a.ppd b.ppd):$(cat keep.txt):$(ls keep.txt*)"
mkdir -p linked && echo old > linked/target.txt && chmod 640 linked/target.txt
ln -sf linked/target.txt link.txt
"$PP" interesting -o link.txt bl1.ppd bl2.ppd 2> /dev/null; rc=$?
is "interesting -o: through a symbolic link, the link kept" \
  "0:link.txt -> linked/target.txt:640" \
  "$rc:$(find link.txt -printf '%p -> %l'):$(stat -c %a linked/target.txt)"
same "interesting -o: the link's target written" "$EXP/interesting-all.txt" \
  linked/target.txt
ln -s loop-b.txt loop-a.txt && ln -s loop-a.txt loop-b.txt
"$PP" interesting -o loop-a.txt bl1.ppd bl2.ppd 2> err; rc=$?
is "interesting -o: a loop of links is an error, the links kept" \
  "1:pathprof: loop-a.txt: cannot open: Too many levels of symbolic links:loop-a.txt -> loop-b.txt" \
  "$rc:$(grep -v warning err):$(find loop-a.txt -printf '%p -> %l')"
"$PP" interesting -o /dev/stdout bl1.ppd bl2.ppd > out 2> /dev/null; rc=$?
same "interesting -o /dev/stdout: written in place" \
  "$EXP/interesting-all.txt" out
"$PP" merge -o /dev/stdout a.ppd b.ppd > out.ppd 2> err; rc=$?
"$PP" dump out.ppd | norm > out.n
same "merge -o /dev/stdout: written in place" "$EXP/merge.dump" out.n
for args in "--top 0" "--top x" "--coverage 0" "--coverage 1.01" \
            "--coverage 0.5x" "--coverage ." "--coverage -0.5"; do
  v=${args#* }
  "$PP" interesting $args bl1.ppd > out 2> err; rc=$?
  case $args in
    --top*) want="interesting: bad --top value '$v' (a count K >= 1)" ;;
    *) want="interesting: bad --coverage value '$v' (a fraction F, 0 < F <= 1)" ;;
  esac
  is "interesting $args" "1::pathprof: $want
Try 'pathprof --help' for more information." "$rc:$(cat out):$(cat err)"
done
"$PP" interesting --top 1 --coverage 1 bl1.ppd > out 2> err; rc=$?
is "interesting: --top and --coverage" "1:pathprof: interesting: --coverage and --top exclude each other
Try 'pathprof --help' for more information." "$rc:$(cat err)"

# residual: p.ppno's comments give each function's paths, their CFG edges
# and tested set T; p1.desc + p2.desc the field's counts.  Per function
# (E executed, U untested = residual ids not in T, UE untested edges):
#   f  T {1,3,5}, TE all 8 edges; E {0,1,3,4} 20 executions;
#      U {4: 3, 0: 2}, UE {}
#   k  T {1,2,3,5,6,7}, TE all 9; E {0,1,2,3,5,6,8} 17; residual 6 is a
#      tested path beyond the slots (3 executions, tested); U {8: 2, 0: 1},
#      UE {}
#   q  T {1,8}, TE {0,2,3,5,7,8}; E {0,1,4} 7; U {4: 2, 0: 1};
#      edges(4) = {1,4,7}, edges(0) = {0,3,6}: UE {1,4,6}
#   r  T {}; E = U {2: 4, 5: 1}; edges {0,2} + {2,7}: UE {0,2,7};
#      residual_dropped 2
#   s  T {}, stale; E = U {0: 4}; its one path has no edge: UE {}
#   a  array storage: left out
# Untested paths 9 of 17 executed (52.94%), 20 of 53 executions (37.74%),
# 5 functions; untested edges 3 + 3 = 6 in 2 functions; untested paths in
# functions without untested edges: f 2 + k 2 + s 1 = 5 (55.56%).
# Functions by untested executions: f 5, r 5 (name), s 4, k 3, q 3.
"$PP" residual --notes-dir "$HERE" p1.ppd p2.ppd > out 2> err; rc=$?
same "residual: text" "$EXP/residual.txt" out
is "residual: status and stderr" "0:" "$rc:$(cat err)"
"$PP" residual --notes-dir "$HERE" --top 1 p1.ppd p2.ppd > out 2> /dev/null
# Every function but s (one untested path) has one more.
is "residual --top 1" "4:  ... 1 more untested path: 2 executions (10.00%)" \
  "$(grep -c '^  \.\.\. 1 more untested path' out):$(grep -m1 '^  \.\.\.' out)"
"$PP" residual --notes-dir "$HERE" --json p1.ppd p2.ppd > out 2> err; rc=$?
same "residual --json" "$EXP/residual.json" out
is "residual --json: status and stderr" "0:" "$rc:$(cat err)"
cp out residual.json
validate residual-json-schema.json residual.json
# Merged first, as `merge` would: the same as one merged profile.
"$PP" merge -o p.ppd p1.ppd p2.ppd
"$PP" residual --notes-dir "$HERE" p.ppd | sed 1d > out
sed 1d "$EXP/residual.txt" > exp.n
same "residual: two profiles = their merge" exp.n out
# Without notes: every function left out, undecoded; status 1.
"$PP" residual --json p.ppd > nonotes.json 2> err; rc=$?
is "residual without notes: message and status" \
  "1:pathprof: /fake/p.ppno: cannot open: No such file or directory" \
  "$rc:$(cat err)"
validate residual-json-schema.json nonotes.json
"$PP" residual p.ppd 2> /dev/null | sed -n '/^summary/,/^functions/p' \
  | sed 1d > out
is "residual without notes: summary" "  untested paths: 0
  untested paths, % of executed paths: 0.00% (0 of 0)
  untested paths, % of execution frequency: 0.00% (0 of 0)
  functions with untested paths: 0
  untested edges: 0
  functions with untested edges: 0
  untested paths in functions with no untested edges: 0 (0.00% of untested paths)
functions: 0 preferential (ppp 0, residual 0); left out: 5 not decoded, 1 of another storage (array or hash)" \
  "$(cat out)"
# A public function compiled into two objects is one function: f (notes
# `linkage public`) in p.ppno and pm.ppno (a copy of it, of another
# compilation), its copies' counts added path by path: counts {1: 3 + 2,
# 3: 10}, residual {0: 2, 4: 1 + 2}, residual_dropped 0 + 1; these are
# f's counts in p1 + p2, so its report is the one above with its copies
# and the dropped executions.  k (`linkage local`: a static function)
# stays one per object: residual {8: 2} and {8: 1}, 8 untested.
mkdir -p nd
sed -e '27a\  linkage public' -e '70a\  linkage local' "$HERE/p.ppno" \
  > nd/p.ppno
sed -e 's/^stamp 0x5eed0001$/stamp 0x5eed0003/' \
  -e 's|^object "/fake/p.o"$|object "/fake/pm.o"|' nd/p.ppno > nd/pm.ppno
"$PP" check-notes nd/p.ppno nd/pm.ppno > out 2> err; rc=$?
is "notes with linkage records accepted" \
  "0:nd/p.ppno: stamp 0x5eed0001, 6 functions, ok
nd/pm.ppno: stamp 0x5eed0003, 6 functions, ok:" "$rc:$(cat out):$(cat err)"
printf '%s\n' 'program /fake/prog' 'object /fake/p.ppno 0x5eed0001 1' \
  'function f t.c 0xb2ea3706 ppp 6 0 0' 'count 1 3' 'residual 0 2' \
  'residual 4 1' 'function k k.c 0x7d4fb5e0 ppp 9 0 0' 'residual 8 2' \
  'object /fake/pm.ppno 0x5eed0003 1' 'function f t.c 0xb2ea3706 ppp 6 0 1' \
  'count 1 2' 'count 3 10' 'residual 4 2' \
  'function k k.c 0x7d4fb5e0 ppp 9 0 0' 'residual 8 1' | "$T/mkppd" pm.ppd
"$PP" residual --notes-dir nd pm.ppd > out 2> err; rc=$?
same "residual: a public function's copies summed, a static one's not" \
  "$EXP/residual-copies.txt" out
is "residual with copies: status and stderr" "0:" "$rc:$(cat err)"
"$PP" residual --notes-dir nd --json pm.ppd > copies.json 2> /dev/null
validate residual-json-schema.json copies.json
"$PY" -c '
import json, sys
r = json.load (open (sys.argv[1]))
for o in r["objects"]:
    print (o["notes"], [(f["name"], f["linkage"], f["objects"],
                         f["path_executions"], f["residual_dropped"])
                        for f in o["functions"]])
print (r["summary"]["functions_preferential"], r["summary"]["untested_paths"])
' copies.json > out
is "residual --json: f listed once, under its first object" \
  "/fake/p.ppno [('f', 'public', [0, 1], 20, 1), ('k', 'local', [0], 2, 0)]
/fake/pm.ppno [('k', 'local', [1], 1, 0)]
3 4" "$(cat out)"
printf 'object /fake/p.ppno 0x5eed0002 1\n' | "$T/mkppd" other.ppd
"$PP" residual p1.ppd other.ppd > out 2> err; rc=$?
is "residual: profiles of different builds" \
  "1::pathprof: other.ppd: cannot merge: object '/fake/p.ppno' is from another compilation (stamp 0x5eed0001, not 0x5eed0002)" \
  "$rc:$(cat out):$(cat err)"
"$PP" residual > out 2> err; rc=$?
is "residual: no profile" "1:pathprof: residual: no input profiles
Try 'pathprof --help' for more information." "$rc:$(cat err)"

# show on the same profile: both lists, residual ones marked R; f's
# invocations are its paths from the entry, 1 (5) and 0 (2, residual).
"$PP" show --notes-dir "$HERE" p.ppd > out 2> err; rc=$?
same "show: preferential build" "$EXP/show-ppp.txt" out
is "show: preferential build, status" "0:" "$rc:$(cat err)"
"$PP" show --notes-dir "$HERE" --json p.ppd > out 2> err
same "show --json: preferential build" "$EXP/show-ppp.json" out
cp out show-ppp.json
validate show-json-schema.json show-ppp.json

# stats: f n 3 range 3 slots 3 (delta 1), BL ids 1..5 (range 5, 5/3);
# k n 6 range 7 slots 5 (7/6), 6 and 7 beyond the slots, BL 1..7 (7/6);
# q n 2 range 2 (1), BL 1..8 (8/2 = 4).  Totals 11, 12, 10, BL 20.
# delta <= 1.05: f q (2 of 3); <= 1.5 and <= 2: 3; > 2: 0.
"$PP" stats "$HERE/p.ppno" > out 2> err; rc=$?
sed "s|$HERE/||" out > out.n
same "stats: text" "$EXP/stats.txt" out.n
is "stats: status" "0:" "$rc:$(cat err)"
cd "$HERE" && "$PP" stats --json p.ppno t.ppno > "$W/out"; cd "$W" || exit 1
same "stats --json, two notes files" "$EXP/stats.json" out
cp out stats.json
validate stats-json-schema.json stats.json
cd "$HERE" && "$PP" stats p.ppno t.ppno > "$W/out"; cd "$W" || exit 1
is "stats: two notes files" "functions: 9 (ppp 3, residual 2, array 3, hash 1, trace 0); stale: 1; ppp and residual counted in arrays: 0
            3      3      3    1.00         5      1.67     1.67  f (t.c) in p.ppno
  <= 1.05  2  (66.67%)" \
  "$(sed -n -e 2p -e '/^ *3 *3 *3 /p' -e '/<= 1.05/p' out)"
"$PP" stats "$HERE/t.ppno" missing.ppno > out 2> err; rc=$?
is "stats: a missing notes file" \
  "1:pathprof: missing.ppno: cannot open: No such file or directory:functions: 3 (ppp 0, residual 0, array 2, hash 1, trace 0); stale: 0; ppp and residual counted in arrays: 0" \
  "$rc:$(cat err):$(sed -n 2p out)"

# --- command line ----------------------------------------------------------
"$PP" --version > out 2> err; rc=$?
is "--version" "0:pathprof 0.1
profile data format version 2, notes format version 2:" \
  "$rc:$(cat out):$(cat err)"
"$PP" --help > out 2> err; rc=$?
is "--help" "0:Usage: pathprof COMMAND [OPTION]... FILE...:" \
  "$rc:$(head -1 out):$(cat err)"
for cmd in dump check-notes; do
  "$PP" $cmd --help > out 2> err; rc=$?
  is "$cmd --help: the usage, not a file named --help" \
    "0:Usage: pathprof COMMAND [OPTION]... FILE...:" \
    "$rc:$(head -1 out):$(cat err)"
done
"$PP" frobnicate > out 2> err; rc=$?
is "unknown command" "1::pathprof: unknown command 'frobnicate'
Try 'pathprof --help' for more information." "$rc:$(cat out):$(cat err)"
"$PP" show --top x t.ppd > out 2> err; rc=$?
is "bad --top" "1::pathprof: show: bad --top value 'x'
Try 'pathprof --help' for more information." "$rc:$(cat out):$(cat err)"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
