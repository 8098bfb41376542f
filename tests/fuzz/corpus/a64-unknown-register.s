# RUN: decode %s
# EXIT: 1
  add x0, x32, x1
