# RUN: decode %s
# EXIT: 1
  cbz x0, 1f
  nop
