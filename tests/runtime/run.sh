#!/bin/sh
# pathprof runtime tests.
#
# Copyright (C) 2026 The pathprof developers.
# SPDX-License-Identifier: 0BSD
#
#   sh tests/runtime/run.sh BUILD_DIR      (make check-runtime)
#
# Builds programs around a hand-written instrumented object
# (fake-object.h) linked with BUILD_DIR/libpathprof.a, runs them, and
# checks the profiles they write exactly with `pathprof dump`, and the
# runtime's stderr messages and exit statuses exactly.  Ends with the line
# "N passed, N failed"; the exit status is 1 if anything failed.

set -u
B=${1:?usage: run.sh BUILD_DIR}
B=$(cd "$B" && pwd -P)
SRC=$(cd "$(dirname "$0")/../.." && pwd -P)
CC=${CC:-cc}
T=$B/tests/runtime
PP=$B/pathprof
mkdir -p "$T"
W=$(mktemp -d "${TMPDIR:-/tmp}/pathprof-rt.XXXXXX")
W=$(cd "$W" && pwd -P)
trap 'rm -rf "$W"' EXIT

pass=0
fail=0
ok () { pass=$((pass + 1)); echo "PASS: $1"; }
ko () { fail=$((fail + 1)); echo "FAIL: $1"; }
# same NAME EXPECTED ACTUAL: files equal.
same () {
  if cmp -s "$2" "$3"; then ok "$1"; else
    ko "$1"; diff -u "$2" "$3" | head -40; fi
}
# is NAME EXPECTED ACTUAL: strings equal.
is () {
  if [ "$2" = "$3" ]; then ok "$1"; else
    ko "$1"; echo "  expected: $2"; echo "  actual:   $3"; fi
}

# --- build -----------------------------------------------------------------
RTFLAGS="-O1 -g -Wall -Wextra -I$SRC/runtime -I$SRC/tests/runtime"
LIBS="-L$B -lpathprof -pthread -ldl"
build () { # OUT SRC [FLAGS...]
  out=$1 src=$2; shift 2
  if ! $CC $RTFLAGS "$@" "$SRC/tests/runtime/$src" $LIBS -o "$T/$out" \
       2> "$W/build.err"; then
    cat "$W/build.err"; echo "0 passed, 1 failed"; exit 1
  fi
}
build rt_prog rt_prog.c
build rt_prog_stamp2 rt_prog.c -DFAKE_STAMP=0x12345678u
build rt_prog_ck2 rt_prog.c -DFAKE_ARRAY_CHECKSUM=0x11111112u
build rt_prog_abi99 rt_prog.c -DFAKE_ABI=99
build rt_prog_wrap rt_prog.c -Wl,--wrap=execve -Wl,--wrap=daemon
build fakelib.so fakelib.c -shared -fPIC
build rt_prog_res rt_prog.c -DFAKE_RESIDUAL
build rt_big rt_big.c
build rt_pages rt_pages.c
build ppd_v2 ppd_v2.c "$SRC/runtime/ppd-io.c"
RT=$T/rt_prog
RR=$T/rt_prog_res

# dump_of PROFILE: `pathprof dump` without the program line (the program
# name is checked once, below).
dump_of () { "$PP" dump "$1" | grep -v '^program '; }

# head_of OBJECT_LINE: expected dump lines for the fake object.
fn_array () { # DROPPED COUNTS
  echo "  function \"f_array\" source \"fake.c\" checksum 0x11111111 storage array paths 8 dropped 0 counts $1"
}
fn_hash () { # DROPPED COUNTS
  echo "  function \"f_hash\" source \"fake.c\" checksum 0x22222222 storage hash paths 1000000 dropped $1 counts $2"
}
fn_threads () { # COUNTS
  echo "  function \"f_threads\" source \"fake.c\" checksum 0x33333333 storage hash paths 1000 dropped 0 counts $1"
}
obj () { # RUNS [STAMP]
  echo "object \"/fake/rt_prog.ppno\" stamp ${2:-0x5f3a9c21} runs $1"
}

# --- two runs merge --------------------------------------------------------
P=$W/merge.ppd
PATHPROF_FILE=$P "$RT" a 0 5 a 3 2 h 7 3 2> "$W/err1"
PATHPROF_FILE=$P "$RT" a 0 5 a 3 2 h 7 3 2>> "$W/err1"
{ echo "pathprof-data 2"; obj 2; fn_array 2; echo "    0 10"; echo "    3 4"
  fn_hash 0 1; echo "    7 6"; fn_threads 0; } > "$W/exp"
dump_of "$P" > "$W/out"
same "two runs add counts and runs" "$W/exp" "$W/out"
is "runs print nothing" "" "$(cat "$W/err1")"
is "program name recorded" "program \"$RT\"" "$("$PP" dump "$P" | grep '^program ')"

# --- concurrent writers ----------------------------------------------------
P=$W/conc.ppd
for round in 1 2 3; do
  for i in 1 2 3 4 5 6 7 8; do
    PATHPROF_FILE=$P "$RT" a 1 1000 h 42 10 threads 2 50 2>> "$W/err2" &
  done
  wait
done
{ echo "pathprof-data 2"; obj 24; fn_array 1; echo "    1 24000"
  fn_hash 0 1; echo "    42 240"; fn_threads 5
  for id in 0 1 2 3 4; do echo "    $id 480"; done; } > "$W/exp"
dump_of "$P" > "$W/out"
same "8 concurrent processes x 3 rounds lose no run" "$W/exp" "$W/out"
is "concurrent runs print nothing" "" "$(cat "$W/err2")"

# --- fork --------------------------------------------------------------------
P=$W/fork.ppd
PATHPROF_FILE=$P "$RT" a 0 5 fork a 1 7
{ echo "pathprof-data 2"; obj 2; fn_array 2; echo "    0 5"; echo "    1 7"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$P" > "$W/out"
same "fork child counts only its own paths" "$W/exp" "$W/out"

# --- corrupt existing file -------------------------------------------------
P=$W/corrupt.ppd
PATHPROF_FILE=$P "$RT" a 0 1
# Flip the last byte of the (valid) file: the CRC catches it.
size=$(wc -c < "$P")
printf '\377' | dd of="$P" bs=1 seek=$((size - 1)) conv=notrunc 2> /dev/null
cp "$P" "$W/flipped"
PATHPROF_FILE=$P "$RT" a 0 1 2> "$W/err"
is "corrupt file message" \
  "pathprof: profile '$P' is corrupt (payload checksum mismatch); kept it as '$P.corrupt'" \
  "$(cat "$W/err")"
if cmp -s "$W/flipped" "$P.corrupt"; then ok "corrupt file kept aside unchanged"
else ko "corrupt file kept aside unchanged"; fi
{ echo "pathprof-data 2"; obj 1; fn_array 1; echo "    0 1"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$P" > "$W/out"
same "new data written after a corrupt file" "$W/exp" "$W/out"
# The same with the standard error closed (2>&-): the profile opens on
# descriptor 2, where the message would have gone into the file kept
# aside; the runtime moves its descriptors off 2.
P=$W/corrupt-nostderr.ppd
cp "$W/flipped" "$P"
PATHPROF_FILE=$P "$RT" a 0 1 2>&-
if cmp -s "$W/flipped" "$P.corrupt"; then
  ok "stderr closed: the corrupt file kept aside unchanged"
else ko "stderr closed: the corrupt file kept aside unchanged"; fi
dump_of "$P" > "$W/out"
same "stderr closed: new data written after a corrupt file" "$W/exp" "$W/out"
# And with the standard error a pipe nobody reads any more: the message
# raises SIGPIPE, which must not kill the program (status 141), nor reach
# a SIGPIPE handler of its own.
P=$W/corrupt-pipe.ppd
cp "$W/flipped" "$P"
st=$( { { sleep 1; PATHPROF_FILE=$P "$RT" a 0 1; echo $? >&3; } 2>&1 | true
      } 3>&1 )
is "stderr a closed pipe: the message fails, the program's status stays 0" \
  "0" "$st"
if cmp -s "$W/flipped" "$P.corrupt"; then
  ok "stderr a closed pipe: the corrupt file kept aside, the run written"
else ko "stderr a closed pipe: the corrupt file kept aside, the run written"; fi
P=$W/corrupt.ppd
head -c 20 "$P" > "$W/trunc" && cp "$W/trunc" "$P"
PATHPROF_FILE=$P "$RT" a 0 1 2> "$W/err"
is "truncated file detected, next name" \
  "pathprof: profile '$P' is corrupt (truncated header (20 bytes)); kept it as '$P.corrupt.1'" \
  "$(cat "$W/err")"
if cmp -s "$W/trunc" "$P.corrupt.1"; then ok "second corrupt file numbered"
else ko "second corrupt file numbered"; fi
dump_of "$P" > "$W/out"
same "new data written after a truncated file" "$W/exp" "$W/out"
printf 'not a profile\n' > "$W/foreign"
PATHPROF_FILE=$W/foreign "$RT" a 0 1 status 5 2> "$W/err"; rc=$?
is "someone else's file is not touched: message, status" \
  "5:pathprof: cannot write profile '$W/foreign': the file exists and is not a pathprof profile; not overwriting it" \
  "$rc:$(cat "$W/err")"
is "someone else's file is not touched: contents" \
  "not a profile:" "$(cat "$W/foreign"):$(ls "$W" | grep '^foreign.')"
"$PP" dump "$P.corrupt" > /dev/null 2> "$W/err"; rc=$?
is "tool rejects a corrupt profile" \
  "1:pathprof: $P.corrupt: corrupt profile: payload checksum mismatch" \
  "$rc:$(cat "$W/err")"
: > "$W/empty.ppd"
PATHPROF_FILE=$W/empty.ppd "$RT" a 0 1 2> "$W/err"
is "an empty file is no profile, not corrupt" ":1" \
  "$(cat "$W/err"):$(dump_of "$W/empty.ppd" | grep -c 'runs 1$')"

# --- unwritable destination ------------------------------------------------
# Missing directories are created (as gcov's and LLVM's runtimes do),
# mode 0777 less the umask.
(umask 027; PATHPROF_FILE=$W/new/a/b/x.ppd "$RT" a 0 1 status 7 \
   2> "$W/err"); rc=$?
is "missing directories created: status, stderr, runs, modes" \
  "7::1:drwxr-x---:drwxr-x---" \
  "$rc:$(cat "$W/err"):$(dump_of "$W/new/a/b/x.ppd" | grep -c 'runs 1$'):$(
     ls -ld "$W/new" | cut -c1-10):$(ls -ld "$W/new/a/b" | cut -c1-10)"
# One that cannot be: a name longer than NAME_MAX (the walk finds `nd`
# missing first, so open says ENOENT and mkdir says why).
LONG=$(printf '%0300d' 0)
PATHPROF_FILE=$W/nd/$LONG/x.ppd "$RT" a 0 1 status 7 2> "$W/err"; rc=$?
is "unwritable destination: message" \
  "pathprof: cannot write profile '$W/nd/$LONG/x.ppd': cannot create directory '$W/nd/$LONG': File name too long" \
  "$(cat "$W/err")"
is "unwritable destination: exit status unchanged" 7 "$rc"
printf 'x' > "$W/plainfile"
PATHPROF_FILE=$W/plainfile/x.ppd "$RT" a 0 1 2> "$W/err"; rc=$?
is "a file where a directory should be" \
  "0:pathprof: cannot write profile '$W/plainfile/x.ppd': Not a directory" \
  "$rc:$(cat "$W/err")"
PATHPROF_FILE=$W "$RT" a 0 1 2> "$W/err"; rc=$?
is "directory as destination" \
  "0:pathprof: cannot write profile '$W': Is a directory" "$rc:$(cat "$W/err")"
PATHPROF_FILE=/dev/null "$RT" a 0 1 2> "$W/err"; rc=$?
if [ $rc = 0 ] && [ ! -s "$W/err" ] && [ -c /dev/null ]; then
  ok "/dev/null destination"; else ko "/dev/null destination"; fi

# --- hashed paths: path cache, path log, the log's limit ------------------
# f_hash's cache has 4 entries; paths 10 and 13 share entry 0, 12 and 15
# entry 1 (11: 3, 14: 2).  The first path to reach an entry keeps it: 13
# and 15 go to the path log.
P=$W/hashed.ppd
PATHPROF_FILE=$P "$RT" h 10 1 h 11 2 h 12 3 h 13 4 h 14 5 h 15 6 h 10 1
{ echo "pathprof-data 2"; obj 1; fn_array 0; fn_hash 0 6
  echo "    10 2"; echo "    11 2"; echo "    12 3"; echo "    13 4"
  echo "    14 5"; echo "    15 6"; fn_threads 0; } > "$W/exp"
dump_of "$P" > "$W/out"
same "hashed paths: cache and log count exactly" "$W/exp" "$W/out"
P=$W/full.ppd
PATHPROF_LOG_LIMIT=1 PATHPROF_FILE=$P "$RT" h 10 1 h 11 2 h 12 3 h 13 4 \
  h 14 5 h 15 6 h 10 1
{ echo "pathprof-data 2"; obj 1; fn_array 0; fn_hash 6 5
  echo "    10 2"; echo "    11 2"; echo "    12 3"; echo "    13 4"
  echo "    14 5"; fn_threads 0; } > "$W/exp"
dump_of "$P" > "$W/out"
same "PATHPROF_LOG_LIMIT=1: the log keeps 13, 15's executions dropped" \
  "$W/exp" "$W/out"

# --- atomic hashed path ends from threads ----------------------------------
P=$W/threads.ppd
PATHPROF_FILE=$P "$RT" threads 8 100000
{ echo "pathprof-data 2"; obj 1; fn_array 0; fn_hash 0 0; fn_threads 5
  for id in 0 1 2 3 4; do echo "    $id 160000"; done; } > "$W/exp"
dump_of "$P" > "$W/out"
same "8 threads x 100000 atomic hashed path ends exact" "$W/exp" "$W/out"

# --- exit from another thread ----------------------------------------------
P=$W/exitthread.ppd
PATHPROF_FILE=$P "$RT" a 0 2 exit-thread 3 2> "$W/err"; rc=$?
{ echo "pathprof-data 2"; obj 1; fn_array 1; echo "    0 2"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$P" > "$W/out"
same "exit() from a thread writes the profile" "$W/exp" "$W/out"
is "exit() from a thread keeps the status" "3:" "$rc:$(cat "$W/err")"

# --- another build ---------------------------------------------------------
P=$W/mismatch.ppd
PATHPROF_FILE=$P "$RT" a 0 1
PATHPROF_FILE=$P "$T/rt_prog_stamp2" a 0 1 2> "$W/err"
is "recompiled object: message" \
  "pathprof: profile '$P' does not match this program (object '/fake/rt_prog.ppno' is from another compilation (stamp 0x5f3a9c21, not 0x12345678)); kept it as '$P.mismatch'" \
  "$(cat "$W/err")"
{ echo "pathprof-data 2"; obj 1 0x12345678; fn_array 1; echo "    0 1"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$P" > "$W/out"
same "recompiled object: new profile" "$W/exp" "$W/out"
{ echo "pathprof-data 2"; obj 1; fn_array 1; echo "    0 1"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$P.mismatch" > "$W/out"
same "recompiled object: old profile kept" "$W/exp" "$W/out"
P=$W/mismatch2.ppd
PATHPROF_FILE=$P "$RT" a 0 1
PATHPROF_FILE=$P "$T/rt_prog_ck2" a 0 1 2> "$W/err"
is "changed function: message" \
  "pathprof: profile '$P' does not match this program (function 'f_array' of object '/fake/rt_prog.ppno' differs in checksum (checksum 0x11111111 with 8 paths, not 0x11111112 with 8 paths)); kept it as '$P.mismatch'" \
  "$(cat "$W/err")"

# --- ABI version -----------------------------------------------------------
P=$W/abi.ppd
PATHPROF_FILE=$P "$T/rt_prog_abi99" a 0 1 2> "$W/err"; rc=$?
is "other ABI version refused" \
  "0:pathprof: ignoring an object built for runtime ABI version 99 (this libpathprof supports version 7); rebuild it with the matching pathprof" \
  "$rc:$(cat "$W/err")"
if [ -e "$P" ]; then ko "nothing written without objects"
else ok "nothing written without objects"; fi

# --- file names --------------------------------------------------------------
mkdir "$W/d1"
(cd "$W/d1" && unset PATHPROF_FILE && "$RT" a 0 1 chdir /)
if [ -f "$W/d1/rt_prog.ppd" ] && [ ! -e /rt_prog.ppd ]; then
  ok "default name in the start directory despite chdir"
else ko "default name in the start directory despite chdir"; fi
(cd "$W/d1" && PATHPROF_FILE=rel.ppd "$RT" a 0 1 chdir /)
if [ -f "$W/d1/rel.ppd" ]; then ok "relative PATHPROF_FILE"
else ko "relative PATHPROF_FILE"; fi
pid=$(PATHPROF_FILE="$W/p-%p-%%.ppd" "$RT" pid)
if [ -f "$W/p-$pid-%.ppd" ]; then ok "%p and %%"; else ko "%p and %%"; fi
PATHPROF_FILE="$W/h-%h.ppd" "$RT" a 0 1
if [ -f "$W/h-$(uname -n).ppd" ]; then ok "%h"; else ko "%h"; fi
PATHPROF_FILE="$W/m-%m.ppd" "$RT" a 0 1
PATHPROF_FILE="$W/m-%m.ppd" "$T/rt_prog_stamp2" a 0 1
is "%m differs between builds" 2 \
  "$(ls "$W" | grep -c '^m-[0-9a-f]\{8\}\.ppd$')"
ln -s "$W/target.ppd" "$W/link.ppd"
PATHPROF_FILE=$W/link.ppd "$RT" a 0 1
PATHPROF_FILE=$W/link.ppd "$RT" a 0 1
if [ -L "$W/link.ppd" ] && [ "$(dump_of "$W/target.ppd" | grep -c 'runs 2$')" = 1 ]
then ok "symbolic link followed, kept"; else ko "symbolic link followed, kept"; fi

# --- dump, reset, exec -----------------------------------------------------
# A 16 MiB array and 2 MiB of slots (rt_big.c): a forked child and
# __pathprof_reset zero the counts that ran without making the rest of
# the array resident or copying the rest of the slots.
P=$W/big.ppd
PATHPROF_FILE=$P "$T/rt_big" > "$W/out" 2>&1
printf '%s\n' "child after fork: counts 0 0, slots 0 0, resident growth under 1 MiB" \
  "parent before reset: counts 3 2, slots 4 6, resident growth under 1 MiB" \
  "parent after reset: counts 0 0, slots 0 0, resident growth under 1 MiB" > "$W/exp"
same "large array and slots: fork and reset zero the counts, pages stay untouched" \
  "$W/exp" "$W/out"
printf '%s\n' "pathprof-data 2" \
  'object "/fake/rt_big.ppno" stamp 0x0b160b16 runs 2' \
  '  function "f_big" source "big.c" checksum 0x99999999 storage array paths 2097152 dropped 0 counts 2' \
  "    7 1" "    2097151 5" \
  '  function "f_slots" source "big.c" checksum 0xaaaaaaaa storage ppp paths 100 dropped 0 counts 2' \
  "    70 1" "    99 8" "  residual_dropped 0 residual 0" > "$W/exp"
dump_of "$P" > "$W/out"
same "large array and slots: the child's counts and the parent's after its reset" \
  "$W/exp" "$W/out"
P=$W/dump.ppd
PATHPROF_FILE=$P "$RT" a 0 1 dump a 0 2
{ echo "pathprof-data 2"; obj 1; fn_array 1; echo "    0 1"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$P" > "$W/out"
same "__pathprof_dump: later counts not written at exit" "$W/exp" "$W/out"
P=$W/reset.ppd
PATHPROF_FILE=$P "$RT" a 0 1 dump reset a 0 2
{ echo "pathprof-data 2"; obj 1; fn_array 1; echo "    0 3"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$P" > "$W/out"
same "__pathprof_dump + __pathprof_reset: one run, all counts" "$W/exp" "$W/out"
# A dump, a reset, the profile removed: the file written at exit is new,
# and this process one run of it (it said runs 0 before).
PATHPROF_FILE=$W/rm.ppd "$RT" a 0 1 dump reset rmprofile a 0 2
{ echo "pathprof-data 2"; obj 1; fn_array 1; echo "    0 2"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$W/rm.ppd" > "$W/out"
same "a profile removed after a dump: the new one counts the run" \
  "$W/exp" "$W/out"
# A process that has used up its descriptors, but for one (GNU make's
# test suite has one: it includes a makefile recursively until fopen
# fails, and closes its standard output at exit): the profile is written
# in place through the locked descriptor, merged; with none left it
# cannot even be opened, and says so.
P=$W/fds.ppd
PATHPROF_FILE=$P "$RT" a 0 1
(ulimit -n 64; PATHPROF_FILE=$P "$RT" a 0 2 fds 1 2> "$W/err"; echo $? > "$W/rc")
{ echo "pathprof-data 2"; obj 2; fn_array 1; echo "    0 3"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$P" > "$W/out"
same "one descriptor left: merged in place" "$W/exp" "$W/out"
is "one descriptor left: silent, status 0" "0:" "$(cat "$W/rc"):$(cat "$W/err")"
is "one descriptor left: no temporary file" "fds.ppd" "$(cd "$W" && ls fds.ppd*)"
(ulimit -n 64; PATHPROF_FILE=$P "$RT" a 0 4 fds 0 2> "$W/err"; echo $? > "$W/rc")
dump_of "$P" > "$W/out"
same "no descriptor left: the profile unchanged" "$W/exp" "$W/out"
is "no descriptor left: exact message, status 0" \
  "0:pathprof: cannot write profile '$P': Too many open files" \
  "$(cat "$W/rc"):$(cat "$W/err")"
# One descriptor left and the old profile from another build: it is kept
# aside under a second name of its inode, which an overwrite in place
# would destroy; the lock's descriptor is given up for the new file.
P=$W/fdsm.ppd
PATHPROF_FILE=$P "$RT" a 0 1
PATHPROF_FILE=$P "$RT" a 0 1
(ulimit -n 64; PATHPROF_FILE=$P "$T/rt_prog_stamp2" a 0 5 fds 1 2> "$W/err")
{ echo "pathprof-data 2"; obj 2; fn_array 1; echo "    0 2"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$P.mismatch" > "$W/out"
same "one descriptor left, another build: the old profile kept intact" \
  "$W/exp" "$W/out"
{ echo "pathprof-data 2"; obj 1 0x12345678; fn_array 1; echo "    0 5"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$P" > "$W/out"
same "one descriptor left, another build: the new profile written" \
  "$W/exp" "$W/out"
is "one descriptor left, another build: two files, the message" \
  "fdsm.ppd fdsm.ppd.mismatch:pathprof: profile '$P' does not match this program (object '/fake/rt_prog.ppno' is from another compilation (stamp 0x5f3a9c21, not 0x12345678)); kept it as '$P.mismatch'" \
  "$(cd "$W" && ls fdsm.ppd* | paste -sd ' ' -):$(cat "$W/err")"
# A name that is some large file, not a profile: left alone, and not
# read into memory (its first bytes tell; under a 200 MB address space
# limit, reading its 300 MB fails).
P=$W/large.dat
{ echo hello; } > "$P" && truncate -s 300M "$P"
(ulimit -v 200000; PATHPROF_FILE=$P "$RT" a 0 1 2> "$W/err")
is "a large file that is not a profile: left alone, not read" \
  "pathprof: cannot write profile '$P': the file exists and is not a pathprof profile; not overwriting it:314572800" \
  "$(cat "$W/err"):$(stat -c %s "$P")"
rm -f "$P"
# A profile replaced keeps its permissions (0640 here, against the
# umask's 0644 for a new file).
P=$W/perm.ppd
PATHPROF_FILE=$P "$RT" a 0 1 && chmod 640 "$P"
PATHPROF_FILE=$P "$RT" a 0 1
is "a profile replaced keeps its permissions" "640" "$(stat -c %a "$P")"
# A file size limit (ulimit -f) below the profile's size: write(2)
# raises SIGXFSZ, which would kill the program (gcov's writes do); the
# runtime blocks it while it writes, so the write fails with EFBIG, and
# the program exits as it would have; nor does a handler of the
# program's see our signal.
P=$W/fsize.ppd
PATHPROF_FILE=$P "$RT" a 0 1
cp "$P" "$W/fsize.before"
# (Under the limit, only pipes take the outputs.)
(ulimit -f 0; PATHPROF_FILE=$P "$RT" a 0 2 status 3; echo "status $?") 2>&1 \
  | cat > "$W/out"
is "file size limit: the program's status, the exact message" \
  "pathprof: cannot write profile '$P': File too large
status 3" "$(cat "$W/out")"
is "file size limit: the profile unchanged, no temporary file left" \
  ":fsize.before fsize.ppd" \
  "$(cmp "$W/fsize.before" "$P" 2>&1):$(cd "$W" && ls fsize.* | tr '\n' ' ' | sed 's/ $//')"
(ulimit -f 0; PATHPROF_FILE=$P "$RT" xfsz a 0 2 dump; echo "status $?") 2>&1 \
  | cat > "$W/out"
is "file size limit: a SIGXFSZ handler of the program's is not called" \
  "pathprof: cannot write profile '$P': File too large
pathprof: cannot write profile '$P': File too large
status 0" "$(cat "$W/out")"
PATHPROF_FILE=$W/errno.ppd "$RT" a 0 1 errno-dump 2> "$W/err"; rc=$?
is "errno preserved by __pathprof_dump" "0:" "$rc:$(cat "$W/err")"
{ echo "pathprof-data 2"; obj 2; fn_array 2; echo "    0 4"; echo "    2 1"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
PATHPROF_FILE=$W/exec.ppd "$RT" a 0 4 exec
dump_of "$W/exec.ppd" > "$W/out"
same "__pathprof_execve writes before exec" "$W/exp" "$W/out"
PATHPROF_FILE=$W/wrap.ppd "$T/rt_prog_wrap" a 0 4 rawexec
dump_of "$W/wrap.ppd" > "$W/out"
same "-Wl,--wrap=execve writes before exec" "$W/exp" "$W/out"
PATHPROF_FILE=$W/raw.ppd "$RT" a 0 4 rawexec
{ echo "pathprof-data 2"; obj 1; fn_array 1; echo "    2 1"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$W/raw.ppd" > "$W/out"
same "plain execve loses the unwritten counts (documented)" "$W/exp" "$W/out"
# daemon (): its parent _exits, so the counts taken before it (0 4) are
# written first; the daemon's own (2 1) at its exit, a run of its own.
# The command substitution waits for the daemon, which keeps stdout.
out=$(PATHPROF_FILE=$W/daemon.ppd "$T/rt_prog_wrap" a 0 4 daemon a 2 1)
{ echo "pathprof-data 2"; obj 2; fn_array 2; echo "    0 4"; echo "    2 1"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$W/daemon.ppd" > "$W/out"
same "-Wl,--wrap=daemon writes before daemon" "$W/exp" "$W/out"
out=$(PATHPROF_FILE=$W/rawdaemon.ppd "$RT" a 0 4 daemon a 2 1)
{ echo "pathprof-data 2"; obj 1; fn_array 1; echo "    2 1"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$W/rawdaemon.ppd" > "$W/out"
same "plain daemon loses the counts before it (documented)" "$W/exp" "$W/out"
# A vfork child shares its parent's memory: its exec must not write the
# parent's counts and mark them written, which would lose the parent's
# later ones (0 1 + 0 2 here), as gcov's __gcov_execv does.
PATHPROF_FILE=$W/vfork.ppd "$RT" a 0 1 vfexec a 0 2
{ echo "pathprof-data 2"; obj 2; fn_array 2; echo "    0 3"; echo "    2 1"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$W/vfork.ppd" > "$W/out"
same "__pathprof_execve in a vfork child writes nothing of the parent's" \
  "$W/exp" "$W/out"
# Children of a multithreaded process exec while its other threads load
# and unload objects: dl_iterate_phdr, which finds every object's
# runtime, would wait forever in such a child for the loader's lock,
# inherited taken (glibc's fork does not reset it); the child uses the
# list taken at fork instead.  (Hung in 3 runs of 3 before.)  Runs: the
# parent, the children (written before their exec), their exec'd images.
PATHPROF_FILE=$W/forkexec.ppd timeout 120 "$RT" a 0 1 forkexec libm.so.6 200 \
  2> "$W/err"
is "fork and exec beside threads in dlopen: no hang, silent" "0:" "$?:$(cat "$W/err")"
{ echo "pathprof-data 2"; obj 401; fn_array 2; echo "    0 1"; echo "    2 200"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$W/forkexec.ppd" > "$W/out"
same "fork and exec beside threads in dlopen: every run written" "$W/exp" "$W/out"
# An exec that fails: the counts written before it are not written again.
PATHPROF_FILE=$W/badexec.ppd "$RT" a 0 1 badexec a 0 2 2> "$W/err"
{ echo "pathprof-data 2"; obj 1; fn_array 1; echo "    0 3"
  fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$W/badexec.ppd" > "$W/out"
same "__pathprof_execve that fails: errno ENOENT, every count written once" \
  "$W/exp" "$W/out"
# A static program: the runtime links without a warning (its reference
# to dlopen, even weak, made glibc warn that dlopen in a static program
# needs the shared libraries at run time; rt_prog's own dlopen still
# does), and its counts are written at exit, fork and exec: the
# parent's 0 5, the child's 1 7 at its exec, the image's 2 1.
if $CC $RTFLAGS -static "$SRC/tests/runtime/rt_prog.c" $LIBS \
     -o "$T/rt_prog_static" > "$W/static.err" 2>&1; then
  P=$W/static.ppd
  PATHPROF_FILE=$P "$T/rt_prog_static" a 0 5 fork a 1 7 exec 2> "$W/err"
  is "a static program: linked without the runtime's warning, run silently" \
    "0:0:" "$?:$(grep -c -e libpathprof -e "$SRC/runtime/" "$W/static.err"):$(cat "$W/err")"
  { echo "pathprof-data 2"; obj 3; fn_array 3; echo "    0 5"
    echo "    1 7"; echo "    2 1"; fn_hash 0 0; fn_threads 0; } > "$W/exp"
  dump_of "$P" > "$W/out"
  same "a static program: fork and exec written" "$W/exp" "$W/out"
else
  ko "a static program links"; cat "$W/static.err"
fi
# An exec from a signal handler that interrupts a write (the write holds
# SIGPIPE and SIGXFSZ blocked): the new image starts with the program's
# mask, SIGUSR1 alone (the handler's).  It started with both held
# signals blocked too (0000000001001200), and a blocked SIGPIPE stays
# blocked across exec.
PATHPROF_FILE=$W/heldexec.ppd "$RT" a 0 1 heldexec > "$W/out" 2> "$W/err"
is "exec in a handler during a write: the program's signal mask" \
  "0:0000000000000200:" "$?:$(cat "$W/out"):$(cat "$W/err")"

# --- an instrumented shared library, dlopen'ed and dlclose'd ---------------
# lib_exp LIB_COUNT RUNS "ID COUNT"...: the expected dump of a run with
# fakelib.so (its path 5 counted LIB_COUNT times, one run) and rt_prog's
# object (RUNS runs, f_array's paths as given).
lib_exp () {
  lib=$1 runs=$2; shift 2
  { echo "pathprof-data 2"
    echo "object \"/fake/fakelib.ppno\" stamp 0x0000abcd runs 1"
    fn_array 1; echo "    5 $lib"; fn_hash 0 0; fn_threads 0
    obj "$runs"; fn_array $#; for p in "$@"; do echo "    $p"; done
    fn_hash 0 0; fn_threads 0; } > "$W/exp"
}
# The children of a multithreaded process find the library's runtime in
# the list taken at fork: each child's exec writes its (zeroed) counts, a
# run of the library's: 1 + 5 runs of it, 1 + 5 + 5 of the program's.
P=$W/forkexec-lib.ppd
PATHPROF_FILE=$P timeout 120 "$RT" a 0 1 dlopen "$T/fakelib.so" lib 3 \
  forkexec libm.so.6 5 2> "$W/err"
lib_exp 3 11 "0 1" "2 5"
sed -i 's/^\(object "\/fake\/fakelib.ppno" stamp 0x0000abcd runs\) 1$/\1 6/' "$W/exp"
dump_of "$P" > "$W/out"
same "fork and exec beside threads: the children write the library's too" \
  "$W/exp" "$W/out"
# __pathprof_reset in one thread while another forks, with two copies of
# the runtime: the reset ran the copies' hooks inside dl_iterate_phdr,
# holding the loader's lock while it waited for a copy's state lock; the
# fork handlers take the state locks, then (the snapshot of the objects
# for the child) the loader's lock.  (Hung in 3 runs of 3 before, in
# under 2,000 forks.)
P=$W/resetfork.ppd
PATHPROF_FILE=$P timeout 120 "$RT" dlopen "$T/fakelib.so" lib 3 \
  resetfork 2000 a 0 1 2> "$W/err"
is "reset beside forks, two runtime copies: no hang, silent" "0:" \
  "$?:$(cat "$W/err")"
{ echo "pathprof-data 2"
  echo "object \"/fake/fakelib.ppno\" stamp 0x0000abcd runs 1"
  fn_array 0; fn_hash 0 0; fn_threads 0
  obj 1; fn_array 1; echo "    0 1"; fn_hash 0 0; fn_threads 0; } > "$W/exp"
dump_of "$P" > "$W/out"
same "reset beside forks: the counts after the last reset" "$W/exp" "$W/out"
# A dump, a reset, the profile removed, with a library's copy of the
# runtime too: the second copy to
# write finds the file the first wrote, where its object is new (it said
# runs 0 there).
P=$W/rm2.ppd
PATHPROF_FILE=$P "$RT" dlopen "$T/fakelib.so" lib 3 a 0 1 dump reset \
  rmprofile lib 2 a 0 2 2> "$W/err"
lib_exp 2 1 "0 2"
dump_of "$P" > "$W/out"
same "a profile removed after a dump, two runtime copies: both count the run" \
  "$W/exp" "$W/out"
P=$W/dl.ppd
PATHPROF_FILE=$P "$RT" a 0 1 dl "$T/fakelib.so" 3 2> "$W/err"
lib_exp 3 1 "0 1"
dump_of "$P" > "$W/out"
same "dlclose'd library writes its own object" "$W/exp" "$W/out"
is "dlclose'd library: no message" "" "$(cat "$W/err")"
# A library loaded after the program changed directories: its copy of the
# runtime takes the program's start directory from the program's copy,
# so a relative name is one file (the library's counts went to
# sub/rel.ppd before).
mkdir -p "$W/d2/sub"
(cd "$W/d2" && PATHPROF_FILE=rel.ppd "$RT" a 0 1 chdir sub \
   dlopen "$T/fakelib.so" lib 3 2> "$W/err")
lib_exp 3 1 "0 1"
dump_of "$W/d2/rel.ppd" > "$W/out"
same "a library dlopen'ed after chdir: the program's one file" "$W/exp" \
  "$W/out"
is "a library dlopen'ed after chdir: nothing in the new directory, silent" \
  ":" "$(ls "$W/d2/sub"):$(cat "$W/err")"
# An exec in the program writes the counts of the library too (its copy
# of the runtime, found by its ELF note), as gcov's wrappers write every
# module's; the exec'd image adds "a 2 1".
P=$W/dlexec.ppd
PATHPROF_FILE=$P "$RT" a 0 1 dlopen "$T/fakelib.so" lib 3 exec 2> "$W/err"
lib_exp 3 2 "0 1" "2 1"
dump_of "$P" > "$W/out"
same "exec writes the loaded library's counts too" "$W/exp" "$W/out"
# And a failed exec zeroes them there too: 3 written before it, 2 after,
# not 3 twice.
P=$W/dlbadexec.ppd
PATHPROF_FILE=$P "$RT" a 0 1 dlopen "$T/fakelib.so" lib 3 badexec lib 2 \
  a 0 2 2> "$W/err"
lib_exp 5 1 "0 3"
dump_of "$P" > "$W/out"
same "failed exec: the library's counts written once too" "$W/exp" "$W/out"
# __pathprof_dump and __pathprof_reset act on every copy of the runtime,
# as gcov's __gcov_dump and __gcov_reset act on every module: after a
# dump, neither the program nor the library writes its later counts at
# exit; after dump and reset, both write everything once.
P=$W/dldump.ppd
PATHPROF_FILE=$P "$RT" a 0 1 dlopen "$T/fakelib.so" lib 3 dump lib 2 a 0 2 \
  2> "$W/err"
lib_exp 3 1 "0 1"
dump_of "$P" > "$W/out"
same "__pathprof_dump writes the loaded library's counts too" "$W/exp" "$W/out"
P=$W/dlreset.ppd
PATHPROF_FILE=$P "$RT" a 0 1 dlopen "$T/fakelib.so" lib 3 dump reset lib 2 \
  a 0 2 2> "$W/err"
lib_exp 5 1 "0 3"
dump_of "$P" > "$W/out"
same "__pathprof_reset zeroes the loaded library's counts too" "$W/exp" \
  "$W/out"

# The hooks of the library's copy run with the library pinned (dlopen
# with RTLD_NOLOAD, so that no dlclose unmaps it meanwhile): pinspy.so,
# preloaded, names every object pinned; the program's own copy needs no
# pin.
if $CC -O1 -shared -fPIC "$SRC/tests/runtime/pinspy.c" -ldl \
     -o "$T/pinspy.so" 2> "$W/build.err"; then
  P=$W/pin.ppd
  LD_PRELOAD=$T/pinspy.so PATHPROF_FILE=$P "$RT" a 0 1 dlopen \
    "$T/fakelib.so" lib 3 dump 2> "$W/err"
  is "__pathprof_dump pins the library whose hooks it runs" "pin fakelib.so" \
    "$(cat "$W/err")"
else
  ko "build pinspy.so"; cat "$W/build.err"
fi
# A library and a program built with a sanitizer: the runtime's
# references to libc link (a reference to dlopen@GLIBC_2.34 in a shared
# library met the sanitizer's unversioned dlopen: "unresolvable
# R_X86_64_GOTPCREL relocation against symbol `dlopen'"), and the run
# writes what the plain build's does, silently.
P=$W/dlsan-plain.ppd
PATHPROF_FILE=$P "$RT" a 0 1 dlopen "$T/fakelib.so" lib 3 dump lib 2 \
  fork a 0 4 2> "$W/err"
dump_of "$P" > "$W/san-exp"
for san in address thread; do
  if ! $CC $RTFLAGS -fsanitize=$san -shared -fPIC \
         "$SRC/tests/runtime/fakelib.c" $LIBS -o "$T/fakelib-$san.so" \
         > "$W/san.err" 2>&1 \
     || ! $CC $RTFLAGS -fsanitize=$san "$SRC/tests/runtime/rt_prog.c" $LIBS \
         -o "$T/rt_prog-$san" >> "$W/san.err" 2>&1; then
    ko "-fsanitize=$san: a library and a program link"; cat "$W/san.err"
    continue
  fi
  P=$W/dlsan-$san.ppd
  PATHPROF_FILE=$P "$T/rt_prog-$san" a 0 1 dlopen "$T/fakelib-$san.so" \
    lib 3 dump lib 2 fork a 0 4 2> "$W/err"
  dump_of "$P" > "$W/out"
  same "-fsanitize=$san: the library's and the program's counts as without" \
    "$W/san-exp" "$W/out"
  is "-fsanitize=$san: silent" "" "$(cat "$W/err")"
done

# --- residual paths (preferential mode) --------------------------------------
# rt_prog_res has a second object (fake-residual.h): f_ppp with 4 PPP slots
# holding the tested paths 3, 7 and 12, and f_res (10^12 paths) and f_tiny
# (3 paths) with residual storage.  res_of: the dump of that object, which
# sorts before rt_prog's own.
res_of () { dump_of "$1" | sed '/^object "\/fake\/rt_prog.ppno"/,$d'; }
robj () { # RUNS
  echo "pathprof-data 2"
  echo "object \"/fake/residual.ppno\" stamp 0x0000beef runs $1"
}
fn_ppp () { # COUNTS
  echo "  function \"f_ppp\" source \"res.c\" checksum 0x44444444 storage ppp paths 20 dropped 0 counts $1"
}
fn_res () {
  echo "  function \"f_res\" source \"res.c\" checksum 0x55555555 storage residual paths 1000000000000 dropped 0 counts 0"
}
fn_tiny () {
  echo "  function \"f_tiny\" source \"res.c\" checksum 0x66666666 storage residual paths 3 dropped 0 counts 0"
}
resid () { # RESIDUAL_DROPPED N_RESIDUAL
  echo "  residual_dropped $1 residual $2"
}
pairs () { # ID COUNT ...: count lines
  while [ $# -ge 2 ]; do echo "    $1 $2"; shift 2; done
}
# check_res PROFILE NAME: the test NAME passes if res_of PROFILE is $W/exp.
check_res () { res_of "$1" > "$W/out"; same "$2" "$W/exp" "$W/out"; }

P=$W/ppp.ppd
PATHPROF_FILE=$P "$RR" p 0 3 5 p 2 7 2 p 1 5 1 p 0 4 2 p 9 15 1 p 3 12 1 \
  2> "$W/err"
{ robj 1; fn_ppp 3; pairs 3 5 7 2 12 1; resid 0 3; pairs 4 2 5 1 15 1
  fn_res; resid 0 0; fn_tiny; resid 0 0; } > "$W/exp"
check_res "$P" \
  "PPP: slots count the tested paths (as BL ids), the others are residual"
is "PPP run prints nothing" "" "$(cat "$W/err")"

# Functions counted in arrays (fake-residual.h's second object): the
# runtime splits f_split's counters into its marked (tested) paths 2 and 5
# and residual paths, and all of f_split_res's are residual; a second run
# adds to both lists.
split_of () {
  dump_of "$1" | sed -n '/^object "\/fake\/split.ppno"/,$p' \
    | sed '/^object "\/fake\/zcache.ppno"/,$d'
}
P=$W/split.ppd
PATHPROF_FILE=$P "$RR" s 2 3 s 4 1 s 5 2 s 9 1 sr 0 1 sr 3 4 2> "$W/err"
{ echo 'object "/fake/split.ppno" stamp 0x0000cafe runs 1'
  echo '  function "f_split" source "split.c" checksum 0x77777777 storage ppp paths 10 dropped 0 counts 2'
  pairs 2 3 5 2; resid 0 2; pairs 4 1 9 1
  echo '  function "f_split_res" source "split.c" checksum 0x88888888 storage residual paths 4 dropped 0 counts 0'
  resid 0 2; pairs 0 1 3 4; } > "$W/exp"
split_of "$P" > "$W/out"
same "array-counted PPP and residual functions: split into tested and residual paths" \
  "$W/exp" "$W/out"
is "array-counted run prints nothing" "" "$(cat "$W/err")"
PATHPROF_FILE=$P "$RR" s 5 1 s 4 1 s 0 1
{ echo 'object "/fake/split.ppno" stamp 0x0000cafe runs 2'
  echo '  function "f_split" source "split.c" checksum 0x77777777 storage ppp paths 10 dropped 0 counts 2'
  pairs 2 3 5 3; resid 0 3; pairs 0 1 4 2 9 1
  echo '  function "f_split_res" source "split.c" checksum 0x88888888 storage residual paths 4 dropped 0 counts 0'
  resid 0 2; pairs 0 1 3 4; } > "$W/exp"
split_of "$P" > "$W/out"
same "array-counted functions: a second run merges both lists" "$W/exp" "$W/out"

# The residual cache (fake-residual.h's third object, f_cached: 5000
# paths, pathprof-format.h's `residual_cache`).  Paths 610, 0 and 1597
# share cache entry 0, 5 and 1602 entry 92, 7 has entry 334 to itself.  The first
# path to reach a free entry claims it (its first execution goes through
# the call, the others are counted inline); the paths that find their
# entry taken go on to the runtime's table.  The profile cannot tell the
# two apart; cstat says which were counted in the cache.
cache_of () { dump_of "$1" | sed -n '/^object "\/fake\/zcache.ppno"/,$p'; }
fn_cached () { # RESIDUAL_DROPPED N_RESIDUAL
  echo 'object "/fake/zcache.ppno" stamp 0x0000ca5e runs 1'
  echo '  function "f_cached" source "cache.c" checksum 0x99999999 storage residual paths 5000 dropped 0 counts 0'
  resid "$1" "$2"
}
P=$W/cache.ppd
PATHPROF_FILE=$P "$RR" c 610 3 c 0 2 c 1597 1 c 610 1 c 7 5 cstat > "$W/stat"
is "residual cache: 610 and 7 claim their entries, 0 and 1597 find 610 there"   "2 9" "$(cat "$W/stat")"
{ fn_cached 0 4; pairs 0 2 7 5 610 4 1597 1; } > "$W/exp"
cache_of "$P" > "$W/out"
same "residual cache: paths in the cache and in the table, exact counts"   "$W/exp" "$W/out"
P=$W/cache-reset.ppd
PATHPROF_FILE=$P "$RR" c 610 2 c 0 1 reset c 0 2 c 610 1 cstat > "$W/stat"
is "residual cache after reset: the entry stays claimed, its count restarts" \
  "1 1" "$(cat "$W/stat")"
{ fn_cached 0 2; pairs 0 2 610 1; } > "$W/exp"
cache_of "$P" > "$W/out"
same "residual cache: reset zeroes the cache and the table" "$W/exp" "$W/out"
PATHPROF_FILE="$W/cfork-%p.ppd" "$RR" pid c 7 3 fork c 7 1 c 1602 2 > "$W/pid"
parent=$(head -1 "$W/pid")
child=$(ls "$W" | grep '^cfork-' | grep -v "^cfork-$parent\.ppd$")
{ fn_cached 0 1; pairs 7 3; } > "$W/exp"
cache_of "$W/cfork-$parent.ppd" > "$W/out"
same "residual cache, fork: the parent writes its paths" "$W/exp" "$W/out"
{ fn_cached 0 2; pairs 7 1 1602 2; } > "$W/exp"
cache_of "$W/$child" > "$W/out"
same "residual cache, fork: the child writes only its own" "$W/exp" "$W/out"
P=$W/cache-bad.ppd
PATHPROF_FILE=$P "$RR" cbad 3 610 7 c 5 1 > /dev/null
{ fn_cached 7 1; pairs 5 1; } > "$W/exp"
cache_of "$P" > "$W/out"
same "residual cache: a path in another path's entry is counted as dropped" \
  "$W/exp" "$W/out"
# 4 threads race for the entries, counting atomically (as with
# -fprofile-update=atomic): every execution is counted once, one path of
# each shared entry is in the cache, the others in the table.
P=$W/cache-threads.ppd
PATHPROF_FILE=$P "$RR" cthreads 4 20000 cstat > "$W/stat"
{ fn_cached 0 5; pairs 0 80000 5 80000 610 80000 1597 80000 1602 80000; } \
  > "$W/exp"
cache_of "$P" > "$W/out"
same "residual cache, 4 threads: exact counts" "$W/exp" "$W/out"
is "residual cache, 4 threads: two entries held, one path's count each" \
  "2 160000" "$(cat "$W/stat")"

P=$W/dedup.ppd
PATHPROF_FILE=$P "$RR" r 5 3 r 1000 2 r 5 4 r 999999999999 1 t 0 1 t 2 6 t 0 1
{ robj 1; fn_ppp 0; resid 0 0; fn_res; resid 0 3; pairs 5 7 1000 2 999999999999 1
  fn_tiny; resid 0 2; pairs 0 2 2 6; } > "$W/exp"
check_res "$P" "residual paths deduplicated with exact counts"

# 7500 paths of one function: its table grows through several chunks, and
# paths in every chunk are found again.
P=$W/many.ppd
PATHPROF_FILE=$P "$RR" rr 0 5000 2 rr 2500 5000 1
{ robj 1; fn_ppp 0; resid 0 0; fn_res; resid 0 7500
  seq -f '    %.0f 2' 0 2499; seq -f '    %.0f 3' 2500 4999
  seq -f '    %.0f 1' 5000 7499; fn_tiny; resid 0 0; } > "$W/exp"
check_res "$P" "7500 distinct residual paths of one function, exact"

# From the third chunk on, a function's table has a directory (path-log.c)
# that lookups probe first.  Paths 0-99 are found first (early chunks),
# 19900-19999 last; both are then repeated, so they are counted through the
# directory after one walk of the chain each.
P=$W/directory.ppd
PATHPROF_FILE=$P "$RR" rr 0 20000 1 rr 0 100 50 rr 19900 100 30 rr 0 20000 1
{ robj 1; fn_ppp 0; resid 0 0; fn_res; resid 0 20000
  seq -f '    %.0f 52' 0 99; seq -f '    %.0f 2' 100 19899
  seq -f '    %.0f 32' 19900 19999; fn_tiny; resid 0 0; } > "$W/exp"
check_res "$P" "20000 paths, hot ones early and late: exact through the directory"
# Without the directory's memory (its pool cannot be mapped under ulimit
# -v) lookups walk the chain and nothing is lost.  At a limit of 100000
# paths the chunks take 19 MB of address space and the directories 25 MB:
# the first run shows the peak with the chunks mapped, the second may
# map 8 MB more.
P=$W/nodir.ppd
base=$(PATHPROF_LOG_LIMIT=100000 PATHPROF_FILE=$W/base.ppd "$RR" r 1 1 \
       vmpeak)
peak=$( (ulimit -v $((base + 8192)) && PATHPROF_LOG_LIMIT=100000 \
         PATHPROF_FILE=$P "$RR" rr 0 20000 1 rr 0 100 50 rr 19900 100 30 \
         rr 0 20000 1 vmpeak) 2> "$W/err")
is "no memory for directories: the pool is not mapped, no message" \
  "yes" "$([ -n "$peak" ] && [ "$peak" -lt $((base + 8192)) ] \
          && [ ! -s "$W/err" ] && echo yes || echo "no: $base $peak")"
check_res "$P" "no memory for directories: the same exact counts"
# rthreads_exp SHARED OWN ROUNDS: the profile of `rthreads 8 SHARED OWN
# ROUNDS` (rt_prog.c: thread t's own paths start at t * 1000000).
rthreads_exp () {
  { robj 1; fn_ppp 0; resid 0 0; fn_res; resid 0 $(($1 + 8 * $2))
    seq -f "    %.0f $((8 * $3))" 0 $(($1 - 1))
    for t in 1 2 3 4 5 6 7 8; do
      seq -f "    %.0f $3" $((t * 1000000)) $((t * 1000000 + $2 - 1)); done
    fn_tiny; resid 0 0; } > "$W/exp"
}
# 8 threads, each with 3000 paths of its own among 20 shared ones: the
# directory is replaced while other threads use and fill it.
P=$W/dthreads.ppd
PATHPROF_FILE=$P "$RR" rthreads 8 20 3000 20
rthreads_exp 20 3000 20
check_res "$P" "8 threads x 3000 own residual paths through the directory, exact"

P=$W/invalid.ppd
PATHPROF_FILE=$P "$RR" t 5 2 t 1 1 r 18446744073709551615 1 \
  r 18446744073709551614 1 r 999999999999 1 r 1000000000000 3
{ robj 1; fn_ppp 0; resid 0 0; fn_res; resid 5 1; pairs 999999999999 1
  fn_tiny; resid 2 1; pairs 1 1; } > "$W/exp"
check_res "$P" "ids no path has are counted as dropped"

# The bound: the first 3 distinct paths of the process are kept; every
# execution of another one is counted in its function's residual_dropped.
P=$W/bound.ppd
PATHPROF_LOG_LIMIT=3 PATHPROF_FILE=$P "$RR" r 10 1 r 11 2 r 12 1 r 13 5 \
  r 10 1 r 14 1 p 1 5 2 t 0 1 p 0 3 1 2> "$W/err"
{ robj 1; fn_ppp 1; pairs 3 1; resid 2 0; fn_res; resid 6 3
  pairs 10 2 11 2 12 1; fn_tiny; resid 1 0; } > "$W/exp"
check_res "$P" "PATHPROF_LOG_LIMIT=3: exact residual_dropped"
is "PATHPROF_LOG_LIMIT=3: no message" "" "$(cat "$W/err")"
P=$W/bound0.ppd
PATHPROF_LOG_LIMIT=0 PATHPROF_FILE=$P "$RR" r 1 2 p 1 5 1 t 2 1
{ robj 1; fn_ppp 0; resid 1 0; fn_res; resid 2 0; fn_tiny; resid 1 0; } > "$W/exp"
check_res "$P" "PATHPROF_LOG_LIMIT=0 keeps none"
P=$W/badlimit.ppd
for v in 12x -1 1e6 " 5" 1000000001 99999999999999999999999; do
  PATHPROF_LOG_LIMIT=$v PATHPROF_FILE=$P "$RR" r 1 1 2> "$W/err"
  is "malformed PATHPROF_LOG_LIMIT='$v' reported" \
    "pathprof: PATHPROF_LOG_LIMIT='$v' is not a number from 0 to 1000000000; the path log keeps at most 1000000 paths" \
    "$(cat "$W/err")"
done
# The message at start, with the standard error a pipe nobody reads:
# SIGPIPE must not kill the program before its main.
st=$( { { sleep 1; PATHPROF_LOG_LIMIT=12x PATHPROF_FILE=$W/badlimit-pipe.ppd \
          "$RR" r 1 1 status 5; echo $? >&3; } 2>&1 | true; } 3>&1 )
is "malformed PATHPROF_LOG_LIMIT, stderr a closed pipe: the program's status" \
  "5" "$st"
PATHPROF_LOG_LIMIT= PATHPROF_FILE=$P "$RR" r 1 1 2> "$W/err"
is "empty PATHPROF_LOG_LIMIT: no message" "" "$(cat "$W/err")"
{ robj 7; fn_ppp 0; resid 0 0; fn_res; resid 0 1; pairs 1 7
  fn_tiny; resid 0 0; } > "$W/exp"
check_res "$P" "bad or empty PATHPROF_LOG_LIMIT: the default limit"

# Merged across runs: residual lists and residual_dropped add.
P=$W/rmerge.ppd
PATHPROF_LOG_LIMIT=1 PATHPROF_FILE=$P "$RR" r 5 1 r 6 2 p 0 3 1 p 1 5 1
PATHPROF_LOG_LIMIT=1 PATHPROF_FILE=$P "$RR" r 6 1 r 5 1 p 0 3 2 p 1 8 1 \
  a 1 1
{ robj 2; fn_ppp 1; pairs 3 3; resid 2 0; fn_res; resid 3 2; pairs 5 1 6 1
  fn_tiny; resid 0 0; } > "$W/exp"
check_res "$P" "two runs: residual paths and residual_dropped add"

# Threads: 8 threads log 20 shared paths and 200 paths of their own, 500
# times each (880000 calls).
P=$W/rthreads.ppd
PATHPROF_FILE=$P "$RR" rthreads 8 20 200 500
rthreads_exp 20 200 500
check_res "$P" "8 threads x shared and own residual paths, exact"
# The same at a bound of 100 paths: which paths win the last places is
# up to the threads, but every execution is either counted or dropped.
P=$W/rthreads100.ppd
PATHPROF_LOG_LIMIT=100 PATHPROF_FILE=$P "$RR" rthreads 8 20 200 50
is "8 threads at the bound: kept + dropped = executions, at most 100 kept" \
  "88000 yes" \
  "$(res_of "$P" | awk '/f_res/ { on = 1; next } /function/ { on = 0 }
     on && /residual_dropped/ { s += $2; n = $4; next } on { s += $2 }
     END { print s, (n <= 100 ? "yes" : "no " n) }')"

# fork: parent and child each write exactly their own paths.
PATHPROF_FILE="$W/rfork-%p.ppd" "$RR" pid r 5 3 p 0 3 1 t 1 1 fork r 5 1 \
  r 6 2 p 0 3 2 > "$W/pid"
parent=$(head -1 "$W/pid")
child=$(ls "$W" | grep '^rfork-' | grep -v "^rfork-$parent\.ppd$")
{ robj 1; fn_ppp 1; pairs 3 1; resid 0 0; fn_res; resid 0 1; pairs 5 3
  fn_tiny; resid 0 1; pairs 1 1; } > "$W/exp"
check_res "$W/rfork-$parent.ppd" "fork: the parent writes its residual paths"
{ robj 1; fn_ppp 1; pairs 3 2; resid 0 0; fn_res; resid 0 2; pairs 5 1 6 2
  fn_tiny; resid 0 0; } > "$W/exp"
check_res "$W/$child" "fork: the child writes only its own"

# __pathprof_dump, __pathprof_reset.
P=$W/rdump.ppd
PATHPROF_FILE=$P "$RR" r 5 2 p 0 3 1 dump r 5 3 p 0 3 1
{ robj 1; fn_ppp 1; pairs 3 1; resid 0 0; fn_res; resid 0 1; pairs 5 2
  fn_tiny; resid 0 0; } > "$W/exp"
check_res "$P" "__pathprof_dump: residual paths written once"
P=$W/rreset.ppd
PATHPROF_FILE=$P "$RR" r 5 2 p 0 3 1 dump reset r 5 3 p 0 3 2 r 9 1
{ robj 1; fn_ppp 1; pairs 3 3; resid 0 0; fn_res; resid 0 2; pairs 5 5 9 1
  fn_tiny; resid 0 0; } > "$W/exp"
check_res "$P" "__pathprof_dump + __pathprof_reset: slots and residual paths"
# After a reset a logged path keeps its place under the bound (other
# threads may be logging into it), so path 2 still does not fit.
P=$W/rreset1.ppd
PATHPROF_LOG_LIMIT=1 PATHPROF_FILE=$P "$RR" r 1 1 r 2 1 dump reset \
  r 2 1 r 1 2
{ robj 1; fn_ppp 0; resid 0 0; fn_res; resid 2 1; pairs 1 3
  fn_tiny; resid 0 0; } > "$W/exp"
check_res "$P" "__pathprof_reset: residual_dropped restarts, places are kept"

# A signal handler logging residual paths (new ones, and into the function
# the interrupted code is logging into) while the program does.
P=$W/rsig.ppd
set -- $(PATHPROF_FILE=$P "$RR" sig 300)
h=$1 m=$2
{ robj 1; fn_ppp 0; resid 0 0; fn_res; resid 0 1016
  j=0; while [ $j -lt 1000 ]; do
    echo "    $((2000000 + j)) $((m / 1000 + (j < m % 1000)))"; j=$((j + 1)); done
  k=0; while [ $k -lt 16 ]; do
    echo "    $((5000000000 + k)) $((h / 16 + (k < h % 16)))"; k=$((k + 1)); done
  fn_tiny; resid 0 0; } > "$W/exp"
check_res "$P" \
  "residual paths logged in a signal handler and outside it, exact"

# The runs of touched pages of a counter array (runtime/touched.c).  On a
# system without /proc/self/pagemap its line says so and the test fails:
# the skipping of untouched pages would go untested there.
"$T/rt_pages" > "$W/out" 2>&1
is "touched pages of counter arrays: every written counter, untouched pages skipped" \
  "ok 14 checks" "$(cat "$W/out")"

# Programs that log no path do not link the path log: rt_big counts in
# an array only, rt_prog logs the paths of its hashed functions.
is "path-log.c linked only when used" "0 1" \
  "$(nm "$T/rt_big" | grep -c ' __pathprof_log_path$') $(nm "$RT" | grep -c ' __pathprof_log_path$')"

"$T/ppd_v2" > "$W/out" 2>&1
is "profile format version 2: residual lists, CRC-32, order, duplicates, merges" "ok 53 checks" "$(cat "$W/out")"
python3 "$SRC/scripts/gen-crc32-tables.py" > "$W/crc32-tables.h"
is "runtime/crc32-tables.h is what scripts/gen-crc32-tables.py writes" same \
  "$(cmp -s "$W/crc32-tables.h" "$SRC/runtime/crc32-tables.h" && echo same)"

# --- Intel CET marking (x86) -------------------------------------------------
# The linker marks its output for indirect branch tracking and shadow
# stacks only if every object it links is marked: the runtime must not
# take that hardening away from a program built with -fcf-protection.  A
# relocatable link merges the marks of the objects it links, the
# runtime's members among them, without the C library's start files
# (Debian does not mark them).  Unmarked, the runtime's objects would
# leave no mark, which the second case shows the check would see.
if $CC -fcf-protection=full -x c -c /dev/null -o /dev/null 2> /dev/null; then
  # "linked:" only once the runtime is in, so that a failed link never
  # passes for "not marked".
  cet_mark () { # CF_PROTECTION: the x86 features of rt_prog.c linked -r
    $CC $RTFLAGS -fcf-protection="$1" -c "$SRC/tests/runtime/rt_prog.c" \
      -o "$W/cet.o" \
      && $CC -r -nostdlib "$W/cet.o" -L"$B" -lpathprof -o "$W/cet-r.o" \
      && nm "$W/cet-r.o" | grep -q ' T __pathprof_init$' \
      && echo "linked: $(readelf -n "$W/cet-r.o" | sed -n 's/^ *Properties: x86 feature: //p')"
  }
  is "a -fcf-protection program linked with the runtime stays marked IBT, SHSTK" \
    "linked: IBT, SHSTK" "$(cet_mark full)"
  is "a program built without -fcf-protection is not marked" "linked: " "$(cet_mark none)"
fi

# --- damaged files never crash the reader ----------------------------------
# With AddressSanitizer where the compiler has it, so that a read out of
# bounds fails the test even when it would not crash.
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all"
echo 'int main (void) { return 0; }' > "$W/san.c"
$CC $SAN "$W/san.c" -o "$W/san" 2> /dev/null && "$W/san" || SAN=
if $CC -O1 -g $SAN -Wall -Wextra -I"$SRC/runtime" "$SRC/runtime/ppd-io.c" \
     "$SRC/tests/runtime/fuzz_ppd.c" -o "$T/fuzz_ppd" 2> "$W/build.err"; then
  "$T/fuzz_ppd" "$W/dl.ppd" 20000 > "$W/out" 2>&1; rc=$?
  if [ $rc = 0 ]; then ok "20000 damaged profiles rejected or read safely"
  else ko "20000 damaged profiles rejected or read safely"; cat "$W/out"; fi
  # One with PPP and residual functions, so that mutations reach the
  # residual lists and the storage checks.
  "$T/fuzz_ppd" "$W/rmerge.ppd" 20000 > "$W/out" 2>&1; rc=$?
  if [ $rc = 0 ]; then ok "20000 damaged residual profiles rejected or read safely"
  else ko "20000 damaged residual profiles rejected or read safely"; cat "$W/out"; fi
else ko "build fuzz_ppd"; cat "$W/build.err"; fi

# --- leftovers and the specs file -------------------------------------------
is "no temporary files left" "" "$(ls -a "$W" | grep '\.tmp')"
echo 'int main (int argc, char **argv) { (void) argv; return argc > 5; }' > "$W/t.c"
$CC -specs="$B/pathprof.specs" -### "$W/t.c" -o "$W/t" 2> "$W/specs.out"
if grep -q -- "-fplugin=[^ ]*pathprof" "$W/specs.out" \
   && grep -q -- ' -lpathprof ' "$W/specs.out" \
   && grep -q -- " -L$B " "$W/specs.out"; then
  ok "specs file adds -fplugin, -L and -lpathprof"
else ko "specs file adds -fplugin, -L and -lpathprof"; fi
# Where they go: -fplugin before the user's -fplugin-arg-pathprof-...
# (GCC wants it so), -lpathprof before the C library, none in links
# without the default libraries.
words () { tr -s ' ' '\n' < "$1" | tr -d '"'; }
$CC -specs="$B/pathprof.specs" -fplugin-arg-pathprof-verbose -### -c "$W/t.c" \
  -o "$W/t.o" 2> "$W/specs.out"
is "specs file: -fplugin before the user's -fplugin-arg-pathprof-verbose" \
  "-fplugin=$B/pathprof.so -fplugin-arg-pathprof-verbose" \
  "$(words "$W/specs.out" | grep -E '^-fplugin' | head -2 | tr '\n' ' ' | sed 's/ $//')"
$CC -specs="$B/pathprof.specs" -### "$W/t.c" -o "$W/t" 2> "$W/specs.out"
is "specs file: -lpathprof before the C library" "-lpathprof -lc" \
  "$(words "$W/specs.out" | grep -E '^-l(pathprof|c)$' | tr '\n' ' ' | sed 's/ $//')"
for o in -r -nostdlib -nodefaultlibs; do
  $CC -specs="$B/pathprof.specs" $o -### "$W/t.c" -o "$W/t" 2> "$W/specs.out"
  is "specs file: no -lpathprof with $o" "0" "$(words "$W/specs.out" | grep -c '^-lpathprof$')"
done
# Given twice in one command, as build systems that pass CFLAGS to
# compile and link commands alike do (bash's links of its build tools):
# the specs file appends, so it can be read twice.
(cd "$W" && $CC -O2 -specs="$B/pathprof.specs" -specs="$B/pathprof.specs" \
   t.c -o t2 2> specs.err && PATHPROF_FILE=$W/t2.ppd ./t2)
is "specs file given twice: compiles, links and runs, silently" \
  "0::1" "$?:$(cat "$W/specs.err"):$("$B/pathprof" show "$W/t2.ppd" | sed -n 's/^runs: //p')"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
