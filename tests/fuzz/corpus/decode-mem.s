# RUN: decode %s
// loads and stores: addressing forms, sizes, pairs, writeback, atomics, prefetch
  ldr x0, [x6]
  ldr w0, [x6, #8]
  ldr x0, [x6, #-8]
  ldr x0, [x6, #8]!
  ldr x0, [x6], #8
  ldr x0, [x6, x7, lsl #3]
  ldr w0, [x6, w7, sxtw #2]
  ldr x0, [x6, w7, uxtw]
  ldrb w0, [x6, x7]
  ldrsh x0, [x6, #2]
  ldrsw x0, [x6], #4
  ldr x0, 1f
1:
  str w0, [sp, #12]
  strb wzr, [x6, #1]
  ldp x29, x30, [sp], #16
  stp x29, x30, [sp, #-16]!
  ldp w0, w1, [x6]
  ldnp x0, x1, [x6, #16]
  ldpsw x0, x1, [x6, #8]
  ldxr x0, [x6]
  stxr w1, x0, [x6]
  ldar w0, [x6]
  stlrb w0, [x6]
  casal w0, w1, [x6]
  swpa x0, x1, [x6]
  ldaddal w0, w1, [x6]
  stadd x0, [x6]
  prfm pldl1keep, [x6, #64]
  prfm pstl2strm, [x6]
  ldr x0, [x0, :got_lo12:sym]
