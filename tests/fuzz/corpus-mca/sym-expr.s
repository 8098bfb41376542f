  .La:
	adrp	x3, ff_table+(16)
	add	x3, x3, :lo12:ff_table+(16)
	adrp	x0, sym + 16
	b	sym+4*2
.Lb:
	add	x0, x0, #(.Lb - .La)
	mov	x0, #:abs_g0_nc:sym
	movk	x0, #:abs_g1_nc:sym+8
	ldr	x0, [x1, :lo12:sym+8]
	ldr	x0, [x1, (.Lb-.La)*2]
	b.eq	.Lb+4
	adr	x0, .+(8)
	cbz	x0, -4+.La
	bl	"a b"@PLT+4
	b	(sym+4)*2
