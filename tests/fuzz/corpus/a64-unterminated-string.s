# RUN: decode %s
# EXIT: 1
  .ascii "abc
