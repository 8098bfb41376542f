# RUN: decode %s
# EXIT: 1
  add x0, v1.4s, x2
