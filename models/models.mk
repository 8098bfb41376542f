# models/models.mk — CPU models: models/registry.tsv + models/<cpu>/*.tsv -> $(B)/gen/models.c
# (included by the Makefile).  The generator is a host program: built with $(HOSTCC) even in the
# CROSS build, from tools/gen-models.c and the few util files it needs.
# rules below come before the Makefile's `all:`; keep `all` the default goal
.DEFAULT_GOAL := all

GEN_MODELS     := $(B)/tools/gen-models
GEN_MODELS_SRC := tools/gen-models.c src/util/tsv.c src/util/mem.c src/util/diag.c
MODEL_TSVS     := $(wildcard models/*.tsv models/*/*.tsv)

$(GEN_MODELS): $(GEN_MODELS_SRC) src/model/model.h src/a64/a64.h src/util/util.h
	@mkdir -p $(dir $@)
	$(HOSTCC) -std=c11 -Wall -Wextra -Wno-missing-field-initializers -O1 -Isrc -D_POSIX_C_SOURCE=200809L -o $@ $(GEN_MODELS_SRC) -lm

$(B)/gen/models.c: $(GEN_MODELS) $(MODEL_TSVS)
	@mkdir -p $(dir $@)
	$(GEN_MODELS) models/registry.tsv $@

GEN_SRCS += $(B)/gen/models.c

# dev time only (need python3 and ../shared): regenerate models/<cpu>/forms.tsv from the
# measurements, or check that the committed ones are what the script makes
models-update:
	python3 tools/make-models.py

models-check:
	@rm -rf $(B)/models-check && mkdir -p $(B)/models-check
	python3 tools/make-models.py --out $(B)/models-check
	@for f in $(B)/models-check/*/forms.tsv; do \
	  cpu=$$(basename $$(dirname $$f)); diff -q $$f models/$$cpu/forms.tsv || exit 1; done
	@echo "models/*/forms.tsv are up to date"

.PHONY: models-update models-check
