#!/bin/sh
# Residual path profiling (thesis 3.5.1) on a Makefile-built C project:
# which paths do users run that the test suite never did?
#
#   residual-workflow.sh [-C SRCDIR] [-w WORKDIR] test -- TEST-COMMAND...
#   residual-workflow.sh [-C SRCDIR] [-w WORKDIR] beta
#   residual-workflow.sh [-C SRCDIR] [-w WORKDIR] field -- FIELD-COMMAND...
#   residual-workflow.sh [-C SRCDIR] [-w WORKDIR] report [pathprof residual options]
#
#   test    `make clean`, then `make CC="$CC -specs=pathprof.specs"` in
#           SRCDIR (Ball-Larus path profiling), then runs the test command
#           there with every profile going to WORKDIR/test.ppd.
#   beta    `pathprof interesting` turns WORKDIR/test.ppd into
#           WORKDIR/paths.txt (every path the tests ran), then `make clean`
#           and `make` again with -fplugin-arg-pathprof-interesting: the
#           beta build counts tested paths in compact arrays and logs the
#           others.
#   field   runs a command of the beta build (as many times as wanted,
#           with any inputs) with the profiles going to WORKDIR/field.ppd;
#           copies of the beta shipped elsewhere write their own .ppd
#           files (PATHPROF_FILE), which `pathprof merge` adds up.
#   report  `pathprof residual WORKDIR/field.ppd`: the untested paths
#           users ran, with their source lines, and the summary.
#
# Programs that the builds run themselves (code generators) keep their
# profiles in WORKDIR/build-records.
#
# SRCDIR defaults to the current directory, WORKDIR to SRCDIR/pathprof-rpp.
# The project's Makefile must build with $(CC) and must not hard-code the
# compiler; extra make arguments go in MAKEARGS.  Environment: CC (default
# gcc), MAKE (default make), PATHPROF_SPECS and PATHPROF (the specs file
# and the tool; default: this source tree's build/, else the installed
# ones).
set -eu
HERE=$(cd "$(dirname "$0")/.." && pwd -P)
SRCDIR=.
WORKDIR=
while getopts C:w: opt; do
  case $opt in
    C) SRCDIR=$OPTARG ;;
    w) WORKDIR=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
die () { echo "residual-workflow: $*" >&2; exit 2; }
[ $# -ge 1 ] || die "usage: residual-workflow.sh [-C SRCDIR] [-w WORKDIR] test|beta|field|report ..."
STEP=$1
shift
. "$HERE/scripts/workflow-lib.sh"
wf_setup pathprof-rpp

case $STEP in
  test)
    command_args "$@"
    shift
    build ""
    rm -f "$WORKDIR/test.ppd"
    echo "== test suite: $* (profiles to $WORKDIR/test.ppd)"
    (cd "$SRCDIR" && PATHPROF_FILE=$WORKDIR/test.ppd "$@")
    ;;
  beta)
    [ -f "$WORKDIR/test.ppd" ] || die "beta: no $WORKDIR/test.ppd: run the 'test' step first"
    echo "== pathprof interesting -o $WORKDIR/paths.txt $WORKDIR/test.ppd"
    "$PATHPROF" interesting -o "$WORKDIR/paths.txt" "$WORKDIR/test.ppd"
    build "-fplugin-arg-pathprof-interesting=$WORKDIR/paths.txt"
    rm -f "$WORKDIR/field.ppd"
    ;;
  field) wf_field "$@" ;;
  report) wf_report "$@" ;;
  *)
    die "unknown step '$STEP' (test, beta, field or report)"
    ;;
esac
