/* sim_cache.c — results of blocks simulated earlier in the run, reused when a block comes again.
 *
 * Compiler output repeats itself: the same address computation, the same prologue, the same loop
 * with other registers.  In a file of 7,775 compiler-generated regions (`make bench`), blocks
 * equal up to register names hold about 13 % of the simulated instructions.
 *
 * Why a hit is exact.  sim_run reads nothing but the SimCpu, a few options and the SimInst
 * array.  It never looks at a register number other than to index its tables by it or to compare
 * two of them for equality, so renaming registers changes nothing it computes.  The key is
 * therefore the SimInst array with registers numbered in order of first appearance (its scalar
 * fields, then the used destinations, sources and issue uops, as bytes), for the machine (SimCpu
 * and those options) of the whole cache: equal keys give identical dynamic results, which a hit
 * copies (the static per-instruction info and the bottleneck analysis are computed for every
 * region, as before).  A difference in padding bytes can only cost a hit, never give a wrong
 * one.  UARCH_MCA_NO_CACHE=1 in the environment turns the cache off (tests compare both).
 *
 * Bounded: SIM_CACHE_SETS sets of SIM_CACHE_WAYS entries (a new block replaces the least
 * recently used entry of its set) and at most SIM_CACHE_BYTES of keys and results in all, so
 * memory does not grow with the regions; a block of more than SIM_CACHE_MAX_INSTS instructions
 * is not cached (nor keyed).  Duplicates are mostly close to each other in a file
 * (the same source function), which a cache of recent entries catches.  Shared by the worker
 * threads under a mutex held only for a lookup and a copy.
 *
 * Kept from the second time: a block's result is copied into the cache only when its key's hash
 * was looked up once before (`seen`, a tag per hash slot).  Most blocks come once, and copying
 * each of them (an allocation, the arrays, the memory that first touch makes a page fault) cost
 * more than the hits saved: in make bench's input (13,849 regions) the cache that kept every
 * block made the run slower than no cache (0.48 against 0.45 s, 35 MB against 22 MB); a block
 * that comes a third time and after is a hit, as before.  Except a costly block: one whose
 * simulation went through SIM_CACHE_COSTLY cycles or more (sim_run's count; those the
 * steady-state cut or the idle skip passed over are not counted) is kept the first time, since
 * a second simulation of it costs far more than the copy (a cycle of the simulation takes
 * 3,000-5,000 instructions; a block that does not settle within the 100 iterations goes through
 * all of its hundred or more cycles).  In make bench's input (21,111 regions, 1 thread,
 * valgrind): 14,028 -> 13,610 simulations (1.449 -> 1.357 M cycles), 10.82 -> 10.43 G
 * instructions (with 100 cycles: 10.48 G), peak RSS 24 -> 30 MB (the cache stays bounded by
 * SIM_CACHE_BYTES).
 *
 * McaResult arrays: the ones sim_run fills are listed in res_arrays(); a new array field of
 * McaResult filled by sim_run must be added there.
 */
#include "mca/sim.h"
#include "util/opt.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define SIM_CACHE_SETS 1024
#define SIM_CACHE_WAYS 4
#define SIM_CACHE_BYTES (24u << 20)
/* a longer block is not cached: its key and copy would double its memory, for a rare hit */
#define SIM_CACHE_MAX_INSTS 4096
/* a block whose simulation went through this many cycles is kept the first time (see below) */
#define SIM_CACHE_COSTLY 40

typedef struct CacheEntry {
    uint64_t hash;
    uint64_t used;               /* when last looked up or put (a count of lookups) */
    size_t keylen;
    uint8_t *key;                /* keylen bytes, then the result's arrays (one allocation) */
    size_t bytes;
    McaResult res;               /* arrays point into the allocation */
} CacheEntry;

static CacheEntry cache[SIM_CACHE_SETS][SIM_CACHE_WAYS];
static size_t cache_bytes;
/* the keys looked up once (a tag of the hash per slot, 0: none): put only when seen again */
#define SIM_SEEN_SLOTS 65536
static uint32_t seen[SIM_SEEN_SLOTS];
static uint64_t cache_clock;
/* the machine the entries were simulated on: the SimCpu and the options sim_run reads.  A
 * lookup for another machine (a run normally has one) empties the cache and starts a new
 * generation; a put from an older generation is dropped. */
typedef struct Machine { SimCpu sc; int32_t iterations, noalias, timeline_iterations; } Machine;
static Machine cache_machine;
static uint64_t cache_gen;   /* 0: no machine yet */

/* (only the entries in use are cleared: the table is 4 MiB, and before the first machine it is
 * all zero, untouched; writing it all was 1,000 page faults, a sixth of a run's) */
static void cache_flush(void)
{
    if (cache_gen == 0)
        return;
    for (int q = 0; q < SIM_CACHE_SETS; q++)
        for (int w = 0; w < SIM_CACHE_WAYS; w++)
            if (cache[q][w].key) {
                free(cache[q][w].key);
                memset(&cache[q][w], 0, sizeof cache[q][w]);
            }
    memset(seen, 0, sizeof seen);
    cache_bytes = 0;
}
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

/* the lock is held for a lookup or a copy (microseconds): try it for a while before sleeping
 * in the kernel, which costs more than the wait */
static void cache_lock_take(void)
{
    for (int i = 0; i < 1000; i++)
        if (pthread_mutex_trylock(&cache_lock) == 0)
            return;
    pthread_mutex_lock(&cache_lock);
}

/* the key of the thread's last lookup (a miss is followed by a put of the same block) */
/* (missed: the lookup missed, the key is the block's; pending: and it was looked up before) */
typedef struct KeyBuf { uint8_t *p; size_t n, cap; uint64_t hash, gen; bool missed, pending; } KeyBuf;
static _Thread_local KeyBuf keybuf;

static void key_put(KeyBuf *k, const void *v, size_t n)
{
    if (k->n + n > k->cap) {
        k->cap = (k->n + n) * 2 + 256;
        k->p = xrealloc(k->p, k->cap);
    }
    memcpy(k->p + k->n, v, n);
    k->n += n;
}

static bool enabled;
static pthread_once_t enabled_once = PTHREAD_ONCE_INIT;
static void read_env(void)
{
    bool off, ok = opt_env_bool("UARCH_MCA_NO_CACHE", &off, NULL, 0);   /* (checked by mca_run) */
    enabled = !(ok && off);
}

static bool cache_enabled(void)
{
    pthread_once(&enabled_once, read_env);
    return enabled;
}

/* the key of a block in keybuf; its hash */
static uint64_t make_key(const SimInst *si, int n)
{
    KeyBuf *k = &keybuf;
    k->n = 0;
    key_put(k, &n, sizeof n);
    int16_t canon[256];
    memset(canon, 0xff, sizeof canon);   /* -1: not seen yet */
    int next = 0;
#define CANON(r) (canon[(uint8_t)(r)] >= 0 ? canon[(uint8_t)(r)] : (canon[(uint8_t)(r)] = (int16_t)next++))
    for (int i = 0; i < n; i++) {
        SimInst c;   /* the scalar fields, then the used entries, registers renumbered */
        memcpy(&c, &si[i], offsetof(SimInst, dst));
        if (c.mem_chain > 0) {   /* (the address counts only for chains of atomics) */
            if (c.mem_base != A64_NOREG)
                c.mem_base = (uint8_t)CANON(c.mem_base);
        } else {
            c.mem_base = 0, c.mem_off = 0;
        }
        key_put(k, &c, offsetof(SimInst, dst));
        for (int d = 0; d < si[i].ndst; d++) {
            SimDst x;   /* (field by field: the byte of padding before lat is no part of the key) */
            memset(&x, 0, sizeof x);
            x.reg = (uint8_t)CANON(si[i].dst[d].reg);
            x.rf = si[i].dst[d].rf;
            x.lat = si[i].dst[d].lat;   /* (opnd stays 0: the operand's position is for the views only) */
            key_put(k, &x, sizeof x);
        }
        for (int s = 0; s < si[i].nsrc; s++) {
            SimSrc x = si[i].src[s];
            x.reg = (uint8_t)CANON(x.reg);
            x.opnd = 0;
            key_put(k, &x, sizeof x);
        }
        key_put(k, si[i].src + si[i].nsrc, sizeof(SimSrc) * (size_t)sim_src_nx(&si[i]));   /* (their SimSrcX) */
        key_put(k, si[i].issue, sizeof(SimIssue) * (size_t)si[i].nissue);
    }
#undef CANON
    /* 8 bytes at a time (the tail zero-padded) */
    uint64_t h = k->n;
    size_t j = 0;
    for (; j + 8 <= k->n; j += 8) {
        uint64_t w;
        memcpy(&w, k->p + j, 8);
        h = (h ^ w) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 32;
    }
    if (j < k->n) {
        uint64_t w = 0;
        memcpy(&w, k->p + j, k->n - j);
        h = (h ^ w) * 0x9E3779B97F4A7C15ull;
    }
    return h ^ h >> 29;
}

/* the arrays of a result sim_run fills: where each is and its size in bytes */
typedef struct ResArray { void **p; size_t bytes; } ResArray;
static int res_arrays(McaResult *r, ResArray *a)
{
    size_t n = (size_t)r->n, h = (size_t)r->max_hist + 1;
    int k = 0;
    a[k++] = (ResArray){(void **)&r->unit_names, sizeof(char *) * (size_t)r->nunits};
    if (r->pressure)   /* (one of the three: the others stay NULL) */
        a[k++] = (ResArray){(void **)&r->pressure, sizeof(double) * (size_t)r->npressure};
    if (r->pcount)
        a[k++] = (ResArray){(void **)&r->pcount, sizeof(uint32_t) * (size_t)r->npressure};
    if (r->pcount16)
        a[k++] = (ResArray){(void **)&r->pcount16, sizeof(uint16_t) * (size_t)r->npressure};
    a[k++] = (ResArray){(void **)&r->pmask, sizeof(uint32_t) * n};
    a[k++] = (ResArray){(void **)&r->poff, sizeof(int32_t) * n};
    a[k++] = (ResArray){(void **)&r->events, sizeof(McaTimelineEvent) * n * (size_t)r->timeline_iterations};
    a[k++] = (ResArray){(void **)&r->dispatch_hist, sizeof(long long) * h};
    a[k++] = (ResArray){(void **)&r->issue_hist, sizeof(long long) * h};
    a[k++] = (ResArray){(void **)&r->retire_hist, sizeof(long long) * h};
    a[k++] = (ResArray){(void **)&r->buffers, sizeof(McaBufferUsage) * (size_t)r->nbuffers};
    a[k++] = (ResArray){(void **)&r->regfiles, sizeof(McaRegFileUsage) * (size_t)r->nregfiles};
    a[k++] = (ResArray){(void **)&r->fusions, sizeof(McaFusion) * (size_t)r->nfusions};
    return k;
}
#define RES_ARRAYS 11

bool sim_cache_get(const SimCpu *sc, const McaOptions *o, const SimInst *si, int n, McaResult *out)
{
    keybuf.missed = keybuf.pending = false;
    if (n <= 0 || n > SIM_CACHE_MAX_INSTS || !cache_enabled())
        return false;
    uint64_t h = make_key(si, n);
    bool hit = false;
    Machine m;
    memset(&m, 0, sizeof m);
    m.sc = *sc;
    m.iterations = o->iterations;
    m.noalias = o->noalias;
    m.timeline_iterations = o->want_timeline ? o->timeline_max_iterations : -1;
    cache_lock_take();
    if (cache_gen == 0 || memcmp(&m, &cache_machine, sizeof m)) {
        cache_flush();
        cache_machine = m;
        cache_gen++;
    }
    keybuf.gen = cache_gen;
    cache_clock++;
    CacheEntry *e = NULL;
    for (int w = 0; w < SIM_CACHE_WAYS && !e; w++) {
        CacheEntry *c = &cache[h % SIM_CACHE_SETS][w];
        if (c->key && c->hash == h && c->keylen == keybuf.n && !memcmp(c->key, keybuf.p, keybuf.n))
            e = c;
    }
    if (e) {
        e->used = cache_clock;
        /* the dynamic results; what mca_simulate set before (the static info) stays */
        McaResult keep = *out;
        *out = e->res;
        out->cpu = keep.cpu, out->n = keep.n, out->iterations = keep.iterations;
        out->dispatch_width = keep.dispatch_width, out->block_rthroughput = keep.block_rthroughput;
        out->info = keep.info, out->arena = keep.arena;
        ResArray a[RES_ARRAYS];
        int na = res_arrays(out, a);
        for (int k = 0; k < na; k++) {
            void *p = arena_alloc(&out->arena, a[k].bytes > 0 ? a[k].bytes : 1);
            if (a[k].bytes > 0)
                memcpy(p, *a[k].p, a[k].bytes);
            *a[k].p = p;
        }
        hit = true;
    }
    bool again = false;   /* a miss: kept (sim_cache_put) only if its key was looked up before */
    if (!hit) {
        uint32_t tag = (uint32_t)(h >> 32) | 1, *sl = &seen[h & (SIM_SEEN_SLOTS - 1)];
        again = *sl == tag;
        *sl = tag;
    }
    pthread_mutex_unlock(&cache_lock);
    keybuf.hash = h;
    keybuf.missed = !hit;
    keybuf.pending = again;
    return hit;
}

void sim_cache_put(const McaResult *res, long long cycles)
{
    if (!keybuf.missed || !(keybuf.pending || cycles >= SIM_CACHE_COSTLY) || res->unit_pressure_cycles)
        return;
    keybuf.missed = keybuf.pending = false;
    uint64_t h = keybuf.hash;
    /* one allocation: the key, then the arrays (each 16-byte aligned) */
    McaResult r = *res;
    memset(&r.arena, 0, sizeof r.arena);
    r.info = NULL;
    ResArray a[RES_ARRAYS];
    int na = res_arrays(&r, a);
    size_t bytes = (keybuf.n + 15) & ~(size_t)15;
    for (int k = 0; k < na; k++)
        bytes += (a[k].bytes + 15) & ~(size_t)15;
    uint8_t *blob = xmalloc(bytes > 0 ? bytes : 1);
    memcpy(blob, keybuf.p, keybuf.n);
    size_t off = (keybuf.n + 15) & ~(size_t)15;
    for (int k = 0; k < na; k++) {
        if (a[k].bytes > 0)
            memcpy(blob + off, *a[k].p, a[k].bytes);
        *a[k].p = blob + off;
        off += (a[k].bytes + 15) & ~(size_t)15;
    }
    cache_lock_take();
    if (keybuf.gen != cache_gen) {   /* simulated on another machine than the cache's now */
        pthread_mutex_unlock(&cache_lock);
        free(blob);
        return;
    }
    CacheEntry *e = &cache[h % SIM_CACHE_SETS][0];   /* an empty way, else the least recently used */
    for (int w = 1; w < SIM_CACHE_WAYS && e->key; w++) {
        CacheEntry *c = &cache[h % SIM_CACHE_SETS][w];
        if (!c->key || c->used < e->used)
            e = c;
    }
    uint8_t *gone = e->key;   /* that block leaves (freed after the lock: another thread's
                                 malloc arena may have to be locked for it) */
    if (gone) {
        cache_bytes -= e->bytes;
        memset(e, 0, sizeof *e);
    }
    if (cache_bytes + bytes <= SIM_CACHE_BYTES) {
        *e = (CacheEntry){h, cache_clock, keybuf.n, blob, bytes, r};
        cache_bytes += bytes;
        blob = NULL;
    }
    pthread_mutex_unlock(&cache_lock);
    free(blob);
    free(gone);
}

void sim_cache_release(void)
{
    free(keybuf.p);
    memset(&keybuf, 0, sizeof keybuf);
}
