#!/usr/bin/env python3
"""make-models.py — dev-time extraction of models/<cpu>/forms.tsv from the M1 measurements.

Usage: python3 tools/make-models.py [--out DIR] [SHARED_DIR]
       (SHARED_DIR defaults to ../shared next to the repo; DIR to the repo's models/;
        `make models-check` regenerates into a temporary DIR and diffs with the committed TSVs)

Reads SHARED_DIR/data/m1-measurements/tables.tsv (Dougall Johnson's applecpu tables,
https://github.com/dougallj/applecpu) and tests-dev.jsonl (the per-test results of the same
pages) and writes models/firestorm/forms.tsv and models/icestorm/forms.tsv.  Not part of the
build: the TSVs are committed; tools/gen-models.c turns them into C at build time.

One row per measured form (table rows of kind `member` or `single`; `group` rows only summarise
their members).  Columns (see models/README.md):
  form      page id (the key the front end classifies instructions to)
  group     the table's mnemonic group, e.g. "ADD (shifted register)"
  lat       main latency: N, <=N (a roundtrip bound: this form's latency plus that of the
            transfer back to the other register file), or - (unknown).  For a list [a;b;...] in
            the source: the largest exact value, else the smallest bound.  The source's "≤N" of
            general-register loads comes from "(with chain penalty)" tests (load -> ALU chain):
            written as exact N (see chain_form).
  tp        reciprocal throughput (cycles/instruction), - unknown.  PRFM (register, <op>): the
            median of the core's PRFM (register) rows, for all of them: the prefetch operation
            does not change the timing (Firestorm rows 1.54-1.55 but PLDL2STRM 1.40, PLIL1STRM
            1.35; Icestorm 2.0 but six at 1.87; the tests of PLDL2STRM measure the common value:
            1.47-1.58 Firestorm, 1.96-2.00 Icestorm)
  uops      retire slots, - unknown
  int mem fp  issues per unit group (- = none), fractional values kept
  units     as printed, normalised: items "N*uA-B" / "uA/B" / "uA", '?' = uncertain, comma-separated
  lat_pairs per-operand latencies W->R=v or W->R<=v (W = written operand position of the
            producer, R = read operand position of the consumer of the same form, positions as in
            the test names: registers in assembly order, destination first, implicit NZCV last).
            From the form's own latency tests ("Latency W->R", "... roundtrip", "... (with chain
            penalty)"; see fix_positions for the few misnumbered pages): the measured value
            snapped to the nearest value printed in lat (within 0.25), else the measurement
            rounded to 0.1; '<=' for roundtrip tests only.  - when there are no tests.
            Single-lane loads (LD1..LD4 _single) also get W->W from their throughput test that
            repeats one instance (each reads the vector it inserts into: the merge chain, 2.0
            cycles), see load_merge_chains.
  rt_return for forms with a roundtrip bound ('<=' in lat or lat_pairs): the latency attributed
            to the transfer back that closes the roundtrip tests, so that the form's own latency
            is N - rt_return.  The pages close every roundtrip with `fmov x0, d0` (FMOV_D_to_X)
            after a form writing a vector register, or `fmov d0, x0` (FMOV_D_from_X) after one
            writing a general register (see writes_gpr: agrees with all 316 roundtrip tests);
            the two transfers' own roundtrip is FMOV_D_to_X's bound N (10 Firestorm, 7 Icestorm),
            split by roundtrip_share of models/<cpu>/params.tsv (an estimate: 0.5 -> 5 + 5;
            rounded to whole cycles: Icestorm 7 -> 4 for fmov x0, d0 + 3 for fmov d0, x0).
  mem_chain atomics (CAS*, SWP*, LD<op>*, ST<op>*) and store-exclusives (STXR*, STXP*, STLXR*,
            STLXP*: the exclusive monitor makes them a read-modify-write): cycles per instruction of the page's test
            that repeats the atomic alone on the same address ([x6], no address increment): the
            read-modify-write chain through memory (median of the runs); - otherwise.
  lat_src   tests = the form's own tests; sibling:<id> = copied from a form of the same group
            whose row is identical (lat, tp, uops, issues, units), done only when the latency is
            a list or unknown (no single published value to contradict); - none
Unknown stays unknown: nothing is invented.
"""
import csv, json, os, re, statistics, sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
args = sys.argv[1:]
OUT = os.path.join(ROOT, 'models')
if len(args) >= 2 and args[0] == '--out':
    OUT, args = args[1], args[2:]
shared = args[0] if args else os.path.join(ROOT, '..', 'shared')
DATA = os.path.join(shared, 'data', 'm1-measurements')

def parse_lat(raw):
    """'4' -> [(4.0, False)], '≤10' -> [(10.0, True)], '[2;≤12]' -> two items, '' -> []"""
    raw = raw.strip()
    if not raw:
        return []
    items = raw[1:-1].split(';') if raw.startswith('[') else [raw]
    out = []
    for it in items:
        it = it.strip()
        bound = it.startswith('≤')
        v = float(it.lstrip('≤'))
        out.append((v, bound))
    return out

def fmt_num(v):
    s = ('%.3f' % v).rstrip('0').rstrip('.')
    return s if s else '0'

def fmt_lat(v, bound):
    return ('<=' if bound else '') + fmt_num(v)

def main_lat(items):
    exact = [v for v, b in items if not b]
    if exact:
        return (max(exact), False)
    if items:
        return (min(v for v, b in items), True)
    return None

TEST_RE = re.compile(r'^Latency (\d+)->(\d+)( roundtrip| \(with chain penalty\))?$')
REG_RE = re.compile(r'\b(?:[xwvqdshb]\d+|sp|wsp|xzr|wzr)\b')

def fix_positions(w, r, code):
    """A few pages number a self-chained writeback base past the last register (e.g. STR_post_Q
    'str q0, [x6], #0x10' as 3->3 where x6 is position 2): map such W == R beyond the register
    count of a memory instruction without flags to the base register's position."""
    if w != r or not code:
        return w, r
    line = code[0].split(' ; ')[0]
    ops = line.split(' ', 1)[1] if ' ' in line else ''
    regs = REG_RE.findall(ops)
    if w <= len(regs) or '[' not in ops:      # memory instructions write no flags
        return w, r
    base = len(REG_RE.findall(ops.split('[', 1)[0])) + 1
    return base, base

ATOMIC_RE = re.compile(r'^(CAS|SWP|LD(ADD|CLR|EOR|SET|SMAX|SMIN|UMAX|UMIN)|ST(ADD|CLR|EOR|SET|SMAX|SMIN|UMAX|UMIN)|STL?X[RP])')

EXCL_RE = re.compile(r'^STL?X[RP]')
PRFM_RE = re.compile(r'^PRFM_reg_')

def load_mem_chains():
    """(core, page_id) -> cycles of the same-address atomic chain"""
    out = {}
    with open(os.path.join(DATA, 'tests-dev.jsonl')) as f:
        for line in f:
            t = json.loads(line)
            if t['kind'] != 'throughput' or not ATOMIC_RE.match(t['page_id']):
                continue
            code = t['code']
            if len(code) != 1 or ' ; ' in code[0] or '[x6]' not in code[0] or t['count'] not in (None, 1):
                continue
            vals = sorted(r['value'] for r in t['runs'] if r.get('value') is not None
                          and r['metric'] == 'cycles_per_code')
            if vals:
                out[(t['core'], t['page_id'])] = statistics.median(vals)
    return out

LANE_LOAD_RE = re.compile(r'^ld([1-4])\s*\{([^}]*)\}\s*\[\d+\]')

def load_merge_chains():
    """(core, page_id) -> cycles per instruction of a lane load's merge chain: the throughput
    test that repeats one single-lane load (`ld1 { v0.d }[1], [x6]` eight times) chains every
    instance through the vector it inserts into (the lane insert reads it), so its time per
    instruction is the latency from the write of that register to its merged read"""
    out = {}
    with open(os.path.join(DATA, 'tests-dev.jsonl')) as f:
        for line in f:
            t = json.loads(line)
            if t['kind'] != 'throughput' or not re.match(r'^LD[1-4]_single', t['page_id']):
                continue
            code = t['code']
            if not code or len(set(code)) != 1 or ' ; ' in code[0] or not LANE_LOAD_RE.match(code[0]):
                continue
            if t.get('count') not in (len(code),):
                continue
            vals = sorted(r['value'] for r in t['runs'] if r.get('value') is not None
                          and r['metric'] == 'cycles_per_code_div_count')
            if vals:
                out[(t['core'], t['page_id'])] = (vals[len(vals) // 2], int(LANE_LOAD_RE.match(code[0]).group(1)))
    return out

def load_tests():
    """(core, page_id) -> list of (w, r, value, roundtrip)"""
    tests = defaultdict(list)
    with open(os.path.join(DATA, 'tests-dev.jsonl')) as f:
        for line in f:
            t = json.loads(line)
            if t['kind'] != 'latency':
                continue
            m = TEST_RE.match(t['test_name'])
            if not m:
                continue
            vals = [r['value'] for r in t['runs'] if r.get('value') is not None]
            if not vals:
                continue
            w, r = fix_positions(int(m.group(1)), int(m.group(2)), t['code'])
            kind = {' roundtrip': 'roundtrip', ' (with chain penalty)': 'chain'}.get(m.group(3), 'plain')
            tests[(t['core'], t['page_id'])].append((w, r, min(vals), kind))
    return tests

def chain_form(pid, tests):
    """True for forms whose '≤N' comes from a "(with chain penalty)" test (general-register loads
    chained through ALU ops: N is the load-to-ALU latency, exact), False for roundtrip bounds
    (a transfer to the other register file and back: N = this latency + the return's).  From the
    form's tests when it has some, else from the id (general-register loads); the id rule agrees
    with every form that has tests."""
    kinds = set(k for _, _, _, k in tests)
    if 'chain' in kinds or 'roundtrip' in kinds:
        return 'chain' in kinds
    return (pid.startswith('LD') and not re.match(r'^LD[1-4]', pid)
            and not re.search(r'_(B|H|S|D|Q)(_\d+)?$', pid))

def writes_gpr(pid):
    """Forms that move a SIMD/FP value into a general register (their roundtrips return with
    `fmov d0, x0`); every other roundtrip-bounded form writes a vector register."""
    return bool(re.search(r'_to_[WX](_\d+)?$', pid) or re.match(r'^(UMOV|SMOV|FJCVTZS)', pid))

def read_share(core):
    path = os.path.join(ROOT, 'models', core, 'params.tsv')
    with open(path) as f:
        for line in f:
            c = line.rstrip('\n').split('\t')
            if c[0] == 'roundtrip_share':
                return float(c[1])
    sys.exit('%s: no roundtrip_share' % path)

def pairs_for(items, tests):
    out = {}
    for w, r, v, kind in sorted(tests):
        roundtrip = kind == 'roundtrip'
        cands = [(abs(v - lv), lv) for lv, lb in items]
        best = min(cands) if cands else None
        val = best[1] if best and best[0] <= 0.25 else round(v, 1)
        bound = roundtrip
        key = (w, r)
        if key in out:      # several tests of one pair: keep the smallest
            if val >= out[key][0]:
                continue
        out[key] = (val, bound)
    return out

def fmt_pairs(pairs):
    if not pairs:
        return '-'
    return ','.join('%d->%d%s%s' % (w, r, '<=' if b else '=', fmt_num(v))
                    for (w, r), (v, b) in sorted(pairs.items()))

def norm_units(u):
    u = u.strip()
    if u in ('', '-'):
        return '-'
    return ','.join(p.strip() for p in u.split(','))

def cell(x):
    x = x.strip()
    return x if x else '-'

def main():
    tests = load_tests()
    chains = load_mem_chains()
    merges = load_merge_chains()
    rows = defaultdict(list)
    with open(os.path.join(DATA, 'tables.tsv'), newline='') as f:
        for r in csv.DictReader(f, delimiter='\t'):
            if r['row_kind'] == 'group' or not r['page_id']:
                continue
            rows[r['core']].append(r)
    for core in ('firestorm', 'icestorm'):
        prfm = sorted(float(r['tp']) for r in rows[core] if PRFM_RE.match(r['page_id']) and r['tp'].strip())
        prfm_tp = fmt_num(prfm[len(prfm) // 2]) if prfm else None
        seen = set()
        out_rows = []
        by_group = defaultdict(list)
        for r in rows[core]:
            pid = r['page_id']
            if pid in seen:
                continue
            seen.add(pid)
            items = parse_lat(r['lat_raw'])
            t = tests.get((core, pid), [])
            if chain_form(pid, t):    # "≤4" of a general-register load: the chain latency
                items = [(v, False) for v, b in items]
            ml = main_lat(items)
            pairs = pairs_for(items, t) if t else {}
            if (core, pid) in merges:   # W->W: the merged read of each register of the list
                v, nregs = merges[(core, pid)]
                for w in range(1, nregs + 1):
                    pairs.setdefault((w, w), (round(v, 1), False))
            rec = dict(form=pid, group=r['mnemonic'], lat=fmt_lat(*ml) if ml else '-',
                       tp=prfm_tp if prfm_tp and PRFM_RE.match(pid) else cell(r['tp']), uops=cell(r['uops']), int=cell(r['int']),
                       mem=cell(r['mem']), fp=cell(r['fp']), units=norm_units(r['units']),
                       lat_pairs=fmt_pairs(pairs), lat_src='tests' if pairs else '-',
                       mem_chain=fmt_num(round(chains[(core, pid)], 1)) if (core, pid) in chains else '-',
                       raw=r['lat_raw'])
            out_rows.append(rec)
            by_group[r['mnemonic']].append(rec)
        # forms without tests whose latency is a list or unknown: copy the pairs of a sibling of
        # the same group with an identical row (same lat, tp, uops, issues, units)
        sig = lambda x: (x['raw'], x['tp'], x['uops'], x['int'], x['mem'], x['fp'], x['units'])
        for rec in out_rows:
            if rec['lat_pairs'] != '-' or not (rec['raw'].startswith('[') or rec['raw'] == ''):
                continue
            for sib in sorted(by_group[rec['group']], key=lambda x: x['form']):
                if sib['lat_src'] == 'tests' and sig(sib) == sig(rec):
                    rec['lat_pairs'] = sib['lat_pairs']
                    rec['lat_src'] = 'sibling:' + sib['form']
                    break
        # roundtrip returns: FMOV_D_to_X (a) + FMOV_D_from_X (b) = FMOV_D_to_X's bound
        fm = next(x for x in out_rows if x['form'] == 'FMOV_D_to_X')
        assert fm['lat'].startswith('<='), fm
        total = float(fm['lat'][2:])
        a = float(int(total * read_share(core) + 0.5))   # whole cycles: the simulator counts cycles
        b = total - a
        for rec in out_rows:
            bounded = rec['lat'].startswith('<=') or '<=' in rec['lat_pairs']
            rec['rt_return'] = fmt_num(b if writes_gpr(rec['form']) else a) if bounded else '-'
        out_rows.sort(key=lambda x: x['form'])
        path = os.path.join(OUT, core, 'forms.tsv')
        os.makedirs(os.path.dirname(path), exist_ok=True)
        cols = ['form', 'group', 'lat', 'tp', 'uops', 'int', 'mem', 'fp', 'units', 'lat_pairs', 'lat_src',
                'rt_return', 'mem_chain']
        with open(path, 'w') as f:
            f.write('# models/%s/forms.tsv — one row per measured instruction form of Apple M1 %s.\n' % (core, core.capitalize()))
            f.write('# Source: Dougall Johnson, Apple M1 microarchitecture research, https://github.com/dougallj/applecpu\n')
            f.write('# (https://dougallj.github.io/applecpu/%s.html), via ../shared/data/m1-measurements/tables.tsv\n' % core)
            f.write('# (lat, tp, uops, issues, units as published) and tests-dev.jsonl (lat_pairs from the latency tests).\n')
            f.write('# Generated by tools/make-models.py; columns are described there and in models/README.md.\n')
            f.write('\t'.join(cols) + '\n')
            for rec in out_rows:
                f.write('\t'.join(rec[c] for c in cols) + '\n')
        npairs = sum(1 for x in out_rows if x['lat_pairs'] != '-')
        mc = sorted(float(x['mem_chain']) for x in out_rows if x['mem_chain'] != '-'
                    and not EXCL_RE.match(x['form']))   # (atomics only: the default is theirs)
        if mc:
            print('%s: %d atomics with mem_chain, median %s (params.tsv atomic_mem_chain)'
                  % (core, len(mc), fmt_num(mc[len(mc) // 2])))
        print('%s: %d forms, %d with per-operand latencies -> %s' % (core, len(out_rows), npairs, path))

if __name__ == '__main__':
    main()
