# RUN: decode %s
# EXIT: 1
  b x0
