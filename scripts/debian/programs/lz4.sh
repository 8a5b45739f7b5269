# lz4 (Debian source package lz4): the LZ4 compressor and its frame
# library.  Large functions with many paths: LZ4F_decompress (the frame
# decoder's state machine), LZ4_compress_generic and the HC match finders,
# the command line parser main(); small ones: the xxHash rounds, the
# buffer helpers.  As Debian does, the program is linked with the shared
# liblz4.so (its sources compiled in one command: their own notes and gcov
# files, apart from liblz4.a's objects).
DEB_PACKAGE=lz4
DEB_NEEDS="make python3"

build ()
{
  cp -a "$1/." "$2/"
  cd "$2"
  # The Makefiles have no LIBS after the objects of their links.
  deb_cc_with_libs
  make -j"$DEB_JOBS" lib lz4 CC="$CC" CFLAGS="$CFLAGS" LDFLAGS="$LDFLAGS"
  # The test programs, built here with the same settings so that "check"
  # builds nothing.
  make -j"$DEB_JOBS" -C tests datagen frametest fuzzer fullbench \
    CC="$CC" CFLAGS="$CFLAGS" LDFLAGS="$LDFLAGS"
}

# tests/Makefile's test-lz4-essentials (the command line: basic, multiple
# files, legacy format, frame concatenation, test mode, content size,
# dictionaries), and the frame and block fuzzers with a fixed seed and 200
# iterations instead of 90 seconds each.  -o: never rebuild.
check ()
{
  cd "$1/tests"
  LD_LIBRARY_PATH=$1/lib make -o ../programs/lz4 -o datagen -o frametest \
    -o fuzzer test-lz4-essentials test-frametest test-fuzzer \
    FUZZER_TIME="-i200 -s1"
}

lz ()
{
  LD_LIBRARY_PATH=$DEB_OUT/lib "$DEB_OUT/programs/lz4" "$@"
}

# The package's own files at fast, default and high levels, block modes,
# legacy format, dictionary compression, --list, and broken input.
workload_test ()
{
  s=$1 d=$2
  cat "$s"/lib/*.c "$s"/lib/*.h > "$d/sources"
  deb_roundtrips "$d" sources "$d/sources" lz "-1 -9 -12 --fast=3 -BD -B4 -l -BX"
  deb_roundtrips "$d" readme "$s/README.md" lz "-1 -12"
  deb_run "$d" dict "lz -c -D '$s/lib/lz4.h' '$s/lib/lz4hc.h' > '$d/dict.lz4' && lz -d -c -D '$s/lib/lz4.h' '$d/dict.lz4' | cmp - '$s/lib/lz4hc.h'"
  deb_run "$d" content-size "lz -c --content-size '$d/sources' > '$d/cs.lz4'"
  deb_run "$d" list "cd '$d' && lz --list cs.lz4 sources-1.z"
  deb_run "$d" test "cd '$d' && lz -t sources-9.z"
  head -c 3000 "$d/sources-9.z" > "$d/trunc.lz4"
  deb_run "$d" truncated "lz -d -c '$d/trunc.lz4'"
  deb_run "$d" notlz4 "lz -d -c '$s/README.md'"
}

# A 6 MB generated corpus at every level family and block size, block
# checksums and dependencies, through stdin and files.
workload_field ()
{
  d=$2
  deb_corpus 8 6M "$d/corpus"
  deb_roundtrips "$d" corpus "$d/corpus" lz "-1 -3 -9 -12 --fast=8 -B4 -B5 -BD -BX --favor-decSpeed"
  deb_run "$d" stdin "lz -5 < '$d/corpus' | lz -d | cmp - '$d/corpus'"
}

# lz4's own benchmark mode (-b: compression and decompression speed) on a
# 32 MB corpus at levels 1 and 9 (quick: 4 MB).  -i0: a fixed amount of
# work (one compression pass of at least 5 MB, decompression passes of at
# least 200 MB) instead of -i1's fixed time (one second each), so that
# the time the workload takes measures the build (make bench).
workload_bench ()
{
  d=$2 size=32M
  [ "${3:-}" = quick ] && size=4M
  deb_corpus 9 "$size" "$d/corpus"
  deb_run "$d" bench1 "lz -b1 -i0 '$d/corpus' 2>&1 | grep -c corpus"
  deb_run "$d" bench9 "lz -b9 -i0 '$d/corpus' 2>&1 | grep -c corpus"
  deb_roundtrips "$d" corpus "$d/corpus" lz "-1 -9"
}
