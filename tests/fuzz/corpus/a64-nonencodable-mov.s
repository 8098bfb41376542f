# RUN: decode %s
# EXIT: 1
  mov x0, #0x123456789
