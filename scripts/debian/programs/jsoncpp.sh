# jsoncpp (Debian source package libjsoncpp): the JSON reader and writer
# library for C++, built as Debian builds it (CMake, a shared library
# libjsoncpp.so that the test programs link), with its test runner
# jsontestrunner_exe and its unit tests jsoncpp_test.  The C++ program of
# the set that is made of templates: std::map, std::vector, std::string
# and iostreams instantiated in every translation unit (the same inline
# function counted in up to six objects, the library's and the
# programs'), virtual calls, exceptions thrown by the library and caught
# by its callers, and a shared library.  Large functions with many paths:
# Json::Reader's and Json::OurReader's token readers and number decoders,
# Json::Value's comparisons and conversions, the styled writers; small
# ones: Value's accessors and the standard library's.
DEB_PACKAGE=libjsoncpp
DEB_NEEDS="cmake make python3"

build ()
{
  # An out-of-tree build: CMake compiles by absolute file names, which
  # name each function's source (its identity in profiles and
  # interesting-path files, as in gcov's), so every build compiles the
  # same files, as a user's test and beta builds would.
  cd "$2"
  # Compiled and linked with $CC, the gcc driver (C++ for .cpp files), with
  # -lstdc++ and LIBS appended to every link by the wrapper.  Debian's own
  # configuration (debian/rules): shared library only.  No build type, so
  # that CMake adds no flags of its own to CFLAGS; the unit tests run by
  # "check", not as a step of the build.
  LIBS="$LIBS -lstdc++"
  deb_cc_with_libs
  cmake -DCMAKE_CXX_COMPILER="$CC" -DCMAKE_BUILD_TYPE=None \
    -DCMAKE_CXX_FLAGS="$CFLAGS" -DCMAKE_EXE_LINKER_FLAGS="$LDFLAGS" \
    -DCMAKE_SHARED_LINKER_FLAGS="$LDFLAGS" \
    -DBUILD_STATIC_LIBS=OFF -DBUILD_OBJECT_LIBS=OFF \
    -DJSONCPP_WITH_POST_BUILD_UNITTEST=OFF "$1" > /dev/null
  make -j"$DEB_JOBS"
}

# What CMake found: its cache (less the flags, which differ by design, and
# comments), and what it detected of the C++ compiler (less the libraries
# and directories the driver links implicitly: those of the instrumented
# build include LIBS, which the wrapper appends to CMake's test links).
configuration ()
{
  cd "$1"
  grep -v -e '^#' -e '^//' -e '^$' -e '^CMAKE_CXX_FLAGS:' CMakeCache.txt \
    | sed "s|$1|OUT|g" | LC_ALL=C sort
  grep -v -e 'IMPLICIT_LINK_LIBRARIES' -e 'IMPLICIT_LINK_DIRECTORIES' \
    CMakeFiles/*/CMakeCXXCompiler.cmake | sed "s|$1|OUT|g"
}

# CMake's three tests (CTestTestfile.cmake), run as ctest runs them but
# on a copy of the package's test directory: runjsontests.py writes its
# results next to its inputs, and the sources are shared by the builds.
# jsoncpp_test, about 150 unit tests of the library (values, readers,
# writers, iterators, exceptions); runjsontests.py, which runs
# jsontestrunner_exe on the documents of test/data and compares its value
# trees and rewrites with the expected ones, then on the JSON checker's
# valid and invalid documents in strict mode.
check ()
{
  rm -rf "$1/test"
  cp -a "$(deb_source)/test" "$1/test"
  (cd "$1/src/test_lib_json" && "$1/bin/jsoncpp_test") \
    && cd "$1/test/data" \
    && python3 -B ../runjsontests.py "$1/bin/jsontestrunner_exe" "$1/test/data" \
    && python3 -B ../runjsontests.py --with-json-checker \
         "$1/bin/jsontestrunner_exe" "$1/test/data"
}

# jsontestrunner_exe on the JSON document $2 (copied into $1) with the
# options $3: what it printed, its exit status, and the files it wrote
# (the value tree read, the rewrite, the value tree of the rewrite).
jt_ ()
{
  jt_d=$1 jt_f=$2 jt_o=$3
  jt_n=$(basename "$jt_f" .json)$(echo "$jt_o" | tr -d ' -')
  cp "$jt_f" "$jt_d/$jt_n.json"
  deb_run "$jt_d" "$jt_n" \
    "'$DEB_OUT/bin/jsontestrunner_exe' $jt_o '$jt_d/$jt_n.json'"
  for jt_x in actual rewrite actual-rewrite; do
    [ ! -f "$jt_d/$jt_n.$jt_x" ] || mv "$jt_d/$jt_n.$jt_x" "$jt_d/$jt_n.$jt_x.out"
  done
}

# The package's own documents: test/data (values, numbers, strings,
# comments, the legacy reader's cases) with the default writer, and the
# JSON checker's valid and invalid documents in strict mode.
workload_test ()
{
  d=$2 s=$(deb_source)/test
  for f in "$s"/data/*.json; do
    jt_ "$d" "$f" ""
  done
  for f in "$s"/jsonchecker/*.json; do
    jt_ "$d" "$f" --json-checker
  done
  mkdir -p "$d/in"
  printf '{"a": [1, 2' > "$d/in/truncated.json"
  jt_ "$d" "$d/in/truncated.json" ""
  deb_run "$d" config "'$DEB_OUT/bin/jsontestrunner_exe' --json-config"
  deb_run "$d" badwriter "'$DEB_OUT/bin/jsontestrunner_exe' --json-writer Nope x.json"
}

# Generated documents (scripts/debian/gen-json.py) of 300 KB to 1 MB
# through each of the three writers and the strict reader, and an array
# nested 900 deep (the reader's limit is 1000).
workload_field ()
{
  d=$2
  mkdir -p "$d/in"
  for seed in 1 2 3; do
    deb_generated gen-json.py $seed 300000 "$d/in/gen$seed.json"
  done
  deb_generated gen-json.py 4 1000000 "$d/in/big.json"
  for w in StyledWriter StyledStreamWriter BuiltStyledStreamWriter; do
    jt_ "$d" "$d/in/gen1.json" "--json-writer $w"
  done
  jt_ "$d" "$d/in/gen2.json" ""
  jt_ "$d" "$d/in/gen3.json" --json-checker
  jt_ "$d" "$d/in/big.json" "--json-writer BuiltStyledStreamWriter"
  { printf '%0900d' 0 | tr 0 '['; printf 1; printf '%0900d\n' 0 | tr 0 ']'; } \
    > "$d/in/nested.json"
  jt_ "$d" "$d/in/nested.json" ""
}

# A generated document of 8 MB (quick: 2 MB) read, written and read again
# by the default writer and by the StreamWriterBuilder's.
workload_bench ()
{
  d=$2 size=8000000
  [ "${3:-}" = quick ] && size=2000000
  mkdir -p "$d/in"
  deb_generated gen-json.py 5 $size "$d/in/bench.json"
  jt_ "$d" "$d/in/bench.json" ""
  jt_ "$d" "$d/in/bench.json" "--json-writer BuiltStyledStreamWriter"
}
