# RUN: decode %s
# EXIT: 1
  add x0, w1, x2
