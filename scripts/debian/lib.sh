# Shared shell functions of scripts/debian (sourced, POSIX sh).
#
#   DEB_TOP          top of the pathprof source tree
#   DEB_DIR          the cache of scripts/debian: $PATHPROF_DEBIAN_DIR, by
#                    default $DEB_TOP/build/debian/src
#   deb_die MSG      prints "pathprof-debian: MSG" on stderr and exits 1
#   deb_locked CMD…  runs CMD with the cache's lock held (one apt-get and one
#                    unpacking at a time, also across parallel make jobs);
#                    PATHPROF_DEBIAN_LOCKED=1 in its environment tells nested
#                    calls that the lock is held
#   deb_corpus SEED SIZE FILE
#                    a generated corpus (cached in $DEB_DIR/.corpus)
#   deb_need PKG…    installs the Debian packages among PKG… that are not
#                    installed (apt-get, as root; otherwise stops with the
#                    command to run)

DEB_TOP=${DEB_TOP:-$(cd "$(dirname "$0")/../.." && pwd -P)}
DEB_DIR=${PATHPROF_DEBIAN_DIR:-$DEB_TOP/build/debian/src}

deb_die ()
{
  echo "pathprof-debian: $*" >&2
  exit 1
}

deb_locked ()
{
  if [ "${PATHPROF_DEBIAN_LOCKED:-}" = 1 ]; then
    "$@"      # already held by a caller
    return
  fi
  mkdir -p "$DEB_DIR" || deb_die "cannot create $DEB_DIR"
  # The lock is the cache directory's own lock file; flock(1) waits for it.
  PATHPROF_DEBIAN_LOCKED=1 flock "$DEB_DIR/.lock" "$@"
}

# The packages among $@ that dpkg does not list as installed.
deb_missing ()
{
  for deb_p in "$@"; do
    dpkg-query -W -f='${Status}\n' "$deb_p" 2> /dev/null \
      | grep -q 'ok installed' || printf ' %s' "$deb_p"
  done
}

deb_need ()
{
  deb_m=$(deb_missing "$@")
  [ -z "$deb_m" ] && return 0
  if [ "$(id -u)" != 0 ]; then
    deb_die "missing Debian packages:$deb_m; run as root: apt-get update && apt-get install -y$deb_m"
  fi
  echo "pathprof-debian: installing$deb_m" >&2
  # Under the lock: parallel drivers must not run apt-get at the same time.
  deb_locked sh -c '
    m=$1
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q --no-install-recommends $m > /dev/null 2>&1 ||
    { apt-get update -q > /dev/null 2>&1 &&
      apt-get install -y -q --no-install-recommends $m > /dev/null; }' \
    sh "$deb_m" || deb_die "apt-get install$deb_m failed"
}

# deb_run DIR NAME COMMAND: runs the shell command COMMAND and records what
# it does in DIR: its standard output in NAME.out, its standard error in
# NAME.err and its exit status in NAME.rc.  In NAME.err the build
# directory $DEB_OUT is written "@OUT@" and DIR "@DIR@", so that two builds
# in different directories compare equal.  Always succeeds: a workload
# records failures, it does not stop at them.
deb_run ()
{
  deb_rd=$1 deb_rn=$2
  shift 2
  deb_rc=0
  ( eval "$*" ) < /dev/null > "$deb_rd/$deb_rn.out" 2> "$deb_rd/$deb_rn.err.tmp" \
    || deb_rc=$?
  echo $deb_rc > "$deb_rd/$deb_rn.rc"
  sed -e "s|$deb_rd|@DIR@|g" -e "s|${DEB_OUT:-@OUT@}|@OUT@|g" \
    "$deb_rd/$deb_rn.err.tmp" > "$deb_rd/$deb_rn.err"
  rm -f "$deb_rd/$deb_rn.err.tmp"
}

# deb_source: the unpacked sources of the recipe's package (for recipes
# that build out of tree and need the package's own inputs later).
deb_source ()
{
  sh "$DEB_TOP/scripts/debian/fetch.sh" "$DEB_PACKAGE"
}

# deb_corpus SEED SIZE FILE: the deterministic corpus of gen-corpus.py,
# generated once per seed, size and version of the generator into
# $DEB_DIR/.corpus and copied from there: generating one takes longer than
# the programs take to compress it (5 s for 24 MB), time that make bench
# would otherwise count in the workload.
deb_corpus ()
{
  deb_generated gen-corpus.py "$@"
}

# deb_generated GENERATOR SEED SIZE FILE: the same for another generator
# of scripts/debian, run as "python3 GENERATOR SEED SIZE OUT" (a workload
# that ran it itself would also have callgrind follow python3 into a
# process of the system's).
deb_generated ()
{
  deb_cg=$DEB_TOP/scripts/debian/$1
  deb_cf=$DEB_DIR/.corpus/${1%.py}-$2-$3-$(cksum < "$deb_cg" | cut -d' ' -f1)
  if [ ! -f "$deb_cf" ]; then
    mkdir -p "$DEB_DIR/.corpus" || deb_die "cannot create $DEB_DIR/.corpus"
    # A private name, then an atomic rename: parallel workloads may
    # generate the same corpus at the same time.
    python3 "$deb_cg" "$2" "$3" "$deb_cf.$$" && mv "$deb_cf.$$" "$deb_cf" \
      || { rm -f "$deb_cf.$$"; deb_die "cannot generate $deb_cf"; }
  fi
  cp "$deb_cf" "$4"
}

# Parallel jobs for the builds.
DEB_JOBS=${DEB_JOBS:-$(nproc 2> /dev/null || echo 2)}

# deb_cc_with_libs: for build systems that cannot put LIBS after the
# objects of their links (and configure scripts whose link tests would
# then fail on an instrumented object): CC becomes the cc-libs wrapper,
# which appends LIBS to every link command.
deb_cc_with_libs ()
{
  DEB_REAL_CC=$CC DEB_LINK_LIBS=$LIBS CC=$DEB_TOP/scripts/debian/cc-libs
  export DEB_REAL_CC DEB_LINK_LIBS CC
}

# deb_roundtrips DIR NAME FILE PROGRAM OPTIONS [DECOMPRESSIONS]: for each
# option O of OPTIONS, compresses FILE with "PROGRAM -c O" (standard input
# to standard output) into DIR/NAMEO.z, then for each D of DECOMPRESSIONS
# (default -d) decompresses it with "PROGRAM D -c" and compares with FILE;
# everything recorded with deb_run as NAMEO and NAMEOD.
deb_roundtrips ()
{
  deb_qd=$1 deb_qn=$2 deb_qf=$3 deb_qp=$4
  for deb_qo in $5; do
    deb_run "$deb_qd" "$deb_qn$deb_qo" \
      "$deb_qp -c $deb_qo < '$deb_qf' > '$deb_qd/$deb_qn$deb_qo.z'"
    for deb_qx in ${6:--d}; do
      deb_run "$deb_qd" "$deb_qn$deb_qo$deb_qx" \
        "$deb_qp $deb_qx -c < '$deb_qd/$deb_qn$deb_qo.z' | cmp - '$deb_qf'"
    done
  done
}

# deb_configuration OUT: what the configuration of the build in OUT found,
# for comparing two builds: every config.h (by its path under OUT), and the
# results autoconf and libtool cached in every config.log, less those that
# name the compiler and flags themselves.
deb_configuration ()
{
  (cd "$1" && find . -name config.h -o -name config.log | LC_ALL=C sort \
    | while IFS= read -r deb_cf; do
      case $deb_cf in
        */config.h) sed "s|^|$deb_cf: |" "$deb_cf" ;;
        */config.log)
          grep -E '^(ac|lt)_cv_' "$deb_cf" \
            | grep -Ev '^ac_cv_(env_[A-Za-z_]*|prog_(CC|CPP|ac_ct_CC))=' \
            | sed "s|^|$deb_cf: |" ;;
      esac
    done)
}
