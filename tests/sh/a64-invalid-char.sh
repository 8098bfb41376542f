#!/usr/bin/env bash
# a64-invalid-char.sh — characters llvm's lexer makes no token of (a UTF-8 byte order mark EF BB
# BF, any byte of UTF-8, '`', a control character): at the start of a statement llvm-mca 19 gives
# two errors, "invalid character in input" and "unexpected token at start of statement", at an
# operand "invalid operand"; it shows a line with a byte of UTF-8 without a caret (its columns are
# bytes).  uarch mca's whole stderr is the text below, which is llvm-mca 19's (its closing line
# after uarch's program name); compared with llvm-mca-19 too when it is installed.
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fail=0
bom=$'\xef\xbb\xbf'
printf '%sadd x0, x1, x2\nadd x0, x1, x2\n' "$bom" > "$t/start.s"
printf 'add x0, x1, x2\n%sadd x0, x1, x2\nadd x0, x0, %s x1\n  %snop\n`nop\nadd x0, x1, `\n' "$bom" "$bom" "$bom" > "$t/middle.s"
closing='uarch mca: error: Assembly input parsing had errors, use -skip-unsupported-instructions=parse-failure to drop failing lines from the input.'
cat > "$t/start.want" <<EOF
start.s:1:1: error: invalid character in input
${bom}add x0, x1, x2
start.s:1:1: error: unexpected token at start of statement
${bom}add x0, x1, x2
$closing
EOF
cat > "$t/middle.want" <<EOF
middle.s:2:1: error: invalid character in input
${bom}add x0, x1, x2
middle.s:2:1: error: unexpected token at start of statement
${bom}add x0, x1, x2
middle.s:3:13: error: invalid operand
add x0, x0, $bom x1
middle.s:4:3: error: invalid character in input
  ${bom}nop
middle.s:4:3: error: unexpected token at start of statement
  ${bom}nop
middle.s:5:1: error: invalid character in input
\`nop
^
middle.s:5:1: error: unexpected token at start of statement
\`nop
^
middle.s:6:13: error: invalid operand
add x0, x1, \`
            ^
$closing
EOF
LLVM_MCA=${LLVM_MCA_19:-$(command -v llvm-mca-19 || echo /usr/lib/llvm-19/bin/llvm-mca)}
for name in start middle; do
    (cd "$t" && "$UARCH" mca -mtriple=aarch64 -mcpu=apple-m1 "$name.s" > /dev/null 2> "$name.uarch")
    diff "$t/$name.want" "$t/$name.uarch" || { echo "$name.s: uarch's stderr differs (< want, > uarch)"; fail=1; }
    if [ -x "$LLVM_MCA" ]; then
        (cd "$t" && "$LLVM_MCA" -mtriple=aarch64 -mcpu=apple-m1 "$name.s" 2>&1 > /dev/null |
            sed 's/^error: Assembly/uarch mca: error: Assembly/' > "$name.llvm")
        diff "$t/$name.llvm" "$t/$name.want" || { echo "$name.s: llvm-mca 19's stderr differs (< llvm, > want)"; fail=1; }
    fi
done
exit $fail
