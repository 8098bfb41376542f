#!/usr/bin/env bash
# a64-messages-llvm.sh — the errors of tests/errors/a64-range-messages.test (immediates and lanes
# out of range) are llvm-mca 19's: the same file:line:col and message for each line.  Needs
# llvm-mca-19 (skipped otherwise).
set -u
[ -x "${UARCH:-}" ] || { echo "UARCH not set"; exit 1; }
LLVM_MCA=${LLVM_MCA_19:-$(command -v llvm-mca-19 || echo /usr/lib/llvm-19/bin/llvm-mca)}
[ -x "$LLVM_MCA" ] || { echo "llvm-mca 19 not installed (make deps): the messages are not compared"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
awk '/^#--- /{exit} {print}' "$ROOT/tests/errors/a64-range-messages.test" > "$t/in.s"
"$LLVM_MCA" -mtriple=aarch64 -mcpu=apple-m1 -mattr=+nmi "$t/in.s" 2>&1 >/dev/null | grep ': error: ' > "$t/llvm"
"$UARCH" mca -mcpu=apple-m1 -mattr=+nmi "$t/in.s" 2>&1 >/dev/null | grep ': error: ' > "$t/uarch"
[ "$(wc -l < "$t/uarch")" -ge 20 ] || { echo "too few errors from uarch"; cat "$t/uarch"; exit 1; }
diff "$t/llvm" "$t/uarch" || { echo "messages differ from llvm-mca 19's (< llvm, > uarch)"; exit 1; }
