// instructions in data sections: each section its own offsets (the text parsed again with data
// sections laid out), the sections placed one after the other from 16 KiB boundaries
  .text
f:
  nop
  .data
  .byte 1, 2, 3
  .p2align 2
dl0:
  add x0, x0, #1
  .ascii "abcde"
  .balign 8
  cbnz x0, dl0
  b dl1
  .uleb128 300
  .org . + 0x20
  .org 0x10
dl1:
  b f
  .section .rodata
  .word 0x90000020
  .inst 0x90000020
  .subsection 2
  b .+8
  .pushsection .text.cold,"ax",@progbits
  ret
  .popsection
  .previous
  b .-4
