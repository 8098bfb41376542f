# RUN: mca -mcpu=apple-m1 %s
# EXIT: 1
// CFI frames as llvm-mca 19 keeps them (its MCStreamer; src/a64/dir_debug.c cfi_directive), the whole
// file's stderr compared with llvm-mca-19's by tests/sh/a64-messages-llvm.sh: a directive outside
// a frame (at the directive), .cfi_startproc in a frame open in the same section (at the next
// token: after a ';', else the next line's first, past blanks and block comments, a comment's
// start), frames of other sections, and the frame started last left open at the end ("Unfinished
// frame!" at the end of the text, when no statement failed).  These errors do not stop the parse.
nop
.cfi_def_cfa_offset 16
.cfi_endproc
  foo: .cfi_offset x30, -8
.cfi_startproc
add x0, x0, #1
.cfi_startproc
   sub x0, x0, #1
.cfi_startproc ; nop
.cfi_startproc
// a comment
.cfi_startproc
/* a block
   comment */ nop
.cfi_startproc simple

.section .data
.cfi_startproc
.cfi_endproc
.text
.cfi_remember_state
.cfi_endproc
.cfi_restore_state
.cfi_startproc
.cfi_def_cfa x29, 16
nop
