// .irp, .irpc and .rept (nested; a count from an expression; .rept 0)
  .irp r, x0, x1, x2
    add \r, \r, #1
  .endr
  .irpc n, 357
    sub x\n, x\n, #\n
  .endr
  .set N, 2
  .rept N
    .irp r, d0, d1
      fadd \r, \r, d2
    .endr
  .endr
  .rept 0
    brk #0
  .endr
  .irp r
    nop
  .endr
