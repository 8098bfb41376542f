# RUN: decode %s
// branches, labels (numeric 1b/1f, symbols, .-relative), static taken/not-taken, system
loop:
  subs x0, x0, #1
  b.ne loop
  b.eq done
1:
  cbz x0, 1b
  cbnz w1, 1f
1:
  tbz w0, #3, done
  b .+8
  bl memcpy
  blr x8
  br x16
done:
  ret
  ret x1
  nop
  yield
  isb
  dmb ishld
  dsb sy
  mrs x0, cntvct_el0
  mrs x0, s3_6_c15_c1_5
  msr nzcv, x1
  svc #0
  paciasp
  hint #34
