#!/bin/sh
# Inter-procedural residual path profiling (thesis 3.4, 3.5.2) on a
# Makefile-built C project: which paths across calls do users run that
# the test suite never did?
#
#   ippp-workflow.sh [OPTIONS] test -- TEST-COMMAND...
#   ippp-workflow.sh [OPTIONS] beta
#   ippp-workflow.sh [OPTIONS] field -- FIELD-COMMAND...
#   ippp-workflow.sh [OPTIONS] report [pathprof residual options]
#   ippp-workflow.sh [OPTIONS] cflags trace|beta
#
#   test    `make clean`, then `make CC="$CC -specs=pathprof.specs
#           -fplugin-arg-pathprof-wpp"` in SRCDIR (a trace build), then
#           runs the test command there with the whole-program path
#           traces going to WORKDIR/traces (emptied first), and
#           `pathprof ips -k K` turns them into WORKDIR/ips.txt: every
#           depth-K segment the tests ran.
#   beta    `make clean` and `make` again with
#           -fplugin-arg-pathprof-ipps=WORKDIR/ips.txt: the IPPP beta
#           inlines the call chains the tests ran and counts the tested
#           segments in compact arrays, logging the others (-m bl: the
#           same inlining, every segment counted: Ball-Larus over the
#           supergraphs, for comparisons).
#   field   runs a command of the beta build (as many times as wanted)
#           with the profiles going to WORKDIR/field.ppd.
#   report  `pathprof residual WORKDIR/field.ppd`: the untested segments
#           users ran, as call/return-structured sequences of subpaths
#           with their source lines, and Table 3.2's summary.
#   cflags  prints the compiler flags of the trace or beta build (after
#           the specs file, or -fplugin=... and -lpathprof), for build
#           systems this script does not drive (scripts/debian,
#           make bench): e.g. CFLAGS="-O2 $(ippp-workflow.sh cflags beta)".
#
# Options: -C SRCDIR (default .), -w WORKDIR (default SRCDIR/pathprof-ippp),
# -k K (segment depth, default 1), -m ppp|bl (beta's numbering, default
# ppp), -g N (ipps-growth, default the plugin's: 500%).  The Makefile must
# build with $(CC); extra make arguments go in MAKEARGS.  Environment: CC
# (default gcc), MAKE (default make), PATHPROF_SPECS and PATHPROF (the
# specs file and the tool; default: this source tree's build/, else the
# installed ones).  Programs that the builds run themselves (code
# generators) keep their profiles and traces in WORKDIR/build-records.
# specs/segments.md defines what is measured.
set -eu
HERE=$(cd "$(dirname "$0")/.." && pwd -P)
SRCDIR=.
WORKDIR=
DEPTH=1
MODE=ppp
GROWTH=
while getopts C:w:k:m:g: opt; do
  case $opt in
    C) SRCDIR=$OPTARG ;;
    w) WORKDIR=$OPTARG ;;
    k) DEPTH=$OPTARG ;;
    m) MODE=$OPTARG ;;
    g) GROWTH=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
die () { echo "ippp-workflow: $*" >&2; exit 2; }
[ $# -ge 1 ] || die "usage: ippp-workflow.sh [-C SRCDIR] [-w WORKDIR] [-k K] [-m ppp|bl] [-g N] test|beta|field|report|cflags ..."
case $MODE in ppp|bl) ;; *) die "-m $MODE: expected ppp or bl" ;; esac
case $DEPTH in ''|*[!0-9]*) die "-k $DEPTH: expected a number" ;; esac
STEP=$1
shift
. "$HERE/scripts/workflow-lib.sh"
wf_setup pathprof-ippp

# The plugin arguments of a build: trace or beta.
flags () {
  case $1 in
    trace) echo "-fplugin-arg-pathprof-wpp" ;;
    beta)
      f="-fplugin-arg-pathprof-ipps=$WORKDIR/ips.txt"
      [ "$MODE" = ppp ] || f="$f -fplugin-arg-pathprof-ipps-mode=$MODE"
      [ -z "$GROWTH" ] || f="$f -fplugin-arg-pathprof-ipps-growth=$GROWTH"
      echo "$f"
      ;;
    *) die "cflags: expected trace or beta, not '$1'" ;;
  esac
}

case $STEP in
  test)
    command_args "$@"
    shift
    build "$(flags trace)"
    rm -rf "$WORKDIR/traces"
    mkdir -p "$WORKDIR/traces"
    echo "== test suite: $* (traces to $WORKDIR/traces)"
    (cd "$SRCDIR" && PATHPROF_TRACE_DIR=$WORKDIR/traces "$@")
    echo "== pathprof ips -k $DEPTH -o $WORKDIR/ips.txt $WORKDIR/traces"
    "$PATHPROF" ips -k "$DEPTH" --verbose -o "$WORKDIR/ips.txt" \
      "$WORKDIR/traces"
    ;;
  beta)
    [ -f "$WORKDIR/ips.txt" ] || die "beta: no $WORKDIR/ips.txt: run the 'test' step first"
    build "$(flags beta)"
    rm -f "$WORKDIR/field.ppd"
    ;;
  field) wf_field "$@" ;;
  report) wf_report "$@" ;;
  cflags)
    [ $# -eq 1 ] || die "cflags: expected trace or beta"
    flags "$1"
    ;;
  *)
    die "unknown step '$STEP' (test, beta, field, report or cflags)"
    ;;
esac
