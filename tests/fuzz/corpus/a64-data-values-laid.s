  add x0, x1, x2
  .data
  add x3, x4, x5
.La:
  .byte .Lb - .La
  .byte 256
  .hword 70000, 1
  .word -2147483649
  .inst 0x123456789
  .section .rodata
  sub x0, x0, #1
  .uleb128 99999999999999999999
  .ascii "\777"
  .double nan, 0x1
.Lb:
  .skip 300
