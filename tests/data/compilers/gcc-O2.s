// Compiler output for tests/sh/corpus-compilers.sh (the kinds of tools/corpus-survey.sh), made with:
//   aarch64-linux-gnu-gcc (Debian 12.2.0-14) -O2 -S k.c
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
// instructions: 50
	.arch armv8-a
	.file	"k.c"
	.text
	.align	2
	.p2align 4,,11
	.global	dot
	.type	dot, %function
dot:
.LFB0:
	.cfi_startproc
	movi	d0, #0
	cbz	x2, .L1
	mov	x3, 0
	.p2align 3,,7
.L3:
	ldr	d2, [x0, x3, lsl 3]
	ldr	d1, [x1, x3, lsl 3]
	add	x3, x3, 1
	fmadd	d0, d2, d1, d0
	cmp	x2, x3
	bne	.L3
.L1:
	ret
	.cfi_endproc
.LFE0:
	.size	dot, .-dot
	.align	2
	.p2align 4,,11
	.global	op
	.type	op, %function
op:
.LFB1:
	.cfi_startproc
	mov	w3, w0
	cmp	w0, 2
	beq	.L8
	ble	.L20
	cmp	w0, 3
	beq	.L13
	mov	w0, -1
	cmp	w3, 4
	bne	.L7
	mov	w0, 0
	cbz	w2, .L7
	sdiv	w0, w1, w2
	msub	w0, w0, w2, w1
.L7:
	ret
	.p2align 2,,3
.L20:
	add	w0, w2, w1
	cbz	w3, .L7
	sub	w0, w1, w2
	cmp	w3, 1
	csinv	w0, w0, wzr, eq
	ret
	.p2align 2,,3
.L8:
	mul	w0, w2, w1
	ret
	.p2align 2,,3
.L13:
	mov	w0, 0
	cbz	w2, .L7
	sdiv	w0, w1, w2
	ret
	.cfi_endproc
.LFE1:
	.size	op, .-op
	.section	.rodata.str1.8,"aMS",@progbits,1
	.align	3
.LC0:
	.string	"?"
	.text
	.align	2
	.p2align 4,,11
	.global	name
	.type	name, %function
name:
.LFB2:
	.cfi_startproc
	cmp	w0, 4
	bhi	.L23
	adrp	x1, .LANCHOR0
	add	x1, x1, :lo12:.LANCHOR0
	ldr	x0, [x1, w0, sxtw 3]
	ret
	.p2align 2,,3
.L23:
	adrp	x0, .LC0
	add	x0, x0, :lo12:.LC0
	ret
	.cfi_endproc
.LFE2:
	.size	name, .-name
	.align	2
	.p2align 4,,11
	.global	tick
	.type	tick, %function
tick:
.LFB3:
	.cfi_startproc
	adrp	x1, .LANCHOR1
	ldr	w0, [x1, #:lo12:.LANCHOR1]
	add	w0, w0, 1
	str	w0, [x1, #:lo12:.LANCHOR1]
	ret
	.cfi_endproc
.LFE3:
	.size	tick, .-tick
	.global	count
	.section	.rodata.str1.8
	.align	3
.LC1:
	.string	"add"
	.align	3
.LC2:
	.string	"sub"
	.align	3
.LC3:
	.string	"mul"
	.align	3
.LC4:
	.string	"div"
	.align	3
.LC5:
	.string	"mod"
	.bss
	.align	2
	.set	.LANCHOR1,. + 0
	.type	count, %object
	.size	count, 4
count:
	.zero	4
	.section	.data.rel.ro.local,"aw"
	.align	4
	.set	.LANCHOR0,. + 0
	.type	names, %object
	.size	names, 40
names:
	.xword	.LC1
	.xword	.LC2
	.xword	.LC3
	.xword	.LC4
	.xword	.LC5
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
