# RUN: decode %s
# EXIT: 1
  cset w0, al
