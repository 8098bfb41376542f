// Compiler output for tests/sh/corpus-compilers.sh (the kinds of tools/corpus-survey.sh), made with:
//   clang++ (Debian 14.0.6) --target=arm64-apple-macos -mmacosx-version-min=11.0 -O2 -S virt.cpp
// from virt.cpp:
//   struct Shape { virtual ~Shape() {} virtual double area() const = 0; };
//   struct Sq : Shape { double s; explicit Sq(double v) : s(v) {} double area() const override { return s * s; } };
//   double sum(Shape *const *v, int n) { double t = 0; for (int i = 0; i < n; i++) t += v[i]->area(); return t; }
//   Shape *make(double v) { return new Sq(v); }
// triple: arm64-apple-macos
// instructions: 42
	.section	__TEXT,__text,regular,pure_instructions
	.build_version macos, 11, 0
	.globl	__Z3sumPKP5Shapei               ; -- Begin function _Z3sumPKP5Shapei
	.p2align	2
__Z3sumPKP5Shapei:                      ; @_Z3sumPKP5Shapei
	.cfi_startproc
; %bb.0:
	stp	d9, d8, [sp, #-48]!             ; 16-byte Folded Spill
	stp	x20, x19, [sp, #16]             ; 16-byte Folded Spill
	stp	x29, x30, [sp, #32]             ; 16-byte Folded Spill
	add	x29, sp, #32
	.cfi_def_cfa w29, 16
	.cfi_offset w30, -8
	.cfi_offset w29, -16
	.cfi_offset w19, -24
	.cfi_offset w20, -32
	.cfi_offset b8, -40
	.cfi_offset b9, -48
	cmp	w1, #1
	b.lt	LBB0_3
; %bb.1:
	mov	x19, x0
	mov	w20, w1
	movi	d8, #0000000000000000
LBB0_2:                                 ; =>This Inner Loop Header: Depth=1
	ldr	x0, [x19], #8
	ldr	x8, [x0]
	ldr	x8, [x8, #16]
	blr	x8
	fadd	d8, d8, d0
	subs	x20, x20, #1
	b.ne	LBB0_2
	b	LBB0_4
LBB0_3:
	movi	d8, #0000000000000000
LBB0_4:
	fmov	d0, d8
	ldp	x29, x30, [sp, #32]             ; 16-byte Folded Reload
	ldp	x20, x19, [sp, #16]             ; 16-byte Folded Reload
	ldp	d9, d8, [sp], #48               ; 16-byte Folded Reload
	ret
	.cfi_endproc
                                        ; -- End function
	.globl	__Z4maked                       ; -- Begin function _Z4maked
	.p2align	2
__Z4maked:                              ; @_Z4maked
	.cfi_startproc
; %bb.0:
	stp	d9, d8, [sp, #-32]!             ; 16-byte Folded Spill
	stp	x29, x30, [sp, #16]             ; 16-byte Folded Spill
	add	x29, sp, #16
	.cfi_def_cfa w29, 16
	.cfi_offset w30, -8
	.cfi_offset w29, -16
	.cfi_offset b8, -24
	.cfi_offset b9, -32
	fmov	d8, d0
	mov	w0, #16
	bl	__Znwm
Lloh0:
	adrp	x8, __ZTV2Sq@GOTPAGE
Lloh1:
	ldr	x8, [x8, __ZTV2Sq@GOTPAGEOFF]
	add	x8, x8, #16
	str	x8, [x0]
	str	d8, [x0, #8]
	ldp	x29, x30, [sp, #16]             ; 16-byte Folded Reload
	ldp	d9, d8, [sp], #32               ; 16-byte Folded Reload
	ret
	.loh AdrpLdrGot	Lloh0, Lloh1
	.cfi_endproc
                                        ; -- End function
	.globl	__ZN2SqD1Ev                     ; -- Begin function _ZN2SqD1Ev
	.weak_def_can_be_hidden	__ZN2SqD1Ev
	.p2align	2
__ZN2SqD1Ev:                            ; @_ZN2SqD1Ev
	.cfi_startproc
; %bb.0:
	ret
	.cfi_endproc
                                        ; -- End function
	.globl	__ZN2SqD0Ev                     ; -- Begin function _ZN2SqD0Ev
	.weak_def_can_be_hidden	__ZN2SqD0Ev
	.p2align	2
__ZN2SqD0Ev:                            ; @_ZN2SqD0Ev
	.cfi_startproc
; %bb.0:
	b	__ZdlPv
	.cfi_endproc
                                        ; -- End function
	.globl	__ZNK2Sq4areaEv                 ; -- Begin function _ZNK2Sq4areaEv
	.weak_def_can_be_hidden	__ZNK2Sq4areaEv
	.p2align	2
__ZNK2Sq4areaEv:                        ; @_ZNK2Sq4areaEv
	.cfi_startproc
; %bb.0:
	ldr	d0, [x0, #8]
	fmul	d0, d0, d0
	ret
	.cfi_endproc
                                        ; -- End function
	.section	__DATA,__const
	.globl	__ZTV2Sq                        ; @_ZTV2Sq
	.weak_def_can_be_hidden	__ZTV2Sq
	.p2align	3
__ZTV2Sq:
	.quad	0
	.quad	__ZTI2Sq
	.quad	__ZN2SqD1Ev
	.quad	__ZN2SqD0Ev
	.quad	__ZNK2Sq4areaEv

	.private_extern	__ZTS2Sq                ; @_ZTS2Sq
	.section	__TEXT,__const
	.globl	__ZTS2Sq
	.weak_definition	__ZTS2Sq
__ZTS2Sq:
	.asciz	"2Sq"

	.private_extern	__ZTS5Shape             ; @_ZTS5Shape
	.globl	__ZTS5Shape
	.weak_definition	__ZTS5Shape
__ZTS5Shape:
	.asciz	"5Shape"

	.private_extern	__ZTI5Shape             ; @_ZTI5Shape
	.section	__DATA,__const
	.globl	__ZTI5Shape
	.weak_definition	__ZTI5Shape
	.p2align	3
__ZTI5Shape:
	.quad	__ZTVN10__cxxabiv117__class_type_infoE+16
	.quad	__ZTS5Shape-9223372036854775808

	.private_extern	__ZTI2Sq                ; @_ZTI2Sq
	.globl	__ZTI2Sq
	.weak_definition	__ZTI2Sq
	.p2align	3
__ZTI2Sq:
	.quad	__ZTVN10__cxxabiv120__si_class_type_infoE+16
	.quad	__ZTS2Sq-9223372036854775808
	.quad	__ZTI5Shape

.subsections_via_symbols
