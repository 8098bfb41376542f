#!/usr/bin/env bash
# lines-llvm.sh UARCH FILE [PREFIX-LINE] — each line of FILE alone in a file (after PREFIX-LINE,
# e.g. .altmacro, when given; then `.p2align 2` and a nop, so that a line of data leaves an
# instruction to analyse), its first diagnostic (error or warning) from llvm-mca-19 and from
# `uarch mca`, both -mcpu=apple-m1, compared: each line that differs, with both, then
# "N / M equal".  -v (first): the equal lines too.  A survey of corner cases before they go
# into tests/errors (where tests/sh/a64-messages-llvm.sh compares them line by line).
# TRIPLE=arm64-apple-macos (default aarch64) and MCA_OPTS=-mattr=+all: given to both.
set -u
verbose=; [ "${1:-}" = -v ] && { verbose=1; shift; }
[ $# -ge 2 ] || { echo "usage: $0 [-v] UARCH FILE [PREFIX-LINE]" >&2; exit 2; }
U=$(realpath "$1") f=$2 pre=${3:-}
LLVM_MCA=${LLVM_MCA_19:-$(command -v llvm-mca-19 || echo /usr/lib/llvm-19/bin/llvm-mca)}
[ -x "$LLVM_MCA" ] || { echo "llvm-mca 19 not installed" >&2; exit 2; }
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
same=0 n=0
while IFS= read -r line; do
  { [ -n "$pre" ] && printf '%s\n' "$pre"; printf '%s\n\t.p2align 2\n\tnop\n' "$line"; } > "$d/one.s"
  # shellcheck disable=SC2086
  l=$(cd "$d" && "$LLVM_MCA" -mtriple="${TRIPLE:-aarch64}" -mcpu=apple-m1 ${MCA_OPTS:-} one.s 2>&1 >/dev/null | grep -m1 -e ': error: ' -e ': warning: ')
  # shellcheck disable=SC2086
  u=$(cd "$d" && "$U" mca -mtriple="${TRIPLE:-aarch64}" -mcpu=apple-m1 ${MCA_OPTS:-} one.s 2>&1 >/dev/null | grep -m1 -e ': error: ' -e ': warning: ')
  n=$((n + 1))
  if [ "$l" = "$u" ]; then
    same=$((same + 1))
    [ -n "$verbose" ] && echo "same  $line | ${l:-accepted}"
  else
    printf 'DIFF  %s\n   llvm:  %s\n   uarch: %s\n' "$line" "${l:-accepted}" "${u:-accepted}"
  fi
done < "$f"
echo "$same / $n equal"
