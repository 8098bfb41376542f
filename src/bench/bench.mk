# bench.mk — build rules of the bench layer (included by the top Makefile, after clock.mk which
# defines $(GEN_TABLE)).  known.tsv (known answers for `uarch bench selftest`) and frontend.tsv
# (published front-end figures for naming icache and btb levels) and cores.tsv (published
# L1I, L2 latency, ROB: what a measurement may contradict) -> C; x86regs.tsv (the x86-64
# register names, by which src/bench/syntax.c tells Intel syntax from AT&T) -> C.

GEN_SRCS += $(B)/gen/bench_known.c $(B)/gen/bench_frontend.c $(B)/gen/bench_cores.c $(B)/gen/bench_x86regs.c

$(B)/gen/bench_known.c: src/bench/known.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) bench/known.h BenchKnown bench_known "str str hex hex hex str num num num str" $< > $@.tmp && mv $@.tmp $@

$(B)/gen/bench_frontend.c: src/bench/frontend.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) bench/known.h BenchFrontend bench_frontend "str int int int int int int int str" $< > $@.tmp && mv $@.tmp $@

$(B)/gen/bench_cores.c: src/bench/cores.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) bench/known.h BenchCore bench_cores "str str int int int int str" $< > $@.tmp && mv $@.tmp $@

$(B)/gen/bench_x86regs.c: src/bench/x86regs.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) -S bench/x86regs.h BenchX86Reg bench_x86regs "str str int" $< > $@.tmp && mv $@.tmp $@
