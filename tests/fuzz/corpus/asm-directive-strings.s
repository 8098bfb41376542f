	.globl "abc
	.ifeqs "a", "abc
	.ifdef "x
	.fill foo, 4, 1
	.skip 2*foo
	.org .+foo, 1
	.p2align -1, 0, 4
	.p2align -40
	.section "abc
	.error "abc
	.elseif "x
	.ifb "abc
	nop
	.if 1
	.else
	.endif "x
