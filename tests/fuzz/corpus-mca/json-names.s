# LLVM-MCA-BEGIN "quoted \" name"
	ld4 {v0.4s, v1.4s, v2.4s, v3.4s}, [x0], #64
	st4 {v0.4s, v1.4s, v2.4s, v3.4s}, [x1], x2
	tbl v4.16b, {v0.16b, v1.16b, v2.16b}, v3.16b
	ldp q0, q1, [sp, #-32]!
# LLVM-MCA-END
# LLVM-MCA-BEGIN tab	name
	madd x0, x1, x2, x0
	sdiv w3, w4, w5
# LLVM-MCA-END
