// Compiler output for tests/sh/corpus-compilers.sh (the kinds of tools/corpus-survey.sh), made with:
//   clang++ (Debian 14.0.6) --target=aarch64-linux-gnu -O2 -S exc.cpp
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
// instructions: 61
	.text
	.file	"exc.cpp"
	.globl	_Z5parsei                       // -- Begin function _Z5parsei
	.p2align	2
	.type	_Z5parsei,@function
_Z5parsei:                              // @_Z5parsei
.Lfunc_begin0:
	.cfi_startproc
	.cfi_personality 156, DW.ref.__gxx_personality_v0
	.cfi_lsda 28, .Lexception0
// %bb.0:
	stp	x29, x30, [sp, #-32]!           // 16-byte Folded Spill
	stp	x20, x19, [sp, #16]             // 16-byte Folded Spill
	mov	x29, sp
	.cfi_def_cfa w29, 32
	.cfi_offset w19, -8
	.cfi_offset w20, -16
	.cfi_offset w30, -24
	.cfi_offset w29, -32
	tbnz	w0, #31, .LBB0_2
// %bb.1:
	ldp	x20, x19, [sp, #16]             // 16-byte Folded Reload
	lsl	w0, w0, #1
	ldp	x29, x30, [sp], #32             // 16-byte Folded Reload
	ret
.LBB0_2:
	mov	w0, #16
	bl	__cxa_allocate_exception
	mov	x19, x0
.Ltmp0:
	adrp	x1, .L.str
	add	x1, x1, :lo12:.L.str
	bl	_ZNSt16invalid_argumentC1EPKc
.Ltmp1:
// %bb.3:
	adrp	x1, :got:_ZTISt16invalid_argument
	adrp	x2, :got:_ZNSt16invalid_argumentD1Ev
	mov	x0, x19
	ldr	x1, [x1, :got_lo12:_ZTISt16invalid_argument]
	ldr	x2, [x2, :got_lo12:_ZNSt16invalid_argumentD1Ev]
	bl	__cxa_throw
.LBB0_4:
.Ltmp2:
	mov	x20, x0
	mov	x0, x19
	bl	__cxa_free_exception
	mov	x0, x20
	bl	_Unwind_Resume
.Lfunc_end0:
	.size	_Z5parsei, .Lfunc_end0-_Z5parsei
	.cfi_endproc
	.section	.gcc_except_table,"a",@progbits
	.p2align	2
GCC_except_table0:
.Lexception0:
	.byte	255                             // @LPStart Encoding = omit
	.byte	255                             // @TType Encoding = omit
	.byte	1                               // Call site Encoding = uleb128
	.uleb128 .Lcst_end0-.Lcst_begin0
.Lcst_begin0:
	.uleb128 .Lfunc_begin0-.Lfunc_begin0    // >> Call Site 1 <<
	.uleb128 .Ltmp0-.Lfunc_begin0           //   Call between .Lfunc_begin0 and .Ltmp0
	.byte	0                               //     has no landing pad
	.byte	0                               //   On action: cleanup
	.uleb128 .Ltmp0-.Lfunc_begin0           // >> Call Site 2 <<
	.uleb128 .Ltmp1-.Ltmp0                  //   Call between .Ltmp0 and .Ltmp1
	.uleb128 .Ltmp2-.Lfunc_begin0           //     jumps to .Ltmp2
	.byte	0                               //   On action: cleanup
	.uleb128 .Ltmp1-.Lfunc_begin0           // >> Call Site 3 <<
	.uleb128 .Lfunc_end0-.Ltmp1             //   Call between .Ltmp1 and .Lfunc_end0
	.byte	0                               //     has no landing pad
	.byte	0                               //   On action: cleanup
.Lcst_end0:
	.p2align	2
                                        // -- End function
	.text
	.globl	_Z7guardedi                     // -- Begin function _Z7guardedi
	.p2align	2
	.type	_Z7guardedi,@function
_Z7guardedi:                            // @_Z7guardedi
.Lfunc_begin1:
	.cfi_startproc
	.cfi_personality 156, DW.ref.__gxx_personality_v0
	.cfi_lsda 28, .Lexception1
// %bb.0:
	stp	x29, x30, [sp, #-48]!           // 16-byte Folded Spill
	str	x21, [sp, #16]                  // 8-byte Folded Spill
	mov	x29, sp
	stp	x20, x19, [sp, #32]             // 16-byte Folded Spill
	.cfi_def_cfa w29, 48
	.cfi_offset w19, -8
	.cfi_offset w20, -16
	.cfi_offset w21, -32
	.cfi_offset w30, -40
	.cfi_offset w29, -48
	tbnz	w0, #31, .LBB1_2
.LBB1_1:
	ldp	x20, x19, [sp, #32]             // 16-byte Folded Reload
	mov	w0, #-1
	ldr	x21, [sp, #16]                  // 8-byte Folded Reload
	ldp	x29, x30, [sp], #48             // 16-byte Folded Reload
	ret
.LBB1_2:
	mov	w0, #16
	bl	__cxa_allocate_exception
	mov	x20, x0
.Ltmp3:
	adrp	x1, .L.str
	add	x1, x1, :lo12:.L.str
	bl	_ZNSt16invalid_argumentC1EPKc
.Ltmp4:
// %bb.3:
.Ltmp6:
	adrp	x1, :got:_ZTISt16invalid_argument
	adrp	x2, :got:_ZNSt16invalid_argumentD1Ev
	mov	x0, x20
	ldr	x1, [x1, :got_lo12:_ZTISt16invalid_argument]
	ldr	x2, [x2, :got_lo12:_ZNSt16invalid_argumentD1Ev]
	bl	__cxa_throw
.Ltmp7:
// %bb.4:
.LBB1_5:
.Ltmp8:
	mov	x21, x1
	mov	x19, x0
	b	.LBB1_7
.LBB1_6:
.Ltmp5:
	mov	x19, x0
	mov	x0, x20
	mov	x21, x1
	bl	__cxa_free_exception
.LBB1_7:
	mov	x0, x19
	cmp	w21, #1
	b.ne	.LBB1_9
// %bb.8:
	bl	__cxa_begin_catch
	bl	__cxa_end_catch
	b	.LBB1_1
.LBB1_9:
	bl	_Unwind_Resume
.Lfunc_end1:
	.size	_Z7guardedi, .Lfunc_end1-_Z7guardedi
	.cfi_endproc
	.section	.gcc_except_table,"a",@progbits
	.p2align	2
GCC_except_table1:
.Lexception1:
	.byte	255                             // @LPStart Encoding = omit
	.byte	156                             // @TType Encoding = indirect pcrel sdata8
	.uleb128 .Lttbase0-.Lttbaseref0
.Lttbaseref0:
	.byte	1                               // Call site Encoding = uleb128
	.uleb128 .Lcst_end1-.Lcst_begin1
.Lcst_begin1:
	.uleb128 .Lfunc_begin1-.Lfunc_begin1    // >> Call Site 1 <<
	.uleb128 .Ltmp3-.Lfunc_begin1           //   Call between .Lfunc_begin1 and .Ltmp3
	.byte	0                               //     has no landing pad
	.byte	0                               //   On action: cleanup
	.uleb128 .Ltmp3-.Lfunc_begin1           // >> Call Site 2 <<
	.uleb128 .Ltmp4-.Ltmp3                  //   Call between .Ltmp3 and .Ltmp4
	.uleb128 .Ltmp5-.Lfunc_begin1           //     jumps to .Ltmp5
	.byte	3                               //   On action: 2
	.uleb128 .Ltmp6-.Lfunc_begin1           // >> Call Site 3 <<
	.uleb128 .Ltmp7-.Ltmp6                  //   Call between .Ltmp6 and .Ltmp7
	.uleb128 .Ltmp8-.Lfunc_begin1           //     jumps to .Ltmp8
	.byte	3                               //   On action: 2
	.uleb128 .Ltmp7-.Lfunc_begin1           // >> Call Site 4 <<
	.uleb128 .Lfunc_end1-.Ltmp7             //   Call between .Ltmp7 and .Lfunc_end1
	.byte	0                               //     has no landing pad
	.byte	0                               //   On action: cleanup
.Lcst_end1:
	.byte	0                               // >> Action Record 1 <<
                                        //   Cleanup
	.byte	0                               //   No further actions
	.byte	1                               // >> Action Record 2 <<
                                        //   Catch TypeInfo 1
	.byte	125                             //   Continue to action 1
	.p2align	2
                                        // >> Catch TypeInfos <<
.Ltmp9:                                 // TypeInfo 1
	.xword	.L_ZTISt16invalid_argument.DW.stub-.Ltmp9
.Lttbase0:
	.p2align	2
                                        // -- End function
	.type	.L.str,@object                  // @.str
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"negative"
	.size	.L.str, 9

	.data
	.p2align	3
.L_ZTISt16invalid_argument.DW.stub:
	.xword	_ZTISt16invalid_argument
	.hidden	DW.ref.__gxx_personality_v0
	.weak	DW.ref.__gxx_personality_v0
	.section	.data.DW.ref.__gxx_personality_v0,"aGw",@progbits,DW.ref.__gxx_personality_v0,comdat
	.p2align	3
	.type	DW.ref.__gxx_personality_v0,@object
	.size	DW.ref.__gxx_personality_v0, 8
DW.ref.__gxx_personality_v0:
	.xword	__gxx_personality_v0
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __gxx_personality_v0
	.addrsig_sym _Unwind_Resume
	.addrsig_sym _ZTISt16invalid_argument
