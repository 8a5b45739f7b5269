#!/bin/sh
# Builds, tests and runs a real program from a Debian source package with
# the compiler settings of the environment.  The interface of the program
# recipes (scripts/debian/programs/NAME.sh) is in scripts/debian/README.
#
#   sh scripts/debian/program.sh NAME ACTION ARGS...
#
#   list                     the recipe names, one per line
#   package                  the Debian source package of NAME
#   source                   fetches the sources (fetch.sh) and prints their
#                            directory
#   build OUT                fetches, installs the recipe's DEB_NEEDS, and
#                            builds into OUT (emptied first) with CC, CFLAGS,
#                            LDFLAGS and LIBS from the environment (defaults
#                            gcc, -O2, empty, empty)
#   check OUT                runs the package's own test suite on the build
#                            in OUT; exit status 0 if it passes
#   configuration OUT        prints what the build's configuration found
#                            (the recipe's "configuration", by default the
#                            config.h files and configure's cached results),
#                            so that two builds can be compared
#   workload-test OUT DIR    runs the "test" inputs, recording what the
#                            program does in DIR (emptied first)
#   workload-field OUT DIR   the larger "field" inputs, the same way
#   workload-bench OUT DIR [quick]
#                            the benchmark (quick: a short version)
#
# Profiles: the drivers set PATHPROF_FILE (and gcov writes .gcda files next
# to the objects), so all the runs of one action add up in one profile.
set -eu
DEB_TOP=$(cd "$(dirname "$0")/../.." && pwd -P)
. "$DEB_TOP/scripts/debian/lib.sh"

usage ()
{
  deb_die "usage: program.sh NAME {package|source|build OUT|check OUT|configuration OUT|workload-test OUT DIR|workload-field OUT DIR|workload-bench OUT DIR [quick]}, or program.sh list"
}

[ $# -ge 1 ] || usage
if [ "$1" = list ]; then
  for f in "$DEB_TOP"/scripts/debian/programs/*.sh; do
    basename "$f" .sh
  done
  exit 0
fi
[ $# -ge 2 ] || usage
NAME=$1 ACTION=$2
shift 2
RECIPE=$DEB_TOP/scripts/debian/programs/$NAME.sh
[ -f "$RECIPE" ] || deb_die "no recipe $RECIPE (program.sh list names them)"
DEB_PACKAGE= DEB_NEEDS=
. "$RECIPE"
[ -n "$DEB_PACKAGE" ] || deb_die "$RECIPE does not set DEB_PACKAGE"

# An absolute directory, created if asked ("new": emptied first).
absdir ()
{
  [ -n "$1" ] || usage
  [ "${2:-}" = new ] && rm -rf "$1"
  mkdir -p "$1"
  (cd "$1" && pwd -P)
}

export CC=${CC:-gcc} CFLAGS=${CFLAGS:--O2} LDFLAGS=${LDFLAGS:-} LIBS=${LIBS:-}
case $ACTION in
  package)
    echo "$DEB_PACKAGE" ;;
  source)
    sh "$DEB_TOP/scripts/debian/fetch.sh" "$DEB_PACKAGE" ;;
  build)
    [ $# = 1 ] || usage
    src=$(sh "$DEB_TOP/scripts/debian/fetch.sh" "$DEB_PACKAGE")
    # shellcheck disable=SC2086
    [ -z "$DEB_NEEDS" ] || deb_need $DEB_NEEDS
    DEB_OUT=$(absdir "$1" new)
    build "$src" "$DEB_OUT" ;;
  check)
    [ $# = 1 ] || usage
    DEB_OUT=$(absdir "$1")
    check "$DEB_OUT" ;;
  configuration)
    [ $# = 1 ] || usage
    DEB_OUT=$(absdir "$1")
    if command -v configuration > /dev/null 2>&1; then
      configuration "$DEB_OUT"
    else
      deb_configuration "$DEB_OUT"
    fi ;;
  workload-test|workload-field|workload-bench)
    [ $# -ge 2 ] || usage
    DEB_OUT=$(absdir "$1")
    dir=$(absdir "$2" new)
    shift 2
    case $ACTION in
      workload-test) [ $# = 0 ] || usage; workload_test "$DEB_OUT" "$dir" ;;
      workload-field) [ $# = 0 ] || usage; workload_field "$DEB_OUT" "$dir" ;;
      workload-bench)
        [ $# = 0 ] || [ "$1" = quick ] || usage
        workload_bench "$DEB_OUT" "$dir" "$@" ;;
    esac ;;
  *) usage ;;
esac
