// Compiler output for tests/sh/corpus-compilers.sh (the kinds of tools/corpus-survey.sh), made with:
//   aarch64-linux-gnu-gcc (Debian 12.2.0-14) -O2 -pg -mbranch-protection=standard -S k.c
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
// instructions: 105
	.arch armv8-a
	.file	"k.c"
	.text
	.global	_mcount
	.align	2
	.p2align 4,,11
	.global	dot
	.type	dot, %function
dot:
.LFB0:
	.cfi_startproc
	hint	25 // paciasp
	.cfi_window_save
	stp	x29, x30, [sp, -48]!
	.cfi_def_cfa_offset 48
	.cfi_offset 29, -48
	.cfi_offset 30, -40
	mov	x29, sp
	stp	x19, x20, [sp, 16]
	str	x21, [sp, 32]
	.cfi_offset 19, -32
	.cfi_offset 20, -24
	.cfi_offset 21, -16
	hint	7 // xpaclri
	mov	x20, x0
	mov	x21, x1
	mov	x19, x2
	mov	x0, x30
	bl	_mcount
	movi	d0, #0
	cbz	x19, .L1
	mov	x3, 0
	.p2align 3,,7
.L3:
	ldr	d2, [x20, x3, lsl 3]
	ldr	d1, [x21, x3, lsl 3]
	add	x3, x3, 1
	fmadd	d0, d2, d1, d0
	cmp	x19, x3
	bne	.L3
.L1:
	ldp	x19, x20, [sp, 16]
	ldr	x21, [sp, 32]
	ldp	x29, x30, [sp], 48
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 21
	.cfi_restore 19
	.cfi_restore 20
	.cfi_def_cfa_offset 0
	hint	29 // autiasp
	.cfi_window_save
	ret
	.cfi_endproc
.LFE0:
	.size	dot, .-dot
	.global	_mcount
	.align	2
	.p2align 4,,11
	.global	op
	.type	op, %function
op:
.LFB1:
	.cfi_startproc
	hint	25 // paciasp
	.cfi_window_save
	stp	x29, x30, [sp, -48]!
	.cfi_def_cfa_offset 48
	.cfi_offset 29, -48
	.cfi_offset 30, -40
	mov	x29, sp
	stp	x19, x20, [sp, 16]
	str	x21, [sp, 32]
	.cfi_offset 19, -32
	.cfi_offset 20, -24
	.cfi_offset 21, -16
	hint	7 // xpaclri
	mov	w19, w0
	mov	w21, w1
	mov	w20, w2
	mov	x0, x30
	bl	_mcount
	cmp	w19, 2
	beq	.L8
	ble	.L20
	cmp	w19, 3
	beq	.L13
	mov	w0, -1
	cmp	w19, 4
	bne	.L7
	mov	w0, 0
	cbz	w20, .L7
	sdiv	w0, w21, w20
	msub	w0, w0, w20, w21
.L7:
	ldp	x19, x20, [sp, 16]
	ldr	x21, [sp, 32]
	ldp	x29, x30, [sp], 48
	.cfi_remember_state
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 21
	.cfi_restore 19
	.cfi_restore 20
	.cfi_def_cfa_offset 0
	hint	29 // autiasp
	.cfi_window_save
	ret
	.p2align 2,,3
.L20:
	.cfi_restore_state
	add	w0, w20, w21
	cbz	w19, .L7
	sub	w0, w21, w20
	cmp	w19, 1
	ldp	x19, x20, [sp, 16]
	csinv	w0, w0, wzr, eq
	ldr	x21, [sp, 32]
	ldp	x29, x30, [sp], 48
	.cfi_remember_state
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 21
	.cfi_restore 19
	.cfi_restore 20
	.cfi_def_cfa_offset 0
	hint	29 // autiasp
	.cfi_window_save
	ret
	.p2align 2,,3
.L8:
	.cfi_restore_state
	mul	w0, w20, w21
	b	.L7
	.p2align 2,,3
.L13:
	mov	w0, 0
	cbz	w20, .L7
	sdiv	w0, w21, w20
	b	.L7
	.cfi_endproc
.LFE1:
	.size	op, .-op
	.global	_mcount
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
	hint	25 // paciasp
	.cfi_window_save
	stp	x29, x30, [sp, -32]!
	.cfi_def_cfa_offset 32
	.cfi_offset 29, -32
	.cfi_offset 30, -24
	mov	x29, sp
	str	x19, [sp, 16]
	.cfi_offset 19, -16
	hint	7 // xpaclri
	mov	w19, w0
	mov	x0, x30
	bl	_mcount
	cmp	w19, 4
	bhi	.L23
	adrp	x0, .LANCHOR0
	add	x0, x0, :lo12:.LANCHOR0
	ldr	x0, [x0, w19, sxtw 3]
	ldr	x19, [sp, 16]
	ldp	x29, x30, [sp], 32
	.cfi_remember_state
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 19
	.cfi_def_cfa_offset 0
	hint	29 // autiasp
	.cfi_window_save
	ret
	.p2align 2,,3
.L23:
	.cfi_restore_state
	ldr	x19, [sp, 16]
	adrp	x0, .LC0
	ldp	x29, x30, [sp], 32
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 19
	.cfi_def_cfa_offset 0
	hint	29 // autiasp
	.cfi_window_save
	add	x0, x0, :lo12:.LC0
	ret
	.cfi_endproc
.LFE2:
	.size	name, .-name
	.global	_mcount
	.align	2
	.p2align 4,,11
	.global	tick
	.type	tick, %function
tick:
.LFB3:
	.cfi_startproc
	hint	25 // paciasp
	.cfi_window_save
	stp	x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov	x29, sp
	hint	7 // xpaclri
	mov	x0, x30
	bl	_mcount
	adrp	x1, .LANCHOR1
	ldp	x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	hint	29 // autiasp
	.cfi_window_save
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
	.section	.note.gnu.property,"a"
	.align	3
	.word	4
	.word	16
	.word	5
	.string	"GNU"
	.word	3221225472
	.word	4
	.word	3
	.align	3
