#!/usr/bin/env bash
# bench-gen-table.sh — the build-time TSV -> C generator (tools/gen-table.c, used for the MIDR and
# known-answer tables) rejects a row it cannot parse with file:line, and emits a good table; with -s
# (a table searched with bsearch) it rejects a row out of order by its first column.
set -u
G="$BUILD/tools/gen-table"
[ -x "$G" ] || { echo "gen-table not built in $BUILD"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
printf '# comment\nimpl\tpart\tname\n41\td0c\tNeoverse N1\n41\tzz\tBad\n' > "$t/bad.tsv"
if "$G" x.h T t "hex hex str" "$t/bad.tsv" > "$t/out.c" 2> "$t/err"; then echo "bad row accepted"; exit 1; fi
grep -qx "$t/bad.tsv:4: error: bad hexadecimal number 'zz'" "$t/err" || { echo "wrong message:"; cat "$t/err"; exit 1; }
printf 'impl\tpart\tname\n41\td0c\tNeoverse N1\n41\td0c\n' > "$t/short.tsv"
if "$G" x.h T t "hex hex str" "$t/short.tsv" > "$t/out.c" 2> "$t/err"; then echo "short row accepted"; exit 1; fi
grep -q "short.tsv:3: error: wrong number of columns in row: '2'" "$t/err" || { echo "wrong message:"; cat "$t/err"; exit 1; }
printf 'a\tb\tc\n61\t023\tFirestorm "M1"\n' > "$t/good.tsv"
"$G" x.h T t "hex hex str" "$t/good.tsv" > "$t/out.c" || exit 1
grep -qF '{0x61, 0x23, "Firestorm \"M1\""},' "$t/out.c" || { echo "bad output:"; cat "$t/out.c"; exit 1; }
grep -qx 'const int t_count = 1;' "$t/out.c" || { echo "bad count:"; cat "$t/out.c"; exit 1; }
printf 'm\tn\n# c\nb\t1\nb\t2\nc\t3\n' > "$t/sorted.tsv"
"$G" -s x.h T t "str int" "$t/sorted.tsv" > "$t/out.c" || { echo "sorted table rejected"; exit 1; }
grep -qx 'const int t_count = 3;' "$t/out.c" || { echo "bad count:"; cat "$t/out.c"; exit 1; }
printf 'm\tn\nb\t1\nc\t2\nab\t3\n' > "$t/unsorted.tsv"
if "$G" -s x.h T t "str int" "$t/unsorted.tsv" > "$t/out.c" 2> "$t/err"; then echo "unsorted table accepted"; exit 1; fi
grep -qx "$t/unsorted.tsv:4: error: row out of order (sorted by the first column): 'ab'" "$t/err" || { echo "wrong message:"; cat "$t/err"; exit 1; }
exit 0
