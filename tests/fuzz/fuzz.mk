# tests/fuzz/fuzz.mk — `make fuzz`: libFuzzer on the assembly parser (tests/fuzz/fuzz_parse.c).
#   make fuzz                  run FUZZ_SECONDS (default 600) on a copy of tests/fuzz/corpus
#   make fuzz FUZZ_SECONDS=60  what CI runs
# Builds in build-fuzz/ with clang -fsanitize=fuzzer,address,undefined.  Without clang/libFuzzer
# it prints "fuzz: skipped (...)" and succeeds.
FUZZ_SECONDS ?= 600
FUZZ_B := build-fuzz
FUZZ_CFLAGS := -std=c11 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
               -fno-omit-frame-pointer -Isrc -I$(FUZZ_B)/gen -D_POSIX_C_SOURCE=200809L

fuzz:
	@if ! printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
	     | clang -x c - -fsanitize=fuzzer -o /dev/null >/dev/null 2>&1; then \
	  echo "fuzz: skipped (clang with libFuzzer is not available)"; exit 0; fi; \
	set -e; \
	$(MAKE) --no-print-directory B=$(FUZZ_B) $(FUZZ_B)/gen/isa.c $(FUZZ_B)/gen/a64_sysregs.c; \
	clang $(FUZZ_CFLAGS) -o $(FUZZ_B)/fuzz_parse tests/fuzz/fuzz_parse.c src/a64/*.c src/util/*.c \
	  $(FUZZ_B)/gen/isa.c $(FUZZ_B)/gen/a64_sysregs.c -lm; \
	rm -rf $(FUZZ_B)/corpus; mkdir -p $(FUZZ_B)/corpus; cp tests/fuzz/corpus/* $(FUZZ_B)/corpus/; \
	echo "fuzz: running $(FUZZ_SECONDS) s on $(FUZZ_B)/corpus"; \
	$(FUZZ_B)/fuzz_parse -max_total_time=$(FUZZ_SECONDS) -max_len=2048 -dict=tests/fuzz/a64.dict \
	  -print_final_stats=1 -artifact_prefix=$(FUZZ_B)/ $(FUZZ_B)/corpus

.PHONY: fuzz
