/* midr.c — AArch64 MIDR_EL1 decoding and per-CPU discovery.
 *
 * MIDR_EL1 = implementer[31:24] variant[23:20] architecture[19:16] part[15:4] revision[3:0]
 * (Arm ARM D17.2).  Names come from the tables generated from midr-implementers.tsv and
 * midr-parts.tsv (see clock.mk).  Linux exposes each CPU's MIDR in
 * /sys/devices/system/cpu/cpuN/regs/identification/midr_el1; /proc/cpuinfo has the same fields
 * ("CPU implementer", "CPU variant", "CPU architecture", "CPU part", "CPU revision") per
 * "processor" block, which is the fallback (and what heterogeneous systems list per core).
 */
#include "clock/clock.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void clock_midr_decode(uint64_t midr, ClockMidr *o)
{
    memset(o, 0, sizeof *o);
    o->raw = midr;
    o->implementer = (midr >> 24) & 0xff;
    o->variant = (midr >> 20) & 0xf;
    o->arch = (midr >> 16) & 0xf;
    o->part = (midr >> 4) & 0xfff;
    o->revision = midr & 0xf;
    o->impl_name = o->part_name = "unknown";
    o->type = "-";
    for (int i = 0; i < clock_midr_impls_count; i++)
        if (clock_midr_impls[i].code == o->implementer)
            o->impl_name = clock_midr_impls[i].name;
    for (int i = 0; i < clock_midr_parts_count; i++)
        if (clock_midr_parts[i].impl == o->implementer && clock_midr_parts[i].part == o->part) {
            o->part_name = clock_midr_parts[i].name;
            o->type = clock_midr_parts[i].type;
        }
}

static bool field(const char *line, const char *key, unsigned long *v)
{
    size_t n = strlen(key);
    if (strncmp(line, key, n) != 0)
        return false;
    const char *p = line + n;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p != ':')
        return false;
    *v = strtoul(p + 1, NULL, 0);
    return true;
}

int clock_parse_cpuinfo_midrs(const char *text, uint64_t *midr, int max)
{
    int n = 0, cur = -1;
    unsigned long v;
    uint64_t m = 0;
    bool any = false;
    for (const char *line = text; line && *line;) {
        const char *nl = strchr(line, '\n');
        char buf[256];
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        if (len >= sizeof buf)
            len = sizeof buf - 1;
        memcpy(buf, line, len);
        buf[len] = 0;
        if (field(buf, "processor", &v)) {
            if (cur >= 0 && cur < max && any)
                midr[cur] = m;
            cur = (int)v;
            m = 0;
            any = false;
            if (cur + 1 > n)
                n = cur + 1;
        } else if (field(buf, "CPU implementer", &v)) {
            m |= (uint64_t)(v & 0xff) << 24, any = true;
        } else if (field(buf, "CPU variant", &v)) {
            m |= (uint64_t)(v & 0xf) << 20;
        } else if (field(buf, "CPU architecture", &v)) {
            m |= (uint64_t)((v == 8 || v == 9) ? 0xf : v & 0xf) << 16;
        } else if (field(buf, "CPU part", &v)) {
            m |= (uint64_t)(v & 0xfff) << 4;
        } else if (field(buf, "CPU revision", &v)) {
            m |= v & 0xf;
        }
        line = nl ? nl + 1 : NULL;
    }
    if (cur >= 0 && cur < max && any)
        midr[cur] = m;
    if (cur < 0 && any && max > 0) {       /* no "processor" lines: one block */
        midr[0] = m;
        n = 1;
    }
    return n > max ? max : n;
}

int clock_read_midrs(uint64_t *midr, int max)
{
    int n = 0;
    for (int i = 0; i < max; i++)
        midr[i] = 0;
    for (int cpu = 0; cpu < max; cpu++) {
        char path[128];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/regs/identification/midr_el1", cpu);
        FILE *f = fopen(path, "r");
        if (!f)
            break;
        unsigned long long v = 0;
        if (fscanf(f, "%llx", &v) == 1)
            midr[cpu] = v;
        fclose(f);
        n = cpu + 1;
    }
    if (n > 0)
        return n;
    Buf b;
    buf_init(&b);
    if (read_file("/proc/cpuinfo", &b))
        n = clock_parse_cpuinfo_midrs(buf_cstr(&b), midr, max);
    buf_free(&b);
    for (int i = 0; i < n; i++)
        if (midr[i])
            return n;
    return 0;                                /* no MIDR anywhere (e.g. an x86 /proc/cpuinfo) */
}
