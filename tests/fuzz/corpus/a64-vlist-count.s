# RUN: decode %s
# EXIT: 1
  ld1 {v0.4s-v5.4s}, [x0]
