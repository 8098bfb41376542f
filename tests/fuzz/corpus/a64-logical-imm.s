# RUN: decode %s
# EXIT: 1
  and x0, x1, #0x1234
