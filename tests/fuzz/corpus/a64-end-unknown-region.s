# RUN: decode %s
# EXIT: 1
# LLVM-MCA-BEGIN a
  nop
# LLVM-MCA-END b
