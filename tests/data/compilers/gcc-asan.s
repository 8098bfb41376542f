// Compiler output for tests/sh/corpus-compilers.sh (the kinds of tools/corpus-survey.sh), made with:
//   aarch64-linux-gnu-gcc (Debian 12.2.0-14) -O1 -fsanitize=address -S k.c
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
// instructions: 100
	.arch armv8-a
	.file	"k.c"
	.text
	.align	2
	.global	dot
	.type	dot, %function
dot:
.LASANPC0:
.LFB0:
	.cfi_startproc
	cbz	x2, .L6
	stp	x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov	x29, sp
	mov	x3, x0
	mov	x0, 0
	movi	d0, #0
	mov	x4, 68719476736
.L5:
	lsr	x5, x3, 3
	ldrsb	w5, [x5, x4]
	cbnz	w5, .L12
	ldr	d1, [x3]
	lsr	x5, x1, 3
	ldrsb	w5, [x5, x4]
	cbnz	w5, .L13
	ldr	d2, [x1], 8
	fmul	d1, d1, d2
	fadd	d0, d0, d1
	add	x0, x0, 1
	add	x3, x3, 8
	cmp	x2, x0
	bne	.L5
	ldp	x29, x30, [sp], 16
	.cfi_remember_state
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
.L12:
	.cfi_restore_state
	mov	x0, x3
	bl	__asan_report_load8
.L13:
	mov	x0, x1
	bl	__asan_report_load8
.L6:
	.cfi_def_cfa_offset 0
	.cfi_restore 29
	.cfi_restore 30
	movi	d0, #0
	ret
	.cfi_endproc
.LFE0:
	.size	dot, .-dot
	.align	2
	.global	op
	.type	op, %function
op:
.LASANPC1:
.LFB1:
	.cfi_startproc
	mov	w3, w0
	cmp	w0, 2
	beq	.L15
	ble	.L24
	cmp	w0, 3
	beq	.L20
	mov	w0, -1
	cmp	w3, 4
	bne	.L14
	mov	w0, w2
	cbz	w2, .L14
	sdiv	w0, w1, w2
	msub	w0, w0, w2, w1
	b	.L14
.L24:
	add	w0, w2, w1
	cbz	w3, .L14
	sub	w0, w1, w2
	cmp	w3, 1
	csinv	w0, w0, wzr, eq
.L14:
	ret
.L15:
	mul	w0, w2, w1
	b	.L14
.L20:
	mov	w0, w2
	cbz	w2, .L14
	sdiv	w0, w1, w2
	b	.L14
	.cfi_endproc
.LFE1:
	.size	op, .-op
	.align	2
	.global	name
	.type	name, %function
name:
.LASANPC2:
.LFB2:
	.cfi_startproc
	cmp	w0, 4
	bhi	.L28
	adrp	x1, .LANCHOR1
	add	x1, x1, :lo12:.LANCHOR1
	add	x1, x1, w0, sxtw 3
	lsr	x3, x1, 3
	mov	x2, 68719476736
	ldrsb	w2, [x3, x2]
	cbnz	w2, .L32
	adrp	x1, .LANCHOR1
	add	x1, x1, :lo12:.LANCHOR1
	ldr	x0, [x1, w0, sxtw 3]
	ret
.L32:
	stp	x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov	x29, sp
	mov	x0, x1
	bl	__asan_report_load8
.L28:
	.cfi_def_cfa_offset 0
	.cfi_restore 29
	.cfi_restore 30
	adrp	x0, .LANCHOR0
	add	x0, x0, :lo12:.LANCHOR0
	ret
	.cfi_endproc
.LFE2:
	.size	name, .-name
	.align	2
	.global	tick
	.type	tick, %function
tick:
.LASANPC3:
.LFB3:
	.cfi_startproc
	adrp	x1, .LANCHOR2
	ldr	w0, [x1, #:lo12:.LANCHOR2]
	add	w0, w0, 1
	str	w0, [x1, #:lo12:.LANCHOR2]
	ret
	.cfi_endproc
.LFE3:
	.size	tick, .-tick
	.global	count
	.global	__odr_asan.count
	.section	.rodata.str1.8,"aMS",@progbits,1
	.align	3
.LC6:
	.string	"k.c"
	.align	3
.LC7:
	.string	"count"
	.align	3
.LC8:
	.string	"names"
	.align	3
.LC9:
	.string	"*.LC4"
	.align	3
.LC10:
	.string	"*.LC0"
	.align	3
.LC11:
	.string	"*.LC1"
	.align	3
.LC12:
	.string	"*.LC5"
	.align	3
.LC13:
	.string	"*.LC3"
	.align	3
.LC14:
	.string	"*.LC2"
	.text
	.align	2
	.type	_sub_D_00099_0, %function
_sub_D_00099_0:
.LFB4:
	.cfi_startproc
	stp	x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov	x29, sp
	mov	x1, 8
	adrp	x0, .LANCHOR3
	add	x0, x0, :lo12:.LANCHOR3
	add	x0, x0, 32
	bl	__asan_unregister_globals
	ldp	x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
.LFE4:
	.size	_sub_D_00099_0, .-_sub_D_00099_0
	.section	.fini_array.00099,"aw"
	.align	3
	.xword	_sub_D_00099_0
	.text
	.align	2
	.type	_sub_I_00099_1, %function
_sub_I_00099_1:
.LFB5:
	.cfi_startproc
	stp	x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mov	x29, sp
	bl	__asan_init
	bl	__asan_version_mismatch_check_v8
	mov	x1, 8
	adrp	x0, .LANCHOR3
	add	x0, x0, :lo12:.LANCHOR3
	add	x0, x0, 32
	bl	__asan_register_globals
	ldp	x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
.LFE5:
	.size	_sub_I_00099_1, .-_sub_I_00099_1
	.section	.init_array.00099,"aw"
	.align	3
	.xword	_sub_I_00099_1
	.section	.rodata
	.align	5
	.set	.LANCHOR0,. + 0
.LC0:
	.string	"?"
	.zero	62
.LC1:
	.string	"add"
	.zero	60
.LC2:
	.string	"sub"
	.zero	60
.LC3:
	.string	"mul"
	.zero	60
.LC4:
	.string	"div"
	.zero	60
.LC5:
	.string	"mod"
	.zero	60
	.bss
	.align	5
	.set	.LANCHOR2,. + 0
	.type	count, %object
	.size	count, 4
count:
	.zero	4
	.zero	60
	.type	__odr_asan.count, %object
	.size	__odr_asan.count, 1
__odr_asan.count:
	.zero	1
	.section	.data.rel.local,"aw"
	.align	3
	.set	.LANCHOR3,. + 0
	.type	.LASANLOC1, %object
	.size	.LASANLOC1, 16
.LASANLOC1:
	.xword	.LC6
	.word	11
	.word	5
	.type	.LASANLOC2, %object
	.size	.LASANLOC2, 16
.LASANLOC2:
	.xword	.LC6
	.word	2
	.word	20
	.type	.LASAN0, %object
	.size	.LASAN0, 512
.LASAN0:
	.xword	count
	.xword	4
	.xword	64
	.xword	.LC7
	.xword	.LC6
	.xword	0
	.xword	.LASANLOC1
	.xword	__odr_asan.count
	.xword	names
	.xword	40
	.xword	96
	.xword	.LC8
	.xword	.LC6
	.xword	0
	.xword	.LASANLOC2
	.xword	0
	.xword	.LC4
	.xword	4
	.xword	64
	.xword	.LC9
	.xword	.LC6
	.xword	0
	.xword	0
	.xword	0
	.xword	.LC0
	.xword	2
	.xword	64
	.xword	.LC10
	.xword	.LC6
	.xword	0
	.xword	0
	.xword	0
	.xword	.LC1
	.xword	4
	.xword	64
	.xword	.LC11
	.xword	.LC6
	.xword	0
	.xword	0
	.xword	0
	.xword	.LC5
	.xword	4
	.xword	64
	.xword	.LC12
	.xword	.LC6
	.xword	0
	.xword	0
	.xword	0
	.xword	.LC3
	.xword	4
	.xword	64
	.xword	.LC13
	.xword	.LC6
	.xword	0
	.xword	0
	.xword	0
	.xword	.LC2
	.xword	4
	.xword	64
	.xword	.LC14
	.xword	.LC6
	.xword	0
	.xword	0
	.xword	0
	.zero	32
	.section	.data.rel.ro.local,"aw"
	.align	5
	.set	.LANCHOR1,. + 0
	.type	names, %object
	.size	names, 40
names:
	.xword	.LC1
	.xword	.LC2
	.xword	.LC3
	.xword	.LC4
	.xword	.LC5
	.zero	56
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
