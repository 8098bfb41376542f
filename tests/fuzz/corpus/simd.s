	fadd v0.4s, v1.4s, v2.4s
	fmla v0.4s, v1.4s, v2.s[1]
	ld1 {v0.16b, v1.16b}, [x0], #32
	st1 {v0.4s-v3.4s}, [x1], x2
	ld1 {v0.s}[1], [x0]
	movi v0.2s, #3, msl #8
	fmov d0, #1.5
	dup v0.4s, w1
	ldr q0, [x0, #16]
	sdot v0.4s, v1.16b, v2.4b[1]
	fcmp s0, #0.0
