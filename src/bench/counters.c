/* counters.c — the -counters list of `uarch bench run`: split at the commas that separate
 * counters, not at those inside a PMU's terms ("page-faults,cpu/event=0x3c,umask=0x0/"), and
 * perf stat's name= term taken as the counter's name (nanoBench's -config files name their
 * events this way).  Cycles are always counter 0. */
#include "bench/bench.h"
#include "util/opt.h"

#include <stdio.h>
#include <string.h>

/* take "name=X" out of the terms of "pmu/terms/" (spec edited in place); X into name */
static bool take_name(char *spec, char *name, size_t namesz, char *why, size_t whysz)
{
    char *slash = strchr(spec, '/');
    if (!slash)
        return true;
    for (char *t = slash + 1; *t && *t != '/';) {
        char *end = t + strcspn(t, ",/");
        if (strncmp(t, "name=", 5) == 0) {
            size_t n = (size_t)(end - t - 5);
            if (n == 0 || n >= namesz) {
                snprintf(why, whysz, "counter '%s': %s", spec, n ? "name= longer than 63 characters" : "empty name=");
                return false;
            }
            memcpy(name, t + 5, n);
            name[n] = 0;
            /* drop the term and the comma before it (or after it, when it is the first) */
            char *from = t > slash + 1 ? t - 1 : t, *to = t > slash + 1 || *end != ',' ? end : end + 1;
            memmove(from, to, strlen(to) + 1);
            t = from;
            if (*t == ',')
                t++;
            continue;
        }
        t = *end == ',' ? end + 1 : end;
    }
    return true;
}

int bench_counters_split(const char *list, char (*spec)[BENCH_COUNTER_SPEC], char (*name)[BENCH_COUNTER_NAME],
                         int max, char *why, size_t whysz)
{
    int n = 0, rc = -1;
    OptOnce seen = {"-counters", "each is counted once, under its name (a name= term tells two spellings apart)"};
    snprintf(spec[n], BENCH_COUNTER_SPEC, "cycles");
    snprintf(name[n++], BENCH_COUNTER_NAME, "cycles");
    for (const char *p = list; p && *p;) {
        while (*p == ' ')
            p++;
        if (!*p || *p == ',') {    /* (",a", "a,,b", " ") */
            snprintf(why, whysz, "empty counter name in '%s'", list);
            goto out;
        }
        /* a counter ends at a comma outside slashes: "pmu/...,.../" holds its terms */
        const char *q = p;
        int slashes = 0;
        for (; *q && (*q != ',' || slashes == 1); q++)
            slashes += *q == '/';
        size_t len = (size_t)(q - p);
        while (len && p[len - 1] == ' ')
            len--;
        if (slashes == 1) {
            snprintf(why, whysz, "counter '%.*s': no closing '/' (want pmu/event/ or pmu/term=value,.../)",
                     (int)len, p);
            goto out;
        }
        if (!opt_list_name("counter", p, len, BENCH_COUNTER_SPEC, why, whysz))
            goto out;
        char s[BENCH_COUNTER_SPEC], given[BENCH_COUNTER_SPEC], nm[BENCH_COUNTER_NAME] = "";
        memcpy(s, p, len);
        s[len] = 0;
        memcpy(given, s, len + 1);
        p = *q == ',' ? q + 1 : q;
        if (*q == ',' && !p[strspn(p, " ")]) {
            snprintf(why, whysz, "empty counter name in '%s'", list);
            goto out;
        }
        if (!take_name(s, nm, sizeof nm, why, whysz))
            goto out;
        bool plain_cycles = strcmp(s, "cycles") == 0 && !nm[0];   /* (counted always, as counter 0) */
        if (!plain_cycles && strcmp(nm, "cycles") == 0) {
            snprintf(why, whysz, "counter '%s': 'cycles' is the name of counter 0 (the cycles are always "
                     "counted)", given);
            goto out;
        }
        if (!opt_once_add(&seen, given, nm[0] ? nm : s, why, whysz))   /* (a name: a row, a JSON key) */
            goto out;
        if (plain_cycles)
            continue;
        if (!nm[0]) {
            if (strlen(s) >= BENCH_COUNTER_NAME) {
                snprintf(why, whysz, "counter '%s': name it with a name= term (its spelling is longer than %d "
                         "characters)", s, BENCH_COUNTER_NAME - 1);
                goto out;
            }
            snprintf(nm, sizeof nm, "%s", s);
        }
        if (n == max) {
            snprintf(why, whysz, "more than %d counters besides the cycles", max - 1);
            goto out;
        }
        snprintf(spec[n], BENCH_COUNTER_SPEC, "%s", s);
        snprintf(name[n++], BENCH_COUNTER_NAME, "%s", nm);
    }
    rc = n;
out:
    opt_once_free(&seen);
    return rc;
}
