’™# LLVM-MCA-BEGIN a
add x0, x0, x1
ldr x2, [x0]
# LLVM-MCA-END a
# LLVM-MCA-BEGIN b
mul x3, x2, x2
# LLVM-MCA-BEGIN c
str x3, [x1], #8
# LLVM-MCA-END b
fmadd d0, d1, d2, d0
# LLVM-MCA-END c
1: subs x4, x4, #1
b.ne 1b
