/* backend.c — the registry of PMU backends (see pmu.h) and the Apple M1 event table, which
 * apple.c and sim.c share (generated from src/pmu/m1-events.tsv). */
#include "pmu/pmu.h"
#include "util/opt.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const PmuBackend *const pmu_backends[] = {&pmu_backend_perf, &pmu_backend_apple, &pmu_backend_sim};
const int pmu_backends_count = (int)ARRAY_LEN(pmu_backends);

const PmuBackend *pmu_backend_find(const char *name)
{
    for (int i = 0; i < pmu_backends_count; i++)
        if (strcmp(pmu_backends[i]->name, name) == 0)
            return pmu_backends[i];
    return NULL;
}

const PmuBackend *pmu_backend_default(void)
{
    char why[256];
    if (pmu_backend_apple.available(why, sizeof why))
        return &pmu_backend_apple;
    if (pmu_backend_perf.available(why, sizeof why))
        return &pmu_backend_perf;
    return &pmu_backend_sim;
}

int pmu_resolve_list(const PmuBackend *b, const char *list, PmuEventInfo *ev, int max, char *why,
                     size_t whysz)
{
    int n = 0;
    const char *p = list;
    while (*p) {
        /* split on commas outside pmu/.../ (pmu/event=1,umask=2/ holds commas) */
        const char *e = p;
        int slashes = 0;
        while (*e && (*e != ',' || slashes == 1))
            slashes += *e++ == '/';
        char name[160];
        if (!opt_list_name("event", p, (size_t)(e - p), sizeof name, why, whysz))
            return -1;
        snprintf(name, sizeof name, "%.*s", (int)(e - p), p);
        p = *e ? e + 1 : e;
        if (!name[0] || (*e && !*p)) {   /* (",x", "x,,y", "x,") */
            snprintf(why, whysz, "empty event name in '%s'", list);
            return -1;
        }
        if (n == max) {
            snprintf(why, whysz, "more than %d events", max);
            return -1;
        }
        char w[300];
        if (!b->resolve(name, &ev[n], w, sizeof w)) {
            char q[180];
            snprintf(q, sizeof q, "'%s'", name);
            if (strstr(w, q))
                snprintf(why, whysz, "%s", w);
            else
                snprintf(why, whysz, "event %s unavailable: %s", q, w);
            return -1;
        }
        n++;
    }
    if (n == 0)
        snprintf(why, whysz, "no events given");
    return n ? n : -1;
}

static const PmuM1Event *m1_row(uint32_t id)
{
    for (int i = 0; i < pmu_m1_events_count; i++)
        if (pmu_m1_events[i].id == id)
            return &pmu_m1_events[i];
    return NULL;
}

/* "l1d tlb fill" -> "l1d_tlb_fill"; "? int retires" -> "int_retires" */
static void canon(const char *s, char *out, size_t n)
{
    size_t k = 0;
    while (*s == '?' || *s == ' ')
        s++;
    for (; *s && k + 1 < n; s++)
        out[k++] = *s == ' ' ? '_' : (char)tolower((unsigned char)*s);
    out[k] = 0;
}

void pmu_m1_event(uint32_t id, PmuEventInfo *ev)
{
    memset(ev, 0, sizeof *ev);
    ev->code = id;
    ev->hw = true;
    const PmuM1Event *r = m1_row(id);
    if (r && r->name_applecpu[0])
        canon(r->name_applecpu, ev->name, sizeof ev->name);
    else if (r && r->name_seed[0])
        snprintf(ev->name, sizeof ev->name, "%.*s", (int)strcspn(r->name_seed, ","), r->name_seed);
    else
        snprintf(ev->name, sizeof ev->name, "event_0x%02x", id);
    if (r && (r->name_applecpu[0] || r->name_seed[0]))
        snprintf(ev->desc, sizeof ev->desc, "%s%s%s", r->name_applecpu,
                 r->name_applecpu[0] && r->name_seed[0] ? "; seed 001: " : "", r->name_seed);
    else
        snprintf(ev->desc, sizeof ev->desc, "%s", r ? "seen in measurements, unnamed" : "not in the M1 table");
    snprintf(ev->encoding, sizeof ev->encoding, "0x%02x", id);
}

bool pmu_m1_resolve(const char *name, PmuEventInfo *ev, char *why, size_t whysz)
{
    if (name[0] == '0' && (name[1] == 'x' || name[1] == 'X')) {
        char *e;
        unsigned long long v = strtoull(name + 2, &e, 16);
        if (e == name + 2 || *e) {
            snprintf(why, whysz, "bad event code '%s' (want 0x00..0xff)", name);
            return false;
        }
        if (v > 0xff) {
            snprintf(why, whysz, "event code '%s' out of range (M1 event ids are 0x00..0xff)", name);
            return false;
        }
        pmu_m1_event((uint32_t)v, ev);
        return true;
    }
    char want[64];
    canon(name, want, sizeof want);
    for (int i = 0; i < pmu_m1_events_count; i++) {
        const PmuM1Event *r = &pmu_m1_events[i];
        char c[64];
        canon(r->name_applecpu, c, sizeof c);
        bool hit = c[0] && strcmp(c, want) == 0;
        /* the seed's names, several per row separated by commas */
        for (const char *p = r->name_seed; !hit && *p;) {
            size_t l = strcspn(p, ",");
            hit = l == strlen(want) && strncmp(p, want, l) == 0;
            p += l + (p[l] == ',');
        }
        if (hit) {
            pmu_m1_event(r->id, ev);
            return true;
        }
    }
    snprintf(why, whysz, "unknown event '%s' (not in the M1 table; 'uarch pmu list' names them, or give 0xNN)", name);
    return false;
}

void pmu_event_code(const PmuEventInfo *e, char *out, size_t n)
{
    if (e->hw)
        snprintf(out, n, "0x%02llx", (unsigned long long)e->code);
    else
        snprintf(out, n, "%llu", (unsigned long long)e->code);
}

void pmu_event_json(Json *j, const char *key, const PmuEventInfo *e)
{
    char code[32];
    pmu_event_code(e, code, sizeof code);
    if (e->hw) {
        json_kstr(j, key, code);
    } else {
        json_key(j, key);
        json_uint(j, (unsigned long long)e->code);
    }
}
