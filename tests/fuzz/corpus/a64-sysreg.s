# RUN: decode %s
# EXIT: 1
  mrs x0, foo_el9
