# pcre2 (Debian source package pcre2): the Perl-compatible regular
# expression library in its three code-unit widths (libpcre2-8, -16 and
# -32, each a shared library built by libtool that pcre2test and pcre2grep
# load), its POSIX wrapper, and the JIT compiler (sljit), which writes
# machine code at run time and calls it.  Large functions with many paths:
# match() of pcre2_match.c (the interpreter, one switch over the opcodes
# whose backtracking "returns" are gotos through a second switch),
# compile_branch and parse_regex of pcre2_compile.c, internal_dfa_match,
# the JIT's compile_matchingpath; small ones: the character-class and
# Unicode property helpers.  Configured as debian/rules does.  On demand
# (tests/realprog and tests/gcov take it by name), not in make check.
DEB_PACKAGE=pcre2
DEB_NEEDS="make"

build ()
{
  # An out-of-tree build.  libtool's configure tests link without LIBS,
  # hence the wrapper.
  cd "$2"
  deb_cc_with_libs
  "$1/configure" --quiet --enable-pcre2-16 --enable-pcre2-32 \
    --disable-pcre2grep-callout --enable-jit \
    CFLAGS="$CFLAGS -Dregcomp=PCRE2regcomp -Dregexec=PCRE2regexec -Dregerror=PCRE2regerror -Dregfree=PCRE2regfree" \
    LDFLAGS="$LDFLAGS"
  make -j"$DEB_JOBS"
  make -j"$DEB_JOBS" pcre2_jit_test pcre2posix_test
}

# "make check": pcre2_jit_test, pcre2posix_test, RunTest (testinput1-26
# for each width, with and without the JIT) and RunGrepTest.
check ()
{
  make -C "$1" check > "$1/check.log" 2>&1 || { tail -40 "$1/check.log"; return 1; }
  grep -E '^(PASS|FAIL|XFAIL|SKIP|ERROR):' "$1/check.log"
}

p2test ()
{
  "$DEB_OUT/pcre2test" "$@"
}

p2grep ()
{
  "$DEB_OUT/pcre2grep" "$@"
}

# The package's own tests 1 and 2 (Perl-compatible patterns, the API and
# errors) with the interpreter in 8 bits, test 4 (Unicode) in 16 bits, and
# pcre2grep's own inputs with a few options; a bad pattern and a missing
# file.
workload_test ()
{
  d=$2 t=$(deb_source)/testdata
  deb_run "$d" test1 "p2test -q '$t/testinput1' | md5sum"
  deb_run "$d" test2 "p2test -q '$t/testinput2' | md5sum"
  deb_run "$d" test4-16 "p2test -q -16 '$t/testinput4' | md5sum"
  deb_run "$d" grep-words "p2grep -n -i 'the|pattern' '$t/grepinput'"
  deb_run "$d" grep-count "p2grep -c -w -e 'line' -e '[0-9]+' '$t/grepinput'"
  deb_run "$d" grep-context "p2grep -C 2 'complete|(?i)pattern' '$t/grepinputx'"
  deb_run "$d" badpattern "p2grep '(unclosed' '$t/grepinput'"
  deb_run "$d" missing "p2grep x '$d/no-such-file'"
}

# Other inputs than the tests': the package's tests 5 and 6 (Unicode in
# 32 bits, DFA matching), test 1 with the JIT, and pcre2grep over a
# generated 2 MB corpus with patterns of several kinds (with the
# interpreter, and one with the JIT, pcre2grep's default).
workload_field ()
{
  d=$2 t=$(deb_source)/testdata
  deb_run "$d" test5-32 "p2test -q -32 '$t/testinput5' | md5sum"
  deb_run "$d" test6 "p2test -q '$t/testinput6' | md5sum"
  deb_run "$d" test1-jit "p2test -q -jit '$t/testinput1' | md5sum"
  deb_corpus 40 2M "$d/corpus"
  deb_run "$d" words "p2grep --no-jit -c -i '\\b(th|wh)[a-z]{2,6}\\b' '$d/corpus'"
  deb_run "$d" alternation "p2grep --no-jit -o '(?:foo|bar|baz|[0-9]{3,})+' '$d/corpus' | md5sum"
  deb_run "$d" backtrack "p2grep --no-jit -c '^(?:[a-z]+ )*[a-z]+\$' '$d/corpus'"
  deb_run "$d" lookaround "p2grep --no-jit -c '(?<=[aeiou])[^aeiou\\s]{3}(?=[aeiou])' '$d/corpus'"
  deb_run "$d" jit "p2grep -c '([a-z])\\1|(?i)qu[a-z]*' '$d/corpus'"
  deb_run "$d" invert "p2grep --no-jit -v -c '[aeiou]' '$d/corpus'"
}

# pcre2grep over a 12 MB generated corpus (quick: 3 MB) with the
# interpreter: words, alternations and backtracking.
workload_bench ()
{
  d=$2 size=12M
  [ "${3:-}" = quick ] && size=3M
  deb_corpus 41 "$size" "$d/corpus"
  deb_run "$d" words "p2grep --no-jit -c -i '\\b(th|wh)[a-z]{2,6}\\b' '$d/corpus'"
  deb_run "$d" alternation "p2grep --no-jit -o '(?:foo|bar|baz|[0-9]{3,})+' '$d/corpus' | md5sum"
  deb_run "$d" backtrack "p2grep --no-jit -c '^(?:[a-z]+ )*[a-z]+\$' '$d/corpus'"
}
