// Compiler output for tests/sh/corpus-compilers.sh (the kinds of tools/corpus-survey.sh), made with:
//   clang (Debian 14.0.6) --target=aarch64-linux-gnu -O2 -S k.c, then Compiler Explorer's default filters (directives and comments out, labels kept; the awk of tools/corpus-survey.sh)
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
// instructions: 74
dot:
	movi	d0, #0000000000000000
	cbz	x2, .LBB0_8
	cmp	x2, #1
	b.ne	.LBB0_3
	mov	x8, xzr
	b	.LBB0_6
.LBB0_3:
	and	x8, x2, #0xfffffffffffffffe
	movi	d0, #0000000000000000
	add	x9, x0, #8
	add	x10, x1, #8
	mov	x11, x8
.LBB0_4:
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
	cmp	x8, x2
	b.eq	.LBB0_8
.LBB0_6:
	lsl	x10, x8, #3
	sub	x9, x2, x8
	add	x8, x1, x10
	add	x10, x0, x10
.LBB0_7:
	ldr	d1, [x10], #8
	ldr	d2, [x8], #8
	subs	x9, x9, #1
	fmadd	d0, d1, d2, d0
	b.ne	.LBB0_7
.LBB0_8:
	ret
.Lfunc_end0:
op:
	cmp	w0, #4
	b.hi	.LBB1_3
	adrp	x9, .LJTI1_0
	mov	w8, w0
	add	x9, x9, :lo12:.LJTI1_0
	adr	x10, .LBB1_2
	ldrb	w11, [x9, x8]
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
	sdiv	w0, w1, w2
	ret
.LBB1_8:
	cbz	w2, .LBB1_10
	sdiv	w8, w1, w2
	msub	w0, w8, w2, w1
	ret
.LBB1_10:
	mov	w0, wzr
	ret
.Lfunc_end1:
.LJTI1_0:
name:
	cmp	w0, #4
	b.hi	.LBB2_2
	adrp	x8, reltable.name
	add	x8, x8, :lo12:reltable.name
	ldrsw	x9, [x8, w0, uxtw #2]
	add	x0, x8, x9
	ret
.LBB2_2:
	adrp	x0, .L.str
	add	x0, x0, :lo12:.L.str
	ret
.Lfunc_end2:
tick:
	adrp	x8, count
	ldr	w9, [x8, :lo12:count]
	add	w9, w9, #1
	str	w9, [x8, :lo12:count]
	ret
.Lfunc_end3:
reltable.name:
.L.str:
count:
.L.str.1:
.L.str.2:
.L.str.3:
.L.str.4:
.L.str.5:
