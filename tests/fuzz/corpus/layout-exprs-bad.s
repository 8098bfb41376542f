  .text
  .p2align 4,,0
  .byte 1,,2
  .ascii "ab
  .fill 2, 9
  .skip (1 << 3) / (2 - 2)
  .word foo - bar, 0x1ffffffff
  .float 1.5,
