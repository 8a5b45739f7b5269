# make (Debian source package make-dfsg): GNU make, the one program of
# the set that is all processes: it starts its recipes with posix_spawn
# (or fork and exec), runs itself recursively, reads its jobserver pipe,
# catches signals and loads shared objects built by its own makefiles
# (`load`), which its test suite compiles with the build's own CC and
# CFLAGS, so with the plugin.  Large functions with many paths:
# read.c's eval (the makefile parser) and its helpers, variable expansion
# (variable_expand_string, the function table's func_*), the implicit rule
# search (pattern_search), update_file_1 and the job runner
# (new_job, reap_children, start_job_command); small ones: the string
# and hash helpers.
DEB_PACKAGE=make-dfsg
DEB_NEEDS="make perl python3 autoconf automake autopoint gettext pkg-config"

build ()
{
  cp -a "$1/." "$2/"
  cd "$2"
  # The dfsg package ships no configure script (Debian's rules run
  # dh_autoreconf); pkg-config provides pkg.m4 for the guile check.
  autoreconf -fi > autoreconf.log 2>&1 || { cat autoreconf.log; return 1; }
  # The test suite compiles and links shared objects for `load` with the
  # CC, CFLAGS and LDFLAGS configure saw (tests/config-flags.pm), in an
  # environment it empties: so CC is a wrapper that holds its settings
  # (the real compiler and LIBS, appended to links; with the plugin, the
  # objects need the runtime).
  cat > "$2/cc-with-libs" <<EOF
#!/bin/sh
DEB_REAL_CC='$CC' DEB_LINK_LIBS='$LIBS' PATHPROF_REAL_CC='${PATHPROF_REAL_CC:-gcc}'
export DEB_REAL_CC DEB_LINK_LIBS PATHPROF_REAL_CC
exec '$DEB_TOP/scripts/debian/cc-libs' "\$@"
EOF
  chmod +x "$2/cc-with-libs"
  # Debian's configuration of the make package (debian/rules): no guile,
  # no load average from libutil.
  ac_cv_lib_util_getloadavg=no ./configure --quiet --with-guile=no \
    CC="$2/cc-with-libs" CFLAGS="$CFLAGS" LDFLAGS="$LDFLAGS" LIBS=
  make -j"$DEB_JOBS"
}

# "make check": tests/run_make_tests, about 100 scripts (features,
# functions, options, targets, variables, misc) running make some 750
# times on makefiles they write: parallel jobs and the jobserver, output
# sync, signals, recursion, `load`ed objects (built with CC), errors and
# their exact messages.  -o make: never rebuild.
check ()
{
  # The test driver runs make in an environment of its own (test_driver.pl
  # keeps a fixed list of variables, and some tests run "env -i make"):
  # without PATHPROF_FILE, make writes its profile at the default place,
  # make.ppd in the directory it started in, tests/ for all of the
  # suite's runs.  A link there sends them to PATHPROF_FILE: the runtime
  # updates the file a link points to.  (gcov's .gcda files are next to
  # the objects either way.)
  deb_profile=${PATHPROF_FILE:-}
  case $deb_profile in
    ''|/*) ;;
    *) deb_profile=$PWD/$deb_profile ;;
  esac
  cd "$1"
  rm -f tests/make.ppd
  [ -z "$deb_profile" ] || ln -s "$deb_profile" tests/make.ppd
  deb_status=0
  # functions/shell has a shell kill itself with SIGINT: a suite started
  # in the background of a non-interactive shell inherits SIGINT ignored,
  # and that test fails, instrumented or not.
  env --default-signal=INT make -o make check || deb_status=$?
  [ -z "$deb_profile" ] || rm -f tests/make.ppd
  return $deb_status
}

mk_ ()
{
  "$DEB_OUT/make" --no-print-directory "$@"
}

# Makefiles of the test workload, each a feature group of make's manual.
write_test_makefiles ()
{
  wd=$1
  cat > "$wd/functions.mk" <<'EOF'
.DEFAULT_GOAL := all
words := the quick brown fox jumps over the lazy dog
src := a.c b.c sub/c.c d.cc e.h
rev = $(if $(1),$(call rev,$(wordlist 2,$(words $(1)),$(1))) $(firstword $(1)))
define make-rule
$(1).out: ; @echo building $(1) from $(2)
endef
$(foreach n,one two three,$(eval $(call make-rule,$(n),$(n).in)))
all: one.out two.out three.out
	@echo sorted: $(sort $(words))
	@echo count: $(words $(words)) unique: $(words $(sort $(words)))
	@echo objs: $(patsubst %.c,%.o,$(filter %.c,$(src)))
	@echo notc: $(filter-out %.c,$(src)) dirs: $(dir $(src)) notdir: $(notdir $(src))
	@echo subst: $(subst o,0,$(words)) strip: '$(strip   a   b  )'
	@echo suffix: $(suffix $(src)) base: $(basename $(src)) addprefix: $(addprefix x/,a b)
	@echo rev: $(call rev,1 2 3 4 5)
	@echo join: $(join a b c,1 2) word3: $(word 3,$(words)) lastword: $(lastword $(words))
	@echo findstring: $(findstring fox,$(words)) [$(findstring cat,$(words))]
	@echo and/or: $(and a,b,c) [$(and a,,c)] $(or ,,x) [$(or ,)]
	@echo origin: $(origin words) $(origin .DEFAULT_GOAL) $(origin undefined) $(origin MAKEFLAGS)
	@echo flavor: $(flavor words) $(flavor rev) $(flavor undefined)
	@echo value: '$(value rev)'
	@echo shell: $(shell printf '%s\n' z y x | sort | tr '\n' ' ')
	@echo file: $(file >$(DIR)/f.txt,$(words))$(file <$(DIR)/f.txt)
EOF
  cat > "$wd/rules.mk" <<'EOF'
.SUFFIXES:
.PHONY: all clean
OBJS := o/a.o o/b.o o/c.o
all: prog.out twice stat/x.s stat/y.s
prog.out: $(OBJS) | o
	@echo link $@ from $^ by the $(LABEL); cat $^ > $@
o/%.o: %.i | o
	@echo compile $@ from $< $(LABEL); cat $< > $@
%.i: %.c
	@echo preprocess $@ from $<; sed 's/^/# /' $< > $@
o: ; @mkdir -p $@
%.c: ; @echo generate $@; echo "source $*" > $@
twice:: ; @echo twice first
twice:: ; @echo twice second
stat/x.s stat/y.s: stat/%.s: %.c
	@mkdir -p stat; echo static $@ $<; cp $< $@
prog.out: private LABEL = linker
o/b.o: LABEL = special
clean: ; rm -rf o stat *.out *.c
EOF
  cat > "$wd/errors.mk" <<'EOF'
X = $(X) more
loop: ; @echo $(X)
missing: nosuchfile
fails: ; @false
keep: fails ok
ok: ; @echo ok ran
warn: ; $(warning a warning from $@)@echo after the warning
error: ; $(error stopping at $@)
EOF
  printf 'bad line without colon\n' > "$wd/syntax.mk"
  mkdir -p "$wd/sub/leaf"
  cat > "$wd/sub/Makefile" <<'EOF'
export DEPTH := 1
all: ; @$(MAKE) -C leaf LEVEL=one && echo sub done $(MAKELEVEL)
EOF
  cat > "$wd/sub/leaf/Makefile" <<'EOF'
all: ; @echo leaf at level $(MAKELEVEL) LEVEL=$(LEVEL) DEPTH=$$DEPTH
EOF
}

# The test set: make's features on small makefiles (functions, pattern
# chains with intermediate files, order-only and double-colon rules,
# static patterns, recursion), the question and touch modes, and errors
# (a recursive variable, a missing prerequisite, a failing recipe with
# and without -k, $(warning), $(error), a syntax error, no makefile).
workload_test ()
{
  d=$2 w=$2/work
  mkdir -p "$w"
  write_test_makefiles "$w"
  deb_run "$d" functions "cd '$w' && mk_ -f functions.mk DIR='$w'"
  deb_run "$d" rules "cd '$w' && mk_ -f rules.mk && mk_ -f rules.mk && mk_ -q -f rules.mk; echo q=\$?"
  deb_run "$d" rules-touch "cd '$w' && rm -f prog.out && mk_ -t -f rules.mk prog.out && ls o"
  deb_run "$d" rules-dry "cd '$w' && mk_ -n -B -f rules.mk"
  deb_run "$d" rules-clean "cd '$w' && mk_ -f rules.mk clean && mk_ -j3 -O -f rules.mk | sort"
  deb_run "$d" recursive "cd '$w/sub' && mk_"
  for t in loop missing fails error warn; do
    deb_run "$d" "err-$t" "cd '$w' && mk_ -f errors.mk $t"
  done
  deb_run "$d" err-keep "cd '$w' && mk_ -k -f errors.mk keep"
  deb_run "$d" err-syntax "cd '$w' && mk_ -f syntax.mk"
  deb_run "$d" err-nomakefile "cd '$w/sub/leaf' && rm -f Makefile && mk_"
  deb_run "$d" version "mk_ --version | head -1"
}

# A generated project of N modules in D directories: every module's
# "object" depends on its source and on headers through dependency files
# that the build writes and includes (as gcc -MD would); a library per
# directory, a recursive make per directory, the top level linking them.
# The recipes copy and concatenate files: make's own work dominates.
write_project ()
{
  wp=$1 wn=$2 wdirs=$3
  mkdir -p "$wp"
  wi=0
  while [ $wi -lt "$wdirs" ]; do
    mkdir -p "$wp/d$wi"
    cat > "$wp/d$wi/Makefile" <<'EOF'
SRCS := $(sort $(wildcard m*.src))
OBJS := $(SRCS:.src=.obj)
lib.a: $(OBJS)
	@cat $^ > $@
%.obj: %.src
	@{ echo "obj $*"; sed -n 's/^use //p' $< | sed 's/^/uses /'; cat $<; } > $@
	@printf '%s: %s' $@ $< > $*.dep; sed -n 's/^use /  ..\/h\//p' $< | tr -d '\n' >> $*.dep; echo >> $*.dep
-include $(OBJS:.obj=.dep)
clean: ; @rm -f *.obj *.dep lib.a
.PHONY: clean
EOF
    wi=$((wi + 1))
  done
  mkdir -p "$wp/h"
  awk -v n="$wn" -v dirs="$wdirs" -v p="$wp" 'BEGIN {
    srand(17)
    for (h = 0; h < 40; h++) print "header " h > (p "/h/h" h ".h")
    for (m = 0; m < n; m++) {
      f = p "/d" (m % dirs) "/m" m ".src"
      print "module " m > f
      k = int(rand() * 4)
      for (j = 0; j < k; j++) print "use h" int(rand() * 40) ".h" > f
      close(f)
    }
  }'
  cat > "$wp/Makefile" <<EOF
DIRS := \$(patsubst %/Makefile,%,\$(wildcard d*/Makefile))
LIBS := \$(DIRS:%=%/lib.a)
all: image
image: \$(LIBS)
	@cat \$^ | wc -l > \$@; echo linked \$(words \$^) libraries: \$\$(cat \$@) lines
\$(LIBS): FORCE
	@\$(MAKE) -C \$(@D) lib.a
FORCE:
clean: ; @for d in \$(DIRS); do \$(MAKE) -C \$\$d clean; done; rm -f image
.PHONY: all clean FORCE
EOF
}

# The field set: a generated project of 1,500 modules in 12 directories
# built with 4 jobs, rebuilt after touching a header (the dependency
# files decide what is rebuilt), a dry run of a clean tree, a build with
# a failing module under -k, and the database of a large makefile.
workload_field ()
{
  d=$2 p=$2/proj
  write_project "$p" 1500 12
  deb_run "$d" build "cd '$p' && mk_ -j4 -O all | sort"
  deb_run "$d" uptodate "cd '$p' && mk_ -j4 all | sort"
  deb_run "$d" touched "cd '$p' && sleep 1 && touch h/h7.h && mk_ -j4 all | sort && find . -name '*.obj' -newer h/h7.h | wc -l"
  # (-n prints the recursive makes' commands, with the path of make.)
  deb_run "$d" dry "cd '$p' && mk_ clean > /dev/null && mk_ -n all | sed 's|$DEB_OUT/make|make|' | sort | md5sum"
  # A module that cannot be read: its recipe fails, -k builds the rest.
  deb_run "$d" keep "cd '$p' && mkdir d3/m9999.src && mk_ -k all | sort"
  deb_run "$d" database "cd '$p/d5' && mk_ -p -q lib.a | grep -c -e '^m[0-9]*\\.obj:' -e '^# Implicit Rules'"
}

# A dry run (-n) of a generated makefile of many targets: parsing,
# variable expansion and the function table (foreach, eval, patsubst),
# implicit rule search and the dependency graph, without starting a
# process (quick: fewer targets).
workload_bench ()
{
  d=$2 n=40000
  [ "${3:-}" = quick ] && n=8000
  awk -v n="$n" 'BEGIN {
    print "N := " n
    print "NUMS := $(shell seq 1 $(N))"
    print "define rule"
    print "e$(1): t$(1) $(addprefix t,$(wordlist 2,3,$(2))) ; @echo $$@ $$(words $$^) $(subst 1,one,$(1))"
    print "endef"
    print "$(foreach i,$(wordlist 1,$(words $(NUMS)),$(NUMS)),$(if $(filter %0,$(i)),$(eval $(call rule,$(i),$(i) $(i)))))"
    for (i = 1; i <= n; i++)
      printf "t%d: p%d p%d%s\n\t@echo $@ $(words $^) $(patsubst p%%,q%%,$^)\n", i, i, (i * 7) % n + 1, (i % 5 == 0 ? " " sprintf("t%d", i - 1) : "")
    printf "p%%: ; @echo prereq $@ $(suffix $@.x) $(notdir a/$@)\n"
    printf "all:"
    for (i = 1; i <= n; i += 3) printf " t%d", i
    for (i = 10; i <= n; i += 10) printf " e%d", i
    printf "\n"
  }' > "$d/big.mk"
  deb_run "$d" dry "mk_ -n -f '$d/big.mk' all | md5sum"
  deb_run "$d" question "mk_ -q -f '$d/big.mk' all; echo q=\$?"
}
