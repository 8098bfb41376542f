“9// LLVM-MCA-END
	fmov d0, #1.0
	fadd d0, d0, d0 ; LLVM-MCA-BEGIN x
	fsqrt d1, d0
	udiv x0, x1, x2 // LLVM-MCA-END x
# LLVM-MCA-BEGIN empty
# LLVM-MCA-END empty
