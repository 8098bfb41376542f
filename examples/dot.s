// examples/dot.s — dot product loop (a dependent fmadd chain, two loads per iteration)
// made with: clang --target=aarch64-linux-gnu -O2 -fno-unroll-loops -fno-vectorize -S dot.c (Debian clang 14.0.6)
// from:
//   double dot(const double *a, const double *b, long n)
//   {
//       double s = 0;
//       for (long i = 0; i < n; i++)
//           s += a[i] * b[i];
//       return s;
//   }
// the LLVM-MCA-BEGIN/END markers around the inner loop were added by hand
	.text
	.file	"dot.c"
	.globl	dot                             // -- Begin function dot
	.p2align	2
	.type	dot,@function
dot:                                    // @dot
	.cfi_startproc
// %bb.0:
	movi	d0, #0000000000000000
	cmp	x2, #1
	b.lt	.LBB0_2
.LBB0_1:                                // =>This Inner Loop Header: Depth=1
# LLVM-MCA-BEGIN dot-loop
	ldr	d1, [x0], #8
	ldr	d2, [x1], #8
	subs	x2, x2, #1
	fmadd	d0, d1, d2, d0
	b.ne	.LBB0_1
# LLVM-MCA-END dot-loop
.LBB0_2:
	ret
.Lfunc_end0:
	.size	dot, .Lfunc_end0-dot
	.cfi_endproc
                                        // -- End function
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
