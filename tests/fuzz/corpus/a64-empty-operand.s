# RUN: decode %s
# EXIT: 1
  add x0, , x1
