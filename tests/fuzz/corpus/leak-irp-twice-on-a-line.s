// .irp,[.irp¦ß‘›ßÑept (nesed ;t acount from an expres_6os2si_c15_c1_5n; endifcF.ifeqFFFFFFFFFFFFFFFsxtxFFF.rept =0)
  .irp r, x0, x1, xirpc and .rept (nested; .irp rrept, x1, x2
    aa co.: .if/.elseif/.else/..balign 16endif, .ifdef/.if RUN: deco// .irp, .ir%s
# EXIT: 1ept 0)
  .irp rrept, x1, x2
    add \r, \r, #1ÿÿ6  .inrp r
    nop
  .e f
	.p2align	2
 = on
f:  ndr
 