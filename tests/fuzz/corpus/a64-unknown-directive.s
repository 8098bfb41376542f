# RUN: decode %s
# EXIT: 1
  .p2aling 4
  nop
