// -mtriple=arm64-apple-macos
	.section	__TEXT,__text,regular,pure_instructions
	.build_version macos, 11, 0	sdk_version 14, 0
	.subsections_via_symbols
	.zerofill __DATA,__bss,_a,4,2
	.data_region jt32
	.end_data_region
	.alt_entry _g
	.cstring
	.text
	.def f
	.scl 2
	.endef
	.eqv a, 1
	.seh_proc f
	.previous
	nop
