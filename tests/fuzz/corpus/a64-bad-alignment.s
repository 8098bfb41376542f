# RUN: decode %s
# EXIT: 1
  .balign 3
