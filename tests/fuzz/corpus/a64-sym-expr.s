# RUN: mca -mcpu=apple-m1 %s
# EXIT: 1
// Expressions of symbols llvm-mca 19 refuses (each line an error, all reported): the wrong
// relocation for the operand, an addend where none may be, unknown specifiers and variants,
// an expression where only a constant fits, malformed arm64e signed pointers.
.La:
	adrp	x0, :lo12:sym
	adrp	x0, sym@PAGEOFF
	adrp	x0, sym@GOTPAGE+8
	adr	x0, :lo12:sym
	adr	x0, sym@PAGE
	sub	x0, x0, :lo12:sym
	cmp	x0, :lo12:sym
	add	w0, w0, sym@PAGEOFF
	add	x0, x0, sym@GOTPAGEOFF
	add	x0, x0, sym@PAGE
	add	x0, x0, #sym
	add	x0, x0, sym+8
.Lb:
	ldr	x0, [x1, sym]
	ldr	x0, [x0, sym@GOTPAGEOFF+8]
	ldur	x0, [x1, #(.Lb-.La)]
	ldp	x0, x1, [x1, #(.Lb-.La)]
	movz	x0, #:lo12:sym
	movz	w0, #:abs_g2:sym
	movk	x0, #sym
	movz	x0, #(sym*2)
	mov	sp, #sym
	and	x0, x0, #(.Lb-.La)
	tbz	x0, #(.Lb-.La), .La
	adrp	x0, :foo:sym
	adrp	x0, :lo12 sym
	adrp	x0, sym@foo
	b	sym@PAGE@PAGE
	b	(sym@PAGE)@PLT
	b	sym+8@PLT+4
	b	sym+
	b	(sym
	.quad	_t@AUTH(ix,0)
	.quad	_t@AUTH(ia,70000)
	.quad	_t@PAGE@AUTH(ia,0)
	.quad	_t@AUTH(ia)
	.quad	foo bar
