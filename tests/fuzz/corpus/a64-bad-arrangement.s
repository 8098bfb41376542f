# RUN: decode %s
# EXIT: 1
  add v0.3s, v1.4s, v2.4s
