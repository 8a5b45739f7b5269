# zstd (Debian source package libzstd): the Zstandard compressor, its
# library compiled into the program, with its gzip, xz and lz4 support.
# Large functions with many paths: the block decoders and sequence
# executors (always_inline templates instantiated per variant), the
# optimal parser ZSTD_compressBlock_opt_generic, the row and chain match
# finders, the huffman and FSE coders, the frame parameters' checks; the
# multi-threaded compressor (-T: a thread pool and job queue) and
# functions built for other instruction set extensions (BMI2, selected at
# run time).  Its configuration is the Makefile's probes for zlib, liblzma
# and liblz4 (links of a small program: an instrumented probe must link
# with LIBS too, hence deb_cc_with_libs).
DEB_PACKAGE=libzstd
DEB_NEEDS="make python3 zlib1g-dev liblzma-dev liblz4-dev file"

build ()
{
  cp -a "$1/." "$2/"
  cd "$2"
  deb_cc_with_libs
  make -j"$DEB_JOBS" -C programs zstd CC="$CC" CFLAGS="$CFLAGS" \
    LDFLAGS="$LDFLAGS"
  # The test programs, built here with the same settings so that "check"
  # builds nothing.
  make -j"$DEB_JOBS" -C tests datagen fuzzer zstreamtest legacy \
    invalidDictionaries decodecorpus CC="$CC" CFLAGS="$CFLAGS" \
    LDFLAGS="$LDFLAGS"
}

# What the Makefile's probes found, for comparing two builds: the
# formats the program supports, and what its link probes (-z noexecstack,
# -z cet-report=error) leave in the program: the stack's permissions and
# its x86 features.  Run in the build directory, where an instrumented
# build writes its profile (zstd.ppd).
configuration ()
{
  (cd "$1/programs" && ./zstd -vV 2>&1) | sed -n 's/^\*\*\* supports: /supports: /p'
  readelf -lW "$1/programs/zstd" | awk '$1 == "GNU_STACK" { print "stack: " $7 }'
  readelf -n "$1/programs/zstd" | sed -n 's/^ *Properties: //p'
}

# tests/Makefile's shortest (playTests.sh without its large-data tests:
# the command line), then its fuzzer, zstreamtest (both APIs), legacy,
# invalidDictionaries and decodecorpus, with a fixed seed and number of
# tests instead of a time limit.  Run directly: the Makefile's targets
# rebuild programs/zstd with its own flags.
check ()
{
  cd "$1/tests"
  ZSTD_BIN="$1/programs/zstd" DATAGEN_BIN=./datagen ./playTests.sh \
    && ./fuzzer -i20 -s1 \
    && ./zstreamtest -i20 -s1 \
    && ./zstreamtest --newapi -t1 -i20 -s1 \
    && ./legacy \
    && ./invalidDictionaries \
    && ./decodecorpus -t -n50 -s1
}

zs ()
{
  "$DEB_OUT/programs/zstd" -q "$@"
}

# The package's own files at fast, default, high and ultra levels, with
# two worker threads, long-distance matching, a trained dictionary; the
# gzip, xz and lz4 formats; --list, --test, and broken input.
workload_test ()
{
  s=$1 d=$2
  cat "$s"/lib/*/*.c "$s"/lib/*/*.h > "$d/sources"
  deb_roundtrips "$d" sources "$d/sources" zs \
    "-1 -3 -12 -19 --fast=4 -T2 --long=24 --format=gzip --format=xz --format=lz4"
  deb_roundtrips "$d" readme "$s/README.md" zs "-1 --ultra"
  mkdir -p "$d/samples"
  for f in "$s"/lib/common/*.c "$s"/lib/compress/*.c; do
    split -b 4k -a 3 "$f" "$d/samples/$(basename "$f")."
  done
  deb_run "$d" train "zs --train '$d'/samples/* -o '$d/dict' --maxdict=16384"
  deb_run "$d" dict "zs -c -D '$d/dict' < '$s/lib/zstd.h' > '$d/dict.zst' && zs -d -c -D '$d/dict' < '$d/dict.zst' | cmp - '$s/lib/zstd.h'"
  deb_run "$d" list "cd '$d' && zs --list sources-1.z sources-19.z"
  deb_run "$d" test "cd '$d' && zs -t sources-3.z"
  head -c 3000 "$d/sources-3.z" > "$d/trunc.zst"
  deb_run "$d" truncated "zs -d -c < '$d/trunc.zst'"
  deb_run "$d" notzstd "zs -d -c < '$s/README.md'"
}

# A 6 MB generated corpus at every level family, multi-threaded and with
# long-distance matching, block-size and rsyncable modes, through stdin
# and files; patch-from between files, and from stdin, which zstd refuses
# without --stream-size (error 42, an exit deep in the compressor's
# set-up: the paths in flight in its callers are lost).
workload_field ()
{
  d=$2
  deb_corpus 8 6M "$d/corpus"
  deb_roundtrips "$d" corpus "$d/corpus" zs \
    "-1 -4 -9 -16 --fast=7 -T2 --long -B65536 --rsyncable --no-check"
  head -c 5000000 "$d/corpus" > "$d/old"
  deb_run "$d" patch "cd '$d' && zs --patch-from=old corpus -o patch.zst && zs -d --patch-from=old patch.zst -o patched && cmp patched corpus"
  deb_run "$d" patch-stdin "zs --patch-from='$d/old' -c < '$d/corpus'"
  deb_run "$d" files "cd '$d' && cp corpus c2 && zs -6 c2 -o c2.zst && zs -d -f c2.zst -o c3 && cmp c3 corpus"
}

# zstd's own benchmark mode (-b: compression and decompression speed) on
# a 32 MB corpus (quick: 4 MB) at levels 1, 3 and 12, one pass each
# (-i0: a fixed amount of work instead of a time).
workload_bench ()
{
  d=$2 size=32M
  [ "${3:-}" = quick ] && size=4M
  deb_corpus 9 "$size" "$d/corpus"
  deb_run "$d" bench "zs -b1 -e3 -i0 '$d/corpus' 2>&1 | grep -c corpus"
  deb_run "$d" bench12 "zs -b12 -i0 '$d/corpus' 2>&1 | grep -c corpus"
  deb_roundtrips "$d" corpus "$d/corpus" zs "-1 -12"
}
