# xz (Debian source package xz-utils): liblzma and the xz command.
# Large functions with many paths: lzma_decode (the LZMA decoder's state
# machine, one big switch), lzma2_decode, the block and index decoders,
# the LZMA encoders' price/optimum loops (lzma_lzma_optimum_normal), xz's
# option parser; small ones: the range coder and CRC helpers, the filter
# and check tables.  libtool builds the shared liblzma (which xz uses,
# through the libtool wrapper src/xz/xz) and the static one, each object
# in its own directory (.libs/ for the PIC ones), so each has its own notes
# and gcov files.
DEB_PACKAGE=xz-utils
DEB_NEEDS="make python3"

build ()
{
  cd "$2"
  # An out-of-tree (VPATH) build; configure takes CC, CFLAGS, LDFLAGS and
  # LIBS from the environment.  But libtool's "command to parse nm output"
  # test links with LIBS replaced by its own object, which fails on an
  # instrumented object without -lpathprof: hence the wrapper.
  deb_cc_with_libs
  "$1/configure" --quiet --disable-nls --disable-doc
  make -j"$DEB_JOBS"
  # The test programs, without running them.
  make -j"$DEB_JOBS" check TESTS=
}

# "make check": liblzma's unit tests (checks, stream flags, filter flags,
# block headers, index, BCJ, VLI), test_files.sh (every good and bad file
# of tests/files through xz and xzdec), the compress round trips and the
# xzdiff/xzgrep scripts.
check ()
{
  make -C "$1" check
}

xz_ ()
{
  "$DEB_OUT/src/xz/xz" "$@"
}

# The package's own test files (tests/files: good, bad and unsupported
# .xz, .lzma and .lz streams) tested, listed and decompressed; its sources
# compressed with several presets, checks and filters.
workload_test ()
{
  d=$2 s=$(deb_source)
  for f in "$s"/tests/files/*.xz "$s"/tests/files/*.lzma "$s"/tests/files/*.lz; do
    b=$(basename "$f")
    deb_run "$d" "$b-t" "xz_ -t --format=auto '$f'"
    deb_run "$d" "$b-d" "xz_ -dc --format=auto '$f' | md5sum"
  done
  for f in "$s"/tests/files/good-*.xz "$s"/tests/files/bad-*.xz; do
    deb_run "$d" "$(basename "$f")-l" "cd '$s/tests/files' && xz_ -lvv '$(basename "$f")'"
  done
  cat "$s"/src/liblzma/lzma/*.c > "$d/sources"
  deb_roundtrips "$d" sources "$d/sources" xz_ "-0 -1 -6 -6e --check=none --check=crc32 --check=sha256 --format=lzma --x86"
}

# A 4 MB generated corpus at fast and default presets, with the delta and
# BCJ filters, explicit LZMA2 options, the .lzma format and small blocks.
workload_field ()
{
  d=$2
  deb_corpus 10 4M "$d/corpus"
  deb_roundtrips "$d" corpus "$d/corpus" xz_ "-0 -2 -5 -6e --delta=dist=4 --arm64 --lzma2=preset=3,lc=0,lp=2,pb=0 --lzma2=dict=64KiB,mf=hc4,mode=fast --format=lzma --block-size=100000"
  deb_run "$d" list "xz_ -c --block-size=300000 < '$d/corpus' > '$d/blocks.xz' && cd '$d' && xz_ -lvv blocks.xz"
}

# Compression at -6 and decompression of a 16 MB corpus (quick: 2 MB).
workload_bench ()
{
  d=$2 size=16M
  [ "${3:-}" = quick ] && size=2M
  deb_corpus 11 "$size" "$d/corpus"
  deb_roundtrips "$d" corpus "$d/corpus" xz_ -6
}
