# tools/operands.awk — awk functions of the surveys that change one operand of an instruction
# (tools/operand-survey.sh, tools/family-survey.sh): `awk -f tools/operands.awk -f PROGRAM`.

# the operands of s (the text after the mnemonic) into a[1..n], split at commas outside [] and
# {}, without their spaces; n
function split_ops(s, a,    n, d, i, c, cur) {
    n = 0; d = 0; cur = ""
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == "[" || c == "{") d++
        if (c == "]" || c == "}") d--
        if (c == "," && d == 0) { a[++n] = cur; cur = ""; continue }
        cur = cur c
    }
    if (cur ~ /[^ ]/) a[++n] = cur
    for (i = 1; i <= n; i++) gsub(/^ +| +$/, "", a[i])
    return n
}

# the instruction of mnemonic m and operands a[1..n]
function join_ops(m, a, n,    s, i) {
    s = m
    for (i = 1; i <= n; i++) s = s (i == 1 ? " " : ", ") a[i]
    return s
}
