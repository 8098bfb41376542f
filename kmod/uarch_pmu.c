// SPDX-License-Identifier: GPL-2.0
/*
 * uarch_pmu.ko — lets user space (EL0) program and read the Apple M1 PMU, for `uarch pmu
 * -backend=apple` (see README).  On load, on every CPU: PMCR0 gets the user-mode access bit
 * [30] and the enable bits of PMC0-9 ([7:0], [33:32]); PMCR1 the EL0 A64 counting bits of
 * PMC0-9 ([15:8], [41:40]).  On unload every CPU gets back the PMCR0/PMCR1 it had.  Nothing else:
 * no interrupts, no sysfs, no other registers.  Register numbers as in Linux's
 * arch/arm64/include/asm/apple_m1_pmu.h (PMCR0 s3_1_c15_c0_0, PMCR1 s3_1_c15_c1_0).
 * Note: Linux's own apple_m1_cpu_pmu driver (perf) programs the same registers; do not use both
 * at once.
 */
#include <linux/module.h>
#include <linux/smp.h>
#include <linux/percpu.h>
#include <asm/sysreg.h>

#define PMCR0_USER_ACCESS  (1UL << 30)
#define PMCR0_ENABLE_ALL   (0xffUL | (3UL << 32))
#define PMCR1_EL0_ALL      ((0xffUL << 8) | (3UL << 40))

static DEFINE_PER_CPU(u64, saved_pmcr0);
static DEFINE_PER_CPU(u64, saved_pmcr1);

static void enable_on_cpu(void *unused)
{
	u64 p0 = read_sysreg_s(sys_reg(3, 1, 15, 0, 0));
	u64 p1 = read_sysreg_s(sys_reg(3, 1, 15, 1, 0));

	this_cpu_write(saved_pmcr0, p0);
	this_cpu_write(saved_pmcr1, p1);
	write_sysreg_s(p1 | PMCR1_EL0_ALL, sys_reg(3, 1, 15, 1, 0));
	write_sysreg_s(p0 | PMCR0_USER_ACCESS | PMCR0_ENABLE_ALL, sys_reg(3, 1, 15, 0, 0));
	isb();
}

static void restore_on_cpu(void *unused)
{
	write_sysreg_s(this_cpu_read(saved_pmcr0), sys_reg(3, 1, 15, 0, 0));
	write_sysreg_s(this_cpu_read(saved_pmcr1), sys_reg(3, 1, 15, 1, 0));
	isb();
}

static int __init uarch_pmu_init(void)
{
	on_each_cpu(enable_on_cpu, NULL, 1);
	pr_info("uarch_pmu: Apple PMU enabled for EL0 on all CPUs\n");
	return 0;
}

static void __exit uarch_pmu_exit(void)
{
	on_each_cpu(restore_on_cpu, NULL, 1);
	pr_info("uarch_pmu: Apple PMU control registers restored\n");
}

module_init(uarch_pmu_init);
module_exit(uarch_pmu_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Enable EL0 access to the Apple M1 PMU for uarch pmu -backend=apple");
