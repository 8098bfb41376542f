  add x0, x1, x2
  .data
.La:
  .byte 300
  .byte 1, 2, -129
  .byte .Lb - .La, .La - .La + 300, . - .La + 300
  .hword 70000
  .2byte -32769
  .word 0x1ffffffff
  .quad 0x1ffffffffffffffff
  .section .rodata
  .set BIG, 300
  .byte BIG
  .long BIG * 0x10000000
  .xword 99999999999999999999
  .uleb128 0x1ffffffffffffffff
  .sleb128 -1, 99999999999999999999
  .bss
  .ascii "\400"
  .asciz "ok", "\x"
  .string "\q"
  .section .mydata,"aw",@progbits
  .float abc
  .double 1.5 junk
  .single 0x10, inf
  .float 1.5,
  .4byte 4294967296
  .word 1,
  .byte ,1
.Lb:
