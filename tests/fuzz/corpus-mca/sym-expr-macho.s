  	adrp	x0, _t+8@PAGE
	add	x0, x0, #_t@PAGEOFF
	adrp	x0, _g@GOTPAGE
	ldr	x0, [x0, _g@GOTPAGEOFF]
	adrp	x0, _v@TLVPPAGE
	add	x0, x0, _v@tlvppageoff
	.quad	_t@AUTH(ia,0), (_t+5)@AUTH(db,7,addr)
	.quad	_t@AUTH(ix,0)
	b	_f+1<<3
