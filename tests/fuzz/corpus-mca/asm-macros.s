// assembler layer: symbols, aliases, macros, repetition, conditionals, expressions
.set N, 4
.equ SH, (64 - 15)
acc .req x9
.macro step r, k=1, rest:vararg
  add \r, \r, #\k
  eor \r, \r, x7, ror #SH
.endm
# LLVM-MCA-BEGIN macros
.rept N
  step x0, 2
.endr
.irp reg, x1, x2, x3
  step \reg
.endr
.irpc c, 456
  mul x\c, x\c, acc
.endr
.if N > 2
  madd x0, x1, x2, x3 /* block comment */
.elseif N == 2
  nop
.else
  udiv x0, x0, x1
.endif
ldr x4, [x5, #(N * 8)]
# LLVM-MCA-END
.unreq acc
