# RUN: decode %s
# EXIT: 1
  ld1 {v0.4s, v2.4s}, [x0]
