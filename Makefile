# uarch — one binary, plain GNU make.
#   make                 build ./uarch
#   make check           build and run the test suite (tests/run.sh; last line "N passed, N failed")
#   make check SAN=1     the same suite built with -fsanitize=address,undefined (in build-san/)
#   make cross           build an AArch64 uarch with aarch64-linux-gnu-gcc (in build-aarch64/; dynamic,
#                        run with qemu-aarch64 -L /usr/aarch64-linux-gnu)
#   make fuzz            build and run the fuzzers (clang -fsanitize=fuzzer; tests/fuzz/fuzz.mk), FUZZ_SECONDS=600
#   make bench           speed benchmarks against peers measured in the same run
#   make eval            accuracy of the mca models on the measured M1 tests (needs ../shared)
#   make deps            install the optional tools with apt-get (cross compiler, qemu, llvm-mca 19, ...)
#   make install         install uarch and the uarch-mca link into $(PREFIX)/bin
#   make PGO=0           build once, without the profile-guided second build (see PGO below)

CC      ?= cc
HOSTCC  ?= cc
CFLAGS  ?= -O2 -g
PREFIX  ?= /usr/local
STD      = -std=c11 -Wall -Wextra -Wno-missing-field-initializers
LDLIBS   = -lm -lpthread -ldl

ifeq ($(SAN),1)
  B       := build-san
  CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
  LDFLAGS += -fsanitize=address,undefined
else ifneq ($(CROSS),)
  B       := build-aarch64
  CC      := $(CROSS)gcc
  # dynamic, not -static: `uarch bench` dlopens the kernels it builds.  Run it with
  # qemu-aarch64 -L /usr/aarch64-linux-gnu build-aarch64/uarch ...
else
  B       ?= build
endif

CPPFLAGS += -Isrc -I$(B)/gen -D_POSIX_C_SOURCE=200809L

# Profile-guided optimisation (gcc): an instrumented uarch is built in $(B)/pgo and run on a
# training input (the code of the measured M1 tests in tests/data and examples/, not the
# benchmark's input), then every object is compiled again with that profile.  About 6 % less
# time for `uarch mca` (make bench).  On by default for a native gcc build (PGO=0 turns it off,
# e.g. for a quicker edit-compile loop); off for SAN=1, CROSS= and other compilers.  The
# profiled build is also link-time optimised (-flto=auto: about 5 % less again, same output).
PGO ?= auto
ifeq ($(PGO),auto)
  PGO := $(if $(or $(filter 1,$(SAN)),$(CROSS)),0,$(if $(filter 1,$(shell $(CC) -v 2>&1 | grep -c '^gcc version')),1,0))
endif
ifeq ($(PGO),1)
  PGO_STAMP := $(B)/pgo/profile.stamp
  PGO_USE   := -fprofile-use -fprofile-partial-training -Wno-missing-profile -flto=auto
  LTO_LINK  := -flto=auto $(CFLAGS)
endif

SRCS     := $(wildcard src/*/*.c)
# Generated C (tables turned from TSV at build time) is listed by the sections below.
GEN_SRCS :=
# tools/gen-table.c: a TSV data file -> a C array (built with $(HOSTCC), so `make cross` works)
GEN_TABLE := $(B)/tools/gen-table
$(GEN_TABLE): tools/gen-table.c | $(B)/.dirs
	@mkdir -p $(dir $@)
	$(HOSTCC) -O2 -o $@ $<

# --- CPU models: models/<cpu>/*.tsv -> $(B)/gen/models.c --------------------------------
-include models/models.mk
-include src/asm/asm.mk
-include src/a64/isa.mk
-include src/clock/clock.mk
-include src/bench/bench.mk
-include src/pmu/pmu.mk
-include src/mca/mca.mk

OBJS      := $(patsubst src/%.c,$(B)/obj/%.o,$(SRCS)) $(patsubst $(B)/gen/%.c,$(B)/obj/gen/%.o,$(GEN_SRCS))
MAIN_OBJ  := $(B)/obj/main.o
UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_OBJS := $(patsubst tests/unit/%.c,$(B)/obj/tests/unit/%.o,$(UNIT_SRCS))

all: uarch

ifeq ($(B),build)
uarch: $(B)/uarch
	@ln -sf $(B)/uarch uarch
else
uarch: $(B)/uarch
endif

$(B)/uarch: $(MAIN_OBJ) $(OBJS)
	$(CC) $(LDFLAGS) $(LTO_LINK) -o $@ $^ $(LDLIBS)

$(B)/unit-tests: $(UNIT_OBJS) $(OBJS)
	$(CC) $(LDFLAGS) $(LTO_LINK) -o $@ $^ $(LDLIBS)

$(B)/obj/%.o: src/%.c $(GEN_SRCS) $(PGO_STAMP) | $(B)/.dirs
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(CPPFLAGS) $(CFLAGS) $(PGO_USE) -MMD -MP -c -o $@ $<

$(B)/obj/gen/%.o: $(B)/gen/%.c $(PGO_STAMP) | $(B)/.dirs
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(CPPFLAGS) $(CFLAGS) $(PGO_USE) -MMD -MP -c -o $@ $<

$(B)/obj/tests/unit/%.o: tests/unit/%.c $(GEN_SRCS) | $(B)/.dirs
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(CPPFLAGS) $(CFLAGS) -Itests/unit -MMD -MP -c -o $@ $<

$(B)/.dirs:
	@mkdir -p $(B)/obj $(B)/gen
	@touch $@

-include $(shell find $(B)/obj $(B)/pgo/obj -name '*.d' 2>/dev/null)

# --- the profile (PGO=1): instrumented objects in $(B)/pgo/obj.  Each is compiled with the
# auxiliary name of its object in $(B)/obj (-dumpdir/-dumpbase): gcc derives the ids of static
# functions from it, and the training runs write the counts (.gcda) right where the final
# compile of that object reads them. ----------------------------------------------------------
ifeq ($(PGO),1)
PGO_GEN  := -fprofile-generate -fprofile-update=atomic
PGO_OBJS := $(patsubst $(B)/obj/%.o,$(B)/pgo/obj/%.o,$(MAIN_OBJ) $(OBJS))

$(B)/pgo/obj/%.o: src/%.c $(GEN_SRCS) | $(B)/.dirs
	@mkdir -p $(dir $@) $(dir $(B)/obj/$*)
	$(CC) $(STD) $(CPPFLAGS) $(CFLAGS) $(PGO_GEN) -dumpdir $(dir $(B)/obj/$*) -dumpbase $(notdir $*) -MMD -MP -c -o $@ $<

$(B)/pgo/obj/gen/%.o: $(B)/gen/%.c | $(B)/.dirs
	@mkdir -p $(dir $@) $(dir $(B)/obj/gen/$*)
	$(CC) $(STD) $(CPPFLAGS) $(CFLAGS) $(PGO_GEN) -dumpdir $(dir $(B)/obj/gen/$*) -dumpbase $(notdir $*) -MMD -MP -c -o $@ $<

$(B)/pgo/uarch: $(PGO_OBJS)
	$(CC) $(LDFLAGS) -fprofile-generate -o $@ $^ $(LDLIBS)

# the training input: each measured test's code as one region
$(B)/pgo/train.s: tests/data/m1-dev.tsv | $(B)/.dirs
	@mkdir -p $(dir $@)
	awk -F'\t' '$$1 ~ /^(firestorm|icestorm)$$/ && $$19 != "" { gsub(/\\n/, "\n", $$19); \
	  printf "# LLVM-MCA-BEGIN %s_%s_%s\n%s\n# LLVM-MCA-END\n", $$1, $$2, $$3, $$19 }' $< > $@.tmp
	mv $@.tmp $@

# (the runs' warnings go to train.log, shown if a run fails)
$(PGO_STAMP): $(B)/pgo/uarch $(B)/pgo/train.s $(wildcard examples/*.s)
	find $(B)/obj -name '*.gcda' -delete
	for a in "-mcpu=firestorm $(B)/pgo/train.s" "-mcpu=icestorm $(B)/pgo/train.s" \
	    $(foreach f,$(wildcard examples/*.s),"-all-views $(f)"); do \
	  $(B)/pgo/uarch mca $$a > /dev/null 2> $(B)/pgo/train.log || { cat $(B)/pgo/train.log; exit 1; }; done
	touch $@
endif

# --- tests --------------------------------------------------------------------------------
check: $(B)/uarch $(B)/unit-tests
	bash tests/run.sh $(B)

cross:
	$(MAKE) CROSS=aarch64-linux-gnu- $(if $(filter-out build,$(B)),,B=build-aarch64) build-aarch64/uarch

# --- other targets -------------------------------------------------------------------------
-include tests/fuzz/fuzz.mk
-include tools/tools.mk

deps:
	bash .ci/deps

install: $(B)/uarch
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(B)/uarch $(DESTDIR)$(PREFIX)/bin/uarch
	ln -sf uarch $(DESTDIR)$(PREFIX)/bin/uarch-mca

clean:
	rm -rf build build-san build-aarch64 build-fuzz uarch

.PHONY: all uarch check cross deps install clean
