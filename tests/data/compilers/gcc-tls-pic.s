// Compiler output for tests/sh/corpus-compilers.sh (the kinds of tools/corpus-survey.sh), made with:
//   aarch64-linux-gnu-gcc (Debian 12.2.0-14) -O2 -fPIC -S tls.c
// from tls.c:
//   _Thread_local int tl_count;
//   int bump(int n) { for (int i = 0; i < n; i++) tl_count += i; return tl_count; }
// triple: aarch64-linux-gnu
// llvm-opts: -skip-unsupported-instructions=lack-sched
//   (without it llvm-mca-19 refuses the file: its Apple model has no scheduling class for the
//   .tlsdesccall pseudo-instruction; uarch reads it as the relocation marker it is)
// instructions: 24
	.arch armv8-a
	.file	"tls.c"
	.text
	.align	2
	.p2align 4,,11
	.global	bump
	.type	bump, %function
bump:
.LFB0:
	.cfi_startproc
	stp	x29, x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 29, -16
	.cfi_offset 30, -8
	mrs	x4, tpidr_el0
	mov	w3, w0
	mov	x29, sp
	adrp	x0, :tlsdesc:tl_count
	ldr	x1, [x0, #:tlsdesc_lo12:tl_count]
	add	x0, x0, :tlsdesc_lo12:tl_count
	.tlsdesccall	tl_count
	blr	x1
	ldr	w2, [x4, x0]
	cmp	w3, 0
	ble	.L1
	mov	w1, 0
	.p2align 3,,7
.L3:
	add	w2, w2, w1
	add	w1, w1, 1
	cmp	w3, w1
	bne	.L3
	adrp	x0, :tlsdesc:tl_count
	ldr	x1, [x0, #:tlsdesc_lo12:tl_count]
	add	x0, x0, :tlsdesc_lo12:tl_count
	.tlsdesccall	tl_count
	blr	x1
	str	w2, [x4, x0]
.L1:
	mov	w0, w2
	ldp	x29, x30, [sp], 16
	.cfi_restore 30
	.cfi_restore 29
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
.LFE0:
	.size	bump, .-bump
	.global	tl_count
	.section	.tbss,"awT",@nobits
	.align	2
	.type	tl_count, %object
	.size	tl_count, 4
tl_count:
	.zero	4
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
