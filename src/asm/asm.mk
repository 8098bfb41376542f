# src/asm/asm.mk — the assembler language's table: src/asm/directives.tsv -> $(B)/gen/asm_directives.c
# (tools/gen-table.c, the rows sorted by name).  Included by the Makefile before the a64 layer's
# src/a64/isa.mk, whose tools link the asm layer (ASM_GEN_OBJS).
GEN_SRCS += $(B)/gen/asm_directives.c
ASM_GEN_OBJS := $(B)/obj/gen/asm_directives.o
$(B)/gen/asm_directives.c: src/asm/directives.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) -s asm/asm.h AsmDirective asm_directives "str enum:ASM_D_ str str str str" $< > $@.tmp && mv $@.tmp $@
# the ELF sections llvm-mc makes before the first statement: src/asm/elf_sections.tsv
GEN_SRCS += $(B)/gen/asm_elf_sections.c
ASM_GEN_OBJS += $(B)/obj/gen/asm_elf_sections.o
$(B)/gen/asm_elf_sections.c: src/asm/elf_sections.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) -s asm/asm.h AsmElfSection asm_elf_sections "str int hex int" $< > $@.tmp && mv $@.tmp $@
# the section types by name and the flags and type by section name: src/asm/elf_section_types.tsv,
# src/asm/elf_section_defaults.tsv
GEN_SRCS += $(B)/gen/asm_elf_section_types.c $(B)/gen/asm_elf_section_defaults.c
ASM_GEN_OBJS += $(B)/obj/gen/asm_elf_section_types.o $(B)/obj/gen/asm_elf_section_defaults.o
$(B)/gen/asm_elf_section_types.c: src/asm/elf_section_types.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) -s asm/asm.h AsmElfSectionType asm_elf_section_types "str hex" $< > $@.tmp && mv $@.tmp $@
$(B)/gen/asm_elf_section_defaults.c: src/asm/elf_section_defaults.tsv $(GEN_TABLE) | $(B)/.dirs
	$(GEN_TABLE) asm/asm.h AsmElfSectionDefault asm_elf_section_defaults "str enum:ASM_SEC_ hex int" $< > $@.tmp && mv $@.tmp $@
