#!/usr/bin/env bash
# a64-messages-llvm.sh — the errors of tests/errors/a64-range-messages.test (immediates and lanes
# out of range), a64-range-messages-2.test (add/sub and logical immediates, bitfields, shifts,
# offsets, operand counts ...), a64-feature-m1-own.test (the M1's own features after `.arch
# armv8-a`, +nofp, +nosimd, .cpu), a64-feature-mattr-off.test (the same removed by -mattr=-F),
# a64-operand-messages.test (operands of the wrong kind, one too many or too few),
# a64-mnemonic-typos.test (unknown mnemonics, llvm's suggestions), a64-sysreg-m1-own.test and
# a64-sysreg-mattr-off.test (their system registers and PSTATE fields, after .arch armv8-a ...
# armv8.5-a, armv8-r, .cpu, and under -mattr=-F), a64-sysreg-arch-more.test and
# a64-sysreg-mattr-version.test (what .arch gives beyond -mattr=+vN) and a64-sve-requires.test
# (SVE, SME and other extensions' instructions: what they require), a64-mattr-sve2-requires.test
# (the same under -mattr=+F of the SVE2 and SME2 family, and what -neon, -rcpc take) and
# a64-lane-registers.test (the z registers and lanes of indexed SVE and SME forms, shifts where
# no form takes one), a64-writeback-shift-list.test (operands after a written-back address,
# shifts after a row's last register, SVE immediates as expressions, lists of no vector),
# a64-operand-leftovers.test (numbers of SVE and SME operands as llvm's lexer reads them ...),
# a64-fp-literal-bits.test (floating-point literals as the bits of a double,
# llvm's lexer's sign after one, prefetch operations' 32 bits), a64-sve-counts.test (SVE's element
# counts and ptrue: src/a64/counts.tsv) and a64-expr-malformed.test, a64-literal-malformed.test and
# a64-literal-altmacro.test (malformed expressions and literals, by the first error of each line
# alone), a64-sme-predicates.test and a64-sme-predicates-all.test (predicates-as-counter pn0 to pn7
# where a form takes pn8 to pn15, p8 to p15 where it takes p0 to p7: llvm's words for them under
# -mattr=+all), a64-sme-addresses.test and a64-sme-addresses-all.test (the offsets and index
# registers of SME's and SME2's loads and stores no form takes, and llvm's words for them),
# a64-sme-leftovers.test and a64-sme-leftovers-all.test (tools/sme-survey.sh's leftovers) and
# a64-directive-strings.test, a64-parse-leftovers.test and a64-ifc-open-strings.test (by the
# first error or warning of each line alone, or none) and a64-cfi-macros.test (by each error's
# column and message) are
# llvm-mca 19's: the same file:line:col and message for each
# line, under the test's own
# options.  Needs llvm-mca-19 (skipped otherwise).
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
LLVM_MCA=${LLVM_MCA_19:-$(command -v llvm-mca-19 || echo /usr/lib/llvm-19/bin/llvm-mca)}
[ -x "$LLVM_MCA" ] || { echo "llvm-mca 19 not installed (make deps): the messages are not compared"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fail=0
for name in a64-range-messages a64-range-messages-2 a64-feature-m1-own a64-feature-mattr-off a64-operand-messages \
    a64-mnemonic-typos a64-sysreg-m1-own a64-sysreg-mattr-off a64-sysreg-arch-more a64-sysreg-mattr-version \
    a64-sve-requires a64-mattr-sve2-requires a64-lane-registers a64-fp-literal-bits a64-sve-counts a64-sme-values \
    a64-sme-values-all a64-writeback-shift-list a64-sme-predicates a64-sme-predicates-all \
    a64-sme-addresses a64-sme-addresses-all a64-operand-leftovers a64-sme-leftovers a64-sme-leftovers-all; do
    test="$ROOT/tests/errors/$name.test"
    awk '/^#--- /{exit} {print}' "$test" > "$t/in.s"
    # the options of its RUN line (mca ... %s)
    read -r -a opts <<< "$(sed -n '1s/^# RUN: mca //; 1s/ *%s$//p' "$test")"
    "$LLVM_MCA" -mtriple=aarch64 "${opts[@]}" "$t/in.s" 2>&1 >/dev/null | grep -e ': error: ' -e '^error: Assembly' > "$t/llvm"
    # (llvm's closing "Assembly input parsing had errors" line has uarch's program name before it)
    "$UARCH" mca "${opts[@]}" "$t/in.s" 2>&1 >/dev/null | sed 's/^uarch mca: error: Assembly/error: Assembly/' |
        grep -e ': error: ' -e '^error: Assembly' > "$t/uarch"
    [ "$(wc -l < "$t/uarch")" -ge 20 ] || { echo "$name: too few errors from uarch"; cat "$t/uarch"; fail=1; continue; }
    diff "$t/llvm" "$t/uarch" || { echo "$name: messages differ from llvm-mca 19's (< llvm, > uarch)"; fail=1; }
done
# a64-semicolon-errors.test (each statement's error on a line of several),
# asm-warnings-with-errors.test (the directives' warnings among the errors) and
# a64-debug-directives.test (.file, .loc, .reloc: the DWARF file numbers given),
# a64-debug-md5.test (.file's "inconsistent use of MD5 checksums"),
# a64-cfi-frames.test (CFI frames: errors that do not stop the parse, one at the end of the
# text), asm-macro-names.test (macro names as written, a name defined again, parameters and
# arguments, stray .endm/.endr, .rept's count, .irp/.irpc's arguments, a body left open),
# asm-exitm-stray.test (.exitm outside a macro), a64-strings-lines.test (strings across lines:
# their newline warnings, errors past a newline) and a64-section-changed.test (a section named
# again with another type, flags or entry size: an error for each): the whole stderr, byte for
# byte (uarch's closing line has its program name)
for name in a64-semicolon-errors asm-warnings-with-errors a64-cfi-frames a64-debug-directives a64-debug-md5 asm-macro-names \
    asm-exitm-stray a64-strings-lines a64-section-changed; do
    awk '/^#--- /{exit} {print}' "$ROOT/tests/errors/$name.test" > "$t/$name.s"
    (cd "$t" && "$LLVM_MCA" -mtriple=aarch64 -mcpu=apple-m1 "$name.s" 2> llvm.err > /dev/null)
    (cd "$t" && "$UARCH" mca -mcpu=apple-m1 "$name.s" 2>&1 > /dev/null | sed 's/^uarch mca: error: Assembly/error: Assembly/' > uarch.err)
    [ "$(grep -c -e ": error: " -e ": warning: " "$t/uarch.err")" -ge 5 ] || { echo "$name: too few diagnostics from uarch"; fail=1; continue; }
    diff "$t/llvm.err" "$t/uarch.err" || { echo "$name: stderr differs from llvm-mca 19's (< llvm, > uarch)"; fail=1; }
done
# a64-cfi-macros.test (CFI frames in macro, .rept, .irp and .irpc expansions, under both triples)
# and asm-macro-positional.test (Darwin's $0 ... $9, $n and $$ in a macro without parameters):
# each error's column and message, in order (llvm names the line <instantiation>:N, the line of
# the expansion; uarch the body's line in the file, checked by hand)
for spec in a64-cfi-macros:aarch64:15 a64-cfi-macros:arm64-apple-macos:15 asm-macro-positional:arm64-apple-macos:8; do
    IFS=: read -r name triple least <<< "$spec"
    awk '/^#--- /{exit} {print}' "$ROOT/tests/errors/$name.test" > "$t/cm.s"
    (cd "$t" && "$LLVM_MCA" -mtriple=$triple -mcpu=apple-m1 cm.s 2>&1 >/dev/null | grep ':[0-9]*:[0-9]*: error: ' |
        sed 's/^[^:]*:[0-9]*://' > cm.llvm)
    (cd "$t" && "$UARCH" mca -mtriple=$triple -mcpu=apple-m1 cm.s 2>&1 >/dev/null | grep ':[0-9]*:[0-9]*: error: ' |
        sed 's/^[^:]*:[0-9]*://' > cm.uarch)
    [ "$(wc -l < "$t/cm.uarch")" -ge "$least" ] || { echo "$name ($triple): too few errors from uarch"; fail=1; continue; }
    diff "$t/cm.llvm" "$t/cm.uarch" || { echo "$name ($triple): columns or messages differ (< llvm, > uarch)"; fail=1; }
done
# a64-expr-malformed.test (malformed expressions: parentheses, operators, @AUTH, data values,
# .set), a64-literal-malformed.test (numbers and characters as llvm-mca's lexer reads them,
# strings left open, @AUTH, .if's and .set's words) and a64-literal-altmacro.test (the same after
# .altmacro): llvm reports a second error on some of these lines where uarch stops at the first,
# so each line is compared alone, by its first error (after the test's leading .altmacro line,
# when it has one)
for name in a64-expr-malformed:100 a64-literal-malformed:150 a64-literal-altmacro:15; do
    test="$ROOT/tests/errors/${name%:*}.test"
    n=0 pre=
    while IFS= read -r line; do
        case "$line" in '#'*|'//'*|'') continue ;; .altmacro) pre=$line; continue ;; esac
        { [ -n "$pre" ] && printf '%s\n' "$pre"; printf '%s\n' "$line"; } > "$t/one.s"
        l=$(cd "$t" && "$LLVM_MCA" -mtriple=aarch64 -mcpu=apple-m1 one.s 2>&1 >/dev/null | grep -m1 ': error: ')
        u=$(cd "$t" && "$UARCH" mca -mcpu=apple-m1 one.s 2>&1 >/dev/null | grep -m1 ': error: ')
        [ -n "$l" ] || { echo "${name%:*}: llvm-mca 19 takes '$line'"; fail=1; }
        [ "$l" = "$u" ] || { echo "${name%:*}: '$line': llvm: $l; uarch: $u"; fail=1; }
        n=$((n + 1))
    done < <(awk '/^#--- /{exit} {print}' "$test")
    [ $n -ge "${name#*:}" ] || { echo "${name%:*}: only $n lines"; fail=1; }
done
# a64-directive-strings.test (directives' leftovers: strings left open, symbols of no value in
# .fill/.skip/.org, .p2align's negative count, .ifb's open string): lines llvm takes too, or
# warns about, so each line is compared alone by tools/lines-llvm.sh (the line, then `.p2align
# 2` and a nop: the first error or warning, or none, from each)
# a64-parse-leftovers.test (.tlsdesccall's and CFI directives' arguments, SVE prefetches'
# addresses, mova, post-index registers with more operands, variants after a value of no
# symbol) and a64-ifc-open-strings.test (.ifc and .ifnc with a string left open, which runs to
# the end of the text) and a64-symbol-directives.test (the arguments of .globl, .weak, .comm,
# .size, .type, .ident ... and .section without a name), a64-cfi-args.test (the CFI
# directives' arguments) and asm-directive-words.test (.ifdef, .macro, .purgem, .abort, .if of a
# division by zero, .error, .warning, .print, .incbin), a64-section-args.test (.section's
# arguments), a64-byte-index-prfm.test (ld1b ..., [x0, x1, lsl #0]; prfm's extends) and
# a64-index-extends.test (index registers with asr, ror, lsr, msl; extends of the other width;
# SVE's gathers) and a64-address-extras.test (operands after an address's offset or index, SVE's
# gathers' and adr's index shifts) the same way
for name in a64-directive-strings:90 a64-parse-leftovers:200 a64-ifc-open-strings:15 a64-symbol-directives:90 \
    a64-cfi-args:150 asm-directive-words:45 a64-section-args:270 a64-byte-index-prfm:60 a64-index-extends:40 \
    a64-address-extras:190; do
    awk '/^#--- /{exit} !/^#/ && !/^\/\//' "$ROOT/tests/errors/${name%:*}.test" > "$t/lines.s"
    out=$(bash "$ROOT/tools/lines-llvm.sh" "$UARCH" "$t/lines.s")
    n=$(wc -l < "$t/lines.s")
    [ "$n" -ge "${name#*:}" ] && [ "$(tail -n 1 <<< "$out")" = "$n / $n equal" ] ||
        { echo "${name%:*}: lines differ from llvm-mca 19's"; echo "$out"; fail=1; }
done
exit $fail
