³Wldp q0, q1, [x0], #32
fmla v2.4s, v0.4s, v1.4s
st1 {v2.4s}, [x1], #16
subs x2, x2, #1
b.ne .L
.L:
