	add x0, x1, x2
	.data
1:
	.byte 1.5, 1e5, 'ab', 0b102, 0b, 0x, 0B1, 1f, 1b, 2b, 09, 0o7, .5, '\n', '\'', 'a'b
	.word 1h, 0ffh, 10b, 10o, 10q, 10t, 10d, 101y, 1ULL, 0x1fh, 0x1.8, 0x1p3, 0x.p1, 1.-5
	.quad sym@AUTH(ia, 0), (sym + 1)@AUTH(ia, 0), (sym)@AUTH(ia, 0), (1+1)@AUTH(ia, 0), sym@AUTH
	.octa 1h, 0x, 0b1
	.uleb128 1h, 0x
	.if 1f
	.endif
	.if 0b102
	.endif
	.set x, 'ab'
	.text
	mov x0, #0x
	mov x0, #1h
	mov x0, #%1
	b 0b
	b 100b
	b 5b
	adrp x0, (sym)@AUTH(ia, 0)
	.altmacro
	.byte %0x, %1@page
	mov x0, #%0x
	.if "ab
	mov x0, "ab
	.ascii "abc
