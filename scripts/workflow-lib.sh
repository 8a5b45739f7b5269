# Shared by scripts/residual-workflow.sh and scripts/ippp-workflow.sh,
# sourced after their option parsing, with HERE (this source tree), STEP,
# SRCDIR, WORKDIR (may be empty) and die () set.  wf_setup DEFAULT-NAME
# makes SRCDIR and WORKDIR (default SRCDIR/DEFAULT-NAME, created)
# absolute and sets CC, MAKE, PATHPROF_SPECS and PATHPROF (the specs file
# and the tool: this source tree's build/, else the installed ones).

wf_setup () {
  SRCDIR=$(cd "$SRCDIR" && pwd -P) || die "no such directory: $SRCDIR"
  WORKDIR=${WORKDIR:-$SRCDIR/$1}
  mkdir -p "$WORKDIR"
  WORKDIR=$(cd "$WORKDIR" && pwd -P)
  CC=${CC:-gcc}
  MAKE=${MAKE:-make}
  if [ -z "${PATHPROF_SPECS:-}" ]; then
    if [ -f "$HERE/build/pathprof.specs" ]; then
      PATHPROF_SPECS=$HERE/build/pathprof.specs
    else
      PATHPROF_SPECS=$(dirname "$(command -v pathprof)")/../lib/pathprof/pathprof.specs
    fi
  fi
  if [ -z "${PATHPROF:-}" ]; then
    if [ -x "$HERE/build/pathprof" ]; then PATHPROF=$HERE/build/pathprof
    else PATHPROF=pathprof; fi
  fi
}

# build EXTRA-CC-FLAGS: a clean build of SRCDIR with the plugin.  The
# programs the build itself runs (generators, like sqlite3's mksourceid)
# record in WORKDIR/build-records: profiles one file per build of each
# (%m), traces one per process.  Where they run, the beta build's
# generator would find the test build's profile, and the runtime says so
# on stderr, which fails builds that take a tool's stderr for an error
# (tclsh's exec).
build () {
  [ -f "$PATHPROF_SPECS" ] || die "no specs file $PATHPROF_SPECS (build pathprof, or set PATHPROF_SPECS)"
  echo "== make clean && make CC=\"$CC -specs=… $1\" in $SRCDIR"
  mkdir -p "$WORKDIR/build-records"
  $MAKE -C "$SRCDIR" ${MAKEARGS:-} clean > /dev/null
  PATHPROF_FILE=$WORKDIR/build-records/%m.ppd \
  PATHPROF_TRACE_DIR=$WORKDIR/build-records \
    $MAKE -C "$SRCDIR" ${MAKEARGS:-} CC="$CC -specs=$PATHPROF_SPECS $1"
}

# command_args "$@": checks that "--" and a command follow.
command_args () {
  [ "${1:-}" = "--" ] || die "$STEP: expected -- COMMAND..."
  shift
  [ $# -ge 1 ] || die "$STEP: expected -- COMMAND..."
}

# The field step: runs -- COMMAND... in SRCDIR, profiles to
# WORKDIR/field.ppd.
wf_field () {
  command_args "$@"
  shift
  echo "== field run: $* (profiles to $WORKDIR/field.ppd)"
  (cd "$SRCDIR" && PATHPROF_FILE=$WORKDIR/field.ppd "$@")
}

# The report step: pathprof residual [OPTIONS] WORKDIR/field.ppd.
wf_report () {
  [ -f "$WORKDIR/field.ppd" ] || die "report: no $WORKDIR/field.ppd: run the 'field' step first"
  "$PATHPROF" residual "$@" "$WORKDIR/field.ppd"
}
