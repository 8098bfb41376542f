‚# LLVM-MCA-BEGIN outer
add x0, x0, x1
# LLVM-MCA-BEGIN inner
mul x1, x1, x1
# LLVM-MCA-END inner
ldr x2, [x0, #8]!
# LLVM-MCA-BEGIN
