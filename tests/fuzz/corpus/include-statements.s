// .include after a statement on its line, statements after it, made by a macro's argument, a
// guarded self-include (the parser reads what the splicer leaves; fuzz.s is not on disk)
.ifndef GUARD
.set GUARD, 1
nop; .include "fuzz.s"; sub x1, x1, #1
.endif
.macro inc f
  .include "\f"
.endm
  inc fuzz.s; nop
  nop; .include "no-such.s" // a comment
  .include "." ; nop
