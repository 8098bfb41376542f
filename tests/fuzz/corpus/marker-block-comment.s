nop
/*LLVM-MCA-BEGIN c*/
add x0, x0, #1
/*LLVM-MCA-END c*/
nop
