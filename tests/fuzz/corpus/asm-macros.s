; parse corpus: macros reached from the instruction parser's target
.equ STRIDE, 16
vec .req x3
.macro ld2x base, off=0
  ldp q0, q1, [\base, #(\off * STRIDE)]
.endm
.irp i, 0, 1, 2
  ld2x vec, \i
.endr
.rept 2
  fmla v0.4s, v1.4s, v2.4s
.endr
.if STRIDE >= 16
  add vec, vec, #(STRIDE << 2)
.else
  sub vec, vec, #1
.endif
