# pmu.mk — build rules of the pmu layer (included by the top Makefile after clock.mk, which
# defines $(GEN_TABLE)).  The Apple M1 event table (src/pmu/m1-events.tsv) -> C.

GEN_SRCS += $(B)/gen/pmu_m1_events.c

$(B)/gen/pmu_m1_events.c: src/pmu/m1-events.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) pmu/pmu.h PmuM1Event pmu_m1_events "hex str str" $< > $@.tmp && mv $@.tmp $@
