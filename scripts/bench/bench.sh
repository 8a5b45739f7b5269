#!/bin/sh
# make bench: pathprof against gcov on real programs from Debian source
# packages; see scripts/bench/README for what is measured and how.
#
#   sh scripts/bench/bench.sh [--mode full|quick] [OPTIONS]   (bench.py --help)
#
# This wrapper makes sure the tools the measurements need are installed
# (as root with apt-get, through scripts/debian/lib.sh's deb_need;
# otherwise it stops with the command to run): valgrind for the cost model,
# python3-matplotlib for the plots and GNU time for the peak resident
# memory.  Debian's python3 runs the bench,
# since that is the one python3-matplotlib installs into (another python3
# first in PATH would not see it); PATHPROF_BENCH_PYTHON overrides it.
set -eu
DEB_TOP=$(cd "$(dirname "$0")/../.." && pwd -P)
. "$DEB_TOP/scripts/debian/lib.sh"

deb_need valgrind python3-matplotlib time
PY=${PATHPROF_BENCH_PYTHON:-/usr/bin/python3}
[ -x "$PY" ] || PY=python3
"$PY" -c 'import matplotlib' 2> /dev/null \
  || deb_die "$PY cannot import matplotlib (python3-matplotlib is installed for /usr/bin/python3; set PATHPROF_BENCH_PYTHON)"
exec "$PY" "$DEB_TOP/scripts/bench/bench.py" "$@"
