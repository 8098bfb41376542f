	nop
	.macro m
	.if 1
	.endm
	m
	.ifnb "abc
	.ifc a, a
	add x0, x0, #1
	.else
	.end
