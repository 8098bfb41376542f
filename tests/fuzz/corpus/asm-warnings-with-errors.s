// warnings of the directives among the errors of the input, in line order (on a line, by
// column), as llvm-mca 19 prints them when the parse fails: .warning with a text, without one
// (llvm-mc's words), .fill's size truncated, .p2align's maximum past the alignment, .dcb's
// negative count (compared with llvm-mca 19's whole stderr by tests/sh/a64-messages-llvm.sh)
.warning "first"
nop
.fill 1, 9, 0
movz x0, #1, lsl #7
.p2align 2,,8
.warning
add x0, x1
  .dcb.b -1, 2
.fill 2, 12, 1
nop; .warning "on the line"; add x0, x1
.warning "last"
