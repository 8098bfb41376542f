// warnings where llvm-mc 19 warns and goes on, as it does
# LLVM-MCA-BEGIN a
  nop
  .fill 2, 16, 1
  nop
# LLVM-MCA-END
# LLVM-MCA-BEGIN b
  nop
  .fill 1, -1
  .fill -3, 4
  nop
# LLVM-MCA-END
acc .req x2
acc .req x3
acc .req X2
  add acc, acc, #1
