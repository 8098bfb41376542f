Œ	.text
	.p2align 4
	frobnicate x0
	add x0, x0, #0x1000, lsl #12
	add x99, x0, x0
	.byte 1, 2, 3
	.balign 64
	ret
	.section .data
	.quad 0
