	.globl f, g
	.weak h
	.type f, @function
	.type g, %object
	.size g, 8
	.comm buf, 64, 8
	.lcomm lb, 16
	.ident "GCC"
	.variant_pcs f
	.section .text
f:
	add x0, x0, #1
	.size f, .-f
	.comm a, -1
	.type f, @garbage
	.rept 3
	nop // body
	.endr
