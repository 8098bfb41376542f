  .text
  .set N, 3
  add x0, x0, x0
  .p2align 1+2
  add x1, x1, x1
  .balign 8*2
  add x2, x2, x2
  .skip 0x10-8
  add x3, x3, x3
  .skip (N << 2), 0
  add x4, x4, x4
  .p2align 4,,11
  add x5, x5, x5
  .p2align 4,,12
  add x6, x6, x6
  .balign 16, 0, 4
  add x7, x7, x7
  .fill 3, 2, 0
  .ascii "a\"b\101\x42\n"
  .asciz "ab", "c"
  .string ""
  .float 1.5, 2
  .double -0.5
  .byte 255, -128
  .hword 65535
  .word -1
  .p2align 2
  add x8, x8, x8
  .org 0x80+0x10
  add x9, x9, x9
