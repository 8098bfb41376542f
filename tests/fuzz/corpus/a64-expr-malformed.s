mov x0, #(1.0, 2)
add x0, x1, #(1, 2)
ldr x0, [x1, #(1, 2)]
add x0, x1, x2, lsl #(3, 4)
adrp x0, sym@AUTH(ia, 1)
mov x0, #(1
mov x0, #((1)
mov x0, #(1))
mov x0, #()
mov x0, #(
mov x0, #)
mov x0, #(,)
mov x0, #(1,)
mov x0, #((1, 2))
mov x0, #(1 + (2, 3))
mov x0, #(1 + )
mov x0, #(-)
mov x0, #-
mov x0, #~
mov x0, #!
mov x0, #1 +
mov x0, #1 *
mov x0, #(1 2)
mov x0, #(1 x1)
mov x0, #1, 2
add x0, x1, #(
add x0, x1, #()
add x0, x1, #(1
add x0, x1, #1)
add x0, x1, #(1 + 2
add x0, x1, #((1 + 2) * 3
add x0, x1, #-(1, 2)
add x0, x1, #~(
add x0, x1, #:lo12:
add x0, x1, #:lo12:(
add x0, x1, #:lo12:sym(1, 2)
add x0, x1, #:lo12:(sym, 1)
add x0, x1, #:lo12:sym +
add x0, x1, #:bogus:sym
add x0, x1, :lo12
add x0, x1, sym@PAGEOFF(1)
add x0, x1, sym@PAGEOFF + (1, 2)
add x0, x1, (sym, 2)@PAGEOFF
adrp x0, sym@
adrp x0, sym@PAGE(
adrp x0, (sym
adrp x0, (sym, 1)
adrp x0, sym@PAGE + (
adrp x0, sym@GOTPAGE)
adrp x0, sym@GOTPAGE,
adrp x0, sym@AUTH
adrp x0, sym@AUTH(
adrp x0, sym@AUTH()
adrp x0, sym@AUTH(ia)
adrp x0, sym@AUTH(ia, 1
adrp x0, sym@AUTH(zz, 1)
adrp x0, sym@AUTH(ia, x)
ldr x0, [x1, #(1]
ldr x0, [x1, #(]
ldr x0, [x1, #()]
ldr x0, [x1, #1)]
ldr x0, [x1, #((8)]
ldr x0, [x1, #-]
ldr x0, [x1, :lo12:(sym, 1)]
ldr x0, [x1, :lo12:sym(]
ldr x0, [x1, sym@PAGEOFF(]
ldr x0, (sym
ldr x0, (sym, 4)
b (sym
b (sym, 1)
b sym +
b sym + (
b ()
b (
b )
bl sym@PLT(
cbz x0, (1, 2)
tbz x0, #(1, 2), sym
tbz x0, #1, (sym, 2)
.word (1, 2)
.word (1
.word 1)
.word ()
.word (
.word 1 +
.word -
.quad (sym, 1)
.quad sym@AUTH(ia, 1
.quad sym@AUTH(ia, 1, 2)
.quad sym@
.set a, (1, 2)
.set a, (1
.set a, ()
.set a, 1 +
.equ b, (
.equ b, (2))
.equ b, -(1, 2)
b )
add x0, x1, )
mov x0, )
ldr x0, )
b ?
b `
.word 1)
.word 1 2
.quad sym 2
.word 1, 2)
.uleb128 1 2
.sleb128 1)
.inst 1 2
.dcb.b 2, 1 2
.byte 1 2
.hword 1)
.4byte 1 2
adrp x0, sym@ + 1
b sym@
adrp x0, sym@AUTH(ia, 1)
b sym@AUTH(ia, 1)
bl sym@AUTH(ia, 1)
ldr x0, sym@AUTH(ia, 1)
add x0, x1, sym@AUTH(ia, 1)
add x0, x1, #sym@AUTH(ia, 1)
mov x0, #sym@AUTH(ia, 1)
ldr x0, [x1, sym@AUTH(ia, 1)]
adr x0, sym@AUTH(ia, 1)
movz x0, #:abs_g0:sym@AUTH(ia, 1)
add x0, x1, :lo12:sym@AUTH(ia, 1)
adrp x0, (sym+1)@AUTH(ia, 1)
adrp x0, "sym"@AUTH(ia, 1)
adrp x0, sym@PAGE@AUTH(ia, 1)
adrp x0, sym@auth(ia, 1)
adrp x0, sym + 1@AUTH(ia, 1)
adrp x0, sym@AUTH(ia, 1) + 1
b sym@AUTH(ia,1,addr)
.quad sym@AUTH(ia, 1) + 1
.quad (sym+1)@AUTH(ia, 1)
.quad (sym)@AUTH(ia, 1)
.quad sym@AUTH (ia, 1)
.quad sym@AUTH(ia,1)@PAGE
adrp x0, "sym"@AUTH(ia, 0x10000)
.quad (sym - 8)@AUTH(da,0,addr)
.set c, sym@AUTH(ib, 2)
