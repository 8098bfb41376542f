# tools/insts.sh — sourced by tools/enc-check.sh and tools/print-check.sh: every instruction of
# some .s files as uarch parses it.
#
#   insts_main NAME [-v] UARCH FILE...   the common start of both: sets verbose, uarch (absolute),
#                                     llvm_mc (LLVM_MC, default llvm-mc-19), dir (a temporary
#                                     directory removed at exit), insts_files (the files) and
#                                     collects their instructions into $dir/all (below); returns 77
#                                     when llvm-mc is absent, 2 on a tool error
#
#   insts_collect UARCH DIR FILE...   appends to DIR/all one line per instruction: its text
#                                     (tabs kept), "\001", its encoding as `uarch decode
#                                     -show-encoding` prints it; sets insts_noparse to the count of
#                                     lines uarch does not parse (blanked and left out; with
#                                     insts_verbose=1 each is named).  Returns 2 on a tool error.
insts_collect() {
    local uarch=$1 dir=$2 f line
    shift 2
    insts_noparse=0
    for f in "$@"; do
        cp "$f" "$dir/work.s"
        while ! (cd "$dir" && "$uarch" decode -show-encoding work.s > dec 2> err); do
            line=$(sed -n 's/^work\.s:\([0-9][0-9]*\):[0-9]*: error: .*/\1/p' "$dir/err" | head -n 1)
            [ -n "$line" ] || { echo "uarch decode failed on $f:"; head -5 "$dir/err"; return 2; }
            [ "${insts_verbose:-0}" = 1 ] && echo "not parsed: $f:$line: $(sed -n 's/^work\.s:[0-9]*:[0-9]*: error: //p' "$dir/err" | head -n 1)"
            awk -v n="$line" 'NR == n { print ""; next } { print }' "$dir/work.s" > "$dir/w2" && mv "$dir/w2" "$dir/work.s"
            insts_noparse=$((insts_noparse + 1))
        done
        # text (fields 3..NF-2, tabs kept; field 2 is the address) and the encoding at the end of the last field
        awk -F'\t' '{ t = $3; for (i = 4; i <= NF - 2; i++) t = t "\t" $i
                      e = $NF; sub(/.* encoding=/, "", e); print t "\001" e }' "$dir/dec" >> "$dir/all"
    done
    return 0
}

insts_main() {
    local name=$1
    shift
    verbose=0
    [ "${1:-}" = "-v" ] && { verbose=1; shift; }
    uarch=${1:?usage: $name [-v] UARCH FILE.s...}
    case $uarch in /*) ;; */*) uarch=$PWD/$uarch ;; esac
    shift
    insts_files=("$@")
    llvm_mc=${LLVM_MC:-llvm-mc-19}
    command -v "$llvm_mc" >/dev/null 2>&1 || { echo "skip: $llvm_mc is not installed"; return 77; }
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
    : > "$dir/all"
    insts_verbose=$verbose
    insts_collect "$uarch" "$dir" "$@"
}
