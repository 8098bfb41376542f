// a file the parser reads for `.include` (a macro's argument): its instructions at its own lines
// (A64Program.own), its failing lines left out under skip_errors (a label on one stays); from
// the repository's root (make fuzz) examples/dot.s is read, elsewhere it is not found
.macro inc f
  .include "\f"
.endm
nop
inc examples/dot.s
inc fuzz.s; addd x0, x0, x1
lab: adds x0
.rept 2
inc examples/list.s
.endr
adr x3, lab
