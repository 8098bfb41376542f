# pmu.mk — build rules of the pmu layer (included by the top Makefile after clock.mk, which
# defines $(GEN_TABLE)).  The Apple M1 event table (src/pmu/m1-events.tsv) -> C.
# libpfm4 is optional: when $(CC) finds its header and library (Debian libpfm4-dev), the perf
# backend names core events through it (src/pmu/pfm.c).  PFM=0 leaves it out, PFM=1 insists.
PFM ?= auto
ifeq ($(PFM),auto)
  PFM := $(shell printf '\043include <perfmon/pfmlib_perf_event.h>\nint main(void){return pfm_initialize();}\n' | \
           $(CC) -x c - -lpfm -o /dev/null >/dev/null 2>&1 && echo 1 || echo 0)
endif
ifeq ($(PFM),1)
  CPPFLAGS += -DUARCH_HAVE_LIBPFM
  LDLIBS   += -lpfm
endif

GEN_SRCS += $(B)/gen/pmu_m1_events.c

$(B)/gen/pmu_m1_events.c: src/pmu/m1-events.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) pmu/pmu.h PmuM1Event pmu_m1_events "hex str str" $< > $@.tmp && mv $@.tmp $@
