// Compiler output for tests/sh/corpus-compilers.sh (the kinds of tools/corpus-survey.sh), made with:
//   clang (Debian 14.0.6) --target=aarch64-linux-gnu -O2 -g1 -S small.c
// from small.c:
//   int acc(const int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i] * p[i]; return s; }
// triple: aarch64-linux-gnu
// instructions: 34
	.text
	.file	"small.c"
	.globl	acc                             // -- Begin function acc
	.p2align	2
	.type	acc,@function
acc:                                    // @acc
.Lfunc_begin0:
	.file	0 "/tmp/c36d" "small.c" md5 0x5c6b849030eb2bd7d1da60f94263b318
	.loc	0 1 0                           // small.c:1:0
	.cfi_startproc
// %bb.0:
	.loc	0 1 43 prologue_end             // small.c:1:43
	cmp	w1, #1
	b.lt	.LBB0_3
// %bb.1:
	.loc	0 1 61 is_stmt 0                // small.c:1:61
	mov	w9, w1
	.loc	0 1 43                          // small.c:1:43
	cmp	w1, #8
	b.hs	.LBB0_4
// %bb.2:
	.loc	0 0 43                          // small.c:0:43
	mov	x10, xzr
	mov	w8, wzr
	b	.LBB0_7
.LBB0_3:
	.loc	0 1 89                          // small.c:1:89
	mov	w0, wzr
	ret
.LBB0_4:
	.loc	0 1 43                          // small.c:1:43
	and	x10, x9, #0xfffffff8
	add	x8, x0, #16
	movi	v0.2d, #0000000000000000
	mov	x11, x10
	movi	v1.2d, #0000000000000000
.LBB0_5:                                // =>This Inner Loop Header: Depth=1
	.loc	0 1 76                          // small.c:1:76
	ldp	q2, q3, [x8, #-16]
	.loc	0 1 67                          // small.c:1:67
	add	x8, x8, #32
	subs	x11, x11, #8
	.loc	0 1 73                          // small.c:1:73
	mla	v0.4s, v2.4s, v2.4s
	mla	v1.4s, v3.4s, v3.4s
	.loc	0 1 67                          // small.c:1:67
	b.ne	.LBB0_5
// %bb.6:
	.loc	0 1 43                          // small.c:1:43
	add	v0.4s, v1.4s, v0.4s
	cmp	x10, x9
	addv	s0, v0.4s
	fmov	w8, s0
	b.eq	.LBB0_9
.LBB0_7:
	add	x11, x0, x10, lsl #2
	sub	x9, x9, x10
.LBB0_8:                                // =>This Inner Loop Header: Depth=1
	.loc	0 1 76                          // small.c:1:76
	ldr	w10, [x11], #4
	.loc	0 1 61                          // small.c:1:61
	subs	x9, x9, #1
	.loc	0 1 73                          // small.c:1:73
	madd	w8, w10, w10, w8
	.loc	0 1 43                          // small.c:1:43
	b.ne	.LBB0_8
.LBB0_9:
	.loc	0 1 89                          // small.c:1:89
	mov	w0, w8
	ret
.Ltmp0:
.Lfunc_end0:
	.size	acc, .Lfunc_end0-acc
	.cfi_endproc
                                        // -- End function
	.section	.debug_abbrev,"",@progbits
	.byte	1                               // Abbreviation Code
	.byte	17                              // DW_TAG_compile_unit
	.byte	0                               // DW_CHILDREN_no
	.byte	37                              // DW_AT_producer
	.byte	37                              // DW_FORM_strx1
	.byte	19                              // DW_AT_language
	.byte	5                               // DW_FORM_data2
	.byte	3                               // DW_AT_name
	.byte	37                              // DW_FORM_strx1
	.byte	114                             // DW_AT_str_offsets_base
	.byte	23                              // DW_FORM_sec_offset
	.byte	16                              // DW_AT_stmt_list
	.byte	23                              // DW_FORM_sec_offset
	.byte	27                              // DW_AT_comp_dir
	.byte	37                              // DW_FORM_strx1
	.byte	17                              // DW_AT_low_pc
	.byte	27                              // DW_FORM_addrx
	.byte	18                              // DW_AT_high_pc
	.byte	6                               // DW_FORM_data4
	.byte	115                             // DW_AT_addr_base
	.byte	23                              // DW_FORM_sec_offset
	.byte	0                               // EOM(1)
	.byte	0                               // EOM(2)
	.byte	0                               // EOM(3)
	.section	.debug_info,"",@progbits
.Lcu_begin0:
	.word	.Ldebug_info_end0-.Ldebug_info_start0 // Length of Unit
.Ldebug_info_start0:
	.hword	5                               // DWARF version number
	.byte	1                               // DWARF Unit Type
	.byte	8                               // Address Size (in bytes)
	.word	.debug_abbrev                   // Offset Into Abbrev. Section
	.byte	1                               // Abbrev [1] 0xc:0x17 DW_TAG_compile_unit
	.byte	0                               // DW_AT_producer
	.hword	12                              // DW_AT_language
	.byte	1                               // DW_AT_name
	.word	.Lstr_offsets_base0             // DW_AT_str_offsets_base
	.word	.Lline_table_start0             // DW_AT_stmt_list
	.byte	2                               // DW_AT_comp_dir
	.byte	0                               // DW_AT_low_pc
	.word	.Lfunc_end0-.Lfunc_begin0       // DW_AT_high_pc
	.word	.Laddr_table_base0              // DW_AT_addr_base
.Ldebug_info_end0:
	.section	.debug_str_offsets,"",@progbits
	.word	16                              // Length of String Offsets Set
	.hword	5
	.hword	0
.Lstr_offsets_base0:
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"Debian clang version 14.0.6"   // string offset=0
.Linfo_string1:
	.asciz	"small.c"                       // string offset=28
.Linfo_string2:
	.asciz	"/tmp/c36d"                     // string offset=36
	.section	.debug_str_offsets,"",@progbits
	.word	.Linfo_string0
	.word	.Linfo_string1
	.word	.Linfo_string2
	.section	.debug_addr,"",@progbits
	.word	.Ldebug_addr_end0-.Ldebug_addr_start0 // Length of contribution
.Ldebug_addr_start0:
	.hword	5                               // DWARF version number
	.byte	8                               // Address size
	.byte	0                               // Segment selector size
.Laddr_table_base0:
	.xword	.Lfunc_begin0
.Ldebug_addr_end0:
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.section	.debug_line,"",@progbits
.Lline_table_start0:
