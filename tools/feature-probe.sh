#!/bin/bash
# tools/feature-probe.sh — dev tool: which features of src/a64/features.tsv llvm-mc 19 gives the
# code after some directives (.arch, .arch_extension, .cpu), by one instruction of each feature.
#
#   tools/feature-probe.sh 'DIRECTIVES' [LLVM-MC]      e.g. '.arch armv8.2-a+fp16'
#
# Prints the features present, comma-separated ('-': none), as src/a64/archs.tsv lists them: a
# feature is absent when llvm's message for its instruction names it ("instruction requires:
# fullfp16 neon" names both; another message, or none, leaves it present; a probe marked `any`
# is absent on any error: msr ssbs and the other system registers and PSTATE fields, whose
# message names no feature).  The directives go
# after -mcpu=apple-m1's own features.  Used to write the columns of src/a64/archs.tsv.
set -euo pipefail
pre=${1?usage: tools/feature-probe.sh 'DIRECTIVES' [LLVM-MC]}
MC=${2:-llvm-mc-19}
probes='lse	ldadd w0, w1, [x2]
crc	crc32b w0, w1, w2
rdm	sqrdmlah v0.4s, v1.4s, v2.4s
dotprod	sdot v0.4s, v1.16b, v2.16b
rcpc	ldapr w0, [x1]
rcpc-immo	ldapur w0, [x1]
jsconv	fjcvtzs w0, d1
complxnum	fcmla v0.4s, v1.4s, v2.4s, #0
flagm	cfinv
altnzcv	xaflag
fptoint	frint32x s0, s1
sb	sb
fullfp16	fadd h0, h1, h2
pauth	pacia x0, x1
ras	esb
lor	ldlarb w0, [x1]
tracev8.4	tsb csync
fp-armv8	fadd s0, s1, s2
neon	add v0.4s, v1.4s, v2.4s
fp16fml	fmlal v0.2s, v1.2h, v2.2h
aes	aese v0.16b, v1.16b
sha2	sha1c q0, s1, v2.4s
sha3	eor3 v0.16b, v1.16b, v2.16b, v3.16b
sm4	sm4e v0.4s, v1.4s
i8mm	smmla v0.4s, v1.16b, v2.16b
bf16	bfdot v0.2s, v1.4h, v2.4h
wfxt	wfet x0
xs	tlbi vmalle1nxs
hbc	bc.eq .
mops	cpyfp [x0]!, [x1]!, x2!
cssc	abs x0, x1
mte	irg x0, x1
tme	tcommit
ls64	ld64b x0, [x1]
lse128	swpp x0, x1, [x2]
rcpc3	ldiapp x0, x1, [x2]
cpa	addpt x0, x1, x2
faminmax	famax v0.4s, v1.4s, v2.4s
lut	luti2 v0.16b, {v1.16b}, v2[0]
gcs	gcsss1 x0
sve2	histcnt z0.s, p0/z, z1.s, z2.s
sve2-aes	aesd z0.b, z0.b, z1.b
sve2-bitperm	bdep z0.s, z1.s, z2.s
sve2-sha3	rax1 z0.d, z1.d, z2.d
sve2-sm4	sm4e z0.s, z0.s, z1.s
sve2p1	ld1d {z0.q}, p0/z, [x0]
f32mm	fmmla z0.s, z1.s, z2.s
f64mm	fmmla z0.d, z1.d, z2.d
sme2	add za.s[w8, 0, vgx2], {z0.s, z1.s}
sme2p1	luti2 {z0.b, z8.b}, zt0, z2[0]
sme-f64f64	fmopa za0.d, p0/m, p1/m, z0.d, z1.d
sme-i16i64	addha za0.d, p0/m, p1/m, z0.d
sme-f16f16	fmopa za0.h, p0/m, p1/m, z0.h, z1.h
sme-f8f16	fmopa za0.h, p0/m, p1/m, z0.b, z1.b
sme-f8f32	fmopa za0.s, p0/m, p1/m, z0.b, z1.b
b16b16	bfadd z0.h, p0/m, z0.h, z1.h
fp8dot4	fdot v0.2s, v1.8b, v2.4b[0]
ssve-fp8fma	fmlalb z0.h, z1.b, z2.b
ssve-fp8dot2	fdot z0.h, z1.b, z2.b
ssve-fp8dot4	fdot z0.s, z1.b, z2.b
ssbs	msr ssbs, #1	any
predres	cfp rctx, x0
ccpp	dc cvap, x0
ccdp	dc cvadp, x0
tlb-rmi	tlbi rvae1, x0
pan	msr pan, #1	any
pan-rwv	at s1e1rp, x0
uaops	msr uao, #1	any
dit	msr dit, #1	any
vh	mrs x0, ttbr1_el2	any
CONTEXTIDREL2	mrs x0, contextidr_el2	any
mpam	mrs x0, mpam0_el1	any
sel2	mrs x0, cnthps_ctl_el2	any
am	mrs x0, amcr_el0	any
nv	mrs x0, vncr_el2	any
specrestrict	mrs x0, scxtnum_el0	any
v8.2a	mrs x0, id_isar6_el1	any'
feat=$(dirname "$0")/../src/a64/features.tsv
says=$(awk -F'\t' '($1=="m1" || $1=="feature") && $3!="-" {print $2 "\t" $3}' "$feat")
{ printf '%s\n' "$pre"; printf '%s\n' "$probes" | cut -f2; } > /tmp/feature-probe.$$.s
n=$(printf '%s\n' "$pre" | wc -l)
"$MC" -triple=aarch64 -mcpu=apple-m1 /tmp/feature-probe.$$.s -o /dev/null 2>&1 |
    sed -n 's/^[^:]*:\([0-9]*\):[0-9]*: error: \(.*\)$/\1\t\2/p' > /tmp/feature-probe.$$.err || true
rm -f /tmp/feature-probe.$$.s
printf '%s\n' "$probes" | awk -F'\t' -v n="$n" -v says="$says" '
    BEGIN { k = split(says, s, "\n"); for (i = 1; i <= k; i++) { split(s[i], p, "\t"); name[p[1]] = p[2] } }
    FILENAME != "-" { err[$1] = $2; next }
    {
        f = $1; w = f in name ? name[f] : f; line = n + FNR
        msg = line in err ? " " err[line] " " : ""
        gsub(/[:,]/, " ", msg)
        if ($3 == "any" ? msg == "" : index(msg, " " w " ") == 0) out = out (out == "" ? "" : ",") f
    }
    END { print out == "" ? "-" : out }
' /tmp/feature-probe.$$.err -
rm -f /tmp/feature-probe.$$.err
