#!/usr/bin/env python3
"""tools/mca-dropin-survey.py UARCH [LLVM_MCA] [-v] [-k REGEX] [-a]

uarch mca as a drop-in for llvm-mca-19: runs both (-mtriple=aarch64 -mcpu=apple-m1) on ~2300
combinations of flags and inputs (regions nested, overlapping, unterminated, in each comment style;
empty input, only directives, only labels, parse errors, stdin, response files, a 20000-line file)
and compares what must not differ by design: the exit status, whether stderr is empty, the
structure of stdout (digits, resource names and counts, timeline cells, the bottleneck view's
findings and the models' register files folded) and the key paths of -json.  uarch's own views
and JSON keys (Binding limit, Queue usage, Fusions, Simulated PMU counters) are left out.
Differences known to be deliberate (see KNOWN) are counted apart; -a lists them too.
-v shows each difference; -k keeps the combinations matching REGEX ("file flags").
Last line: "N combinations, N differ (N known, N other)"."""
import json, os, re, shutil, subprocess, sys, itertools, tempfile

U = os.path.abspath(sys.argv[1])
L = sys.argv[2] if len(sys.argv) > 2 and not sys.argv[2].startswith('-') else 'llvm-mca-19'
IN = None   # the temp dir the inputs are written to
VERB = '-v' in sys.argv
KEEP = None
ALL = '-a' in sys.argv
if '-k' in sys.argv:
    KEEP = re.compile(sys.argv[sys.argv.index('-k') + 1])
INPUTS = {   # the inputs, written to a temp dir
    'anon2.s': '# LLVM-MCA-BEGIN\nadd x1, x1, x2\n# LLVM-MCA-END\n# LLVM-MCA-BEGIN\nmul x1, x1, x2\n# LLVM-MCA-END\n',
    'bad.s': 'add x1, x1, x2\naddd x1, x2\n',
    'badreg.s': 'add x1, x1, x44w\n',
    'basic.s': 'ldr x2, [x0], #8\nadd x1, x1, x2\nsubs x3, x3, #1\nfmul d0, d1, d2\nstr d0, [x4]\n',
    'directives.s': '\t.text\n\t.globl\tf\n\t.p2align\t2\n\t.type\tf,@function\n\t.section .data\n\t.word 1\n',
    'dup.s': '# LLVM-MCA-BEGIN same\nadd x1, x1, x2\n# LLVM-MCA-END same\n# LLVM-MCA-BEGIN same\nmul x1, x1, x2\n# LLVM-MCA-END same\n',
    'empty.s': '',
    'emptyregion.s': '# LLVM-MCA-BEGIN e\n# LLVM-MCA-END e\nadd x1, x1, x2\n',
    'endonly.s': 'add x1, x1, x2\n# LLVM-MCA-END\nmul x3, x3, x4\n',
    'labels.s': 'f:\ng:\n.Lfoo:\n',
    'misc.s': 'loop:\n  ldr q0, [x0], #16\n  fmla v1.4s, v0.4s, v2.4s\n  dmb ish\n  bl foo\n  mov x0, #0x1234\n  movk x0, #0xabcd, lsl #16\n  stp x1, x2, [sp, #-16]!\n  ldxr x3, [x4]\n  stxr w5, x3, [x4]\n  sdiv x6, x7, x8\n  cbnz x9, loop\nfoo:\n  ret\n',
    'nested.s': '# LLVM-MCA-BEGIN outer\nadd x1, x1, x2\n# LLVM-MCA-BEGIN inner\nmul x3, x3, x4\n# LLVM-MCA-END inner\nsub x5, x5, x6\n# LLVM-MCA-END outer\n',
    'overlap.s': '# LLVM-MCA-BEGIN A\nadd x1, x1, x2\n# LLVM-MCA-BEGIN B\nmul x3, x3, x4\n# LLVM-MCA-END A\nsub x5, x5, x6\n# LLVM-MCA-END B\n',
    'regions.s': '# LLVM-MCA-BEGIN loop\nldr x2, [x0], #8\nadd x1, x1, x2\nsubs x3, x3, #1\n# LLVM-MCA-END\nmul x5, x5, x6\n# LLVM-MCA-BEGIN second\nfmul d0, d1, d2\nfadd d0, d0, d3\nstr d0, [x4]\n# LLVM-MCA-END second\n',
    'semi.s': '; LLVM-MCA-BEGIN semi\nadd x1, x1, x2\n; LLVM-MCA-END semi\n',
    'styles.s': '// LLVM-MCA-BEGIN slash\nadd x1, x1, x2\n// LLVM-MCA-END slash\n/* LLVM-MCA-BEGIN block */\nmul x3, x3, x4\n/* LLVM-MCA-END block */\n\t# LLVM-MCA-BEGIN indent\nsub x5, x5, x6\n\t# LLVM-MCA-END indent\nadd x1, x1, x2 // LLVM-MCA-BEGIN trailing\nmul x1, x1, x2\nadd x1, x1, x2 // LLVM-MCA-END trailing\n',
    'regdup.s': '# LLVM-MCA-BEGIN foo\nadd x1, x1, x2\n# LLVM-MCA-BEGIN foo\nmul x1, x1, x2\n# LLVM-MCA-END\n',
    'regend.s': '# LLVM-MCA-BEGIN foo\nadd x1, x1, x2\n  # LLVM-MCA-END bar\n',
    'regend2.s': '# LLVM-MCA-BEGIN a\nadd x1, x1, x2\n# LLVM-MCA-END a\n# LLVM-MCA-END\n',
    'regboth.s': '# LLVM-MCA-BEGIN a\nadd x1, x1, x2\naddd x1\n# LLVM-MCA-END b\n',
    'baddir.s': 'add x1, x1, x2\n.foo 1\n',
    'unterm.s': 'add x0, x0, x1\n# LLVM-MCA-BEGIN foo\nadd x1, x1, x2\nmul x3, x3, x4\n',
}
BASE = ['-mtriple=aarch64', '-mcpu=apple-m1']

def run(cmd, stdin=None, cwd=None):
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, timeout=120, cwd=cwd)
        return p.returncode, p.stdout.decode('utf-8', 'replace'), p.stderr.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired:
        return 'timeout', '', ''

TLCH = set('.DeERF=-')
def norm_line(s):
    s = s.replace('\t', ' ')
    if re.match(r'^\s*\[\d+(\.\d+)?\]\s+-\s+\S+\s*$', s):
        return '[R] - NAME'
    s = re.sub(r'\[\d+\.\d+\]', '[R]', s)
    s = re.sub(r'\[\d+\]', '[R]', s)
    s = re.sub(r'(\[R\]\s*){2,}', '[R]... ', s)
    m = re.match(r'^(\s*\[\d+,\d+\])\s+(.*)$', s)
    if m:  # timeline row: drop the cells
        toks = m.group(2).split()
        i = 0
        while i < len(toks) and set(toks[i]) <= TLCH:
            i += 1
        s = '[T] ' + ' '.join(toks[i:])
    s = re.sub(r'0x[0-9a-fA-F]+', 'H', s)
    s = re.sub(r'\d+(\.\d+)?%?', 'N', s)
    s = re.sub(r'(?<![\w#])(N|-)(\s+(N|-))+(?![\w])', 'V', s)
    s = re.sub(r'\s+', ' ', s).strip()
    return s

HEADS = ('Instruction Info:', 'Dynamic Dispatch', 'Schedulers -', 'Retire Control', 'Register File statistics', 'Resources:', 'Resource pressure', 'Timeline view:', 'Binding limit:', 'Queue usage', 'Fusions and', 'Simulated PMU')
OURS = ('Binding limit:', 'Queue usage (uarch', 'Fusions and eliminations', 'Simulated PMU counters')
def norm_text(out, ours=False):
    res = []
    skip = False
    rf = False
    bn = False
    for l in out.splitlines():
        if l.startswith(('Cycles with backend pressure increase', 'No resource or data dependency bottlenecks')):
            bn = True
            res.append('BOTTLENECK')
            continue
        if bn and (l.startswith(HEADS) or 'Code Region' in l):
            bn = False
        if bn:
            continue
        if ours and l.startswith(OURS):
            skip = True
        if skip and 'Code Region' in l:
            skip = False
        if skip:
            continue
        # model data: the register files of the model, the critical sequence's arrows
        if l.startswith('*  Register File #'):
            rf = True
        if rf:
            if l.strip() == '' or l.startswith(('*  Register File', '   ')):
                continue
            rf = False
        l = re.sub(r'^[+|]-*[<>]? ?', '', l)
        l = re.sub(r'\s*## (REGISTER|MEMORY|RESOURCE) dependency:.*$', '', l)
        if l.strip() in ('', '< loop carried >'):
            l = ''
        if re.match(r'^[A-Za-z][\w.]* +\d+ +\d+ +\d+$', l):
            l = 'NAME V'
        if re.match(r'^\s{10,}[0-9 ]*$', l):
            continue
        l = re.sub(r'^Index.*', 'Index', l)
        l = re.sub(r'^((RAT|RCU|SCHEDQ|LQ|SQ|GROUP|USH) .*:\s+\d+)\s+\(.*\)$', r'\1', l)
        n = norm_line(l)
        if res and res[-1] == n:
            continue
        res.append(n)
    while res and res[-1] == '':
        res.pop()
    return res

def paths(o, p=''):
    if isinstance(o, dict):
        yield p + '{}'
        for k, v in o.items():
            yield from paths(v, p + '/' + k)
    elif isinstance(o, list):
        yield p + '[]'
        for v in o:
            yield from paths(v, p + '/[]')
    else:
        yield p + ':' + ('num' if isinstance(o, (int, float)) and not isinstance(o, bool) else type(o).__name__)

OURSJ = ('/CodeRegions/[]/SimulatedCounters', '/CodeRegions/[]/Bottleneck', '/CodeRegions/[]/FusionsAndEliminations')
def structure(out, is_json, ours=False):
    if is_json:
        try:
            return ('json', sorted(x for x in set(paths(json.loads(out))) if not (ours and x.startswith(OURSJ))) if out.strip() else [])
        except Exception as e:
            return ('badjson', norm_text(out, ours))
    return ('text', norm_text(out, ours))

# (name, args, input-as-stdin?)
FILES = ['basic.s', 'regions.s', 'anon2.s', 'nested.s', 'overlap.s', 'unterm.s', 'endonly.s',
         'emptyregion.s', 'empty.s', 'directives.s', 'labels.s', 'styles.s', 'semi.s', 'misc.s', 'dup.s',
         'bad.s', 'badreg.s', 'regdup.s', 'regend.s', 'regend2.s', 'regboth.s', 'baddir.s']
VIEWS = ['-timeline', '-bottleneck-analysis', '-dispatch-stats', '-scheduler-stats', '-retire-stats',
         '-register-file-stats', '-all-views', '-all-stats', '-instruction-tables', '-show-encoding',
         '-show-barriers', '-print-imm-hex', '-instruction-info=false', '-resource-pressure=false',
         '-summary-view=false', '-all-views=false', '-timeline -timeline-max-iterations=1',
         '-timeline -timeline-max-cycles=5', '-timeline -timeline-max-cycles=0', '-iterations=0',
         '-iterations=1', '-noalias=false', '-disable-cb', '-dispatch=2', '-lqueue=2 -squeue=2',
         '-micro-op-queue-size=2', '-decoder-throughput=2', '-call-latency=3', '-register-file-size=10',
         '-skip-unsupported-instructions=any', '-skip-unsupported-instructions=parse-failure',
         '-skip-unsupported-instructions=lack-sched', '-instruction-tables=full', '-instruction-tables=normal',
         '-instruction-tables=none', '-march=aarch64', '-march=arm64', '-mattr=+sve', '-output-asm-variant=1',
         '-all-views -instruction-info=false', '-all-stats -dispatch-stats=false',
         '-instruction-tables -show-encoding', '-instruction-tables -show-barriers', '-instruction-tables -json',
         '-instruction-tables -timeline', '-instruction-tables -all-views', '-show-encoding -show-barriers',
         '-iterations=3 -timeline -json', '-all-views -json', '-all-stats -json', '-bottleneck-analysis -json',
         '-dispatch-stats -json', '-scheduler-stats -json', '-retire-stats -json', '-register-file-stats -json',
         '-timeline -json', '-show-encoding -json', '-show-barriers -json', '-print-imm-hex -json',
         '-summary-view=false -json', '-instruction-info=false -json', '-resource-pressure=false -json',
         '-json -timeline -timeline-max-iterations=1', '-iterations=0 -json',
         '-disable-im', '-print-imm-hex -instruction-tables', '--all-views', '-all-views=true',
         '-all-views=1', '-all-views=0', '-timeline=true', '-timeline=TRUE', '-timeline=yes', '-timeline=2',
         '-iterations=0x10', '-iterations=010', '-iterations=-1', '-iterations=4294967296', '-iterations=abc',
         '-iterations', '-dispatch=0', '-dispatch=-1', '-mcpu=help', '-mattr=help', '-mcpu=bogus',
         '-mcpu=apple-m2', '-mcpu=cyclone', '-mcpu=generic', '-mcpu=apple-a14', '-mtriple=arm64-apple-macosx',
         '-mtriple=aarch64-linux-gnu', '-mtriple=x86_64', '-march=x86-64', '-foo', '--foo=1', '-o', '-o -',
         '-json=false', '-print-imm-hex=false', '-bottleneck-analysis -timeline', '-timeline-max-iterations=0 -timeline',
         '-scheduler-stats -dispatch-stats -retire-stats -register-file-stats', '-all-stats -all-views',
         '-mcpu=native', '-print-options', '-print-all-options', '-debug', '-stats', '-time-passes',
         '--', '-mcpu apple-m1', '--mcpu apple-m1', '-iterations 5', '--iterations 5', '-iterations=5 -iterations=6',
         '-mtriple aarch64', '--timeline-max-cycles 3 -timeline', '-color', '--color', '-x86-asm-syntax=intel',
         '-output-asm-variant=0', '-output-asm-variant=2', '-noalias', '-noalias=true', '-disable-cb=false',
         '-lqueue=0', '-squeue=abc', '-micro-op-queue-size=0', '-decoder-throughput=0', '-call-latency=0',
         '-skip-unsupported-instructions', '-skip-unsupported-instructions=none',
         '-json=', '-timeline=', '-iterations=+5', '-iterations=1e2', '-iterations=0o17', '-iterations=5.0',
         '-march=', '-dispatch= 2', '-lqueue=0b101',
         ]
SIMPLE = ['-help', '--help', '-help-list', '-help-hidden', '-help-list-hidden', '-version', '--version',
          '-h', '-print-options']

def cases():
    for f in FILES:
        for v in [''] + VIEWS:
            yield (f, v)
    for v in SIMPLE:
        yield ('basic.s', v)
    # stdin, '-' and multiple inputs, response files, -o
    yield ('<basic.s', '')
    yield ('<basic.s', '-')
    yield ('<basic.s', '-json -')
    yield ('<empty.s', '')
    yield ('basic.s', 'regions.s')
    yield ('basic.s', 'basic.s -json')
    yield ('basic.s', '@resp.txt')
    yield ('basic.s', '@missing.txt')
    yield ('huge.s', '')
    yield ('huge.s', '-json')
    yield ('huge.s', '-iterations=1 -timeline')

def one(tool, f, v, d):
    args = v.split() if v else []
    stdin = None
    if f.startswith('<'):
        stdin = open(os.path.join(IN, f[1:]), 'rb').read()
        fargs = []
    else:
        fargs = [f]
    cmd = tool + BASE + args + fargs
    return run(cmd, stdin, cwd=d)

def diags(err):
    """the file:line:col errors and notes (llvm's words, which uarch gives), and llvm's closing line"""
    out = [l for l in err.splitlines() if re.match(r'^\S+:\d+:\d+: (error|note): ', l)]
    if 'error: Assembly input parsing had errors' in err:
        out.append('CLOSING')
    return sorted(out)   # (llvm reports a region marker's error before an earlier line's)

# deliberate differences: (regex on "file flags", what makes them so)
KNOWN = [
    (r'^misc\.s ', 'the front end follows branches (-frontend=model; README "The front end")'),
    (r'^(styles|semi)\.s ', 'markers in // comments (and ; on ELF) are taken; llvm-mca 19 on an ELF triple ignores // ones '
     'and refuses ; ones (src/a64/parse.c)'),
    (r' -mcpu=help$', '-mcpu=help lists the models on stdout, exit 0 (llvm: its CPUs on stderr, exit 1)'),
    (r' -mcpu=native$', '-mcpu=native is the M1 model (llvm on an x86 host: no such AArch64 CPU)'),
    (r' -(mcpu=generic|mcpu=apple-m2|mcpu=cyclone|disable-cb|disable-cb=false|disable-im|print-options|print-all-options|decoder-throughput=\d)$',
     'a note or warning says what the flag does here'),
    (r' -(x86-asm-syntax=intel|time-passes|stats|-?color)$', "LLVM's library options that llvm-mca 19 hides from its help"),
    (r' -timeline -timeline-max-cycles=5$', 'how many timeline rows fit in 5 cycles depends on the model'),
    (r'^huge\.s -iterations=1 -timeline$', 'how many timeline rows fit in 80 cycles depends on the model'),
    (r'^basic\.s (-h|--?help.*|--?version)$', "uarch's own help and version text"),
    (r'^regdup\.s ',
     "llvm's note 'region foo was previously defined here' at the earlier BEGIN: uarch's note at the error"),
    (r'^directives\.s -mtriple=arm64-apple-macosx$', 'ELF directives (.type f,@function, .section .data) are taken '
     'on a Mach-O triple; llvm-mc refuses them there'),
    (r'^(bad|badreg|baddir|regboth)\.s .*-skip-unsupported-instructions=(any|parse-failure)',
     'a line skipped is a warning, once ("...; line skipped"); llvm-mca 19 prints its error twice'),
]
def known(f, v, why):
    for rx, what in KNOWN:
        if re.search(rx, f + ' ' + v):
            return what
    return None

def main():
    n = 0; diff = 0; nknown = 0
    global IN
    d = IN = tempfile.mkdtemp()
    for fn, text in INPUTS.items():
        open(os.path.join(d, fn), 'w').write(text)
    ins = ['add x1, x1, x2', 'mul x3, x3, x4', 'ldr x5, [x6, #8]', 'str x7, [x8]', 'fadd d0, d1, d2', 'eor w1, w2, w3']
    open(os.path.join(d, 'huge.s'), 'w').write(''.join(ins[(i * 7 + i // 3) % 6] + '\n' for i in range(20000)))
    open(os.path.join(d, 'resp.txt'), 'w').write('-timeline\n-iterations=2\n')
    for f, v in cases():
        if KEEP and not KEEP.search(f + ' ' + v):
            continue
        n += 1
        isj = ('-json' in v.split() or '-json=' in v.split()) and '-json=false' not in v
        r = {}
        for name, tool in (('llvm', [L]), ('uarch', [U, 'mca'])):
            rc, out, err = one(tool, f, v, d)
            r[name] = (rc, structure(out, isj, name == 'uarch'), err)
        lr, ur = r['llvm'], r['uarch']
        why = []
        if lr[0] != ur[0]:
            why.append('exit %s vs %s' % (lr[0], ur[0]))
        if lr[0] == 0 and ur[0] == 0 and lr[1] != ur[1]:
            why.append('stdout structure')
        if diags(lr[2]) != diags(ur[2]):
            why.append('diagnostics')
        if (lr[2].strip() == '') != (ur[2].strip() == ''):
            why.append('stderr %s vs %s' % ('empty' if not lr[2].strip() else 'set',
                                           'empty' if not ur[2].strip() else 'set'))
        if why:
            diff += 1
            k = known(f, v, why)
            nknown += k is not None
            if k is not None and not ALL:
                continue
            print('DIFF [%s] %s : %s%s' % (f, v, '; '.join(why), ' (known: %s)' % k if k else ''))
            if VERB:
                if 'stdout structure' in why:
                    a, b = lr[1][1], ur[1][1]
                    import difflib
                    for l in itertools.islice(difflib.unified_diff(a, b, 'llvm', 'uarch', lineterm='', n=1), 40):
                        print('   ', l)
                if 'diagnostics' in why:
                    print('    llvm diagnostics:  %s' % diags(lr[2]))
                    print('    uarch diagnostics: %s' % diags(ur[2]))
                for name in ('llvm', 'uarch'):
                    if r[name][2].strip():
                        print('    %s stderr: %s' % (name, r[name][2].strip()[:300].replace('\n', ' | ')))
    shutil.rmtree(d, ignore_errors=True)
    print('%d combinations, %d differ (%d known, %d other)' % (n, diff, nknown, diff - nknown))

main()
