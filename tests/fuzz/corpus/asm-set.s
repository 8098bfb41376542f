// symbols: .set, .equ, .equiv, `name = expr`, used as immediates, shift amounts and offsets
  .set N, 15
  .equ OFF, 8 * 2
  .equiv MASK, 0xff
  K = (1 << 3) | 1
  eor x2, x2, x7, ror #(64 - N)
  ldr x0, [x1, #OFF]
  ldr x0, [x1, OFF + 8]
  and w0, w0, #MASK
  mov x0, K
  add x0, x0, N * 2
  .set N, N - 1
  lsl x0, x0, #N
  .set Lfunc_size, Lend - Lbegin
  nop
