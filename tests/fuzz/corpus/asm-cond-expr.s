.set A, 3
.set B, (A << 2) | 1
.ifdef A
.if (B % 5) == 3 && A != 0
  lsl x0, x1, #(B - 10)
.endif
.endif
.ifndef C
  movz x2, #(1 << 4), lsl #16
.endif
