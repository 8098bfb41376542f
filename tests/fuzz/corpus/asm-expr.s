// constant expressions with the GNU operators and precedence (llvm-mc evaluates them the same)
  add x0, x0, #1 + 2 * 3
  add x0, x0, #(1 + 2) * 3
  add x0, x0, #1 << 2 + 1
  add x0, x0, #7 & 3 + 1
  add x0, x0, #(5 > 3) & 1
  add x0, x0, #~0 & 0xf
  add x0, x0, #-(-4)
  add x0, x0, #17 % 5
  add x0, x0, #0x10 >> 2
  add x0, x0, #1 || 0
  add x0, x0, #'a'
  mov v0.s[(1 + 2)], w1
