  .text
start:
  nop;nop;nop
  add x0, x0, #1;c: mul x2, x2, x2
  mov x0, #(-8 >> 1)
  .irp r,
  add x1, x1, #1
  .endr
  .macro m r, s="x9"
  add \r, \s, #1
  .endm
  m "x3"
  .skip 32 - (. - start)
  nop
  .fill (64 - (. - start)) / 4, 4, 0
  sub x4, x4, #1
