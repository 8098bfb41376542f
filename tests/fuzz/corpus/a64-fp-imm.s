# RUN: decode %s
# EXIT: 1
  fmov d0, #1.1
