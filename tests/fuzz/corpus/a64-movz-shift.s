# RUN: decode %s
# EXIT: 1
  movz w0, #1, lsl #32
