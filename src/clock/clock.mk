# clock.mk — build rules of the clock layer (included by the top Makefile).
# The MIDR tables are data (src/clock/midr-*.tsv), turned into C by $(GEN_TABLE) (tools/gen-table.c,
# built with $(HOSTCC), so this works for `make cross` too).  A bad row fails the build with file:line.

GEN_SRCS += $(B)/gen/clock_midr_impls.c $(B)/gen/clock_midr_parts.c

$(B)/gen/clock_midr_impls.c: src/clock/midr-implementers.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) clock/clock.h ClockMidrImpl clock_midr_impls "hex str" $< > $@.tmp && mv $@.tmp $@

$(B)/gen/clock_midr_parts.c: src/clock/midr-parts.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) clock/clock.h ClockMidrPart clock_midr_parts "hex hex str str" $< > $@.tmp && mv $@.tmp $@

GEN_SRCS += $(B)/gen/clock_amd_assoc.c

$(B)/gen/clock_amd_assoc.c: src/clock/amd-assoc.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) clock/clock.h ClockAmdAssoc clock_amd_assoc "hex int int str" $< > $@.tmp && mv $@.tmp $@

GEN_SRCS += $(B)/gen/clock_leaf2_tlbs.c

$(B)/gen/clock_leaf2_tlbs.c: src/clock/intel-leaf2-tlb.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) clock/clock.h ClockLeaf2Tlb clock_leaf2_tlbs "hex str int str int str" $< > $@.tmp && mv $@.tmp $@
