Ùú# LLVM-MCA-BEGIN loop
1:	mov x1, x2
	movz x3, #1
	movk x3, #2, lsl #16
	cmp x0, #4
	b.ne 1b
	aese v0.16b, v1.16b
	aesmc v0.16b, v0.16b
	add x4, x4, #1
	cbnz x4, 1b
	ldaddal x1, x2, [x3]
	casal x1, x2, [x3]
	dmb ish
	mrs x0, nzcv
# LLVM-MCA-END
