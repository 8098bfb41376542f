#!/usr/bin/env bash
# mca-data-values-llvm.sh — data values are checked in every section, as llvm-mca 19 checks them:
# a literal out of its directive's range (.byte 300, .hword 70000, .word 0x1ffffffff, .quad
# and .uleb128 beyond 64 bits, a .set constant), a bad string escape (.ascii "\400", "\x",
# "\q"), a bad floating-point value (.float abc), an empty value (.word 1,) is the same error
# at the same line:col, in
# .text, .data, .rodata, .bss, a custom section and a .pushsection'd one, with and without an
# instruction in that section (uarch lays a data section out only then), on ELF and Mach-O
# (__DATA,__data, .const, a cstring section); the .fill warnings are the same warnings; and
# values llvm-mca takes (symbolic ones: label differences, '.' - label + 300, sym + big; the
# edges of each range; .inst of 33 bits; inf, nan, hex floats; the numbers of llvm-mca's lexer:
# 1h, 10b, 0b, 1ULL, 1.5 (the bits of a double), character constants; numeric labels; @AUTH
# signed pointers) give neither.  Needs
# llvm-mca-19 (skipped otherwise).
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
LLVM_MCA=${LLVM_MCA_19:-$(command -v llvm-mca-19 || echo /usr/lib/llvm-19/bin/llvm-mca)}
[ -x "$LLVM_MCA" ] || { echo "llvm-mca 19 not installed (make deps): the data values are not compared"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cat > "$t/bad" <<'EOF'
	.byte 300
	.byte -129
	.byte 1, 2, 256
	.hword 70000
	.short -32769
	.2byte 65536
	.value 70000
	.word 0x1ffffffff
	.long -2147483649
	.int 4294967296
	.4byte 4294967296
	.quad 0x1ffffffffffffffff
	.xword 99999999999999999999
	.8byte 18446744073709551616
	.byte 1 + 99999999999999999999
	.set BIG, 300
	.byte BIG
	.hword BIG * 300
	.byte sym, BIG - 44
	.uleb128 0x1ffffffffffffffff
	.sleb128 99999999999999999999
	.ascii "\400"
	.asciz "ok", "\x"
	.string "\q"
	.float abc
	.double 1.5 junk
	.single 0x10
	.float 1.5,
	.word 1,
	.byte ,1
	.dc.b 300
	.dc.w 70000
	.dc.l 0x1ffffffff
	.octa 0x1ffffffffffffffffffffffffffffffff
EOF
# the values llvm-mca takes: tests/fuzz/corpus/a64-data-values-good.s (one copy: the fuzzers start
# from it too), after its first section directive (the instruction and the section before it are
# what compare() writes itself)
awk 'f; /^\t\.section /{f=1}' "$ROOT/tests/fuzz/corpus/a64-data-values-good.s" > "$t/good"
[ "$(wc -l < "$t/good")" -ge 40 ] || { echo "too few values in tests/fuzz/corpus/a64-data-values-good.s"; exit 1; }
# the diagnostics of a file: errors and warnings, each once (llvm-mca says a warning twice when
# the file parses; uarch once), uarch's program name left out of the closing line
diags() { grep -e ': error: ' -e ': warning: ' -e '^error: Assembly' | awk '!seen[$0]++'; }
fail=0 nbad=0
compare() {   # triple section-directive with-instruction
  local triple=$1 sec=$2 inst=$3
  for body in bad good; do
    { printf '\tadd x0, x1, x2\n\t%s\n' "$sec"; [ "$inst" = 1 ] && printf '\tadd x3, x4, x5\n'; cat "$t/$body"; } > "$t/in.s"
    "$LLVM_MCA" -mtriple="$triple" -mcpu=apple-m1 "$t/in.s" 2>&1 >/dev/null | diags > "$t/llvm"
    "$UARCH" mca -mtriple="$triple" -mcpu=apple-m1 "$t/in.s" 2>&1 >/dev/null |
      sed 's/^uarch mca: error: Assembly/error: Assembly/' | diags > "$t/uarch"
    [ "$body" = bad ] && nbad=$((nbad + $(grep -c ': error: ' "$t/uarch")))
    if ! diff "$t/llvm" "$t/uarch" > "$t/diff"; then
      echo "$triple '$sec' (instruction in it: $inst), $body values: uarch differs from llvm-mca 19 (< llvm, > uarch)"
      head -n 20 "$t/diff"; fail=1
    fi
  done
}
for sec in .text .data '.section .rodata' .bss '.section .mydata,"aw",@progbits' '.pushsection .data.rel.ro'; do
  for inst in 0 1; do compare aarch64 "$sec" $inst; done
done
for sec in .data '.section __DATA,__data' .const '.section __TEXT,__cstring,cstring_literals'; do
  for inst in 0 1; do compare arm64-apple-macosx "$sec" $inst; done
done
# (the bad values are 33 errors a file, 20 files)
[ $nbad -ge 660 ] || { echo "too few errors from uarch: $nbad"; fail=1; }
exit $fail
