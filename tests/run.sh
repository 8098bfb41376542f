#!/usr/bin/env bash
# tests/run.sh BUILD_DIR — the test runner behind `make check`.
#
# Three kinds of tests, all counted together; the last line is "N passed, N failed, N skipped".
#  1. unit tests: BUILD_DIR/unit-tests (C, tests/unit/*.c), which prints its own counts;
#  2. golden tests: tests/golden/*.test and tests/errors/*.test — input and expected output in
#     one file:
#         # RUN: decode -json %s          the uarch arguments; %s = the input (this file, up to
#         # EXIT: 1                        the first "#--- " line), run from a temp dir as NAME.s
#         ...input...
#         #--- stdout                     expected stdout, exactly (omit the section: not checked)
#         #--- stderr                     expected stderr, exactly (omit the section: not checked)
#     UPDATE=1 bash tests/run.sh build rewrites the expected sections from the actual output;
#  3. script tests: tests/sh/*.sh, run with UARCH and BUILD set; exit 0 = pass,
#     77 = skipped (the script prints why), anything else = fail.
# FILTER=regex restricts to tests whose path matches.
set -u
B=${1:-build}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
case "$B" in /*) ;; *) B="$ROOT/$B" ;; esac   # the build dir, relative to the repo or absolute
UARCH="$B/uarch"
export UARCH BUILD="$B" ROOT
pass=0; fail=0; skip=0
FILTER=${FILTER:-}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

ok()      { pass=$((pass+1)); [ -n "${VERBOSE:-}" ] && echo "PASS $1"; return 0; }
bad()     { fail=$((fail+1)); echo "FAIL $1"; }
skipped() { skip=$((skip+1)); echo "SKIP $1: $2"; }

# 1. unit tests
if [ -z "$FILTER" ] || [[ unit =~ $FILTER ]]; then
  if [ -x "$B/unit-tests" ]; then
    out=$("$B/unit-tests" 2>&1); rc=$?
    printf '%s\n' "$out" | grep -v '^ok ' | grep -v 'passed, .* failed$' || true
    line=$(printf '%s\n' "$out" | tail -n 1)
    if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
      pass=$((pass+BASH_REMATCH[1])); fail=$((fail+BASH_REMATCH[2]))
      [ $rc -ne 0 ] && [ "${BASH_REMATCH[2]}" = 0 ] && bad "unit-tests exited $rc"
    else
      bad "unit-tests (no summary line, exit $rc)"
    fi
  else
    bad "unit-tests: $B/unit-tests not built"
  fi
fi

# 2. golden tests
# A test with a "# EACH-LINE" line runs its input one line at a time, as tools/lines-llvm.sh
# compares it with llvm-mca 19 (the line, then `.p2align 2` and a nop; lines of "#" or "//"
# skipped): each line alone in NAME.s after as many empty lines as it has lines before it, so
# that messages keep its line number; the outputs are joined, the exit status is the first
# other than 0 and 1, else 1 if any run gave 1.
run_each_line() {
  local line rc=0 r pad=
  : > "$dir/.stdout"; : > "$dir/.stderr"
  while IFS= read -r line; do
    if [ -n "$line" ] && ! [[ $line =~ ^(#|//) ]]; then
      printf '%s%s\n\t.p2align 2\n\tnop\n' "$pad" "$line" > "$input"
      (cd "$dir" && eval "\"$UARCH\" $args" >> "$dir/.stdout" 2>> "$dir/.stderr"); r=$?
      case $r in 0) ;; 1) [ $rc = 0 ] && rc=1 ;; *) [ $rc -le 1 ] && rc=$r ;; esac
    fi
    pad+=$'\n'
  done < "$dir/.lines"
  return $rc
}
run_golden() {
  local t=$1 name dir input args want_exit sec
  name=$(basename "$t" .test)
  dir="$tmp/g"; rm -rf "$dir"; mkdir -p "$dir"
  input="$dir/$name.s"
  awk '/^#--- /{exit} {print}' "$t" > "$input"
  cp "$input" "$dir/.lines"
  args=$(sed -n 's/^# RUN: //p' "$t" | head -n 1)
  want_exit=$(sed -n 's/^# EXIT: //p' "$t" | head -n 1); want_exit=${want_exit:-0}
  [ -z "$args" ] && { bad "$t: no '# RUN:' line"; return; }
  args=${args//%s/$name.s}
  args=${args//%t/$dir}
  local rc
  if grep -q '^# EACH-LINE$' "$t"; then run_each_line; rc=$?
  else (cd "$dir" && eval "\"$UARCH\" $args" > "$dir/.stdout" 2> "$dir/.stderr"); rc=$?
  fi
  # sanitizer reports must never pass
  if grep -q 'Sanitizer\|runtime error:' "$dir/.stderr"; then bad "$t: sanitizer report"; cat "$dir/.stderr"; return; fi
  if [ -n "${UPDATE:-}" ]; then
    awk '/^#--- /{exit} {print}' "$t" > "$dir/.new"
    for sec in stdout stderr; do
      if grep -q "^#--- $sec\$" "$t"; then echo "#--- $sec" >> "$dir/.new"; cat "$dir/.$sec" >> "$dir/.new"; fi
    done
    cp "$dir/.new" "$t"
  fi
  local good=1
  [ "$rc" != "$want_exit" ] && { echo "  $t: exit $rc, want $want_exit"; good=0; }
  for sec in stdout stderr; do
    if grep -q "^#--- $sec\$" "$t"; then
      awk -v s="#--- $sec" '$0==s{on=1;next} /^#--- /{on=0} on' "$t" > "$dir/.want_$sec"
      if ! diff -u "$dir/.want_$sec" "$dir/.$sec" > "$dir/.diff"; then
        echo "  $t: $sec differs"; head -n 40 "$dir/.diff" | sed 's/^/    /'; good=0
      fi
    fi
  done
  [ $good = 1 ] && ok "$t" || bad "$t"
}
for t in "$ROOT"/tests/golden/*.test "$ROOT"/tests/errors/*.test; do
  [ -e "$t" ] || continue
  [ -n "$FILTER" ] && ! [[ $t =~ $FILTER ]] && continue
  run_golden "$t"
done

# 3. script tests
for t in "$ROOT"/tests/sh/*.sh; do
  [ -e "$t" ] || continue
  [ -n "$FILTER" ] && ! [[ $t =~ $FILTER ]] && continue
  out=$(cd "$tmp" && bash "$t" 2>&1); rc=$?
  n=${t#$ROOT/}
  if [ $rc = 0 ]; then ok "$n"
  elif [ $rc = 77 ]; then skipped "$n" "$(printf '%s' "$out" | tail -n 1)"
  else bad "$n"; printf '%s\n' "$out" | tail -n 30 | sed 's/^/    /'
  fi
done

echo "$pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
