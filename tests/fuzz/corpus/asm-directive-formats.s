	.popsection
	.popsection x
	.popsection // a comment
	.previous
	.previous x
	.arch_extension "abc
	.arch_extension crc "abc
	.arch_extension nocrc, "abc
	.eqv a, 1
	.eqv "abc
	.func f
	.endfunc
	.note
	.zerofill __DATA,__bss,a,4
	.subsections_via_symbols
	.build_version macos, 11, 0
	.macosx_version_min 11, 0
	.data_region jt32
	.end_data_region
	.loh AdrpAdd L1, L2
	.alt_entry f
	.cstring
	.const_data
	.literal8
	.def f
	.scl 2
	.endef
	.secrel32 f
	.seh_proc f
	.seh_endprologue
	.seh_proc "abc
	.zerofill "abc
	.def "abc
	.foo "abc
	.p2align 2 x
	.p2align 2, 0 x
	.p2align 2, 0, 4 x
	.balign 4 x
	.skip 4 x
	.fill 1, 1, 0 x
	.org 0 x
	.space 4 x
	.align 2 x
	.zero 4 x
	.incbin "f" x
	.ds.b 1 x
	.p2align 0b10
	.balign 0b100
	.skip 0b10
	.fill 0b10
	.org 0b10
	.byte $
	.quad $
	.byte @page
	.byte @got
	.quad @pageoff+8
	.byte @foo
addd x0 ; foo: ; adde x1
addd x0 ; .p2align 2 ; adde x2
nop ; .foo ; addd x0
mov x0, #1, lsl #3 ; addd ; adde ; addf ; addg ; addh ; addi ; addj ; addk ; addl ; addm ; addn ; addo
mov x0, sp, lsl #2
mov w0, wsp, lsl #2
mov sp, x0, lsl #2
mov x0, sp, lsl #0
mov x1, x2, lsl #2
mov x0, sp, asr #2
mov x0, sp,lsl #2
ldr x0, [x1], x2, lsl #1
ldr x0, [x1], x2
ldr w0, [x1], x2, lsl #1
str x0, [x1], x2, lsl #1
ldr x0, [x1],   x2, lsl #1
ldr x0, [x1], #8, lsl #1
ldr x0, [x1], x2, sxtw
cbz x0, lsl #1
cbz w0, lsl #1
cbnz x0, lsl #1
tbz x0, #1, lsl #1
b lsl #1
bl lsl #1
cbz x0, lsl
cbz x0, asr #1
b.eq lsl #1
prfb pldl1keep, p0, [x0]!
prfh pldl1keep, p0, [x0]!
prfw pldl1keep, p0, [x0, #1, mul vl]!
prfd pldl1keep, p0, [x0, z0.d, lsl #3]
prfd pldl1keep, p0, [x0, z0.d, lsl #1]
prfb pldl1keep, p0, [x0, z0.d, lsl #0]
ld1d {z0.d}, p0/z, [x0]!
mov x0, #$
mov x0, #@page
add x0, x1, #$
add x0, x1, #@page
add x0, x1, #foo@page
mov x0, #$1
ld1d {z0.d}, p1/z, [x0, w30, lsl #3]
ld1d {z0.d}, p1/z, [x0, w29]
ld1d {z0.d}, p1/z, [x0, x30, lsl #3]
ld1w {za0h.s[w30, 0]}, p0/z, [x0]
