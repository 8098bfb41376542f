# tools/survey-lib.sh — sourced by the dev tools that learn a table from llvm-mc-19 and check it
# (tools/counts-survey.sh, tools/sme-operands-survey.sh): CHECK=1 for their `-check`, MC the
# llvm-mc (LLVM_MC=..., else llvm-mc-19; absent: the tool says so and exits 2), the repository
# as the directory, T a work directory (removed at exit unless KEEP=1), and `takes`.
set -euo pipefail
CHECK=0
[ "${1:-}" = -check ] && CHECK=1
MC=${LLVM_MC:-llvm-mc-19}
command -v "$MC" >/dev/null || { echo "$(basename "$0" .sh): $MC not found" >&2; exit 2; }
cd "$(dirname "$0")/.."
T=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
# the lines of file $1 llvm-mc -triple=aarch64 -mattr=+all takes: their numbers, one a line
takes() {
    local n
    n=$(wc -l < "$1")
    "$MC" -triple=aarch64 -mattr=+all -o /dev/null "$1" 2>&1 | sed -n 's/^[^:]*:\([0-9]*\):[0-9]*: error:.*/\1/p' > "$T/refused" || true
    seq 1 "$n" | awk -v f="$T/refused" 'BEGIN { while ((getline l < f) > 0) r[l] } !($1 in r)'
}
