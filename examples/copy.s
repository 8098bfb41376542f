// examples/copy.s — byte copy loop (load, eor, store per iteration)
// made with: clang --target=aarch64-linux-gnu -O2 -fno-unroll-loops -fno-vectorize -S copy.c (Debian clang 14.0.6)
// from:
//   void flip_case(char *restrict d, const char *restrict s, unsigned long n)
//   {
//       for (unsigned long i = 0; i < n; i++)
//           d[i] = s[i] ^ 0x20;
//   }
// the LLVM-MCA-BEGIN/END markers around the inner loop were added by hand
	.text
	.file	"copy.c"
	.globl	flip_case                       // -- Begin function flip_case
	.p2align	2
	.type	flip_case,@function
flip_case:                              // @flip_case
	.cfi_startproc
// %bb.0:
	cbz	x2, .LBB0_2
.LBB0_1:                                // =>This Inner Loop Header: Depth=1
# LLVM-MCA-BEGIN copy-loop
	ldrb	w8, [x1], #1
	subs	x2, x2, #1
	eor	w8, w8, #0x20
	strb	w8, [x0], #1
	b.ne	.LBB0_1
# LLVM-MCA-END copy-loop
.LBB0_2:
	ret
.Lfunc_end0:
	.size	flip_case, .Lfunc_end0-flip_case
	.cfi_endproc
                                        // -- End function
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
