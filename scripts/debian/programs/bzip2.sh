# bzip2 (Debian source package bzip2): the block-sorting compressor.
# Large functions with many paths: BZ2_decompress (a state machine of ~40
# resumable states in one switch), mainSort/fallbackSort, BZ2_compressBlock;
# small ones: the bit writers, the CRC and the command-line helpers.
# Debian's Makefile builds libbz2.so from .sho objects and links bzip2
# against it (libbz2.a is not built: its .o objects would share notes and
# gcov files with the .sho ones), so the test suite exercises an
# instrumented shared library too.
DEB_PACKAGE=bzip2
DEB_NEEDS="make python3"

build ()
{
  cp -a "$1/." "$2/"
  cd "$2"
  # The Makefile has no LIBS after the objects of its links.
  deb_cc_with_libs
  make -j"$DEB_JOBS" bzip2 bzip2recover CC="$CC" LDFLAGS="$LDFLAGS" \
    CFLAGS="$CFLAGS -D_FILE_OFFSET_BITS=64"
}

# "make test": compresses the three reference samples at -1, -2, -3 and
# decompresses the three .bz2 samples (one with -s), comparing each with
# the bundled result.  -o: never rebuild with the Makefile's own flags.
check ()
{
  cd "$1"
  LD_LIBRARY_PATH=$1 make -o bzip2 -o libbz2.so test
}

bz2 ()
{
  LD_LIBRARY_PATH=$DEB_OUT "$DEB_OUT/bzip2" "$@"
}

bz2recover ()
{
  LD_LIBRARY_PATH=$DEB_OUT "$DEB_OUT/bzip2recover" "$@"
}

# The bundled samples at several levels, integrity tests, and the error
# paths: a truncated and a bit-flipped stream, a missing file, bzip2recover
# on a damaged multi-block file.
workload_test ()
{
  d=$2 s=$1
  for n in 1 2 3; do
    deb_roundtrips "$d" "sample$n" "$s/sample$n.ref" bz2 "-1 -5 -9" "-d -ds"
    deb_run "$d" "sample$n-t" "bz2 -tv '$s/sample$n.bz2'"
  done
  deb_run "$d" empty "printf '' | bz2 -c | bz2 -dc"
  head -c 20000 "$s/sample2.bz2" > "$d/trunc.bz2"
  deb_run "$d" truncated "bz2 -dc '$d/trunc.bz2'"
  cp "$s/sample1.bz2" "$d/flip.bz2"
  printf '\377\377\377\377' | dd of="$d/flip.bz2" bs=1 seek=5000 conv=notrunc 2> /dev/null
  deb_run "$d" flipped "bz2 -tv '$d/flip.bz2'"
  deb_run "$d" missing "bz2 -dc '$d/no-such-file.bz2'"
  cat "$s/sample1.ref" "$s/sample2.ref" "$s/sample3.ref" > "$d/all.ref"
  bz2 -1 -c "$d/all.ref" > "$d/damaged.bz2"
  printf 'XXXXXXXX' | dd of="$d/damaged.bz2" bs=1 seek=150000 conv=notrunc 2> /dev/null
  deb_run "$d" recover "cd '$d' && bz2recover damaged.bz2 && ls rec*damaged.bz2"
  for f in "$d"/rec*damaged.bz2; do
    deb_run "$d" "$(basename "$f")-t" "bz2 -t '$f'"
  done
  deb_run "$d" help "bz2 --help"
}

# A 3 MB generated corpus (another seed than the test inputs) at the
# levels 1, 6 and 9, plus the compressor's repetitive-input fallback sort
# (-9 on runs of one byte).
workload_field ()
{
  d=$2
  deb_corpus 2 3M "$d/corpus"
  deb_roundtrips "$d" corpus "$d/corpus" bz2 "-1 -6 -9" "-d -ds"
  head -c 3000000 /dev/zero | tr '\0' 'a' > "$d/runs"
  deb_roundtrips "$d" runs "$d/runs" bz2 -9 "-d -ds"
  deb_run "$d" stdin "bz2 -9 < '$d/corpus' | bz2 -d | cmp - '$d/corpus'"
}

# Compression and decompression of a 24 MB corpus at -9 (quick: 4 MB).
workload_bench ()
{
  d=$2 size=24M
  [ "${3:-}" = quick ] && size=4M
  deb_corpus 3 "$size" "$d/corpus"
  deb_roundtrips "$d" corpus "$d/corpus" bz2 -9
}
