// the parser reaches .include only where it was not spliced in: llvm's errors (no string, a
// token after it, a bad escape, a file it cannot find), a special file never opened
  .include
  .include b.s
  .include "x.s" junk
  .include "\x2e\056\""
.if 1
  .INCLUDE "/dev/zero"
.endif
.macro inc f
  .include "\f"
.endm
  inc fuzz.s
