# mawk (Debian source package mawk): Mike Brennan's AWK interpreter.
# Large functions with many paths: execute (the bytecode interpreter, one
# switch over ~90 opcodes), the yacc parser yyparse, the scanner's
# yylex, the regular expression matcher REtest/REmatch; small ones: cell
# casts, hashing, field splitting helpers.
DEB_PACKAGE=mawk
DEB_NEEDS="make python3"

build ()
{
  cp -a "$1/." "$2/"
  cd "$2"
  # configure takes CC, CFLAGS, LDFLAGS and LIBS from the environment and
  # appends LIBS to its link tests and to the program's link, but not to
  # the link of makescan, the generator of scancode.c.
  deb_cc_with_libs
  ./configure --quiet
  make -j"$DEB_JOBS" mawk
}

# "make check": test/mawktest (field splitting, regular expressions, word
# counts and frequencies, the decl grammar, null bytes, nextfile) and
# test/fpe_test (floating point exceptions).  -o: never rebuild.
check ()
{
  cd "$1"
  status=0
  # mawktest writes its stderr file into $TMPDIR (default /tmp) and
  # never removes it (it removes only its stdout file): keep it here.
  mkdir -p check-tmp
  TMPDIR=$1/check-tmp make -o mawk check > check.log 2>&1 || status=$?
  cat check.log
  # mawktest counts failures in its output rather than in its status.
  [ $status = 0 ] && ! grep -q 'fail' check.log
}

awk_ ()
{
  "$DEB_OUT/mawk" "$@"
}

# The package's examples on its own sources and test data (the test
# suite's inputs): primes, qsort, C declarations, comments, word counts,
# dependency lists; and errors (syntax, division by zero, missing file).
workload_test ()
{
  s=$1 d=$2 e=$1/examples t=$1/test
  deb_run "$d" primes "awk_ -f '$e/primes.awk' 2 3000"
  deb_run "$d" qsort "awk_ -f '$e/qsort.awk' '$t/mawktest.dat'"
  deb_run "$d" decl "awk_ -f '$e/decl.awk' '$s/types.h' '$s/mawk.h' '$s/symtype.h'"
  deb_run "$d" gdecl "awk_ -f '$e/gdecl.awk' '$s/types.h' '$s/symtype.h'"
  deb_run "$d" nocomment "awk_ -f '$e/nocomment.awk' '$s/execute.c'"
  deb_run "$d" ctlength "awk_ -f '$e/ct_length.awk' '$s/execute.c' '$s/scan.c'"
  deb_run "$d" eatc "awk_ -f '$e/eatc.awk' '$s/field.c'"
  deb_run "$d" deps "cd '$s' && awk_ -f '$e/deps.awk' array.c bi_funct.c cast.c"
  deb_run "$d" wc "awk_ -f '$t/wc.awk' '$t/mawktest.dat'"
  deb_run "$d" wfrq "awk_ -f '$t/wfrq0.awk' '$t/mawktest.dat' | sort"
  for n in 0 1 2 3 4 5 6 7; do
    deb_run "$d" "reg$n" "awk_ -f '$t/reg$n.awk' '$t/mawktest.dat'"
  done
  deb_run "$d" nulls "awk_ -f '$t/nulls0.awk' '$t/mawknull.dat'"
  deb_run "$d" syntax "awk_ 'BEGIN { x = ( }'"
  deb_run "$d" divzero "awk_ 'BEGIN { x = 0; print 1 / x }'"
  deb_run "$d" missing "awk_ '{ print }' '$d/no-such-file'"
  deb_run "$d" version "awk_ -W version | head -1"
}

# Larger, different inputs: a 2 MB generated corpus of text and tables
# through word frequencies, field arithmetic, regular expression
# substitutions, printf formats, split and associative arrays, getline
# and output pipes.
workload_field ()
{
  d=$2
  deb_corpus 6 2M "$d/corpus.bin"
  # The text and table lines only (the corpus also has binary chunks).
  LC_ALL=C grep -a -E '^[a-z ]+$|^[0-9]+,' "$d/corpus.bin" > "$d/corpus" || true
  deb_run "$d" words "awk_ '{ for (i = 1; i <= NF; i++) n[\$i]++ }
    END { for (w in n) print n[w], w }' '$d/corpus' | sort -k1,1nr -k2 | head -200"
  deb_run "$d" table "awk_ -F, 'NF == 4 { s[\$4] += \$3; c[\$4]++; if (\$2 > m) m = \$2 }
    END { for (k in s) printf \"%s %d %.2f\\n\", k, c[k], s[k] / c[k]; print m }' '$d/corpus' | sort"
  deb_run "$d" gsub "awk_ '{ n += gsub(/[aeiou]+/, \"<&>\"); m += sub(/^[a-z]+ /, \"\") }
    length(\$0) > 70 { long++ } END { print n, m, long }' '$d/corpus'"
  deb_run "$d" match "awk_ 'match(\$0, /(t[a-z]*e|[0-9]+\\.[0-9]+)/) { c[substr(\$0, RSTART, RLENGTH)]++ }
    END { for (k in c) if (c[k] > 20) print c[k], k }' '$d/corpus' | sort -k1,1nr -k2"
  deb_run "$d" printf "awk_ -F, 'NF == 4 && NR % 7 == 0 { printf \"%-8s|%08.3f|%x|%e|%c\\n\", \$4, \$3, \$2, \$1, \$2 % 90 + 33 }' '$d/corpus'"
  deb_run "$d" split "awk_ '{ n = split(\$0, a, /[ ,]+/); t += n; r = \"\"; for (i = n; i > 0; i--) r = r a[i]; l += length(r) }
    END { print t, l, toupper(substr(r, 1, 40)) }' '$d/corpus'"
  deb_run "$d" getline "awk_ 'BEGIN { while ((getline line < \"$d/corpus\") > 0) { n++; b += length(line) }
    print n, b; print \"sorted\" | \"cat\"; close(\"cat\") }'"
  deb_run "$d" rs "awk_ 'BEGIN { RS = \"e\" } { n++; s += length(\$0) } END { print n, s, NR }' '$d/corpus'"
}

# AWK benchmarks: a sieve and string building in loops, word frequencies
# and a recursive function, on a 8 MB corpus (quick: 1 MB).
workload_bench ()
{
  d=$2 size=8M n=2000000
  [ "${3:-}" = quick ] && size=1M n=200000
  deb_corpus 7 "$size" "$d/corpus.bin"
  LC_ALL=C grep -a -E '^[a-z ]+$|^[0-9]+,' "$d/corpus.bin" > "$d/corpus" || true
  deb_run "$d" sieve "awk_ -v n=$n 'BEGIN { for (i = 2; i <= n; i++) if (!(i in c)) { p++; for (j = i + i; j <= n; j += i) c[j] } print p }'"
  deb_run "$d" fib "awk_ 'function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) } BEGIN { print fib(24) }'"
  deb_run "$d" words "awk_ '{ for (i = 1; i <= NF; i++) n[\$i]++ } END { for (w in n) k++; print k }' '$d/corpus'"
  deb_run "$d" concat "awk_ -v n=$n 'BEGIN { for (i = 0; i < n / 10; i++) s = s sprintf(\"%d,\", i % 97); print length(s) }'"
}
