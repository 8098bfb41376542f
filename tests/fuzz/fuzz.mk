# tests/fuzz/fuzz.mk — `make fuzz`: libFuzzer targets (clang -fsanitize=fuzzer,address,undefined)
#   fuzz_parse    the assembly front end (a64_parse), corpus tests/fuzz/corpus
#   fuzz_mca      the whole `uarch mca` pipeline on small inputs (chunks, regions, simulation on
#                 both cores, every view, JSON, the thread pool, the checked output), corpus
#                 tests/fuzz/corpus-mca and, with two option bytes put before them, examples/*.s
#                 and the inputs of tests/golden/mca-*.test (byte 0 and 1 choose the options:
#                 see fuzz_mca.c)
#   fuzz_options  `uarch mca`'s command line and the numeric option parser, corpus
#                 tests/fuzz/corpus-options (one argument per line)
#   fuzz_inputs   the text inputs that are not assembly (byte 0 chooses: bench -config files,
#                 pmu -probe-file, pmu event lists and perf specs, @response files), corpus
#                 tests/fuzz/corpus-inputs
#   make fuzz                   each target for FUZZ_SECONDS (default 600), one after the other
#   make fuzz FUZZ_SECONDS=60   what CI runs: the 60 s are split between the targets (20 s each)
#   make fuzz FUZZ_TARGETS=fuzz_mca FUZZ_SECONDS=1800 FUZZ_RSS_MB=2048   one target, longer
# FUZZ_SPLIT=1 splits FUZZ_SECONDS between the targets (the default when FUZZ_SECONDS < 300).
# Every run has -rss_limit_mb=FUZZ_RSS_MB (default 2048): memory that grows is a failure.  ASan's
# quarantine of freed memory is 32 MB (ASAN_OPTIONS, unless set): with its default 256 MB the
# RSS of a target grows for the first few hundred thousand runs with nothing leaked.
# After each target, the corpus the run grew is replayed FUZZ_REPLAY_PASSES times (default 5)
# through the target built without libFuzzer and the sanitizers (tests/fuzz/replay.c -passes):
# the peak RSS after the last pass may exceed the one after pass 2 by 10 % + 8 MiB at most, or
# the run fails.  libFuzzer's own RSS grows with its corpus, held in memory (fuzz_parse: about
# 20,000 new units in 150 s), and with ASan's quarantine and caches: no measure of what the
# target keeps.
# Builds in build-fuzz/ on a copy of each corpus.  Without clang/libFuzzer it prints
# "fuzz: skipped (...)" and succeeds.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?= fuzz_parse fuzz_mca fuzz_options fuzz_inputs
FUZZ_RSS_MB ?= 2048
FUZZ_REPLAY_PASSES ?= 5
FUZZ_SPLIT ?= $(if $(shell test $(FUZZ_SECONDS) -lt 300 && echo y),1,0)
FUZZ_B := build-fuzz
FUZZ_CFLAGS := -std=c11 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined \
               -fno-omit-frame-pointer -Isrc -I$(FUZZ_B)/gen -D_POSIX_C_SOURCE=200809L
# (the rules below are used by the sub-make with B=$(FUZZ_B): everything but main.c, compiled
# once for all targets; fuzz_options includes cmd/mca.c itself)
FUZZ_LIB = $(patsubst src/%.c,$(FUZZ_B)/fobj/%.o,$(filter-out src/cmd/mca.c,$(SRCS))) \
           $(patsubst $(FUZZ_B)/gen/%.c,$(FUZZ_B)/fobj/gen/%.o,$(GEN_SRCS))
FUZZ_RUN_SECONDS = $(if $(filter 1,$(FUZZ_SPLIT)),$$(( $(FUZZ_SECONDS) / $(words $(FUZZ_TARGETS)) > 0 ? $(FUZZ_SECONDS) / $(words $(FUZZ_TARGETS)) : 1 )),$(FUZZ_SECONDS))

$(FUZZ_B)/fobj/gen/%.o: $(FUZZ_B)/gen/%.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<
$(FUZZ_B)/fobj/%.o: src/%.c $(GEN_SRCS)
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<
$(FUZZ_B)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LIB)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_LIB) -lm -lpthread -ldl
.PRECIOUS: $(FUZZ_B)/fobj/%.o $(FUZZ_B)/fobj/gen/%.o
fuzz-bins: $(addprefix $(FUZZ_B)/,$(FUZZ_TARGETS))

fuzz:
	@if ! printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
	     | clang -x c - -fsanitize=fuzzer -o /dev/null >/dev/null 2>&1; then \
	  echo "fuzz: skipped (clang with libFuzzer is not available)"; exit 0; fi; \
	set -e; \
	$(MAKE) --no-print-directory -j2 B=$(FUZZ_B) PGO=0 fuzz-bins $(patsubst fuzz_%,$(FUZZ_B)/fuzz-replay-%,$(FUZZ_TARGETS)); \
	for t in $(FUZZ_TARGETS); do \
	  case $$t in \
	    fuzz_parse)   corpus=corpus ;; \
	    fuzz_mca)     corpus=corpus-mca ;; \
	    fuzz_options) corpus=corpus-options ;; \
	    fuzz_inputs)  corpus=corpus-inputs ;; \
	    *) echo "fuzz: unknown target '$$t'"; exit 1 ;; \
	  esac; \
	  rm -rf $(FUZZ_B)/$$t-corpus; mkdir -p $(FUZZ_B)/$$t-corpus; cp tests/fuzz/$$corpus/* $(FUZZ_B)/$$t-corpus/; \
	  if [ $$t = fuzz_mca ]; then i=0; for f in examples/*.s tests/golden/mca-*.test; do \
	    i=$$((i + 1)); [ $$(wc -c < $$f) -lt 1800 ] || continue; \
	    { printf "\\$$(printf %o $$((i * 37 % 256)))\\$$(printf %o $$((i * 91 % 256)))"; \
	      awk '/^#--- /{exit} {print}' $$f; } > $(FUZZ_B)/$$t-corpus/seed-$$(basename $$f); done; fi; \
	  secs=$(FUZZ_RUN_SECONDS); \
	  echo "fuzz: running $$t for $$secs s on $(FUZZ_B)/$$t-corpus (rss limit $(FUZZ_RSS_MB) MB)"; \
	  ASAN_OPTIONS=$${ASAN_OPTIONS:-quarantine_size_mb=32} $(FUZZ_B)/$$t -max_total_time=$$secs -max_len=2048 -dict=tests/fuzz/a64.dict -close_fd_mask=3 \
	    -rss_limit_mb=$(FUZZ_RSS_MB) -print_final_stats=1 -artifact_prefix=$(FUZZ_B)/$$t- $(FUZZ_B)/$$t-corpus \
	    > $(FUZZ_B)/$$t.log 2>&1 || { grep -v '^"' $(FUZZ_B)/$$t.log | tail -n 60; exit 1; }; \
	  grep -E '^#[0-9]+.*(pulse|DONE)|^stat::|^Done' $(FUZZ_B)/$$t.log | tail -n 8; \
	  echo "fuzz: $$t's corpus now $$(ls $(FUZZ_B)/$$t-corpus | wc -l) units, $$(du -sk $(FUZZ_B)/$$t-corpus | cut -f1) KiB (libFuzzer holds them in memory)"; \
	  rt=$$(mktemp -d); \
	  (cd $$rt && TMPDIR=$$rt $(CURDIR)/$(FUZZ_B)/fuzz-replay-$${t#fuzz_} -passes $(FUZZ_REPLAY_PASSES) $(CURDIR)/$(FUZZ_B)/$$t-corpus \
	     >$(CURDIR)/$(FUZZ_B)/$$t-replay.log 2>$(CURDIR)/$(FUZZ_B)/$$t-replay.err); rc=$$?; rm -rf $$rt; \
	  sed -n 's/^pass/fuzz: replay: pass/p' $(FUZZ_B)/$$t-replay.log; \
	  [ $$rc = 0 ] || { tail -n 20 $(FUZZ_B)/$$t-replay.err; echo "fuzz: replay of $$t's corpus failed (exit $$rc)"; exit 1; }; \
	  awk -v t=$$t '/^pass [0-9]+:/ { r = $$(NF - 1); if ($$2 == "2:") p2 = r; last = r } \
	    END { if (p2 && last > p2 + p2 / 10 + 8) { printf "fuzz: %s keeps memory: peak RSS %d MiB after pass 2, %d after the last\n", t, p2, last; exit 1 } \
	          printf "fuzz: %s: peak RSS flat over the passes (%d MiB after pass 2, %d after the last)\n", t, p2, last }' $(FUZZ_B)/$$t-replay.log; \
	done

# `make check` replays the corpora in the tree (tests/sh/fuzz-replay.sh) through each target
# built without libFuzzer (tests/fuzz/replay.c) on this build's objects: under ASan and UBSan
# with SAN=1.  An input that once crashed, kept in a corpus, stays a test.
FUZZ_REPLAY_OBJS = $(filter-out $(B)/obj/cmd/mca.o,$(OBJS))
$(B)/fuzz-replay-%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c $(FUZZ_REPLAY_OBJS)
	$(CC) $(STD) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) $(LTO_LINK) -o $@ tests/fuzz/fuzz_$*.c tests/fuzz/replay.c $(FUZZ_REPLAY_OBJS) $(LDLIBS)
check: $(B)/fuzz-replay-parse $(B)/fuzz-replay-mca $(B)/fuzz-replay-options $(B)/fuzz-replay-inputs

.PHONY: fuzz fuzz-bins
