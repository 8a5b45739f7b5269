# pathprof top-level Makefile.
#
#   make              build the core library, plugin, runtime and tool
#   make check        build and run every test (CHECK_JOBS at once)
#   make bench-core   speed benchmark of the numbering core
#   make bench [BENCH=quick]
#                     pathprof against gcov on real programs (runtime,
#                     compile time, size, compactness, residual paths,
#                     cost model); report in $(B)/bench/results
#   make deps         install missing Debian packages (as root), else print
#                     the exact apt-get command
#   make install PREFIX=/usr/local DESTDIR=
#   make example      build, profile and report the bundled example
#   make check-torture
#                     GCC's torture tests in every mode (on demand)
#   make check-plugin-sanitized
#                     check-plugin with the plugin built with ASan and
#                     UBSan, in cc1 (on demand)
#   make fuzz [FUZZ_SECONDS=120] [FUZZ_TARGETS="notes ppd"]
#                     coverage-guided fuzzing of the file readers (on
#                     demand)
#
# Out-of-tree build directory: $(B).

CC       ?= gcc
CXX      ?= g++
B        := build
PREFIX   ?= /usr/local
DESTDIR  ?=

GCC_MAJOR := $(shell $(CC) -dumpversion | cut -d. -f1)
GCC_PLUGIN_DIR := $(shell $(CC) -print-file-name=plugin)

WARN     := -Wall -Wextra
CFLAGS   ?= -O2 -g
override CFLAGS += -std=gnu11 $(WARN)
CXXFLAGS ?= -O2 -g
override CXXFLAGS += -std=gnu++14 $(WARN) -fno-exceptions -fno-rtti

CORE_SRC := $(sort $(wildcard plugin/core/*.c))
CORE_OBJ := $(patsubst %.c,$(B)/%.o,$(CORE_SRC))
CORE_PIC := $(patsubst %.c,$(B)/pic/%.o,$(CORE_SRC))
CORE_LIB := $(B)/libppcore.a

UNIT_SRC := $(sort $(wildcard tests/unit/*.c))
UNIT_BIN := $(B)/tests/unit_core

# python3-jsonschema validates `pathprof show --json` against its schema in
# the tool tests.
DEB_PACKAGES := gcc-$(GCC_MAJOR)-plugin-dev libgmp-dev libcunit1-dev \
  python3-jsonschema

.PHONY: all check check-unit bench-core deps install clean
all: $(CORE_LIB)

# make check runs the test targets of every section (CHECKS, below) in a
# make of its own, CHECK_JOBS of them at once (default: the CPUs; most of
# them run one process at a time), the longest first, so that their
# serial stretches overlap, and with -k, so that one failure does not hide
# the others.  Each target's output is printed, whole, when it ends
# (--output-sync).  The tests run without make's jobserver in their
# environment (RUN_TEST), as from a shell: the real programs' own builds
# and test suites run make themselves.
CHECKS :=
CHECK_JOBS ?= $(shell nproc 2> /dev/null || echo 2)
LONG_CHECKS := check-gcov check-plugin check-ippp check-rpp check-realprog
RUN_TEST := env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL
check:
	@$(MAKE) --no-print-directory -k -j$(CHECK_JOBS) --output-sync=target \
	  $(foreach c,$(LONG_CHECKS),$(filter $(c),$(CHECKS))) \
	  $(filter-out $(LONG_CHECKS),$(CHECKS))

# Core objects depend on every core header and the format header: a
# changed struct must never leave objects compiled against the old one.
CORE_HDR := $(wildcard plugin/core/*.h) runtime/pathprof-format.h

$(B)/%.o: %.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iplugin/core -Iruntime -c $< -o $@

$(B)/pic/%.o: %.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -Iplugin/core -Iruntime -c $< -o $@

$(CORE_LIB): $(CORE_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(UNIT_BIN): $(UNIT_SRC) $(wildcard tests/unit/*.h) $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iplugin/core -Itests/unit $(UNIT_SRC) $(CORE_LIB) \
	  -lcunit -lgmp -o $@

CHECKS += check-unit check-runtime check-tool

# The same tests built with AddressSanitizer and UndefinedBehaviorSanitizer,
# every report fatal, on 500 random graphs instead of 3000 (12 s instead
# of 100): what the plain run survives (a write past a test's own array
# did, for months).
UNIT_SAN_BIN := $(B)/tests/unit_core_san
SAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
  -fno-sanitize-recover=all
$(UNIT_SAN_BIN): $(UNIT_SRC) $(wildcard tests/unit/*.h) $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 $(WARN) $(SAN_FLAGS) -Iplugin/core -Iruntime \
	  -Itests/unit $(UNIT_SRC) $(CORE_SRC) -lcunit -lgmp -o $@

check-unit: $(UNIT_BIN) $(UNIT_SAN_BIN)
	$(RUN_TEST) $(UNIT_BIN)
	PP_TEST_GRAPHS=500 $(RUN_TEST) $(UNIT_SAN_BIN)

$(B)/tests/bench_core: tests/bench/bench_core.c $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iplugin/core $< $(CORE_LIB) -lgmp -o $@

bench-core: $(B)/tests/bench_core
	$<

# Installs what the build needs.  As root it runs apt-get; otherwise it
# prints the command to run.
deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" \
	    || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then echo "deps: all present:$(foreach p,$(DEB_PACKAGES), $(p))"; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "deps: installing$$missing"; \
	  (apt-get install -y -q $$missing || \
	   (apt-get update -q && apt-get install -y -q $$missing)) >/dev/null; \
	else echo "deps: missing$$missing; run as root:"; \
	  echo "  apt-get update && apt-get install -y$$missing"; exit 1; fi

install: all
	install -d $(DESTDIR)$(PREFIX)/lib/pathprof $(DESTDIR)$(PREFIX)/include/pathprof
	install -m 644 $(CORE_LIB) $(DESTDIR)$(PREFIX)/lib/pathprof/
	install -m 644 plugin/core/ppcore.h runtime/pathprof-format.h \
	  $(DESTDIR)$(PREFIX)/include/pathprof/

clean:
	rm -rf $(B)

# --- runtime ---
# libpathprof: linked into every instrumented program (0BSD).  Built -fPIC
# so that it can also go into instrumented shared libraries, and with
# hidden visibility so that each executable or shared library gets its own
# private copy, as with libgcov (see runtime/runtime-internal.h).  Fixed
# flags: the archive must not depend on the user's CFLAGS.
#
# On x86, the linker marks a program for Intel CET (indirect branch
# tracking, shadow stack) only if every object it links is marked, so a
# runtime built without -fcf-protection would silently take that
# hardening away from every instrumented program built with it (as the
# toolchains of Ubuntu and Fedora do by default); marked objects cost
# nothing in programs built without it.  libgcov is built the same way.
RT_CET_CFLAGS := $(shell $(CC) -fcf-protection=full -x c -c /dev/null \
                   -o /dev/null 2> /dev/null && echo -fcf-protection=full)
RT_SRC    := $(sort $(wildcard runtime/*.c))
RT_OBJ    := $(patsubst runtime/%.c,$(B)/runtime/%.o,$(RT_SRC))
RT_HDR    := $(wildcard runtime/*.h)
RT_LIB    := $(B)/libpathprof.a
RT_CFLAGS := -std=gnu11 -O2 -g -fPIC -fvisibility=hidden $(WARN) \
             $(RT_CET_CFLAGS)
# Where the specs file points: the plugin in the build tree (for tests)
# and once installed.  The plugin's own rules produce RT_PLUGIN_BUILD.
RT_PLUGIN_BUILD   ?= $(abspath $(B))/pathprof.so
RT_PLUGIN_INSTALL ?= $(PREFIX)/lib/pathprof/pathprof.so
RT_LIBDIR_INSTALL ?= $(PREFIX)/lib
RT_SPECS  := $(B)/pathprof.specs
RT_TESTS_DIR := tests/runtime

.PHONY: runtime check-runtime install-runtime
all: runtime
runtime: $(RT_LIB) $(RT_SPECS)

$(B)/runtime/%.o: runtime/%.c $(RT_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(RT_CFLAGS) -Iruntime -c $< -o $@

$(RT_LIB): $(RT_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# The build-tree specs file (gcc -specs=build/pathprof.specs) uses the
# plugin and library of the build tree; install writes one with the
# installed paths.
$(RT_SPECS): specs/pathprof.specs.in Makefile
	@mkdir -p $(dir $@)
	sed -e 's|@PLUGIN@|$(RT_PLUGIN_BUILD)|g' -e 's|@LIBDIR@|$(abspath $(B))|g' \
	  $< > $@.tmp && mv $@.tmp $@

check-runtime: $(RT_LIB) $(RT_SPECS) $(B)/pathprof
	$(RUN_TEST) sh $(RT_TESTS_DIR)/run.sh $(abspath $(B))

install-runtime: $(RT_LIB)
	install -d $(DESTDIR)$(RT_LIBDIR_INSTALL) $(DESTDIR)$(PREFIX)/include/pathprof \
	  $(DESTDIR)$(PREFIX)/lib/pathprof
	install -m 644 $(RT_LIB) $(DESTDIR)$(RT_LIBDIR_INSTALL)/libpathprof.a
	install -m 644 runtime/pathprof.h runtime/pathprof-format.h \
	  $(DESTDIR)$(PREFIX)/include/pathprof/
	sed -e 's|@PLUGIN@|$(RT_PLUGIN_INSTALL)|g' -e 's|@LIBDIR@|$(RT_LIBDIR_INSTALL)|g' \
	  specs/pathprof.specs.in > $(DESTDIR)$(PREFIX)/lib/pathprof/pathprof.specs
	chmod 644 $(DESTDIR)$(PREFIX)/lib/pathprof/pathprof.specs
install: install-runtime
# --- end runtime ---

# --- tool ---
# The pathprof command: reads notes (.ppno) and profiles (.ppd); uses the
# core (GMP) to rebuild DAGs and decode path ids, and the runtime's own
# ppd-io.c so that there is one reader/writer of the data format.
TOOL_SRC := $(sort $(wildcard tool/*.c))
TOOL_OBJ := $(patsubst tool/%.c,$(B)/tool/%.o,$(TOOL_SRC))
TOOL_BIN := $(B)/pathprof
TOOL_VERSION ?= 0.1
TOOL_TESTS_DIR := tests/tool

.PHONY: tool check-tool install-tool
all: tool
tool: $(TOOL_BIN)

$(B)/tool/%.o: tool/%.c $(wildcard tool/*.h) runtime/ppd-io.h $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DPATHPROF_VERSION='"$(TOOL_VERSION)"' -Iplugin/core \
	  -Iruntime -c $< -o $@

$(TOOL_BIN): $(TOOL_OBJ) $(B)/runtime/ppd-io.o $(CORE_LIB)
	$(CC) $(CFLAGS) $^ -lgmp -o $@

check-tool: $(TOOL_BIN)
	$(RUN_TEST) sh $(TOOL_TESTS_DIR)/run.sh $(abspath $(B))

install-tool: $(TOOL_BIN)
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(TOOL_BIN) $(DESTDIR)$(PREFIX)/bin/pathprof
install: install-tool
# --- end tool ---

# --- plugin ---
# build/pathprof.so: the GCC plugin (C++ without exceptions or RTTI), linked
# with the -fPIC build of the numbering core.  GCC's headers are included
# with -isystem so that -Wall -Wextra judge our code, not theirs.
PLUGIN_SRC := $(sort $(wildcard plugin/*.cc))
PLUGIN_OBJ := $(patsubst plugin/%.cc,$(B)/plugin/%.o,$(PLUGIN_SRC))
PLUGIN_HDR := $(wildcard plugin/*.h) plugin/core/ppcore.h \
  runtime/pathprof-format.h
PLUGIN_SO  := $(B)/pathprof.so
PLUGIN_CXXFLAGS := $(CXXFLAGS) -fPIC -isystem $(GCC_PLUGIN_DIR)/include \
  -Iplugin -Iplugin/core -Iruntime

.PHONY: plugin
all: plugin
plugin: $(PLUGIN_SO)

$(B)/plugin/%.o: plugin/%.cc $(PLUGIN_HDR)
	@mkdir -p $(dir $@)
	$(CXX) $(PLUGIN_CXXFLAGS) -c $< -o $@

$(PLUGIN_SO): $(PLUGIN_OBJ) $(CORE_PIC)
	$(CXX) -shared $(PLUGIN_OBJ) $(CORE_PIC) -lgmp -o $@

.PHONY: install-plugin
install-plugin: $(PLUGIN_SO)
	install -d $(DESTDIR)$(dir $(RT_PLUGIN_INSTALL))
	install -m 755 $(PLUGIN_SO) $(DESTDIR)$(RT_PLUGIN_INSTALL)
install: install-plugin

# The plugin's own tests (plugin/tests/run.sh): an exactness oracle that
# replays block traces, and a stand-in runtime, so the plugin is tested
# independently of libpathprof and the tool.
PLUGIN_TESTS := $(B)/plugin-tests/oracle $(B)/plugin-tests/harness.o
.PHONY: check-plugin
CHECKS += check-plugin
check-plugin: $(PLUGIN_SO) $(PLUGIN_TESTS)
	$(RUN_TEST) sh plugin/tests/run.sh $(abspath $(B))
# The runtime's tests build a program with the specs file, so with the
# plugin.
check-runtime: $(PLUGIN_SO)

$(B)/plugin-tests/oracle: plugin/tests/oracle.c $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iplugin/core $< $(CORE_LIB) -lgmp -o $@

$(B)/plugin-tests/harness.o: plugin/tests/harness.c runtime/pathprof-format.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iruntime -c $< -o $@
# --- end plugin ---

# --- example ---
.PHONY: example
example: all
	sh scripts/run-example.sh $(B)

# --- residual path profiling, against two Ball-Larus profiles ---
.PHONY: check-rpp
CHECKS += check-rpp
check-rpp: all
	$(RUN_TEST) sh tests/rpp/run.sh $(B)

# --- end-to-end ---
.PHONY: check-e2e
CHECKS += check-e2e
check-e2e: all
	$(RUN_TEST) sh tests/e2e/run.sh $(B)

# --- inter-procedural (IPPP) ---
# Trace builds, pathprof ips, IPPP and Ball-Larus-over-supergraph builds
# against an independent oracle (tests/ippp/run.sh: test programs, zlib's
# minigzip when its Debian sources can be had, the plugin's test cases;
# about a minute).
.PHONY: check-ippp
CHECKS += check-ippp
check-ippp: all
	$(RUN_TEST) sh tests/ippp/run.sh $(B)

# --- realprog ---
# Real programs from Debian source packages (scripts/debian; the sources
# are fetched with apt-get source into build/debian/src, and missing build
# dependencies installed with apt-get as root): built at -O2 with the
# plugin, their own test suites and workloads (tests/realprog), and the
# gcov oracle on them and on the test programs (tests/gcov).
.PHONY: check-realprog check-gcov
CHECKS += check-realprog check-gcov
check-realprog: all
	$(RUN_TEST) sh tests/realprog/run.sh $(B)
# The two levels have their own work directories (and scripts/debian
# locks its cache for apt-get): they run at once, the -O0 one's report
# printed after the -O2 one's.
check-gcov: all
	@$(RUN_TEST) sh tests/gcov/run.sh $(B) > $(B)/check-gcov-O0.log 2>&1 & o0=$$!; \
	PATHPROF_GCOV_OPT=-O2 $(RUN_TEST) sh tests/gcov/run.sh $(B) bzip2 zlib mawk lzip xz-utils; \
	o2=$$?; wait $$o0; o0=$$?; \
	echo "== sh tests/gcov/run.sh $(B)"; cat $(B)/check-gcov-O0.log; \
	test $$o0 = 0 && test $$o2 = 0
# --- end realprog ---

# --- torture ---
# make check-torture: GCC's own torture tests (gcc.c-torture/execute and
# compile, from Debian's gcc source package) built with the plugin in
# every mode must behave as the plain builds do (tests/torture/run.sh).
# Not part of check: about an hour on 2 cores.  TORTURE_MODES="bl2 wpp2"
# and TORTURE_TESTS="pr12345 ..." narrow it.
.PHONY: check-torture
check-torture: all
	sh tests/torture/run.sh $(B) $(if $(TORTURE_MODES),-m "$(TORTURE_MODES)") \
	  $(TORTURE_TESTS)
# --- end torture ---

# --- sanitized plugin ---
# make check-plugin-sanitized: check-plugin with the plugin (and the core
# it links) built with AddressSanitizer and UndefinedBehaviorSanitizer
# into $(B)/san, loaded into a cc1 that preloads their runtimes
# (tests/sanitized/run.sh).  Not part of check: a sanitized build and a
# slower run (about 6 minutes on 2 cores).
.PHONY: check-plugin-sanitized
# The oracle, the stand-in runtime, the runtime and the tool are the plain
# ones: the test programs are not sanitized.
check-plugin-sanitized: $(PLUGIN_TESTS) $(TOOL_BIN) $(RT_LIB)
	$(MAKE) B=$(B)/san CFLAGS="$(SAN_FLAGS)" CXXFLAGS="$(SAN_FLAGS)" \
	  $(B)/san/pathprof.so
	mkdir -p $(B)/san/plugin-tests
	cp $(PLUGIN_TESTS) $(B)/san/plugin-tests/
	cp $(TOOL_BIN) $(RT_LIB) $(B)/san/
	sh tests/sanitized/run.sh $(B)/san
# --- end sanitized plugin ---

# --- fuzz ---
# make fuzz: libFuzzer (clang, ASan, UBSan) on the readers of every file
# format: interesting-path, segments, notes, trace and profile files,
# FUZZ_SECONDS each (default 120), from corpora seeded with real builds'
# files (tests/fuzz/README).  Not part of check: clang, and time.
.PHONY: fuzz
fuzz: all
	sh tests/fuzz/run.sh $(B) $(if $(FUZZ_SECONDS),-t $(FUZZ_SECONDS)) \
	  $(FUZZ_TARGETS)
# --- end fuzz ---

# --- bench ---
# make bench: pathprof against gcov on the real programs of scripts/debian
# (scripts/bench/README: what it measures and how; about two hours on 2
# cores).  BENCH=quick: five programs, fewer rounds, under 10 minutes.
# BENCH_PROGRAMS="bzip2 zlib" measures only those.  The report, its plots
# and data.json go to $(B)/bench/results, the builds to $(B)/bench/work.
# check-bench runs the quick mode on bzip2 and checks what it produced
# (tests/bench/run.sh, about 50 s).
BENCH ?= full
.PHONY: bench check-bench
bench: all
	sh scripts/bench/bench.sh --mode $(BENCH) --build $(B) \
	  $(if $(BENCH_PROGRAMS),--programs "$(BENCH_PROGRAMS)")
CHECKS += check-bench
check-bench: all
	$(RUN_TEST) sh tests/bench/run.sh $(B)
# --- end bench ---
