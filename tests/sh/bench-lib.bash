# bench-lib.bash — sourced by the tests/sh/bench-*.sh that run snippets (not a test: tests/run.sh
# runs only *.sh): $U is the uarch under test; skips (77) without a C compiler (bench builds its
# runner with it); a temporary directory, removed at exit, is the working directory; bad NAME
# [FILES...] records a failure (fail=1) and shows the files.
set -u
U=${UARCH:?}
command -v cc >/dev/null || command -v gcc >/dev/null || { echo "skip: no C compiler (cc/gcc) for the runner"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t"
fail=0
bad() { echo "FAIL $1"; shift; [ $# -gt 0 ] && cat "$@"; fail=1; }
