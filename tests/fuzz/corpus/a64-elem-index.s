# RUN: decode %s
# EXIT: 1
  ins v0.s[4], w1
