// Compiler output for tests/sh/corpus-compilers.sh (the kinds of tools/corpus-survey.sh), made with:
//   clang (Debian 14.0.6) --target=aarch64-linux-gnu -O2 -mcmodel=large -fno-pic -S k.c
// from k.c:
//   #include <stddef.h>
//   static const char *names[] = {"add", "sub", "mul", "div", "mod"};
//   double dot(const double *a, const double *b, size_t n) {
//     double s = 0; for (size_t i = 0; i < n; i++) s += a[i] * b[i]; return s;
//   }
//   int op(int k, int x, int y) {
//     switch (k) { case 0: return x + y; case 1: return x - y; case 2: return x * y; case 3: return y ? x / y : 0; case 4: return y ? x % y : 0; }
//     return -1;
//   }
//   const char *name(int k) { return k >= 0 && k < 5 ? names[k] : "?"; }
//   int count;
//   void tick(void) { count++; }
// triple: aarch64-linux-gnu
// instructions: 82
	.text
	.file	"k.c"
	.globl	dot                             // -- Begin function dot
	.p2align	2
	.type	dot,@function
dot:                                    // @dot
	.cfi_startproc
// %bb.0:
	movi	d0, #0000000000000000
	cbz	x2, .LBB0_8
// %bb.1:
	cmp	x2, #1
	b.ne	.LBB0_3
// %bb.2:
	mov	x8, xzr
	b	.LBB0_6
.LBB0_3:
	and	x8, x2, #0xfffffffffffffffe
	movi	d0, #0000000000000000
	add	x9, x0, #8
	add	x10, x1, #8
	mov	x11, x8
.LBB0_4:                                // =>This Inner Loop Header: Depth=1
	ldp	d1, d3, [x9, #-8]
	add	x9, x9, #16
	subs	x11, x11, #2
	ldur	d2, [x10, #-8]
	fmul	d1, d1, d2
	ldr	d2, [x10], #16
	fmul	d2, d3, d2
	fadd	d0, d0, d1
	fadd	d0, d0, d2
	b.ne	.LBB0_4
// %bb.5:
	cmp	x8, x2
	b.eq	.LBB0_8
.LBB0_6:
	lsl	x10, x8, #3
	sub	x9, x2, x8
	add	x8, x1, x10
	add	x10, x0, x10
.LBB0_7:                                // =>This Inner Loop Header: Depth=1
	ldr	d1, [x10], #8
	ldr	d2, [x8], #8
	subs	x9, x9, #1
	fmadd	d0, d1, d2, d0
	b.ne	.LBB0_7
.LBB0_8:
	ret
.Lfunc_end0:
	.size	dot, .Lfunc_end0-dot
	.cfi_endproc
                                        // -- End function
	.globl	op                              // -- Begin function op
	.p2align	2
	.type	op,@function
op:                                     // @op
	.cfi_startproc
// %bb.0:
	cmp	w0, #4
	b.hi	.LBB1_3
// %bb.1:
	movz	x8, #:abs_g0_nc:.LJTI1_0
	mov	w9, w0
	movk	x8, #:abs_g1_nc:.LJTI1_0
	movk	x8, #:abs_g2_nc:.LJTI1_0
	movk	x8, #:abs_g3:.LJTI1_0
	adr	x10, .LBB1_2
	ldrb	w11, [x8, x9]
	add	x10, x10, x11, lsl #2
	br	x10
.LBB1_2:
	add	w0, w2, w1
	ret
.LBB1_3:
	mov	w0, #-1
	ret
.LBB1_4:
	sub	w0, w1, w2
	ret
.LBB1_5:
	mul	w0, w2, w1
	ret
.LBB1_6:
	cbz	w2, .LBB1_10
// %bb.7:
	sdiv	w0, w1, w2
	ret
.LBB1_8:
	cbz	w2, .LBB1_10
// %bb.9:
	sdiv	w8, w1, w2
	msub	w0, w8, w2, w1
	ret
.LBB1_10:
	mov	w0, wzr
	ret
.Lfunc_end1:
	.size	op, .Lfunc_end1-op
	.cfi_endproc
	.section	.rodata,"a",@progbits
.LJTI1_0:
	.byte	(.LBB1_2-.LBB1_2)>>2
	.byte	(.LBB1_4-.LBB1_2)>>2
	.byte	(.LBB1_5-.LBB1_2)>>2
	.byte	(.LBB1_6-.LBB1_2)>>2
	.byte	(.LBB1_8-.LBB1_2)>>2
                                        // -- End function
	.text
	.globl	name                            // -- Begin function name
	.p2align	2
	.type	name,@function
name:                                   // @name
	.cfi_startproc
// %bb.0:
	cmp	w0, #4
	b.hi	.LBB2_2
// %bb.1:
	movz	x8, #:abs_g0_nc:names
	movk	x8, #:abs_g1_nc:names
	movk	x8, #:abs_g2_nc:names
	movk	x8, #:abs_g3:names
	ldr	x0, [x8, w0, uxtw #3]
	ret
.LBB2_2:
	movz	x0, #:abs_g0_nc:.L.str
	movk	x0, #:abs_g1_nc:.L.str
	movk	x0, #:abs_g2_nc:.L.str
	movk	x0, #:abs_g3:.L.str
	ret
.Lfunc_end2:
	.size	name, .Lfunc_end2-name
	.cfi_endproc
                                        // -- End function
	.globl	tick                            // -- Begin function tick
	.p2align	2
	.type	tick,@function
tick:                                   // @tick
	.cfi_startproc
// %bb.0:
	movz	x8, #:abs_g0_nc:count
	movk	x8, #:abs_g1_nc:count
	movk	x8, #:abs_g2_nc:count
	movk	x8, #:abs_g3:count
	ldr	w9, [x8]
	add	w9, w9, #1
	str	w9, [x8]
	ret
.Lfunc_end3:
	.size	tick, .Lfunc_end3-tick
	.cfi_endproc
                                        // -- End function
	.type	names,@object                   // @names
	.section	.rodata,"a",@progbits
	.p2align	3
names:
	.xword	.L.str.1
	.xword	.L.str.2
	.xword	.L.str.3
	.xword	.L.str.4
	.xword	.L.str.5
	.size	names, 40

	.type	.L.str,@object                  // @.str
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"?"
	.size	.L.str, 2

	.type	count,@object                   // @count
	.bss
	.globl	count
	.p2align	2
count:
	.word	0                               // 0x0
	.size	count, 4

	.type	.L.str.1,@object                // @.str.1
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str.1:
	.asciz	"add"
	.size	.L.str.1, 4

	.type	.L.str.2,@object                // @.str.2
.L.str.2:
	.asciz	"sub"
	.size	.L.str.2, 4

	.type	.L.str.3,@object                // @.str.3
.L.str.3:
	.asciz	"mul"
	.size	.L.str.3, 4

	.type	.L.str.4,@object                // @.str.4
.L.str.4:
	.asciz	"div"
	.size	.L.str.4, 4

	.type	.L.str.5,@object                // @.str.5
.L.str.5:
	.asciz	"mod"
	.size	.L.str.5, 4

	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
