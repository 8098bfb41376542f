# RUN: decode %s
// integer forms, aliases and the register semantics (32-bit views share the register,
// xzr reads nothing, sp is distinct, operands numbered destination first)
  add x0, x1, x2
  add w0, w1, w2, lsl #3
  add x0, sp, x1
  adds x0, x0, w1, sxtw #2
  add x0, x0, #1, lsl #12
  add x0, x0, #-8
  cmp x0, #3
  cmn w0, w1, uxtb
  tst x0, #0xff00
  neg x0, x1, asr #2
  mvn w0, w1
  mov x0, #0xaaaaaaaaaaaaaaaa
  mov x0, #-1
  mov w0, #0x10000
  mov x0, sp
  mov sp, x1
  mov x0, x1
  mov w0, wzr
  movk x0, #0x1234, lsl 16
  lsl x0, x1, #3
  asr w0, w1, w2
  ubfx x0, x1, #3, #7
  bfi w0, w1, #3, #7
  sxtw x0, w1
  uxtb w0, w1
  csel x0, x1, xzr, lt
  cset w0, eq
  cinc x0, x1, hi
  ccmp x0, #3, #4, ne
  madd x0, x1, x2, x3
  smull x0, w1, w2
  sdiv w0, w1, w2
  clz x0, x1
  rev w0, w1
  crc32cx w0, w1, x2
  extr x0, x1, x2, #13
  adr x0, .+4
  adrp x0, :got:sym
  add x0, x0, :lo12:sym
