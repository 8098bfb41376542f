// Compiler output for tests/sh/corpus-compilers.sh (the kinds of tools/corpus-survey.sh), made with:
//   aarch64-linux-gnu-g++ (Debian 12.2.0-14) -O2 -S exc.cpp
// from exc.cpp:
//   #include <stdexcept>
//   struct Res { int *p; Res() : p(new int[16]) {} ~Res() { delete[] p; } };
//   int parse(int v) { if (v < 0) throw std::invalid_argument("negative"); return v * 2; }
//   int guarded(int v) {
//     Res r;
//     try { return parse(v) + r.p[0]; }
//     catch (const std::invalid_argument &) { return -1; }
//   }
// triple: aarch64-linux-gnu
// instructions: 73
	.arch armv8-a
	.file	"exc.cpp"
	.text
	.section	.rodata.str1.8,"aMS",@progbits,1
	.align	3
.LC0:
	.string	"negative"
	.text
	.align	2
	.p2align 4,,11
	.global	_Z5parsei
	.type	_Z5parsei, %function
_Z5parsei:
.LFB1223:
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDA1223
	tbnz	w0, #31, .L10
	lsl	w0, w0, 1
	ret
.L10:
	stp	x29, x30, [sp, -32]!
	.cfi_def_cfa_offset 32
	.cfi_offset 29, -32
	.cfi_offset 30, -24
	mov	x0, 16
	mov	x29, sp
	str	x19, [sp, 16]
	.cfi_offset 19, -16
	bl	__cxa_allocate_exception
	adrp	x1, .LC0
	mov	x19, x0
	add	x1, x1, :lo12:.LC0
.LEHB0:
	bl	_ZNSt16invalid_argumentC1EPKc
.LEHE0:
	adrp	x2, :got:_ZNSt16invalid_argumentD1Ev
	ldr	x2, [x2, :got_lo12:_ZNSt16invalid_argumentD1Ev]
	mov	x0, x19
	adrp	x1, :got:_ZTISt16invalid_argument
	ldr	x1, [x1, :got_lo12:_ZTISt16invalid_argument]
.LEHB1:
	bl	__cxa_throw
.L4:
	mov	x1, x0
	mov	x0, x19
	mov	x19, x1
	bl	__cxa_free_exception
	mov	x0, x19
	bl	_Unwind_Resume
.LEHE1:
	.cfi_endproc
.LFE1223:
	.global	__gxx_personality_v0
	.section	.gcc_except_table,"a",@progbits
.LLSDA1223:
	.byte	0xff
	.byte	0xff
	.byte	0x1
	.uleb128 .LLSDACSE1223-.LLSDACSB1223
.LLSDACSB1223:
	.uleb128 .LEHB0-.LFB1223
	.uleb128 .LEHE0-.LEHB0
	.uleb128 .L4-.LFB1223
	.uleb128 0
	.uleb128 .LEHB1-.LFB1223
	.uleb128 .LEHE1-.LEHB1
	.uleb128 0
	.uleb128 0
.LLSDACSE1223:
	.text
	.size	_Z5parsei, .-_Z5parsei
	.align	2
	.p2align 4,,11
	.global	_Z7guardedi
	.type	_Z7guardedi, %function
_Z7guardedi:
.LFB1224:
	.cfi_startproc
	.cfi_personality 0x9b,DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b,.LLSDA1224
	stp	x29, x30, [sp, -48]!
	.cfi_def_cfa_offset 48
	.cfi_offset 29, -48
	.cfi_offset 30, -40
	mov	x29, sp
	stp	x19, x20, [sp, 16]
	.cfi_offset 19, -32
	.cfi_offset 20, -24
	mov	w19, w0
	mov	x0, 64
.LEHB2:
	bl	_Znam
.LEHE2:
	mov	x20, x0
	tbnz	w19, #31, .L21
	ldr	w0, [x0]
	add	w19, w0, w19, lsl 1
.L13:
	mov	x0, x20
	bl	_ZdaPv
	mov	w0, w19
	ldp	x19, x20, [sp, 16]
	ldp	x29, x30, [sp], 48
	.cfi_remember_state
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 19
	.cfi_restore 20
	.cfi_def_cfa_offset 0
	ret
.L21:
	.cfi_restore_state
	mov	x0, 16
	stp	x21, x22, [sp, 32]
	.cfi_offset 22, -8
	.cfi_offset 21, -16
	bl	__cxa_allocate_exception
	adrp	x1, .LC0
	mov	x22, x0
	add	x1, x1, :lo12:.LC0
.LEHB3:
	bl	_ZNSt16invalid_argumentC1EPKc
.LEHE3:
	adrp	x2, :got:_ZNSt16invalid_argumentD1Ev
	ldr	x2, [x2, :got_lo12:_ZNSt16invalid_argumentD1Ev]
	mov	x0, x22
	adrp	x1, :got:_ZTISt16invalid_argument
	ldr	x1, [x1, :got_lo12:_ZTISt16invalid_argument]
.LEHB4:
	bl	__cxa_throw
.LEHE4:
.L18:
	mov	x21, x1
	mov	x19, x0
	mov	x0, x22
	bl	__cxa_free_exception
	mov	x0, x21
.L15:
	cmp	x0, 1
	bne	.L22
	mov	x0, x19
	bl	__cxa_begin_catch
	bl	__cxa_end_catch
	mov	w19, -1
	ldp	x21, x22, [sp, 32]
	.cfi_remember_state
	.cfi_restore 22
	.cfi_restore 21
	b	.L13
.L17:
	.cfi_restore_state
	mov	x19, x0
	mov	x0, x1
	b	.L15
.L22:
	mov	x0, x20
	bl	_ZdaPv
	mov	x0, x19
.LEHB5:
	bl	_Unwind_Resume
.LEHE5:
	.cfi_endproc
.LFE1224:
	.section	.gcc_except_table
	.align	2
.LLSDA1224:
	.byte	0xff
	.byte	0x9b
	.uleb128 .LLSDATT1224-.LLSDATTD1224
.LLSDATTD1224:
	.byte	0x1
	.uleb128 .LLSDACSE1224-.LLSDACSB1224
.LLSDACSB1224:
	.uleb128 .LEHB2-.LFB1224
	.uleb128 .LEHE2-.LEHB2
	.uleb128 0
	.uleb128 0
	.uleb128 .LEHB3-.LFB1224
	.uleb128 .LEHE3-.LEHB3
	.uleb128 .L18-.LFB1224
	.uleb128 0x3
	.uleb128 .LEHB4-.LFB1224
	.uleb128 .LEHE4-.LEHB4
	.uleb128 .L17-.LFB1224
	.uleb128 0x3
	.uleb128 .LEHB5-.LFB1224
	.uleb128 .LEHE5-.LEHB5
	.uleb128 0
	.uleb128 0
.LLSDACSE1224:
	.byte	0
	.byte	0
	.byte	0x1
	.byte	0x7d
	.align	2
	.4byte	DW.ref._ZTISt16invalid_argument-.
.LLSDATT1224:
	.text
	.size	_Z7guardedi, .-_Z7guardedi
	.hidden	DW.ref._ZTISt16invalid_argument
	.weak	DW.ref._ZTISt16invalid_argument
	.section	.data.rel.local.DW.ref._ZTISt16invalid_argument,"awG",@progbits,DW.ref._ZTISt16invalid_argument,comdat
	.align	3
	.type	DW.ref._ZTISt16invalid_argument, %object
	.size	DW.ref._ZTISt16invalid_argument, 8
DW.ref._ZTISt16invalid_argument:
	.xword	_ZTISt16invalid_argument
	.hidden	DW.ref.__gxx_personality_v0
	.weak	DW.ref.__gxx_personality_v0
	.section	.data.rel.local.DW.ref.__gxx_personality_v0,"awG",@progbits,DW.ref.__gxx_personality_v0,comdat
	.align	3
	.type	DW.ref.__gxx_personality_v0, %object
	.size	DW.ref.__gxx_personality_v0, 8
DW.ref.__gxx_personality_v0:
	.xword	__gxx_personality_v0
	.ident	"GCC: (Debian 12.2.0-14) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
