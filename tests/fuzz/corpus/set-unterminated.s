// a string left open in an assignment, and as a macro's argument
.macro m a
nop
.endm
.set "abc
.set x "abc
.set x, "abc
.equ y, 1 + "a
.equiv "abc, 1
z = ("a
.set w, 1 "a
"abc = 1
m "abc
  .SET v, -"q
.set "@feat.00", 0
