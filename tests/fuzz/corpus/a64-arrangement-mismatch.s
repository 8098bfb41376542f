# RUN: decode %s
# EXIT: 1
  fadd v0.4s, v1.2s, v2.4s
