// -mtriple=aarch64-pc-windows-msvc
	.def f
	.scl 2
	.type 32
	.endef
.seh_proc f
	nop
	.seh_endprologue
	.secrel32 f
	.zerofill __DATA,__bss,_a,4,2
	.previous
	.eqv a, 1
	.weak_anti_dep f
	.seh_endproc
	.def "abc
