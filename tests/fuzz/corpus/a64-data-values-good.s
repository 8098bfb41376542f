	add x0, x1, x2
	.section .rodata
	.fill 2, 9, 0
	.fill 1, -1, 0
	.fill 1, 8, 0x1ffffffff
	.fill 1, 5, -1
	.fill 3, 12, 0x100000000
	.ds.b -1
.La:
	.byte .Lb - .La
	.byte .La - .La + 300
	.byte 300 + .Lb - .La
	.hword . - .La + 70000
	.word sym + 0x1ffffffff
	.word sym@PLT
	.quad -9223372036854775809
	.quad 18446744073709551615
	.byte 0xffffffffffffffff
	.byte -128, 255
	.hword -32768, 65535
	.word -2147483648, 4294967295
	.byte 0377, 'a'
	.uleb128 -1, .Lb - .La
	.sleb128 -1, 0xffffffffffffffff
	.inst 0x123456789
	.float 1.5, -inf, +NaN, 0x1p3, .5, 1e+5, 2.
	.double infinity, 1.0e, 0x1.8P-3
	.ascii "\377\x41\b\f\n\r\t\"\\\0"
	.asciz "a,b", "", "\1234"
	.fill 1, 4, 0xffffffff
	.fill 1, 8, 0xffffffff
	.fill 1, 3, 0x1ffffffff
	.octa 0xffffffffffffffffffffffffffffffff
	.dcb.b 2, 255
.Lb:
	.skip 300
	.byte 0b, 1b, -1b, 0X1F, 00, 0, 1u, 1ULL
	.byte '\n', '\'', '\t', '\\', '\0', '\q', 'a'+1, "a", ' '
	.word 1h, 0ffh, 10b, 10o, 10q, 10t, 10d, 101y, 0x1fh, 0.0
	.hword 0b, 0B
	.quad 1LL, 1.5, -1.5, 1e+5+1, 0x1.8p3, .5
	.quad sym@AUTH(ia, 0), sym@AUTH(da, 0, addr), sym@AUTH(ia, 0) + 1, (sym + 1)@AUTH(ia, 0)
	.quad "sym"@AUTH(ia, 0), (sym@PAGE+1)@AUTH(ia, 0), (sym << 1)@AUTH(ia, 0), (1+1)@AUTH(ia, 0), (sym)@PAGE
	.word sym@AUTH(ia, 0)
	.octa 1h, 0ffh
	.uleb128 1h, 10b
	.sleb128 1.5
	.byte .Lb - 1f
1:
	.byte 1b - .La, 2f - 1b
2:
