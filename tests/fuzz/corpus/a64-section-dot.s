# RUN: decode %s
// .rept/.endr (as in inline assembly), GNU spell.cfi_startproc
ings gcc emits (bgt, uxtw), data in cod.+8
.section .
  add x0, x0, x21
  .endr
  subs x1, x1, #1
  bgt 1b
  uxtw x2, w0
  .2byte (.L1 - .L2) / 4
