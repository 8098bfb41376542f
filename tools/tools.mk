# --- eval (owner: sim): accuracy of the mca models on the measured M1 tests ---------------
# tools/eval.py runs $(B)/uarch mca on every test of tests/data/m1-dev.tsv (or EVAL_DATA, e.g.
# ../shared/data/m1-measurements/tests-dev.jsonl), per core, with llvm-mca side by side when
# installed.  Dev-time only (Python); not part of the build or of `make check`.
EVAL_DATA ?= tests/data/m1-dev.tsv
EVAL_ARGS ?=
eval: $(B)/uarch
	python3 tools/eval.py --uarch $(B)/uarch --data $(EVAL_DATA) $(EVAL_ARGS)
.PHONY: eval
# --- end eval ------------------------------------------------------------------------------
# --- bench (owner: views): speed of `uarch mca` against llvm-mca 19 in the same run ----------
# tools/bench-mca.sh builds a file of >= 2000 compiler-generated basic blocks (one region each;
# clang --target=aarch64-linux-gnu -O2 -S of this repo's C sources), times both tools on it
# (100 iterations, default views), prints regions/s and the ratio, and peak RSS for N and 4N
# regions.  Needs clang and llvm-mca 19 or 14 (each installed is a peer; LLVM_MCA=... names
# one); says why and stops when absent.
bench: $(B)/uarch
	bash tools/bench-mca.sh $(B)
.PHONY: bench
# --- end bench -----------------------------------------------------------------------------
# --- bench-parse: speed of the assembly front end alone (lines/s, CPU time) -------------------
# Parses the benchmark corpus (clang -O2 -S of this repo's sources, several times over) with
# tools/bench-parse.c and prints the best lines/s.  Part of `make bench`.
$(B)/bench-parse: tools/bench-parse.c $(filter $(B)/obj/a64/% $(B)/obj/asm/% $(B)/obj/util/%,$(OBJS)) $(A64_GEN_OBJS)
	$(CC) $(STD) $(CPPFLAGS) $(CFLAGS) $(LTO_LINK) -o $@ $^ $(LDLIBS)
bench-parse: $(B)/bench-parse
	bash tools/bench-parse.sh $(B)
bench: bench-parse
.PHONY: bench-parse
# --- end bench-parse -------------------------------------------------------------------------
