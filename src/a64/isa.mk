# src/a64/isa.mk — the instruction tables src/a64/isa/*.tsv -> $(B)/gen/isa.c (tools/gen-isa.c).
# Included by the Makefile.  The generator runs on the build host ($(HOSTCC)), also for CROSS.
ISA_TSVS := $(sort $(wildcard src/a64/isa/*.tsv))
GEN_SRCS += $(B)/gen/isa.c
# the tables of src/a64/*.tsv (rules below): $(B)/gen/a64_NAME.c
A64_TABLES := regs sysregs sysops opnames features archs shapes counts aliases claims apple za_tiles sme_operands sme_addrs mnem_rules sve_imms match_order sme_spellings
GEN_SRCS += $(patsubst %,$(B)/gen/a64_%.c,$(A64_TABLES))
# what a tool linking the a64 layer needs besides its objects (enc-learn, shape-key, bench-parse;
# the asm layer's table too, src/asm/asm.mk)
A64_GEN_OBJS := $(B)/obj/gen/isa.o $(patsubst %,$(B)/obj/gen/a64_%.o,$(A64_TABLES)) $(ASM_GEN_OBJS)

$(B)/gen-isa: tools/gen-isa.c src/a64/isa.h src/a64/a64.h | $(B)/.dirs
	$(HOSTCC) -std=c11 -Wall -Wextra -Wno-missing-field-initializers -O1 -Isrc -o $@ tools/gen-isa.c

ENC_TSVS := src/a64/enc/variants.tsv src/a64/enc/layouts.tsv
$(B)/gen/isa.c: $(B)/gen-isa $(ISA_TSVS) $(ENC_TSVS) src/a64/features.tsv | $(B)/.dirs
	$(B)/gen-isa $@.tmp -e src/a64/enc -f src/a64/features.tsv $(ISA_TSVS) && mv $@.tmp $@

# the encodings src/a64/enc/{variants,layouts}.tsv, learned from llvm-mc (dev-time;
# tools/enc-learn.c):  make enc-learn [LLVM_MC=llvm-mc-19];  make enc-verify checks them on
# fresh samples.  A changed or added row of src/a64/isa/ needs `make enc-learn` again.
LLVM_MC ?= llvm-mc-19
$(B)/enc-learn: tools/enc-learn.c $(patsubst src/%.c,$(B)/obj/%.o,$(wildcard src/a64/*.c src/asm/*.c src/util/*.c)) $(A64_GEN_OBJS)
	$(CC) $(STD) $(CPPFLAGS) $(CFLAGS) -o $@ $^ $(LDLIBS)
enc-learn: $(B)/enc-learn
	$(B)/enc-learn $(LLVM_MC) src/a64/enc
# fresh random instances of every row (another seed), uarch's words against llvm-mc's
enc-verify: $(B)/enc-learn
	$(B)/enc-learn -check $(LLVM_MC)
.PHONY: enc-learn enc-verify

# the names of the registers uarch tracks and llvm's special ones: src/a64/regs.tsv (the Arm ARM's)
$(B)/gen/a64_regs.c: src/a64/regs.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) a64/internal.h A64RegName a64_reg_names "str int int" $< > $@.tmp && mv $@.tmp $@
# the named system registers: src/a64/sysregs.tsv -> $(B)/gen/a64_sysregs.c, and the named SYS
# operations (ic dc at tlbi ...): src/a64/sysops.tsv -> $(B)/gen/a64_sysops.c (tools/gen-table.c;
# both TSVs are regenerated from llvm-mc by tools/sysops-tsv.py, a maintainer tool)
$(B)/gen/a64_sysregs.c: src/a64/sysregs.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) -S a64/internal.h A64Sysreg a64_sysregs "str int int int int int str str str" $< > $@.tmp && mv $@.tmp $@
$(B)/gen/a64_sysops.c: src/a64/sysops.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) a64/internal.h A64Sysop a64_sysops "str str int int int int str str str str" $< > $@.tmp && mv $@.tmp $@
# the named operand values of system instructions (pstate fields, barrier options, hints,
# prefetch operations): src/a64/opnames.tsv
$(B)/gen/a64_opnames.c: src/a64/opnames.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) a64/internal.h A64Opname a64_opnames "str int str str str" $< > $@.tmp && mv $@.tmp $@
# the architecture features beyond the M1's and the CPUs that have them: src/a64/features.tsv
$(B)/gen/a64_features.c: src/a64/features.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) a64/internal.h A64Feature a64_features "str str str str" $< > $@.tmp && mv $@.tmp $@
# the names of .arch, .arch_extension and .cpu and the features they set: src/a64/archs.tsv
$(B)/gen/a64_archs.c: src/a64/archs.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) a64/internal.h A64Arch a64_archs "str str str str str str" $< > $@.tmp && mv $@.tmp $@
# the instructions and forms of extensions uarch has no rows of (SVE, SME, cssc, mops ...), by
# operand shape, and what llvm says they require: src/a64/shapes.tsv (tools/shapes-survey.sh)
$(B)/gen/a64_shapes.c: src/a64/shapes.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) -s a64/internal.h A64ShapeRow a64_shape_rows "str str str str str str str" $< > $@.tmp && mv $@.tmp $@
# the forms of SVE's element counts and ptrue (cntd x0, all, mul #4): src/a64/counts.tsv
# (learned by tools/counts-survey.sh)
$(B)/gen/a64_counts.c: src/a64/counts.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) -s a64/internal.h A64CountForm a64_count_forms "str str str str" $< > $@.tmp && mv $@.tmp $@
# where llvm's parser reads a bare name of an SVE or SME register (z1, p1, pn8, za) as one:
# src/a64/claims.tsv (learned by tools/claims-survey.sh)
$(B)/gen/a64_claims.c: src/a64/claims.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) -s a64/internal.h A64Claim a64_claims "str str str" $< > $@.tmp && mv $@.tmp $@
# the suffixes of Apple's syntax llvm takes on each mnemonic (add.4s): src/a64/apple.tsv
# (learned by tools/apple-survey.sh)
$(B)/gen/a64_apple.c: src/a64/apple.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) -s a64/internal.h A64Apple a64_apple "str str" $< > $@.tmp && mv $@.tmp $@
# the shape key of instructions (one per line on stdin: "MNEM<TAB>SHAPE<TAB>KNOWN<TAB>SVE<TAB>FEATURES"), for
# tools/shapes-survey.sh
$(B)/shape-key: tools/shape-key.c $(patsubst src/%.c,$(B)/obj/%.o,$(wildcard src/a64/*.c src/asm/*.c src/util/*.c)) $(A64_GEN_OBJS)
	$(CC) $(STD) $(CPPFLAGS) $(CFLAGS) -o $@ $^ $(LDLIBS)
# the mnemonics llvm's parser treats before its matcher (bitfield and SYS aliases), and its
# words for a SYS operation's unknown name: src/a64/aliases.tsv
$(B)/gen/a64_aliases.c: src/a64/aliases.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) -s a64/internal.h A64Alias a64_aliases "str str str" $< > $@.tmp && mv $@.tmp $@
# the spellings of SVE's and SME's operands in a shape and llvm's class of each: src/a64/sme_spellings.tsv
$(B)/gen/a64_sme_spellings.c: src/a64/sme_spellings.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) a64/internal.h A64Spelling a64_sme_spellings "str str enum:A64_SPELL_" $< > $@.tmp && mv $@.tmp $@
# the SME ZA tiles of each element size (za0.b; za0.s-za3.s ...): src/a64/za_tiles.tsv (the Arm ARM's)
$(B)/gen/a64_za_tiles.c: src/a64/za_tiles.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) a64/internal.h A64ZaTiles a64_za_tiles "str int" $< > $@.tmp && mv $@.tmp $@
# llvm's matcher order of the classes of an operand several forms refuse: src/a64/match_order.tsv
$(B)/gen/a64_match_order.c: src/a64/match_order.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) a64/internal.h A64MatchOrder a64_match_order "str" $< > $@.tmp && mv $@.tmp $@
# the registers and numbers of SME's operands with an index register or a start, and the
# addresses of SVE's and SME's loads, stores and prefetches: src/a64/sme_operands.tsv,
# src/a64/sme_addrs.tsv (learned by tools/sme-operands-survey.sh)
$(B)/gen/a64_sme_operands.c: src/a64/sme_operands.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) a64/internal.h A64SmeOperand a64_sme_operands "str str str str str" $< > $@.tmp && mv $@.tmp $@
$(B)/gen/a64_sme_addrs.c: src/a64/sme_addrs.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) -s a64/internal.h A64SmeAddr a64_sme_addrs "str str str str" $< > $@.tmp && mv $@.tmp $@
# the mnemonics whose operands llvm reads by a rule of their own: src/a64/mnem_rules.tsv
$(B)/gen/a64_mnem_rules.c: src/a64/mnem_rules.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) -s a64/internal.h A64MnemRule a64_mnem_rules "str enum:A64_RULE_" $< > $@.tmp && mv $@.tmp $@
# the integer immediates of SVE's forms with a last immediate: src/a64/sve_imms.tsv (learned by
# tools/sve-imms-survey.sh)
$(B)/gen/a64_sve_imms.c: src/a64/sve_imms.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) -s a64/internal.h A64SveImm a64_sve_imms "str str str str str int" $< > $@.tmp && mv $@.tmp $@
