# RUN: decode -json %s
  ldp x0, x1, [sp, #-16]!
  add w0, w1, w2
  b.ne 1f
1:
  ret
