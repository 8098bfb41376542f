	.text
	.file	"diag.c"
	.globl	diag_set                        // -- Begin function diag_set
	.p2align	2
	.type	diag_set,@function
diag_set:                               // @diag_set
	.cfi_startproc
// %bb.0:
	sub	sp, sp, #272
	stp	x29, x30, [sp, #208]            // 16-byte Folded Spill
	add	x29, sp, #208
	stp	x28, x23, [sp, #224]            // 16-byte Folded Spill
	stp	x22, x21, [sp, #240]            // 16-byte Folded Spill
	stp	x20, x19, [sp, #256]            // 16-byte Folded Spill
	.cfi_def_cfa w29, 64
	.cfi_offset w19, -8
	.cfi_offset w20, -16
	.cfi_offset w21, -24
	.cfi_offset w22, -32
	.cfi_offset w23, -40
	.cfi_offset w28, -48
	.cfi_offset w30, -56
	.cfi_offset w29, -64
	adrp	x8, .L.str.1
	mov	w23, w2
	add	x8, x8, :lo12:.L.str.1
	cmp	x1, #0
	adrp	x2, .L.str
	mov	w22, w3
	csel	x3, x8, x1, eq
	add	x2, x2, :lo12:.L.str
	mov	w1, #256
	mov	x21, x5
	mov	x20, x4
	mov	x19, x0
	stp	x6, x7, [x29, #-80]
	stp	q0, q1, [sp]
	stp	q2, q3, [sp, #32]
	stp	q4, q5, [sp, #64]
	stp	q6, q7, [sp, #96]
	bl	snprintf
	sub	x8, x29, #80
	mov	x10, #-16
	mov	x11, sp
	add	x8, x8, #16
	add	x9, x29, #64
	movk	x10, #65408, lsl #32
	add	x11, x11, #128
	add	x0, x19, #264
	sub	x3, x29, #64
	mov	w1, #512
	stp	x9, x8, [x29, #-32]
	mov	x2, x21
	stp	x11, x10, [x29, #-16]
	ldp	q0, q1, [x29, #-32]
	str	w23, [x19, #256]
	str	w22, [x19, #260]
	stp	q0, q1, [x29, #-64]
	bl	vsnprintf
	strb	wzr, [x19, #776]
	cbz	x20, .LBB0_5
// %bb.1:
	mov	x10, xzr
	add	x0, x19, #776
	mov	w8, #1
	mov	w9, #9217
.LBB0_2:                                // =>This Inner Loop Header: Depth=1
	mov	x21, x10
	ldrb	w10, [x20, x10]
	lsl	w11, w8, w10
	cmp	w10, #13
	and	w10, w11, w9
	ccmp	w10, #0, #4, ls
	b.ne	.LBB0_4
// %bb.3:                               //   in Loop: Header=BB0_2 Depth=1
	add	x10, x21, #1
	cmp	x10, #512
	b.ne	.LBB0_2
.LBB0_4:
	mov	x1, x20
	mov	x2, x21
	bl	memcpy
	add	x8, x19, x21
	strb	wzr, [x8, #776]
.LBB0_5:
	ldp	x20, x19, [sp, #256]            // 16-byte Folded Reload
	ldp	x22, x21, [sp, #240]            // 16-byte Folded Reload
	ldp	x28, x23, [sp, #224]            // 16-byte Folded Reload
	ldp	x29, x30, [sp, #208]            // 16-byte Folded Reload
	add	sp, sp, #272
	ret
.Lfunc_end0:
	.size	diag_set, .Lfunc_end0-diag_set
	.cfi_endproc
                                        // -- End function
	.globl	diag_print                      // -- Begin function diag_print
	.p2align	2
	.type	diag_print,@function
diag_print:                             // @diag_print
	.cfi_startproc
// %bb.0:
	stp	x29, x30, [sp, #-64]!           // 16-byte Folded Spill
	stp	x24, x23, [sp, #16]             // 16-byte Folded Spill
	mov	x29, sp
	stp	x22, x21, [sp, #32]             // 16-byte Folded Spill
	stp	x20, x19, [sp, #48]             // 16-byte Folded Spill
	.cfi_def_cfa w29, 64
	.cfi_offset w19, -8
	.cfi_offset w20, -16
	.cfi_offset w21, -24
	.cfi_offset w22, -32
	.cfi_offset w23, -40
	.cfi_offset w24, -48
	.cfi_offset w30, -56
	.cfi_offset w29, -64
	ldr	w4, [x1, #260]
	mov	x5, x2
	mov	x20, x1
	mov	x19, x0
	add	x6, x1, #264
	ldr	w3, [x1, #256]
	cmp	w4, #1
	b.lt	.LBB1_2
// %bb.1:
	adrp	x1, .L.str.2
	mov	x0, x19
	add	x1, x1, :lo12:.L.str.2
	mov	x2, x20
	bl	fprintf
	ldrb	w8, [x20, #776]
	cbnz	w8, .LBB1_4
	b	.LBB1_3
.LBB1_2:
	adrp	x1, .L.str.3
	mov	x0, x19
	add	x1, x1, :lo12:.L.str.3
	mov	x2, x20
	mov	x4, x5
	mov	x5, x6
	bl	fprintf
	ldrb	w8, [x20, #776]
	cbnz	w8, .LBB1_4
.LBB1_3:
	ldr	w8, [x20, #260]
	cmp	w8, #1
	b.lt	.LBB1_7
.LBB1_4:
	add	x21, x20, #776
	adrp	x1, .L.str.4
	add	x1, x1, :lo12:.L.str.4
	mov	x0, x19
	mov	x2, x21
	bl	fprintf
	ldr	w8, [x20, #260]
	cmp	w8, #1
	b.lt	.LBB1_7
// %bb.5:
	b.ne	.LBB1_8
.LBB1_6:
	mov	x3, x19
	adrp	x0, .L.str.5
	ldp	x20, x19, [sp, #48]             // 16-byte Folded Reload
	add	x0, x0, :lo12:.L.str.5
	mov	w1, #2
	ldp	x22, x21, [sp, #32]             // 16-byte Folded Reload
	mov	w2, #1
	ldp	x24, x23, [sp, #16]             // 16-byte Folded Reload
	ldp	x29, x30, [sp], #64             // 16-byte Folded Reload
	b	fwrite
.LBB1_7:
	ldp	x20, x19, [sp, #48]             // 16-byte Folded Reload
	ldp	x22, x21, [sp, #32]             // 16-byte Folded Reload
	ldp	x24, x23, [sp, #16]             // 16-byte Folded Reload
	ldp	x29, x30, [sp], #64             // 16-byte Folded Reload
	ret
.LBB1_8:
	mov	x0, x21
	bl	strlen
	mov	x21, xzr
	sxtw	x22, w0
	add	x23, x20, #776
	mov	w24, #32
	b	.LBB1_11
.LBB1_9:                                //   in Loop: Header=BB1_11 Depth=1
	ldrb	w8, [x23, x21]
	cmp	w8, #9
	csel	w0, w8, w24, eq
.LBB1_10:                               //   in Loop: Header=BB1_11 Depth=1
	mov	x1, x19
	bl	fputc
	ldrsw	x8, [x20, #260]
	add	x21, x21, #1
	sub	x8, x8, #1
	cmp	x21, x8
	b.ge	.LBB1_6
.LBB1_11:                               // =>This Inner Loop Header: Depth=1
	cmp	x21, x22
	b.lt	.LBB1_9
// %bb.12:                              //   in Loop: Header=BB1_11 Depth=1
	mov	w0, #32
	b	.LBB1_10
.Lfunc_end1:
	.size	diag_print, .Lfunc_end1-diag_print
	.cfi_endproc
                                        // -- End function
	.type	.L.str,@object                  // @.str
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"%s"
	.size	.L.str, 3

	.type	.L.str.1,@object                // @.str.1
.L.str.1:
	.asciz	"<input>"
	.size	.L.str.1, 8

	.type	.L.str.2,@object                // @.str.2
.L.str.2:
	.asciz	"%s:%d:%d: %s: %s\n"
	.size	.L.str.2, 18

	.type	.L.str.3,@object                // @.str.3
.L.str.3:
	.asciz	"%s:%d: %s: %s\n"
	.size	.L.str.3, 15

	.type	.L.str.4,@object                // @.str.4
.L.str.4:
	.asciz	"%s\n"
	.size	.L.str.4, 4

	.type	.L.str.5,@object                // @.str.5
.L.str.5:
	.asciz	"^\n"
	.size	.L.str.5, 3

	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
