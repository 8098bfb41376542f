# RUN: decode %s
# EXIT: 1
  ldr x0, x1]
