# gawk (Debian source package gawk): GNU awk, an interpreter like mawk but
# with everything around it: its extensions are libtool modules it loads
# with dlopen (filefuncs, fork, readdir, rwarray, time, ...; each built
# from a source of its own name, the case where libtool's link deleted the
# notes, e8ae52f), pipes, two-way coprocesses, system(), fork and wait
# from an extension, signals, its persistent-memory allocator, and a
# test suite of about 900 programs.  Large functions with many paths:
# r_interpret (the bytecode interpreter), the yacc parser, format_tree
# (printf), the regex matchers (dfa.c, regexec.c); small ones: node and
# array helpers.  On demand (tests/realprog and tests/gcov take it by name),
# not in make check.
DEB_PACKAGE=gawk
DEB_NEEDS="make locales"

build ()
{
  # In a copy of the sources: the parsers' C files name their grammars by
  # relative names (#line "awkgram.y"), which gcov must find from the
  # build directory.  Configured as debian/rules does.  libtool's
  # configure tests link without LIBS, hence the wrapper.  Debian's source
  # has no manual (gawktexi.in), so the default target, which formats it,
  # cannot be made: gawk itself, its support library and the extensions,
  # and the test suite's one program (for its persistent-memory tests).
  cp -a "$1/." "$2/"
  cd "$2"
  deb_cc_with_libs
  ./configure --quiet --disable-rpath
  make -j"$DEB_JOBS" -C support
  make -j"$DEB_JOBS" gawk
  make -j"$DEB_JOBS" -C extension
  make -C test makepmafile
}

# "make check" of test/: the basic, Unix, extension, locale, MPFR (when
# configure found it), persistent-memory and machine tests.  Three of the
# locale tests need en_US.UTF-8, which a machine may lack: it is compiled
# from the locales package's sources into the build (LOCPATH), without
# changing the system's locales.
check ()
{
  mkdir -p "$1/locale"
  [ -d "$1/locale/en_US.UTF-8" ] \
    || localedef -i en_US -f UTF-8 "$1/locale/en_US.UTF-8" > /dev/null 2>&1 \
    || [ -d "$1/locale/en_US.UTF-8" ] \
    || deb_die "cannot compile the locale en_US.UTF-8 (localedef)"
  LOCPATH=$1/locale make -C "$1/test" check
}

aw_ ()
{
  AWKLIBPATH=$DEB_OUT/extension/.libs "$DEB_OUT/gawk" "$@"
}

# The manual's example programs (awklib/eg) on the package's own texts,
# one-liners of the kinds awk is used for, the extensions, and errors.
workload_test ()
{
  d=$2 s=$(deb_source) eg=$(deb_source)/awklib/eg
  cat "$s/NEWS" "$s/README" "$s/POSIX.STD" > "$d/text"
  for p in wordfreq dupword histsort; do
    deb_run "$d" "$p" "aw_ -f '$eg/prog/$p.awk' < '$d/text'"
  done
  deb_run "$d" uniq "aw_ -f '$eg/lib/getopt.awk' -f '$eg/prog/uniq.awk' < '$d/text' | md5sum"
  # A program that calls a function nobody defined: a fatal error.
  deb_run "$d" undefined "aw_ -f '$eg/prog/uniq.awk' -- -c '$d/text'"
  deb_run "$d" cut "aw_ -f '$eg/lib/getopt.awk' -f '$eg/prog/cut.awk' -- -c1-20 '$d/text'"
  deb_run "$d" egrep "aw_ -f '$eg/lib/getopt.awk' -f '$eg/prog/egrep.awk' -- -i 'awk|posix' '$d/text'"
  deb_run "$d" translate "aw_ -f '$eg/prog/translate.awk' abc xyz < '$d/text'"
  deb_run "$d" fields "aw_ -F: '{ n[\$NF]++ } END { for (k in n) c++; print c, NR }' /etc/passwd"
  deb_run "$d" printf "aw_ 'BEGIN { for (i = -3; i < 300; i += 7) printf \"%5d %-8x %e %s %c\\n\", i, i, i / 3, i, i + 64 }'"
  deb_run "$d" arrays "aw_ '{ for (i = 1; i <= NF; i++) w[length(\$i)][\$i]++ } END { PROCINFO[\"sorted_in\"] = \"@ind_num_asc\"; for (l in w) print l, length(w[l]) }' '$d/text'"
  deb_run "$d" gensub "aw_ '{ print gensub(/([a-z]+)-([a-z]+)/, \"\\\\2_\\\\1\", \"g\") }' '$d/text' | md5sum"
  deb_run "$d" pipe "aw_ '{ print \$1 | \"sort -u\" } END { close(\"sort -u\"); while ((\"echo a b c\" | getline x) > 0) print x }' '$d/text' | md5sum"
  deb_run "$d" coproc "aw_ 'BEGIN { c = \"sort -r\"; for (i = 0; i < 50; i++) print i |& c; close(c, \"to\"); while ((c |& getline l) > 0) s = s l \",\"; print s }'"
  deb_run "$d" filefuncs "aw_ -l filefuncs 'BEGIN { r = stat(\"$s/NEWS\", st); print r, st[\"type\"], st[\"name\"] }' | sed 's|$s|SRC|'"
  deb_run "$d" fork "aw_ -l fork 'BEGIN { p = fork(); if (p == 0) { print \"child\"; exit 3 } else { print \"parent\"; r = waitpid(p); print \"waited\" } }' | sort"
  deb_run "$d" rwarray "aw_ -l rwarray 'BEGIN { a[1] = \"x\"; a[\"k\"][2] = 3.5; writea(\"$d/arr\", a); delete a; reada(\"$d/arr\", a); print a[1], a[\"k\"][2] }'"
  deb_run "$d" syntax "aw_ 'BEGIN { print ( }'"
  deb_run "$d" divzero "aw_ 'BEGIN { x = 0; print 1 / x }'"
  deb_run "$d" missing "aw_ '{ print }' '$d/no-such-file'"
  deb_run "$d" exit "aw_ 'BEGIN { exit 7 }'"
}

# A 2 MB generated text (gen-corpus.py): word counts, field splitting,
# substitutions, sorting with asort and PROCINFO["sorted_in"], printf and
# a program that keeps reading through pipes.
workload_field ()
{
  d=$2 eg=$(deb_source)/awklib/eg
  deb_corpus 30 2M "$d/corpus"
  deb_run "$d" wordfreq "LC_ALL=C aw_ -f '$eg/prog/wordfreq.awk' < '$d/corpus' | md5sum"
  deb_run "$d" split "LC_ALL=C aw_ -F'[,;]' '{ for (i = 1; i <= NF; i++) s[NF] += length(\$i) } END { for (k in s) t += s[k]; print t, NR }' '$d/corpus'"
  deb_run "$d" gsub "LC_ALL=C aw_ '{ n += gsub(/[aeiou]+/, \"<&>\"); m += sub(/[0-9]+\$/, \"#\") } END { print n, m }' '$d/corpus'"
  deb_run "$d" asort "LC_ALL=C aw_ '{ a[NR] = \$1 } END { n = asort(a); print n, a[1], a[int(n / 2)], a[n] }' '$d/corpus'"
  deb_run "$d" numbers "LC_ALL=C aw_ '{ for (i = 1; i <= NF; i++) if (\$i ~ /^[0-9.]+\$/) { s += \$i; c++ } } END { printf \"%d %.6g\\n\", c, s }' '$d/corpus'"
  deb_run "$d" printf "LC_ALL=C aw_ '{ printf \"%08.3f|%-10.10s|%x\\n\", length(\$0) / 7, \$1, NR }' '$d/corpus' | md5sum"
  deb_run "$d" lines "LC_ALL=C aw_ -f '$eg/lib/getopt.awk' -f '$eg/prog/uniq.awk' -- -c '$d/corpus' | md5sum"
}

# Word frequencies and substitutions over a 12 MB generated text (quick:
# 3 MB).
workload_bench ()
{
  d=$2 size=12M eg=$(deb_source)/awklib/eg
  [ "${3:-}" = quick ] && size=3M
  deb_corpus 31 "$size" "$d/corpus"
  deb_run "$d" wordfreq "LC_ALL=C aw_ -f '$eg/prog/wordfreq.awk' < '$d/corpus' | md5sum"
  deb_run "$d" gsub "LC_ALL=C aw_ '{ n += gsub(/[aeiou]+/, \"<&>\") } END { print n }' '$d/corpus'"
}
