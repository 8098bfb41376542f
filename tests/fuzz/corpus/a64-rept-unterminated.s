# RUN: decode %s
# EXIT: 1
  .rept 3
  nop
