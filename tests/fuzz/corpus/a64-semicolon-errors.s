// statements after one that fails on their line (';'-separated on this ELF triple): llvm-mc goes
// on with them and reports each one's error, in order, with its own caret and underline
// (compared with llvm-mca 19's whole stderr by tests/sh/a64-messages-llvm.sh)
addd x0, x0, x1; movz x0, #1, lsl #7; nop
movz x0, #1, lsl #7 ; add x0, x1 ; nop
add x0, x1; add x0, x1
add x0, x1;add x0, x1;add x0, x1
add x0, x1; add x0, x1 // a comment
nop; movz x0, #1, lsl #7; add x0, x1
st1 {v0.4s}, [x1]!, x2; ldr x0, [x1]!, #8
mov v0.s[1], w0, lsl #2; dup v0.4s, w0, lsl #2; nop
add x0, x1, #1, lsl #7; sub x0, x1; nop
ldr x0, [x1, #3]!, x2; ldp x0, x1, [x2], #3
