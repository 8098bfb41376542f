# RUN: decode %s
# comments, ';' separators, directives, regions and layout
	.text
	.globl	f                      // -- Begin function f
	.p2align	2
	.type	f,@function
f:                                     // @f
	.cfi_startproc
# %bb.0:
	nop ; nop ; add x0, x0, #1     // three on one line
# LLVM-MCA-BEGIN outer
	ADD X0, X1, X2                  // upper case
	.p2align 4
# LLVM-MCA-BEGIN inner
	mov	w0, #1
	.skip 8
	.word 0x90000020                // decoded: adrp x0
	.word 0x12345678                // data, not an instruction
# LLVM-MCA-END outer
	ret
# LLVM-MCA-END
	.cfi_endproc
	.section .rodata
	.word 0x90000020
	.ascii "a;b // c"
