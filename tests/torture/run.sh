#!/bin/sh
# GCC's own torture tests built with pathprof (make check-torture).
#
# gcc.c-torture/execute, 1,592 small programs that exercise GCC's corner
# cases: every test that passes in a plain build (exit status 0) must
# pass instrumented too, print the same output, and leave a profile or
# trace that the tool reads.  gcc.c-torture/compile, 1,903 units that
# once broke GCC: every unit that compiles plainly must compile with the
# plugin, and the plugin may say nothing but that it leaves a function
# uninstrumented.  Not part of `make check` (about 7 minutes per execute
# mode and 3 per compile mode on 2 cores); run it after a change to the
# plugin's instrumentation:
#
#   make check-torture [TORTURE_MODES="bl2 wpp2"] [TORTURE_TESTS="pr123 ..."]
#   sh tests/torture/run.sh BUILD_DIR [-j N] [-m "MODES"] [TEST...]
#
# MODES (default: all of them) are KIND and -O level, e.g. bl2 is
# Ball-Larus at -O2.  Execute tests:
#   bl0 bl2 bl3   Ball-Larus; `pathprof show` reads the profile
#   ppp2          a Ball-Larus run, `pathprof interesting`, then the
#                 preferential build of the same test
#   wpp2          trace build; `pathprof ips` decodes the trace
#   ipps2 ippsbl2 a trace run, `pathprof ips -k 1`, then the IPPP build
#                 (ipps-mode=ppp, resp. bl)
# Compile tests: cbl0 cbl2 cbl3 (Ball-Larus), cearly2 (stage=early),
# cwpp2 (trace build).
# TEST: names (pr12345) or paths of tests; default all (a name is looked
# up in the mode's directory).  The sources come from Debian's gcc-MAJOR
# source package (scripts/debian/fetch.sh; only the two torture
# directories are unpacked, once) or $PATHPROF_TORTURE_SRC, a directory
# holding execute/ and compile/.  Options: the test's own dg-options and
# dg-additional-options (those for x86_64 or for every target) and -w.
#
# A test whose plain build does not compile, or exits non-zero, is
# skipped (it needs a target feature or options of DejaGnu's we do not
# model).  Known differences (expected_difference below) are XFAIL; any
# other difference is FAIL and the script exits 1.  Work files of failed
# tests stay in $PATHPROF_TORTURE_DIR (default BUILD_DIR/torture).
set -eu
TOP=$(cd "$(dirname "$0")/../.." && pwd -P)
B=$(cd "${1:?usage: run.sh BUILD_DIR [-j N] [-m MODES] [TEST...]}" && pwd -P)
shift
JOBS=$(nproc 2> /dev/null || echo 2)
MODES="bl0 bl2 bl3 ppp2 wpp2 ipps2 ippsbl2 cbl0 cbl2 cbl3 cearly2 cwpp2"
while [ $# -gt 0 ]; do
  case $1 in
    -j) JOBS=$2; shift 2 ;;
    -m) MODES=$2; shift 2 ;;
    --) shift; break ;;
    -*) echo "torture: unknown option '$1'" >&2; exit 2 ;;
    *) break ;;
  esac
done
for m in $MODES; do
  case $m in
    bl[0-3]|ppp[0-3]|wpp[0-3]|ipps[0-3]|ippsbl[0-3]) ;;
    cbl[0-3]|cearly[0-3]|cwpp[0-3]) ;;
    *) echo "torture: unknown mode '$m' (bl0..3, ppp0..3, wpp0..3, ipps0..3, ippsbl0..3, cbl0..3, cearly0..3, cwpp0..3)" >&2
       exit 2 ;;
  esac
done
W=${PATHPROF_TORTURE_DIR:-$B/torture}
mkdir -p "$W"
W=$(cd "$W" && pwd -P)

# --- the tests ---
if [ -n "${PATHPROF_TORTURE_SRC:-}" ]; then
  SRC=$(cd "$PATHPROF_TORTURE_SRC" && pwd -P)
else
  major=$(gcc -dumpversion | cut -d. -f1)
  pkgdir=$(sh "$TOP/scripts/debian/fetch.sh" "gcc-$major")
  SRC=$pkgdir/torture
  if [ ! -f "$SRC/.complete" ]; then
    # The package holds GCC's release tarball; take the two directories.
    tarball=$(ls "$pkgdir"/gcc-*.tar.* 2> /dev/null | grep -v 'newlib\|gm2' | head -1)
    [ -n "$tarball" ] || { echo "torture: no GCC tarball in $pkgdir" >&2; exit 1; }
    top=$(tar tf "$tarball" | grep -m1 '/gcc/testsuite/gcc.c-torture/$') \
      || { echo "torture: $tarball has no gcc.c-torture" >&2; exit 1; }
    rm -rf "$SRC" "$pkgdir/torture.tmp"
    mkdir -p "$pkgdir/torture.tmp"
    tar xf "$tarball" -C "$pkgdir/torture.tmp" "${top}execute" "${top}compile"
    mv "$pkgdir/torture.tmp/$top" "$SRC"
    rm -rf "$pkgdir/torture.tmp"
    touch "$SRC/.complete"
  fi
fi
# The tests of each family in $W/execute.tests and $W/compile.tests: a
# name is looked up in both directories, a path goes by its directory's
# name.
: > "$W/execute.tests"
: > "$W/compile.tests"
if [ $# -eq 0 ]; then
  for fam in execute compile; do
    ls "$SRC/$fam"/*.c > "$W/$fam.tests"
  done
fi
for t in "$@"; do
  found=
  case $t in
    */*)
      if [ -f "$t" ]; then
        p=$(cd "$(dirname "$t")" && pwd -P)/$(basename "$t")
        case $p in
          */compile/*) echo "$p" >> "$W/compile.tests" ;;
          *) echo "$p" >> "$W/execute.tests" ;;
        esac
        found=1
      fi ;;
    *)
      for fam in execute compile; do
        if [ -f "$SRC/$fam/${t%.c}.c" ]; then
          echo "$SRC/$fam/${t%.c}.c" >> "$W/$fam.tests"
          found=1
        fi
      done ;;
  esac
  [ -n "$found" ] || { echo "torture: no test '$t'" >&2; exit 2; }
done

# --- one test in one mode (run by xargs: sh run.sh --one MODE TEST) ---
cat > "$W/one.sh" << 'EOF'
#!/bin/sh
# Runs one torture test in one mode; prints "RESULT MODE TEST [why]".
B=$1 W=$2 MODE=$3 T=$4
n=$(basename "$T" .c)
kind=${MODE%[0-9]} level=${MODE#"$kind"}
d=$W/$MODE/$n
rm -rf "$d"; mkdir -p "$d/ppt" "$d/ppt2"; cd "$d" || exit 1
PP=$B/pathprof
say () { echo "$1 $MODE $n${2:+ ($2)}"; }

# The options the test asks for: dg-options and dg-additional-options for
# every target or for x86_64 (not ia32).
# (An option list may be braced: dg-options { "-fwrapv" }.)
opts=$(sed -e 's/\(options *\){ *\("[^"]*"\) *}/\1\2/' \
         -n -e 's/.*{ *dg-\(additional-\)\{0,1\}options *"\([^"]*\)" *\(.*\)}.*/\2|\3/p' "$T" \
  | while IFS='|' read -r o sel; do
      case $sel in
        *target*) case $sel in *ia32*|*newlib*) continue ;; *x86_64-*) ;; *) continue ;; esac ;;
      esac
      printf '%s ' "$o"
    done)
CC="gcc -O$level -w $opts"

# A known difference: the test depends on what only the instrumentation
# changes, not on what it computes.
expected_difference ()
{
  case $n:$kind in
    return-addr:*) echo "prints stack addresses, which the instrumented frames move" ;;
    990208-1:wpp|990208-1:ipps|990208-1:ippsbl)
      echo "aborts unless GCC inlines doit () into both callers, which it does not once the trace calls are in it: the test compares the addresses of the label in the two inline copies" ;;
    bcp-1:ipps|bcp-1:ippsbl)
      echo "the IPPP build promotes the calls through its tables of function pointers and inlines them, so __builtin_constant_p sees the constant arguments, as GCC's own -fprofile-use does with a hot indirect call" ;;
  esac
}

case $kind in
  c*)
    # A compile test: the instrumented compilation succeeds wherever the
    # plain one does, and the plugin says nothing but that it leaves a
    # function uninstrumented.
    timeout 120 $CC -c "$T" -o plain.o > plain.log 2>&1 \
      || { say SKIP "plain build fails"; exit 0; }
    case $kind in
      cbl) F= ;;
      cearly) F=-fplugin-arg-pathprof-stage=early ;;
      cwpp) F=-fplugin-arg-pathprof-wpp ;;
    esac
    timeout 300 $CC -fplugin="$B/pathprof.so" $F -c "$T" -o inst.o > inst.log 2>&1
    rc=$?
    if [ $rc != 0 ]; then
      say FAIL "instrumented build exits $rc: $(grep -m1 'error' inst.log)"
      exit 0
    fi
    said=$(grep 'pathprof' inst.log | grep -v 'is not instrumented' | head -1)
    [ -z "$said" ] || { say FAIL "the plugin says: $said"; exit 0; }
    say PASS
    cd "$W" && rm -rf "$d"
    exit 0 ;;
esac
timeout 120 $CC "$T" -lm -o plain > plain.log 2>&1 || { say SKIP "plain build fails"; exit 0; }
timeout 30 ./plain > plain.out 2>&1; rc=$?
[ $rc = 0 ] || { say SKIP "plain run exits $rc"; exit 0; }

P="-fplugin=$B/pathprof.so"
L="-L$B -lpathprof -lm"
fail ()
{
  why=$(expected_difference)
  if [ -n "$why" ]; then say XFAIL "$1: $why"; else say FAIL "$1"; exit 0; fi
  cd "$W" && rm -rf "$d"
  exit 0
}
case $kind in
  bl) F= ;;
  wpp) F=-fplugin-arg-pathprof-wpp ;;
  ppp)
    timeout 120 $CC $P "$T" $L -o first > first.log 2>&1 || fail "Ball-Larus build"
    PATHPROF_FILE=$d/first.ppd timeout 30 ./first > first.out 2>&1 || fail "Ball-Larus run"
    "$PP" interesting -o int.txt first.ppd > int.log 2>&1 || fail "pathprof interesting"
    F=-fplugin-arg-pathprof-interesting=$d/int.txt ;;
  ipps|ippsbl)
    timeout 120 $CC $P -fplugin-arg-pathprof-wpp "$T" $L -o first > first.log 2>&1 \
      || fail "trace build"
    PATHPROF_TRACE_DIR=$d/ppt timeout 30 ./first > first.out 2>&1 || fail "trace run"
    "$PP" ips -k 1 -o ips.txt ppt > ips.log 2>&1 || fail "pathprof ips"
    F=-fplugin-arg-pathprof-ipps=$d/ips.txt
    [ $kind = ippsbl ] && F="$F -fplugin-arg-pathprof-ipps-mode=bl" ;;
esac
timeout 120 $CC $P $F "$T" $L -o inst > inst.log 2>&1 || fail "instrumented build"
PATHPROF_FILE=$d/inst.ppd PATHPROF_TRACE_DIR=$d/ppt2 timeout 30 ./inst > inst.out 2>&1
rc=$?
[ $rc = 0 ] || fail "instrumented run exits $rc"
cmp -s plain.out inst.out || fail "output differs"
if [ $kind = wpp ]; then
  "$PP" ips -k 1 -o ips2.txt ppt2 > tool.log 2>&1 || fail "pathprof ips"
else
  "$PP" show inst.ppd > tool.log 2>&1 || fail "pathprof show"
fi
if [ -n "$(expected_difference)" ]; then say XPASS; else say PASS; fi
cd "$W" && rm -rf "$d"
EOF

status=0
for m in $MODES; do
  rm -rf "${W:?}/$m"
  case $m in c*) LIST=$W/compile.tests ;; *) LIST=$W/execute.tests ;; esac
  [ -s "$LIST" ] || continue
  xargs -P "$JOBS" -n 1 sh "$W/one.sh" "$B" "$W" "$m" < "$LIST" | sort -k3 > "$W/$m.sum"
  pass=$(grep -c '^PASS' "$W/$m.sum" || true)
  xfail=$(grep -c '^XFAIL' "$W/$m.sum" || true)
  skip=$(grep -c '^SKIP' "$W/$m.sum" || true)
  grep '^XFAIL\|^XPASS\|^FAIL' "$W/$m.sum" || true
  bad=$(grep -c '^FAIL' "$W/$m.sum" || true)
  echo "torture $m: $pass PASS, $xfail XFAIL, $bad FAIL, $skip SKIP (fail plain) of $(wc -l < "$LIST")"
  [ "$bad" = 0 ] || status=1
done
exit $status
