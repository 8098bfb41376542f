# LLVM-MCA-BEGIN a
nop
# LLVM-MCA-END a
# LLVM-MCA-BEGIN b
nop
# LLVM-MCA-END b
# LLVM-MCA-BEGIN c
b 1f
1:
# LLVM-MCA-END c
# LLVM-MCA-BEGIN d
adr x0, 2f
2: adrp x1, sym
# LLVM-MCA-END d
