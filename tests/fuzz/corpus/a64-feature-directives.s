// the M1's own features removed and given back (src/a64/archs.tsv), as gcc writes them
	.arch armv8-a
	.arch armv8.2-a+crc+fp16+rcpc+dotprod+profile
	ldaddal	w1, w0, [x0]
	crc32b	w0, w0, w1
	fadd	h0, h0, h1
	.arch armv8-a+nofp+nosimd
	add	x0, x1, x2
	.arch_extension simd
	add	v0.4s, v1.4s, v2.4s
	.arch_extension nolse
	.arch_extension fp16
	fcmla	v0.4h, v1.4h, v2.4h, #90
	.cpu cortex-a76+crc
	sdot	v0.4s, v1.16b, v2.16b
	.cpu apple-m1+nocrc
	.cpu apple-a14+crypto
	frint32x	s0, s1
	.arch armv9.5-a+nofp16+nordm
	sqrdmlah	v0.4s, v1.4s, v2.4s
