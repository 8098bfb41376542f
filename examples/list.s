// examples/list.s — linked-list walk (a load-to-load dependency chain)
// made with: clang --target=aarch64-linux-gnu -O2 -fno-unroll-loops -fno-vectorize -S list.c (Debian clang 14.0.6)
// from:
//   struct node { struct node *next; long value; };
//   long sum_list(const struct node *p)
//   {
//       long s = 0;
//       for (; p; p = p->next)
//           s += p->value;
//       return s;
//   }
// the LLVM-MCA-BEGIN/END markers around the inner loop were added by hand
	.text
	.file	"list.c"
	.globl	sum_list                        // -- Begin function sum_list
	.p2align	2
	.type	sum_list,@function
sum_list:                               // @sum_list
	.cfi_startproc
// %bb.0:
	mov	x8, xzr
	cbz	x0, .LBB0_2
.LBB0_1:                                // =>This Inner Loop Header: Depth=1
# LLVM-MCA-BEGIN list-walk
	ldp	x0, x9, [x0]
	add	x8, x9, x8
	cbnz	x0, .LBB0_1
# LLVM-MCA-END list-walk
.LBB0_2:
	mov	x0, x8
	ret
.Lfunc_end0:
	.size	sum_list, .Lfunc_end0-sum_list
	.cfi_endproc
                                        // -- End function
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
