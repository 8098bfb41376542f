# RUN: decode %s
# EXIT: 1
// an unknown mnemonic
  addd x0, x1, x2
