// a recursive macro: an error from the expansion bound, never a hang
.macro loop n
  add x0, x0, #\n
  loop \n
.endm
loop 1
