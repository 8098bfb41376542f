#!/usr/bin/env python3
"""tools/sysops-tsv.py — regenerate src/a64/sysregs.tsv and src/a64/sysops.tsv from llvm-mc.

    python3 tools/sysops-tsv.py [--sysops] [LLVM_MC]   (default llvm-mc-19; run from the repo root;
                                                       --sysops: only src/a64/sysops.tsv)

A maintainer tool, not a build step: the build reads only the two TSV files.  The names and
encodings of the system registers (MRS/MSR op0 op1 CRn CRm op2) and of the SYS aliases (IC, DC,
AT, TLBI, CFP/DVP/CPP/COSP RCTX, BRB: op1 CRn CRm op2) are facts of the Arm architecture
(Arm ARM DDI 0487); here they are read from LLVM's assembler and disassembler, as llvm-mca
uses them:
  1. every MRS, MSR (register) and SYS encoding is disassembled, once with -mcpu=apple-m1 and
     once with -mattr=+all: what prints a name gives the name, its encoding and, for
     -mcpu=apple-m1, whether llvm-mca -mcpu=apple-m1 prints that name (a register or an
     operation of a feature apple-m1 lacks prints generically, S3_0_C1_C0_6 / sys #...);
  2. every other spelling llvm-mc knows (the names stored in the LLVM library, among them those
     the disassembler never prints: write-only twins such as DBGDTRTX_EL0, older names) is tried
     with `mrs x0, NAME`, `msr NAME, x0`, `KIND NAME` and `KIND NAME, x0` under -mattr=+all:
     what assembles gives the encoding, whether MRS (r) and MSR (w) take the name, and whether
     the operation takes a register;
  3. what llvm-mc -mcpu=apple-m1 refuses of the operations gives, from its message
     ('DC GVA requires: mte, memtag'), the features the operation needs (src/a64/features.tsv);
  4. the features a register needs, which llvm's message does not name ('expected readable
     system register'), by probing: a name -mcpu=apple-m1 refuses is tried with -mattr=+F for
     every feature F of llvm-mc -mattr=help, and the least of those that take it kept (the F
     that every other one implies: +X,-F refuses it); a name apple-m1 takes is tried with -F,
     and the greatest of those that refuse it kept (+F after -X takes it again), when it is a
     feature of src/a64/features.tsv (an `m1` row; -mattr=-F of another is not modelled); when
     none of those implies the others, all of them (mpam1_el12: mpam,vh).  Then each register
     the M1 takes is tried under -mcpu=generic -mattr=+v8a (what .arch armv8-a gives) with
     those features (id_isar6_el1: v8.2a; those of a feature -mattr cannot name: UNNAMED).
"""
import os
import re
import subprocess
import sys
import tempfile

ARGS = [a for a in sys.argv[1:] if a != "--sysops"]
MC = ARGS[0] if ARGS else "llvm-mc-19"
M1 = ["-mcpu=apple-m1"]
ALL = ["-mattr=+all"]
KINDS = ["at", "brb", "cfp", "cosp", "cpp", "dc", "dvp", "ic", "tlbi"]


def mc(args, text):
    r = subprocess.run([MC, "-triple=aarch64"] + args, input=text, capture_output=True, text=True)
    return r.stdout, r.stderr


def disassemble(words, opts):
    """the printed text of each word (every MRS/MSR/SYS word decodes to one instruction)"""
    text = "\n".join(" ".join("0x%02x" % (w >> 8 * i & 255) for i in range(4)) for w in words)
    out, _ = mc(["-disassemble"] + opts, text)
    lines = [l.strip() for l in out.splitlines() if l.strip() and l.strip() != ".text"]
    if len(lines) != len(words):
        sys.exit("sysops-tsv: %d words, %d instructions from %s" % (len(words), len(lines), MC))
    return lines


def assemble(lines, opts):
    """per line: the 32-bit word, or None when llvm-mc refuses it"""
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("".join("\t%s\n" % l for l in lines))
        path = f.name
    r = subprocess.run([MC, "-triple=aarch64", "-show-encoding", path] + opts, capture_output=True, text=True)
    os.unlink(path)
    bad = {int(m.group(1)) for m in re.finditer(r"^[^\n:]*\.s:(\d+):\d+: error:", r.stderr, re.M)}
    words = [int("".join(reversed(m.group(1).split(","))).replace("0x", ""), 16)
             for m in re.finditer(r"encoding: \[([^\]]*)\]", r.stdout)]
    if len(words) != len(lines) - len(bad):
        sys.exit("sysops-tsv: %d lines, %d refused, %d encoded" % (len(lines), len(bad), len(words)))
    it = iter(words)
    return [None if i + 1 in bad else next(it) for i in range(len(lines))]


def printed_lines(lines, opts):
    """the instruction llvm-mc prints for each line (every one assembles)"""
    out, _ = mc(["-show-encoding"] + opts, "".join("\t%s\n" % l for l in lines))
    got = [l.split("//")[0].strip() for l in out.splitlines() if "encoding:" in l]
    if len(got) != len(lines):
        sys.exit("sysops-tsv: %d lines, %d printed" % (len(lines), len(got)))
    return got


def refusals(lines, opts):
    """per line: llvm-mc's error message, or None when it takes the line"""
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("".join("\t%s\n" % l for l in lines))
        path = f.name
    r = subprocess.run([MC, "-triple=aarch64", path] + opts, capture_output=True, text=True)
    os.unlink(path)
    msg = {int(m.group(1)): m.group(2) for m in re.finditer(r"^[^\n:]*\.s:(\d+):\d+: error: (.*)$", r.stderr, re.M)}
    return [msg.get(i + 1) for i in range(len(lines))]


# the rows of src/a64/features.tsv (kind, name, value)
def uarch_rows():
    with open("src/a64/features.tsv") as f:
        rows = [l.rstrip("\n").split("\t") for l in f if not l.startswith("#")]
    return rows[1:]


# the features of src/a64/features.tsv (and its m1 rows: the M1's), by their -mattr name
def uarch_features():
    return {r[1] for r in uarch_rows() if r[0] in ("feature", "m1")}


def uarch_feature_kinds():
    return {r[1]: r[0] for r in uarch_rows() if r[0] in ("feature", "m1")}


def uarch_cpus():
    """the llvm CPU rows (apple-later is uarch's)"""
    return [(r[1], r[3]) for r in uarch_rows() if r[0] == "cpu" and r[1] != "apple-later"]


def mattr_names():
    """the feature names of llvm-mc -mattr=help (CPU tunings among them: probing keeps the least)"""
    _, err = mc(["-mattr=help"], "")
    part = err.split("Available features", 1)[-1]
    names = [l.split()[0] for l in part.splitlines()[1:] if l.strip() and not l.startswith("Use ")]
    return [n for n in names if n != "all" and re.fullmatch(r"[A-Za-z0-9_.-]+", n)]


def takes(lines, opts):
    """the indexes of the lines llvm-mc takes under opts"""
    return {i for i, m in enumerate(refusals(lines, opts)) if m is None}


def least(lines, cpu, cands, add):
    """per line: the one feature of `cands` llvm needs on top of `cpu` for the line (add) or
    that removing refuses it (not add), the least (add) or greatest (not add) of those that
    do, or None when none does"""
    sign, back = ("+", "-") if add else ("-", "+")
    hit = {f: takes(lines, cpu + ["-mattr=%s%s" % (sign, f)]) for f in cands}
    if not add:
        hit = {f: set(range(len(lines))) - t for f, t in hit.items()}
    groups = {}
    for i in range(len(lines)):
        fs = frozenset(f for f in cands if i in hit[f])
        groups.setdefault(fs, []).append(i)
    need = [None] * len(lines)
    for fs, idx in groups.items():
        if not fs:
            continue
        # the least feature (add: every other one implies it, +X,-F refuses the lines) or the
        # greatest (not add: it implies every other one, -X,+F takes them again)
        for f in sorted(fs, key=lambda f: (len(hit[f]), f)):
            sub = [lines[i] for i in idx]
            if all(len(takes(sub, cpu + ["-mattr=%s%s,%s%s" % (sign, x, back, f)])) == (0 if add else len(sub))
                   for x in fs if x != f):
                break
        else:
            if add:
                sys.exit("sysops-tsv: %s: no feature of %s implies the others" % (lines[idx[0]], sorted(fs)))
            # several features, none implying the others (mpam1_el12: mpam and vh): each one
            # that no other brings back (-F,+X refuses the lines again)
            f = ",".join(sorted(f for f in fs if not any(
                len(takes(sub, cpu + ["-mattr=-%s,+%s" % (f, x)])) == len(sub) for x in fs if x != f)))
        for i in idx:
            need[i] = f
    return need


# names llvm's messages give features by ('DC GVA requires: mte, memtag'): memtag is its other
# name of mte, predres2 the feature -mattr calls specres2 (COSP requires: predres2); tlb-rmi,
# predres, ccpp, ccdp are the M1's own (src/a64/features.tsv, `m1` rows: TLBI RVAE1 requires:
# tlb-rmi after .arch armv8-a)
MSG_NAMES = {"memtag": None, "predres2": "specres2"}


def llvm_strings():
    """identifier-like strings of the LLVM library llvm-mc runs on (candidate names)"""
    lib = None
    ldd = subprocess.run(["ldd", subprocess.run(["which", MC], capture_output=True, text=True).stdout.strip()],
                         capture_output=True, text=True).stdout
    for l in ldd.splitlines():
        m = re.search(r"libLLVM[^ ]*\s+=>\s+(\S+)", l)
        if m:
            lib = m.group(1)
    if not lib:
        sys.exit("sysops-tsv: cannot find the LLVM library of " + MC)
    out = subprocess.run(["strings", "-n", "2", lib], capture_output=True, text=True).stdout
    return sorted({s for s in out.split("\n") if re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{1,31}", s)
                   and len(re.findall(r"[A-Z]", s)) >= 2})


def field(word, lo, n):
    return word >> lo & ((1 << n) - 1)


GENERIC = re.compile(r"S\d_\d_C\d+_C\d+_\d$")


def sysregs(cands):
    # 1. disassembly: (op0, op1, crn, crm, op2) -> printed name, per direction and CPU
    keys = [(op0, op1, n, m, op2) for op0 in (2, 3) for op1 in range(8) for n in range(16)
            for m in range(16) for op2 in range(8)]
    printed = {}   # (dir, cpu) -> {key: name}
    for d, base in (("r", 0xd5300000), ("w", 0xd5100000)):
        words = [base | (k[0] - 2) << 19 | k[1] << 16 | k[2] << 12 | k[3] << 8 | k[4] << 5 for k in keys]
        for cpu, opts in (("m1", M1), ("all", ALL)):
            t = {}
            for k, l in zip(keys, disassemble(words, opts)):
                name = l.replace(",", " ").split()[1 if d == "w" else 2]
                if not GENERIC.match(name):
                    t[k] = name
            printed[(d, cpu)] = t
    names = set(cands)
    for t in printed.values():
        names |= set(t.values())
    names = sorted(names)
    # 2. assembly of every candidate, both directions, both CPUs
    enc = {}
    for d, fmt in (("r", "mrs x0, %s"), ("w", "msr %s, x0")):
        for cpu, opts in (("m1", M1), ("all", ALL)):
            for n, w in zip(names, assemble([fmt % n for n in names], opts)):
                if w is not None:
                    enc.setdefault(n, {})[(d, cpu)] = (field(w, 19, 2) | 2, field(w, 16, 3), field(w, 12, 4),
                                                       field(w, 8, 4), field(w, 5, 3))
    # one spelling per name: the one the disassembler prints, else the first in ASCII order
    # (llvm-mc takes any case; the library may hold the same name in two cases)
    spelled = {}
    shown = {n for t in printed.values() for n in t.values()}
    for n in sorted(enc, key=lambda n: (n not in shown, n)):
        spelled.setdefault(n.lower(), n)
    rows = []
    for n, e in enc.items():
        if spelled[n.lower()] != n:
            continue
        keys = set(e.values())
        if len(keys) != 1:
            sys.exit("sysops-tsv: %s has several encodings %s" % (n, e))
        k = keys.pop()
        acc = "".join(d for d in "rw" if (d, "all") in e or (d, "m1") in e)
        prints = "".join(d for d in "rw" if printed[(d, "all")].get(k) == n)
        rows.append((n, k, acc, prints or "-"))
    # every name the disassembler prints is in the table
    known = {(r[0], r[1]) for r in rows}
    for (d, cpu), t in printed.items():
        for k, n in t.items():
            if (n, k) not in known:
                sys.exit("sysops-tsv: %s (%s) prints %s but does not assemble" % (k, d, n))
    rows.sort(key=lambda r: r[0].lower())
    return reg_features(rows, printed)


def reg_features(rows, printed):
    """the rows with the features each register needs (step 4), checked against what
    llvm-mc -mcpu=apple-m1 prints"""
    feats, kinds = uarch_features(), uarch_feature_kinds()
    lines = ["mrs x0, %s" % r[0] if "r" in r[2] else "msr %s, x0" % r[0] for r in rows]
    m1 = takes(lines, M1)
    out = [i for i in range(len(lines)) if i not in m1]
    cands = mattr_names()
    need = dict(zip(out, least([lines[i] for i in out], M1, cands, True)))
    have = [i for i in range(len(lines)) if i in m1]
    need.update(zip(have, least([lines[i] for i in have], M1, [f for f in cands if kinds.get(f) == "m1"], False)))
    need.update(older_arch(lines, have, need))
    order = [r[1] for r in uarch_rows() if r[0] in ("feature", "m1")]
    res = []
    for i, (n, k, acc, prints) in enumerate(rows):
        f = need.get(i)
        if i not in m1 and f is None:
            sys.exit("sysops-tsv: %s: no feature of llvm-mc -mattr=help takes it" % lines[i])
        for x in (f.split(",") if f else []):
            if x not in feats:
                sys.exit("sysops-tsv: %s needs %s, a feature src/a64/features.tsv lacks" % (lines[i], x))
        f = ",".join(sorted(f.split(","), key=order.index)) if f else "-"
        res.append((n, k, acc, f, prints))
    # the name apple-m1 prints for an encoding is the one -mattr=+all prints when the M1 has
    # its features (no `feature` row), else the generic one
    for n, k, acc, f, prints in res:
        for d in prints.replace("-", ""):
            m1_has = f == "-" or all(kinds.get(x) == "m1" for x in f.split(","))
            if (printed[(d, "m1")].get(k) == n) != m1_has:
                sys.exit("sysops-tsv: %s (%s): apple-m1 prints %s" % (n, d, printed[(d, "m1")].get(k, "it generically")))
    # the features.tsv CPU rows against what each CPU takes
    for cpu, value in uarch_cpus():
        has = set(v for v in value.split(",") if v != "-" and not v.startswith("-"))
        got = takes(lines, ["-mcpu=" + cpu])
        for i, (n, k, acc, f, prints) in enumerate(res):
            if kinds.get(f) == "feature" and (i in got) != (f in has):
                print("sysops-tsv: warning: -mcpu=%s %s %s, src/a64/features.tsv says it %s %s" %
                      (cpu, "takes" if i in got else "refuses", lines[i], "has" if f in has else "lacks", f),
                      file=sys.stderr)
    return res


# the registers of a feature llvm-mc's -mattr cannot name (it lowercases -mattr: +CONTEXTIDREL2
# is '+contextidrel2', no feature), with the feature that brings it (vh: -mattr=-vh keeps it,
# -mcpu=generic -mattr=+v8a,+vh takes it)
UNNAMED = {"CONTEXTIDR_EL2": ("CONTEXTIDREL2", "vh")}


def older_arch(lines, have, need):
    """step 4 again for the registers the M1 has: -mcpu=generic -mattr=+v8a (Armv8.0, the
    features .arch armv8-a gives) takes each with the features found (+mpam,+vh: mpam1_el12);
    one it refuses that no -mattr=-F of apple-m1 refuses (contextidr_el2) is one of UNNAMED"""
    gen = ["-mcpu=generic"]
    t = takes([lines[i] for i in have], gen + ["-mattr=+v8a"])
    refused = {i for j, i in enumerate(have) if j not in t}
    groups = {}
    for i in have:
        if need.get(i):
            groups.setdefault(need[i], []).append(i)
    got = {}
    for f, idx in groups.items():
        sub = [lines[i] for i in idx]
        if len(takes(sub, gen + ["-mattr=+v8a" + "".join(",+" + x for x in f.split(","))])) != len(sub):
            sys.exit("sysops-tsv: -mcpu=generic -mattr=+v8a,+%s refuses some of %s" % (f, sub))
    for i in sorted(refused):
        if need.get(i):
            continue
        name = lines[i].replace(",", " ").split()[-1 if lines[i].startswith("mrs") else 1]
        u = UNNAMED.get(name.upper())
        if not u or len(takes([lines[i]], gen + ["-mattr=+v8a,+" + u[1]])) != 1 or \
                len(takes([lines[i]], M1 + ["-mattr=-" + u[1]])) != 1:
            sys.exit("sysops-tsv: -mcpu=generic -mattr=+v8a refuses %s and no -mattr=-F of apple-m1 does" % lines[i])
        got[i] = u[0]
    return got


def sysops(cands):
    keys = [(op1, n, m, op2) for op1 in range(8) for n in range(16) for m in range(16) for op2 in range(8)]
    printed = {}   # cpu -> {key: (kind, name)}
    names = {k: set() for k in KINDS}
    for cpu, opts in (("m1", M1), ("all", ALL)):
        t = {}
        for rt in (0, 31):
            words = [0xd5080000 | k[0] << 16 | k[1] << 12 | k[2] << 8 | k[3] << 5 | rt for k in keys]
            for k, l in zip(keys, disassemble(words, opts)):
                p = l.replace(",", " ").split()
                if p[0] in KINDS:
                    t[k] = (p[0], p[1])
                    names[p[0]].add(p[1])
        printed[cpu] = t
    up = [c for c in cands if re.fullmatch(r"[A-Z0-9]{2,16}", c)]
    rows = []
    for kind in KINDS:
        cand = sorted(names[kind] | {c.lower() for c in up})
        got = {}
        for reg, fmt in (("x", "%s %s, x0"), ("-", "%s %s")):
            for cpu, opts in (("m1", M1), ("all", ALL)):
                for n, w in zip(cand, assemble([fmt % (kind, n) for n in cand], opts)):
                    if w is not None:
                        got.setdefault(n, {})[(reg, cpu)] = (field(w, 16, 3), field(w, 12, 4), field(w, 8, 4),
                                                             field(w, 5, 3))
        for n, e in got.items():
            ks = set(e.values())
            if len(ks) != 1:
                sys.exit("sysops-tsv: %s %s has several encodings %s" % (kind, n, e))
            k = ks.pop()
            has = {reg for reg, _ in e}
            reg = "opt" if has == {"x", "-"} else "yes" if has == {"x"} else "no"
            m1 = 1 if printed["m1"].get(k) == (kind, n) else 0
            rows.append((n, kind, k, reg, m1))
    # what apple-m1 refuses, with llvm's message (the features it names) and the feature
    # names for src/a64/features.tsv
    feats = uarch_features()
    lines = ["%s %s%s" % (r[1], r[0], ", x0" if r[3] != "no" else "") for r in rows]
    # what llvm-mca prints for the raw sys of each (assembled under -mattr=+all)
    raw = ["sys #%d, c%d, c%d, #%d%s" % (r[2] + (", x0" if r[3] != "no" else "",)) for r in rows]
    shown = printed_lines(raw, ALL)
    # and what it refuses without its own features (`m1` rows of src/a64/features.tsv; fp and
    # simd kept): the features of an operation of the M1's (DC CVAP requires: ccpp)
    own = [r[1] for r in uarch_rows() if r[0] == "m1" and r[1] not in ("fp-armv8", "neon")]
    without = refusals(lines, M1 + ["-mattr=" + ",".join("-" + f for f in own)])
    for i, (r, msg0) in enumerate(zip(list(rows), refusals(lines, M1))):
        msg = without[i]
        if (msg0 is None) != (r[4] == 1):
            sys.exit("sysops-tsv: %s: apple-m1 %s but %s" % (lines[i], "takes it" if msg0 is None else "refuses it",
                                                             "does not print it" if msg0 is None else "prints it"))
        feature = "-"
        if msg is not None:
            m = re.search(r"requires: (.*)$", msg)
            if not m:
                sys.exit("sysops-tsv: %s: %s" % (lines[i], msg))
            names = []
            for x in m.group(1).split(", "):
                x = MSG_NAMES.get(x, x)
                if x is not None and x not in names:
                    if x not in feats:
                        sys.exit("sysops-tsv: %s needs %s, a feature src/a64/features.tsv lacks" % (lines[i], x))
                    names.append(x)
            feature = ",".join(names)
        # llvm-mca prints the alias of an operation the CPU has, but for the BRB ones (its
        # disassembler knows them, its printer of SYS does not): sys #1, C7, C2, #4 / #5
        prints = "alias" if shown[i].split()[:2] == [r[1], r[0] + ("," if r[3] != "no" else "")] else "sys"
        rows[i] = r[:4] + (prints, feature, msg or "-")
    known = {(r[1], r[0], r[2]) for r in rows}
    for cpu, t in printed.items():
        for k, (kind, n) in t.items():
            if (kind, n, k) not in known:
                sys.exit("sysops-tsv: %s prints %s %s but does not assemble" % (k, kind, n))
    rows.sort(key=lambda r: (r[1], r[0]))
    return rows


def write_tsv(path, title, source, notes, columns, rows):
    version = mc(["--version"], "")[0].strip().splitlines()
    ver = next((l.strip() for l in version if "version" in l), MC)
    with open(path, "w") as f:
        f.write("# %s — %s\n# Source: Arm Architecture Reference Manual for A-profile (DDI 0487), %s,\n"
                "# as %s knows them (%s): generated by tools/sysops-tsv.py (do not edit by hand).\n"
                "# Turned into C by tools/gen-table.c (src/a64/isa.mk).\n" % (path, title, source, MC, ver))
        f.write("".join("#%s\n" % l for l in notes.strip("\n").split("\n")))
        f.write("\t".join(columns) + "\n")
        for r in rows:
            f.write("\t".join(str(c) for c in r) + "\n")


REGS_NOTES = """
 Sorted by name ignoring case (looked up by binary search).
   name    as LLVM spells it (looked up ignoring case; printed as spelled)
   access  r: MRS takes it, w: MSR takes it (llvm-mc -mattr=+all; MRS of a write-only
           register is refused: 'expected readable system register')
   feature the feature (src/a64/features.tsv) a CPU needs for llvm-mc to take the name (else it
           is refused as an unknown name: 'expected readable system register', 'expected
           writable system register or pstate') and print it; '-': every CPU's
   print   the directions (r: MRS, w: MSR) in which llvm-mca prints this name for this
           encoding under a CPU with its feature; '-' (or a CPU without it): it prints
           S<op0>_<op1>_C<n>_C<m>_<op2>
 Names not listed can be written s<op0>_<op1>_c<n>_c<m>_<op2>.
"""
OPS_NOTES = """
   name  the operation, as LLVM spells it (looked up ignoring case)
   kind  the mnemonic: `KIND NAME[, Xt]` is SYS #op1, C<crn>, C<crm>, #op2[, Xt]
   reg   yes: Xt is required, no: not allowed (Xt = 31), opt: optional
   print    alias: llvm-mca prints the operation by its name under a CPU with its features,
            sys: always as sys #op1, Cn, Cm, #op2 (brb iall, brb inj)
   feature  the features (src/a64/features.tsv) a CPU needs for llvm-mca to take the operation
            and print the alias (else it prints sys #op1, ...); '-': every CPU's (the M1's)
   refused  llvm's message under a CPU without them (llvm-mc -mcpu=apple-m1), at the operation
            (brb, an instruction of FEAT_BRBE: at the mnemonic, src/a64/isa/base.tsv gates it)
"""


def main():
    cands = llvm_strings()
    if "--sysops" not in sys.argv:
        write_regs(cands)
    ops = sysops(cands)
    write_tsv("src/a64/sysops.tsv", "the named operations of the SYS aliases (IC, DC, AT, TLBI, CFP/DVP/CPP/COSP RCTX, BRB).",
              "the SYS instruction aliases (op1, CRn, CRm, op2)", OPS_NOTES,
              ["name", "kind", "op1", "crn", "crm", "op2", "reg", "print", "feature", "refused"],
              [(n, kind) + k + (reg, prints, feature, refused) for n, kind, k, reg, prints, feature, refused in ops])
    print("sysops-tsv: %d SYS operations" % len(ops), file=sys.stderr)


def write_regs(cands):
    regs = sysregs(cands)
    write_tsv("src/a64/sysregs.tsv", "the named system registers of MRS/MSR, with their encodings.",
              "the system register encodings (op0, op1, CRn, CRm, op2)", REGS_NOTES,
              ["name", "op0", "op1", "crn", "crm", "op2", "access", "feature", "print"],
              [(n,) + k + (acc, f, prints) for n, k, acc, f, prints in regs])
    print("sysops-tsv: %d system registers" % len(regs), file=sys.stderr)


main()
