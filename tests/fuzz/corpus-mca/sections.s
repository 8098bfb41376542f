  .text
g:
  .rept 40
  add x1, x1, #1
  .endr
  ret
  .section .text.hot,"ax",@progbits
# LLVM-MCA-BEGIN loop
loop:
  add x0, x0, #1
  add x2, x2, #1
  add x3, x3, #1
  b loop
# LLVM-MCA-END
