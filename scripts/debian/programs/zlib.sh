# zlib (Debian source package zlib): the deflate library, with its test
# programs minigzip and example.  Large functions with many paths: inflate
# (a resumable state machine of ~30 states in one switch), deflate's
# longest_match and deflate_slow, inflate_table; small ones: the adler32
# and crc32 helpers and the gz* wrappers.  Both the static (libz.a) and the
# shared (libz.so, from objs/*.o: their own notes and gcov files) library
# are built and tested, as "make test" does.
DEB_PACKAGE=zlib
DEB_NEEDS="make python3"

build ()
{
  cp -a "$1/." "$2/"
  cd "$2"
  # zlib's configure links its feature tests without LIBS (they would fail
  # on an instrumented object and change the configuration), and its
  # Makefile has no LIBS after the objects.
  deb_cc_with_libs
  ./configure
  make -j"$DEB_JOBS" all infcover
}

# What zlib's own configure found: the -D options it added to CFLAGS and
# SFLAGS (NO_vsnprintf, HAVE_HIDDEN, ...), the libraries it builds, and the
# generated zconf.h.
configuration ()
{
  cd "$1"
  for v in CFLAGS SFLAGS; do
    echo "$v: $(sed -n "s/^$v=//p" Makefile | tr ' ' '\n' | grep '^-D' | tr '\n' ' ')"
  done
  grep -E '^(SHAREDLIB|SHAREDLIBV|STATICLIB|LDSHARED)=' Makefile
  sed 's/^/zconf.h: /' zconf.h
}

# "make test" (minigzip round trip and example, static and shared) and
# infcover, the program of "make cover": inflate's own coverage test, bad
# streams included ("make cover" then runs gcov, which is not part of the
# test).  -o: never rebuild with other flags.
check ()
{
  cd "$1"
  make -o all -o static -o shared teststatic testshared && ./infcover
}

mgz ()
{
  "$DEB_OUT/minigzip" "$@"
}

# The package's own sources and test files as inputs at several levels
# and strategies, example's self-test, and broken streams.
workload_test ()
{
  s=$1 d=$2
  cat "$s"/*.c "$s"/*.h > "$d/sources"
  deb_roundtrips "$d" sources "$d/sources" mgz "-1 -6 -9 -f -h -r"
  deb_roundtrips "$d" zlib3 "$s/zlib.3" mgz "-1 -3 -9"
  deb_run "$d" example "cd '$d' && '$s/example' ex.gz"
  head -c 5000 "$d/sources-9.z" > "$d/trunc.gz"
  deb_run "$d" truncated "mgz -d -c < '$d/trunc.gz'"
  cp "$d/sources-6.z" "$d/flip.gz"
  printf '\377\000\377' | dd of="$d/flip.gz" bs=1 seek=3000 conv=notrunc 2> /dev/null
  deb_run "$d" flipped "mgz -d -c < '$d/flip.gz'"
  deb_run "$d" notgzip "mgz -d -c < '$s/zlib.3'"
}

# A 4 MB generated corpus at most levels and every strategy, and a
# two-member gzip file.
workload_field ()
{
  d=$2
  deb_corpus 4 4M "$d/corpus"
  deb_roundtrips "$d" corpus "$d/corpus" mgz "-1 -2 -4 -6 -9 -f -h -r"
  cat "$d/corpus-1.z" "$d/corpus-9.z" > "$d/multi.gz"
  deb_run "$d" multimember "mgz -d -c < '$d/multi.gz' | md5sum"
}

# Compression at -6 and -9 and decompression of a 24 MB corpus (quick:
# 4 MB).
workload_bench ()
{
  d=$2 size=24M
  [ "${3:-}" = quick ] && size=4M
  deb_corpus 5 "$size" "$d/corpus"
  deb_roundtrips "$d" corpus "$d/corpus" mgz "-6 -9"
}
