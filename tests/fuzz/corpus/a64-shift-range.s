# RUN: decode %s
# EXIT: 1
  add w0, w1, w2, lsl #32
