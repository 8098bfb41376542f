# src/mca/mca.mk — build rules of the mca layer (included by the top Makefile after the
# definition of $(GEN_TABLE)).  The Instruction Info marks llvm-mca sets one by one
# (src/mca/inst_flags.tsv) -> C, rows checked sorted for the lookup (gen-table -s).

GEN_SRCS += $(B)/gen/mca_inst_flags.c

$(B)/gen/mca_inst_flags.c: src/mca/inst_flags.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) -s mca/mca.h McaInstFlags mca_inst_flags_table "str str int int int" $< > $@.tmp && mv $@.tmp $@
