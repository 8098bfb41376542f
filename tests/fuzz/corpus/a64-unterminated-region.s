# RUN: decode %s
# EXIT: 1
# LLVM-MCA-BEGIN loop
  nop
