#!/bin/sh
# Real programs from Debian source packages, built at -O2 with the plugin
# (make check-realprog).
#
#   sh tests/realprog/run.sh BUILD_DIR [PROGRAM...]
#
# PROGRAM: recipes of scripts/debian/programs (default: bzip2 zlib mawk,
# the three cheapest, and lzip, a C++ program).  $PATHPROF_REALPROG_OPT replaces -O2 (e.g. "-O3",
# "-O2 -flto").  Work directory: $PATHPROF_REALPROG_DIR, default
# BUILD_DIR/realprog (kept for inspection; the fetched sources are cached
# in build/debian/src, see scripts/debian/README).  For each program:
#   1. it is built twice with its own build system, at -O2: plain, and
#      with -fplugin=BUILD_DIR/pathprof.so and -lpathprof; every compiler
#      invocation goes through scripts/debian/cc-log;
#   2. the plugin prints nothing: no compiler message of the instrumented
#      build mentions pathprof (the source tree's own path aside), and its
#      warnings are those of the plain build; and both builds are configured
#      the same (program.sh's "configuration": config.h files, configure's
#      results);
#   3. the package's own test suite passes on both builds, and the
#      instrumented build's profile decodes (pathprof show, exit 0) and
#      counts paths;
#   4. the "test" and "field" workloads behave the same on both builds:
#      standard output, standard error, exit status and output files.
# Prints the time of each step; ends with the line "N passed, M failed".
set -u
B=$(cd "${1:?usage: run.sh BUILD_DIR [PROGRAM...]}" && pwd -P)
shift
TOP=$(cd "$(dirname "$0")/../.." && pwd -P)
PROGRAMS=${*:-bzip2 zlib mawk lzip}
W=${PATHPROF_REALPROG_DIR:-$B/realprog}
OPT=${PATHPROF_REALPROG_OPT:--O2}
PROGRAM_SH=$TOP/scripts/debian/program.sh
pass=0
fail=0
ok () { pass=$((pass + 1)); echo "PASS: $1"; }
ko () {
  fail=$((fail + 1)); echo "FAIL: $1"
  [ -n "${2:-}" ] && [ -f "$2" ] && tail -20 "$2" | sed 's/^/  | /'
}
now () { date +%s; }
took () { echo "  ($1: $(( $(now) - $2 )) s)"; }

# The compiler messages of a cc-log log ("| " lines), with the build
# directory $2 written OUT.
messages () { sed -n 's/^| //p' "$1" | sed "s|$2|OUT|g"; }

# The warnings of a cc-log log about files of the build (configure's
# temporary files are gone by now), sorted, with the build directory OUT.
warnings ()
{
  (cd "$2" && messages "$1" "$2" | grep ': warning: ' | while IFS= read -r l; do
    f=${l%%:*}
    case $f in OUT/*) f=$2/${f#OUT/} ;; esac
    [ -f "$f" ] && printf '%s\n' "$l"
  done | sort)
}

# plugin_messages LOG BUILD: the compiler messages of a cc-log log that
# mention pathprof, the path of the source tree aside, and so do the
# command lines that "gcc -v" echoes (libtool's configure and CMake's
# compiler checks run it: they name -fplugin=... and -lpathprof), and its
# list of loaded plugins (" pathprof: VERSION", after "Versions of loaded
# plugins:").
plugin_messages ()
{
  messages "$1" "$2" | sed "s|$TOP|TOP|g" \
    | grep -v -e '^ /' -e '^COLLECT_GCC_OPTIONS=' -e '^ pathprof: [0-9.]*$' \
    | grep -i pathprof
}

start_all=$(now)
# The check of the compiler's messages sees a plugin warning: nonlocal.c
# has a function that the plugin leaves uninstrumented, with a warning.
mkdir -p "$W"
rm -f "$W/selftest.cc.log"
PATHPROF_CC_LOG=$W/selftest.cc.log "$TOP/scripts/debian/cc-log" -O2 \
  -fplugin="$B/pathprof.so" -c "$TOP/plugin/tests/cases/nonlocal.c" \
  -o "$W/selftest.o" 2> /dev/null
if plugin_messages "$W/selftest.cc.log" "$W" | grep -q "warning: pathprof: .outer. is not instrumented"; then
  ok "the check of compiler messages sees a plugin warning"
else
  ko "the check of compiler messages sees a plugin warning" "$W/selftest.cc.log"
fi
for prog in $PROGRAMS; do
  d=$W/$prog
  rm -rf "$d"
  mkdir -p "$d"
  echo "== $prog ($(sh "$PROGRAM_SH" "$prog" package))"
  t=$(now)
  if ! sh "$TOP/scripts/debian/fetch.sh" "$(sh "$PROGRAM_SH" "$prog" package)" \
       > "$d/fetch.log" 2>&1; then
    ko "$prog: fetch the Debian sources" "$d/fetch.log"
    continue
  fi
  echo "  sources: $(tail -1 "$d/fetch.log")"
  took fetch "$t"

  # 1. Both builds.
  built=yes
  for v in plain pathprof; do
    t=$(now)
    if [ $v = plain ]; then
      flags="" libs=""
    else
      flags="-fplugin=$B/pathprof.so" libs="-L$B -lpathprof"
    fi
    if env CC="$TOP/scripts/debian/cc-log" PATHPROF_REAL_CC="${CC:-gcc}" \
         PATHPROF_CC_LOG="$d/$v.cc.log" CFLAGS="$OPT $flags" LDFLAGS="" \
         LIBS="$libs" sh "$PROGRAM_SH" "$prog" build "$d/$v" \
         > "$d/$v.build.log" 2>&1; then
      ok "$prog: $v build at $OPT"
    else
      ko "$prog: $v build at $OPT" "$d/$v.build.log"
      built=no
    fi
    took "$v build" "$t"
  done
  [ $built = yes ] || continue

  # 2. The plugin is silent.
  n=$(grep -c -- '^\$ .*-fplugin=' "$d/pathprof.cc.log")
  if [ "$n" -gt 0 ]; then
    ok "$prog: $n compiler invocations with the plugin"
  else
    ko "$prog: no compiler invocation used the plugin" "$d/pathprof.cc.log"
  fi
  plugin_messages "$d/pathprof.cc.log" "$d/pathprof" > "$d/plugin-messages.txt"
  if [ -s "$d/plugin-messages.txt" ]; then
    ko "$prog: compiler messages mention pathprof" "$d/plugin-messages.txt"
  else
    ok "$prog: no compiler message mentions pathprof"
  fi
  sh "$PROGRAM_SH" "$prog" configuration "$d/plain" > "$d/plain.config" 2>&1
  sh "$PROGRAM_SH" "$prog" configuration "$d/pathprof" > "$d/pathprof.config" 2>&1
  if diff "$d/plain.config" "$d/pathprof.config" > "$d/config.diff"; then
    ok "$prog: configured like the plain build ($(wc -l < "$d/plain.config") lines of configuration)"
  else
    ko "$prog: configured differently from the plain build" "$d/config.diff"
  fi
  warnings "$d/plain.cc.log" "$d/plain" > "$d/plain.warnings"
  warnings "$d/pathprof.cc.log" "$d/pathprof" > "$d/pathprof.warnings"
  if diff "$d/plain.warnings" "$d/pathprof.warnings" > "$d/warnings.diff"; then
    ok "$prog: the same $(wc -l < "$d/plain.warnings") warnings as the plain build"
  else
    ko "$prog: warnings differ from the plain build's" "$d/warnings.diff"
  fi

  # 3. The package's own test suite.
  for v in plain pathprof; do
    t=$(now)
    if PATHPROF_FILE=$d/check.ppd sh "$PROGRAM_SH" "$prog" check "$d/$v" \
         > "$d/$v.check.log" 2>&1; then
      ok "$prog: own test suite passes ($v)"
    else
      ko "$prog: own test suite fails ($v)" "$d/$v.check.log"
    fi
    took "$v test suite" "$t"
  done
  if "$B/pathprof" show --top 1 "$d/check.ppd" > "$d/check.show" 2>&1 \
     && executed=$(sed -n 's/^functions: [0-9]* (\([0-9]*\) executed)$/\1/p' "$d/check.show") \
     && [ "${executed:-0}" -gt 0 ]; then
    ok "$prog: the test suite's profile decodes ($(sed -n 's/^runs: //p' "$d/check.show") runs, $executed functions executed)"
  else
    ko "$prog: the test suite's profile" "$d/check.show"
  fi

  # 4. Workloads: the same behaviour.
  for w in test field; do
    t=$(now)
    for v in plain pathprof; do
      PATHPROF_FILE=$d/$w.ppd sh "$PROGRAM_SH" "$prog" "workload-$w" "$d/$v" \
        "$d/$w-$v" > "$d/$w-$v.log" 2>&1 || echo "workload failed: $?" >> "$d/$w-$v.log"
    done
    if [ -s "$d/$w-plain.log" ] || [ -s "$d/$w-pathprof.log" ]; then
      cat "$d/$w-plain.log" "$d/$w-pathprof.log" > "$d/$w.log"
      ko "$prog: $w workload ran" "$d/$w.log"
    elif diff -r "$d/$w-plain" "$d/$w-pathprof" > "$d/$w.diff" 2>&1; then
      ok "$prog: $w workload: same outputs, errors and statuses ($(ls "$d/$w-plain" | grep -c '\.rc$') commands)"
    else
      ko "$prog: $w workload: the instrumented build behaves differently" "$d/$w.diff"
    fi
    if "$B/pathprof" show --top 1 "$d/$w.ppd" > "$d/$w.show" 2>&1; then
      ok "$prog: $w workload's profile decodes"
    else
      ko "$prog: $w workload's profile" "$d/$w.show"
    fi
    took "$w workload, both builds" "$t"
  done
done
echo "realprog: $(( $(now) - start_all )) s for $PROGRAMS"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
