P// front end: one taken b per 16 KiB page over 200 pages (past Icestorm's 128-entry L1 ITLB and
// Firestorm's 192); then code past 4 GiB (the addresses wrap: branches not followed)
  .text
  .p2align 14
# LLVM-MCA-BEGIN itlb
loop:
  .rept 199
  b 1f
  .skip 16444
1:
  .endr
  b loop
# LLVM-MCA-END
# LLVM-MCA-BEGIN wrap
top:
  nop
  .rept 300
  .skip 16000000
  nop
  .endr
  b top
# LLVM-MCA-END
