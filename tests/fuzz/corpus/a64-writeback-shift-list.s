// llvm-mca 19's errors (compared by tests/sh/a64-messages-llvm.sh) for: a written-back address
// followed by more operands (llvm's '!' is an operand of its own, placed where the token after
// it starts: st1 {v0.4s}, [x1]!, x2 at the ','; ldr x0, [x1]!, #8 with the post-index's words
// there; an address with an index, [x1, x2]!, refused there where the address is taken, blanks
// before the '!' too; src/a64/parse.c pre_index_cut, and shapes.c for SVE's); a shift or extend after a
// register a row ends with (mov v0.s[1], w0, lsl #2: at the lsl; a w source of an x, sxtw x0,
// w1, lsl #1: at the w1; src/a64/match.c llvm_diag); SVE immediates written as constant
// expressions (mul z0.d, z0.d, #(1+1): llvm takes them as numbers, so the CPU lacks SVE; the
// amount of a shift is a number only: dup z0.d, #1, lsl #(8), "only 'lsl #+N' valid after
// immediate"); lists of no vector register (incd {x0}, ld1 {x0}:
// "vector register expected" after the '{')
st1 {v0.4s-v3.4s}, [x1]!, x2
st1 {v0.4s}, [x1]!, x2
st1 {v0.4s}, [x1]!, #16
ld1 {v0.4s-v3.4s}, [x1]!, x2
ld1 {v0.4s}, [x1]!, #16
ld2 {v0.4s, v1.4s}, [x1]!, x2
ld2 {v0.4s, v1.4s}, [x1]!, #32
ldr x0, [x1]!, #8
ldr x0, [x1, #8]!, #8
ldr x0, [x1, #8]!, x2
ldp x0, x1, [x2]!, #16
ldp x0, x1, [x2, #16]!, #16
ldp x0, x1, [x2, #16]!, x3
str x0, [x1]!, #8
str x0, [x1, #8]!, x2
str x0, [x1]!, x2
st1 {v0.s}[1], [x1]!, x2
ld1 {v0.s}[1], [x1]!, #4
ld1r {v0.4s}, [x1]!, x2
ldr q0, [x1, #16]!, #16
stp q0, q1, [x1]!, #32
ldrb w0, [x1]!, #1
mov v0.s[1], w0, lsl #2
mov v0.s[1], w0, lsl
mov v0.s[1], w0, #2
ins v0.s[1], w0, lsl #2
umov w0, v0.s[1], lsl #2
mov w0, v0.s[1], lsl #2
dup v0.4s, w0, lsl #2
dup v0.4s, v1.s[1], lsl #2
mul z0.d, z0.d, #(1+1)
mul z0.d, z0.d, #1+1
mul z0.d, z0.d, #(2*3)
mul z0.d, z0.d, #-(1)
sqincd x0, w0
incd x0, all, mul #(1+1)
incd x0, all, mul #1+1
incd x0, all, mul #(17)
incd x0, all, lsl #2
incd x0, lsl #2
sqincd x0, w0, all
incd z0.d, all, mul #(2)
ins v0.s[1], w0, uxtw
dup z0.d, #(1+1)
dup z0.d, #1, lsl #8
dup z0.d, #(1), lsl #(8)
st1 {v0.4s}, [x1, #16]!, x2
st1 {v0.4s}, [x1, #16]!
st1 {v0.4s}, [x1]!
ldr x0, [x1]!
ldr x0, [x1]!, x2
ldrb w0, [x1]!, x2
ldp x0, x1, [x2]!
ldp x0, x1, [x2]!, x3
ldr q0, [x1]!, #16
prfm pldl1keep, [x1]!, #8
ldur x0, [x1]!, #8
ldr x0, [x1]! , #8
ldr x0, [x1]!,#8
st1 {v0.4s}, [x1]!,x2
st1 {v0.4s}, [x1]! ,x2
ld1 {v0.4s}, [x1]!, x2, x3
ldxr x0, [x1]!, #8
ldar x0, [x1]!, x2
ld1 {v0.s}[1], [x1]!, x2
ld4r {v0.4s-v3.4s}, [x1]!, #16
ldnp x0, x1, [x2]!, #16
ld1b {z0.d}, p0/z, [x0]!, x1
ld1b {z0.d}, p0/z, [x0]!
ld1d {z0.d}, p0/z, [x0]!
st1w {z0.s}, p0, [x0]!, x1
ldr z0, [x0]!
ldr z0, [x0]!, #1
ldp x0, [x2]!, #16
ldr w0, [sp]!, x2
ld1b {z0.d}, p0/z, [x0, #1, mul vl]!, x1
ins v0.d[1], x0, sxtx #2
dup v0.2d, x0, asr #1
mov x0, x1, lsl #2
mov w0, w1, lsl #2
cmp x0, x1, uxtw
cls x0, x1, lsl #2
clz w0, w1, lsl #1
rbit x0, x1, lsl #1
br x0, lsl #2
blr x1, lsl #1
ret x1, lsl #1
udiv x0, x1, x2, lsl #1
lsl x0, x1, x2, lsl #1
mul x0, x1, x2, lsl #1
madd x0, x1, x2, x3, lsl #1
fmov d0, x1, lsl #1
fmov s0, w1, lsl #1
scvtf d0, x1, lsl #1
msr tpidr_el0, x0, lsl #1
sxtw x0, w1, lsl #1
rev x0, x1, lsl #1
adc x0, x1, x2, lsl #1
crc32b w0, w1, w2, lsl #1
smov x0, v0.s[1], lsl #2
mov v0.s[1], v1.s[0], lsl #2
ins v0.s[1], w0, lsl #2, x1
sxtb x0, w1, lsl #1
sxtb w0, w1, lsl #1
sxth x0, w1, lsl #1
uxtb w0, w1, lsl #1
uxth w0, w1, lsl #1
uxtw x0, w1, lsl #1
sxtw x0, x1, lsl #1
sxtb x0, x1, lsl #1
scvtf d0, w1, lsl #1
ucvtf s0, w1, lsl #1
fmov x0, d1, lsl #1
smaddl x0, w1, w2, x3, lsl #1
smull x0, w1, w2, lsl #1
ldaxr x0, [x1], lsl #1
mov w0, wzr, lsl #2
mvn w0, w1, lsl #2, x3
cneg x0, x1, eq, lsl #1
cinc x0, x1, lsl #1
mul z0.d, z0.d, #foo
mul z0.d, z0.d, #(foo)
mul z0.d, z0.d, #~1
mul z0.d, z0.d, #(1), lsl #8
add z0.d, z0.d, #(1+1)
add z0.d, z0.d, #(1), lsl #8
add z0.d, z0.d, #1, lsl #(8)
incd x0, all, mul #(2)
ptrue p0.s, #(1)
zero {za}
whilelo {p0.s}, x0, x1
incd {v0.4s}
incd {za}
add x0, x1, #1, lsl #(12)
add x0, x1, #1, lsl #+12
add z0.d, z0.d, #1, lsl #+8
mul z0.d, z0.d, #1, lsl #(8)
dup z0.d, #1, lsl #(8)
dup z0.d, #(1), lsl #8
cpy z0.d, p0/m, #1, lsl #(8)
add z0.d, z0.d, #1, lsl
add z0.d, z0.d, #1, lsl 8
add z0.d, z0.d, #1, lsl x0
sqadd z0.d, z0.d, #1, lsl #(8)
cpy z0.d, p0/m, #1, lsl 8
ldr x0, [x1, x2]!
ldr x0, [x1, x2]!, #8
ld1 {v0.4s}, [x1, x2]!, x2
ld1 {v0.4s}, [x1, x2]!
ldr x0, [x1, x2, lsl #3]!
ldr w0, [x1, w2, uxtw]!
str x0, [x1, x2]!
ldp x0, x1, [x2, x3]!
ldrb w0, [x1, x2]!
prfm pldl1keep, [x1, x2]!
ldxr x0, [x1, x2]!
ldr x0, [x1, x2] !
ldr q0, [x1, x2]!, x3
ld1b {z0.d}, p0/z, [x0, x1]!
ldraa x0, [x1, x2]!
ldr x0, [x1] !
ldr x0, [x1, #8]  !, #8
st1 {v0.4s}, [x1] !, x2
