# RUN: decode %s
// .rept/.endr (as in inline assembly), GNU spellings gcc emits (bgt, uxtw), data in code
1:
  .rept 2
  add x0, x0, x21
  .endr
  subs x1, x1, #1
  bgt 1b
  uxtw x2, w0
  .2byte (.L1 - .L2) / 4
