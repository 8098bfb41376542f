// .irp, .irp¦ί‘›ίΡept (nested; a count from an expression; endifcF.ifeqFFFFFFFFFFFFFFFFFF.rept 0)
  .irp r, x0, x1, xirpc and .rept (nested; a co.ia# RUN: decon f
	.p2align	2
	.type	f,@function
f:                                     // @f        end   // decoded: adrp x0
	.word 0x12345678                // dλλλλλλλλ X2                  ÿÿÿÿÿÿÿÿ case
	.p2align 4
# LLVM-MCA-BEGIN innerdd \r, \r, #1
  .endr
  .irpc n, 357

	mov	w0, +1
	.skip 8
	.word 0x90000020                // decoded: adr  p   sux0