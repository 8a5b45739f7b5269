# lzip (Debian source package lzip): the lzip compressor, the one C++
# program of the set (classes with inline members, exceptions thrown
# through the decoder and caught in main, std::bad_alloc).  Large functions
# with many paths: LZ_encoder::sequence_optimizer (the LZMA optimal parse
# with its price loops), LZ_decoder::decode_member (the decoder's state
# machine), FLZ_encoder::encode_member (lzip -0), main's option handling;
# small ones: the range coder's bit encoders, the match finders, the CRC.
# Compiled and linked with $CC, the gcc driver, which compiles .cc files
# as C++ (cc1plus, where the plugin runs as in cc1) and links with
# -lstdc++ added: the instrumented and gcov builds then need no C++ twin
# of $CC (CXX) in the drivers.
DEB_PACKAGE=lzip
DEB_NEEDS="make python3"

build ()
{
  cd "$2"
  # An out-of-tree (VPATH) build.  configure takes its settings as
  # arguments; the Makefile links with no LIBS after the objects, hence
  # the wrapper, which appends LIBS and the C++ runtime.
  LIBS="$LIBS -lstdc++"
  deb_cc_with_libs
  "$1/configure" CXX="$CC" CXXFLAGS="$CFLAGS" LDFLAGS="$LDFLAGS" > /dev/null
  make -j"$DEB_JOBS"
}

# "make check": testsuite/check.sh, about 200 checks of the command line
# (options, bad arguments), compression at every level, decompression of
# the bundled good, damaged and truncated .lz files (bad CRCs, bad
# dictionary sizes, trailing data, empty members), concatenated members
# and -t/-l on all of them.
check ()
{
  make -C "$1" -o lzip check
}

lz_ ()
{
  "$DEB_OUT/lzip" "$@"
}

# The package's own test files (testsuite: good, damaged and trailing-data
# .lz files) tested, listed and decompressed; its own test text compressed
# at several levels and with explicit dictionary and match lengths.
workload_test ()
{
  d=$2 s=$(deb_source)/testsuite
  for f in "$s"/*.lz; do
    b=$(basename "$f")
    deb_run "$d" "$b-t" "lz_ -tv '$f'"
    deb_run "$d" "$b-l" "cd '$s' && lz_ -lv '$b'"
    deb_run "$d" "$b-d" "lz_ -dc '$f' | md5sum"
  done
  deb_roundtrips "$d" text "$s/test.txt" lz_ "-0 -1 -6 -9 -s4KiB -m12 --match-length=273" "-d -dq"
  deb_run "$d" missing "lz_ -dc '$d/no-such-file.lz'"
  # --help names the program by its path, which differs between builds.
  deb_run "$d" help "lz_ --help | sed 's|$DEB_OUT/||'"
}

# A 4 MB generated corpus at the fast encoder's level (-0) and at the
# optimal parser's (-3, -6, -9), multimember output (-b), and a run of one
# byte (the match finders' worst case).
workload_field ()
{
  d=$2
  deb_corpus 20 4M "$d/corpus"
  deb_roundtrips "$d" corpus "$d/corpus" lz_ "-0 -3 -6 -9 -b500KiB"
  head -c 2000000 /dev/zero | tr '\0' 'a' > "$d/runs"
  deb_roundtrips "$d" runs "$d/runs" lz_ "-0 -9"
  deb_run "$d" list "lz_ -c -b300KiB < '$d/corpus' > '$d/members.lz' && cd '$d' && lz_ -lv members.lz"
}

# Compression at -6 and decompression of a 12 MB corpus (quick: 2 MB).
workload_bench ()
{
  d=$2 size=12M
  [ "${3:-}" = quick ] && size=2M
  deb_corpus 21 "$size" "$d/corpus"
  deb_roundtrips "$d" corpus "$d/corpus" lz_ -6
}
