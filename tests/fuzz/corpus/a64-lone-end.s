# RUN: decode %s
# EXIT: 1
  nop
# LLVM-MCA-END
