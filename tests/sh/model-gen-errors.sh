#!/usr/bin/env bash
# model-gen-errors.sh — tools/gen-models fails on a malformed model row with
# "file:line:col: error: message" (+ the row and a caret), exit 1, and writes no output file;
# a clean copy of models/ generates fine.  Uses the generator of the build dir, or compiles it.
set -u
ROOT=${ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
GEN=${BUILD:-}/tools/gen-models
if [ ! -x "$GEN" ]; then
  GEN=$tmp/gen-models
  ${HOSTCC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -I"$ROOT/src" -o "$GEN" "$ROOT/tools/gen-models.c" \
    "$ROOT/src/util/tsv.c" "$ROOT/src/util/mem.c" "$ROOT/src/util/diag.c" -lm \
    || { echo "cannot compile tools/gen-models.c"; exit 1; }
fi
fails=0
fresh() { rm -rf "$tmp/m"; cp -r "$ROOT/models" "$tmp/m"; }

# expect FILE-RELATIVE-PATTERN MESSAGE-PATTERN: run, check exit 1, the message, no output
expect() {
  local where=$1 what=$2 out="$tmp/out.c"
  rm -f "$out"
  (cd "$tmp" && "$GEN" m/registry.tsv "$out") > "$tmp/stdout" 2> "$tmp/stderr"; local rc=$?
  if [ $rc -ne 1 ]; then echo "FAIL ($where): exit $rc, want 1"; cat "$tmp/stderr"; fails=$((fails+1)); return; fi
  if ! head -n 1 "$tmp/stderr" | grep -Eq "^$where: error: $what"; then
    echo "FAIL: want '$where: error: $what', got:"; cat "$tmp/stderr"; fails=$((fails+1)); return; fi
  if [ -s "$tmp/stdout" ] || [ -e "$out" ]; then echo "FAIL ($where): output written"; fails=$((fails+1)); fi
}
# replace line N of FILE with TEXT (\t for tabs)
setline() { local f=$1 n=$2 text=$3; awk -v n="$n" -v t="$text" 'NR==n{gsub(/\\t/,"\t",t); print t; next} {print}' "$f" > "$f.new" && mv "$f.new" "$f"; }
lineof() { grep -n -m1 "$2" "$1" | cut -d: -f1; }

# a clean copy works
fresh
(cd "$tmp" && "$GEN" m/registry.tsv out.c) || { echo "FAIL: clean models do not generate"; exit 1; }
grep -q 'firestorm_cpu' "$tmp/out.c" || { echo "FAIL: no firestorm_cpu in the output"; exit 1; }

F=m/firestorm/forms.tsv
fresh; n=$(lineof "$tmp/$F" '^ADD_reg_64	'); setline "$tmp/$F" "$n" 'ADD_reg_64\tADD\t1\tfast\t1\t1\t-\t-\tu1-6\t-\t-\t-\t-'
expect "$F:$n:[0-9]+" "bad number 'fast'"
fresh; n=$(lineof "$tmp/$F" '^ADD_reg_64	'); setline "$tmp/$F" "$n" 'ADD_reg_64\tADD\t1\t0.167\t1\t1\t-\t-\tu1-15\t-\t-\t-\t-'
expect "$F:$n:[0-9]+" "unknown unit in 'u1-15'"
fresh; n=$(lineof "$tmp/$F" '^ADD_reg_64	'); setline "$tmp/$F" "$n" 'ADD_reg_64\tADD\t1\t0.167\t1\t1\t-\t-\tu1-6\t1=>2=1\t-\t-\t-'
expect "$F:$n:[0-9]+" "bad latency pair"
fresh; n=$(lineof "$tmp/$F" '^ADD_reg_64	'); setline "$tmp/$F" "$n" 'ADD_reg_64\tADD\t1\t0.167'
expect "$F:$n:[0-9]+" "missing cell"
fresh; n=$(lineof "$tmp/$F" '^ADD_reg_64	'); setline "$tmp/$F" "$n" 'ADD_reg_lsl_64\tADD\t1\t0.167\t1\t1\t-\t-\tu1-6\t-\t-\t-\t-'
expect "$F" "duplicate form 'ADD_reg_lsl_64'"
P=m/icestorm/params.tsv
fresh; n=$(lineof "$tmp/$P" '^prf_int'); setline "$tmp/$P" "$n" 'prf_ints\t79\tdocumented\tx'
expect "$P:$n:1" "unknown parameter 'prf_ints'"
U=m/firestorm/units.tsv
fresh; n=$(lineof "$tmp/$U" '^u5	'); setline "$tmp/$U" "$n" 'u5\tint\ts5\talu,ubfm,mul,divide\tx'
expect "$U:$n:[0-9]+" "unknown class 'divide'"
S=m/firestorm/schedulers.tsv
fresh; n=$(lineof "$tmp/$S" '^s1	'); setline "$tmp/$S" "$n" 's1\tintC\t24\tu1\tdocumented\tx'
expect "$S:$n:[0-9]+" "unknown queue 'intC'"
FU=m/firestorm/fusion.tsv
fresh; n=$(lineof "$tmp/$FU" '^cmp+b.cc'); setline "$tmp/$FU" "$n" 'cmp+b.cc\tcmp\tb.*\t-\tno_shift\t4/6\t1\t1\tno'
expect "$FU:$n:[0-9]+" "unknown condition 'no_shift'"
fresh; n=$(lineof "$tmp/$FU" '^cmp+b.cc'); setline "$tmp/$FU" "$n" 'cmp+b.cc\tcmp\tb.*\ta,b\t-\t4/6\t1\t1\tno'
expect "$FU:$n:[0-9]+" "bad character 'a' in register pattern"
E=m/icestorm/elim.tsv
fresh; n=$(lineof "$tmp/$E" '^mov reg'); setline "$tmp/$E" "$n" 'mov reg\tmov\tx,q\t-\t-\t-\t-\tyes\tyes'
expect "$E:$n:[0-9]+" "unknown operand kind 'q'"
fresh; n=$(lineof "$tmp/$E" '^mov #imm'); setline "$tmp/$E" "$n" 'mov #imm\tmov\tr,#\t-\t-\t-\t2:8\tno\tyes'
expect "$E:$n:[0-9]+" "bad limit '2:8'"
L=m/firestorm/latency.tsv
fresh; n=$(lineof "$tmp/$L" '^madd'); setline "$tmp/$L" "$n" 'madd->addend\tmadd\t-\tmadd\taddnd\t1\t-'
expect "$L:$n:[0-9]+" "unknown role 'addnd'"
fresh; n=$(lineof "$tmp/$L" '^load->load'); setline "$tmp/$L" "$n" 'load->load base\t@loads\t-\t@load\tbase\t3\t-'
expect "$L:$n:[0-9]+" "unknown class '@loads'"
N=m/firestorm/nonpipelined.tsv
fresh; n=$(lineof "$tmp/$N" '^int-div'); setline "$tmp/$N" "$n" 'int-div\tu5\tUDIVX_*'
expect "$N:$n:[0-9]+" "'UDIVX_\*' matches no form"
S=m/firestorm/serialize.tsv
fresh; n=$(lineof "$tmp/$S" '^mrs fpsr'); setline "$tmp/$S" "$n" 'mrs fpsr\tMRS_FPSRX\t10'
expect "$S:$n:[0-9]+" "'MRS_FPSRX' matches no form"
fresh; n=$(lineof "$tmp/$S" '^mrs fpsr'); setline "$tmp/$S" "$n" 'mrs fpsr\tMRS_FPSR\t-'
expect "$S:$n:[0-9]+" "a serializing form needs its measured throughput"
fresh; sed -i '1,/^form/s/^form\tgroup\tlat\t/form\tgroup\tlatency\t/' "$tmp/$F"; n=$(lineof "$tmp/$F" '^form	')
expect "$F:$n" "missing column 'lat'"
fresh; printf 'pentium\t-\tnot here\n' >> "$tmp/m/registry.tsv"
expect "m/pentium/params.tsv" "cannot open"

[ $fails -eq 0 ] || exit 1
echo "gen-models: 17 malformed inputs rejected with file:line"
