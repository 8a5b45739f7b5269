# pathprof top-level Makefile.
#
#   make              build the core library, plugin, runtime and tool
#   make check        build and run every test
#   make bench-core   speed benchmark of the numbering core
#   make deps         install missing Debian packages (as root), else print
#                     the exact apt-get command
#   make install PREFIX=/usr/local DESTDIR=
#   make example      build, profile and report the bundled example
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

DEB_PACKAGES := gcc-$(GCC_MAJOR)-plugin-dev libgmp-dev libcunit1-dev

.PHONY: all check check-unit bench-core deps install clean
all: $(CORE_LIB)

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iplugin/core -Iruntime -c $< -o $@

$(B)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -Iplugin/core -Iruntime -c $< -o $@

$(CORE_LIB): $(CORE_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(UNIT_BIN): $(UNIT_SRC) $(wildcard tests/unit/*.h) $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iplugin/core -Itests/unit $(UNIT_SRC) $(CORE_LIB) \
	  -lcunit -lgmp -o $@

check: check-unit

check-unit: $(UNIT_BIN)
	$(UNIT_BIN)

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
