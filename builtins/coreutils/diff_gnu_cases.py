#!/usr/bin/env python3
"""Differential helper for moonix diff, run by hand (Go tests may not run
host programs). It makes random pairs of files, runs the host's GNU diff on
them and prints Go table entries {a, b, args, want, status} for
TestDiffGNU in diff_test.go. Keep the cases where moonix agrees; for the
others, look at the difference and either fix moonix or note it in
diff.go's usage text.

    python3 builtins/coreutils/diff_gnu_cases.py SEED COUNT > /tmp/cases.txt
"""
import json, random, subprocess, sys, tempfile, os

def gen(r):
    alpha = ['a', 'b', 'c', 'd', '', '}', 'x'][:r.randint(2, 7)]
    base = [r.choice(alpha) for _ in range(r.randint(0, 12))]
    new = list(base)
    for _ in range(r.randint(1, 3)):
        op = r.random()
        if op < 0.33 and new:
            i = r.randrange(len(new)); del new[i:i + r.randint(1, 3)]
        elif op < 0.66:
            i = r.randint(0, len(new)); new[i:i] = [r.choice(alpha) for _ in range(r.randint(1, 3))]
        elif new:
            i = r.randrange(len(new)); new[i] = r.choice(alpha)
    def text(ls):
        s = '\n'.join(ls)
        if ls and r.random() < 0.85:
            s += '\n'
        return s
    return text(base), text(new)

def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    r = random.Random(seed)
    d = tempfile.mkdtemp()
    for _ in range(count):
        a, b = gen(r)
        args = r.choice([[], ['-u'], ['-U1'], ['-c']])
        for n, t in (('a', a), ('b', b)):
            with open(os.path.join(d, n), 'w') as f:
                f.write(t)
            os.utime(os.path.join(d, n), (1767225600, 1767225600))  # 2026-01-01
        p = subprocess.run(['diff'] + args + ['a', 'b'], cwd=d, capture_output=True,
                           env={'LC_ALL': 'C', 'TZ': 'UTC', 'PATH': os.environ['PATH']})
        print('\t\t{%s, %s, %s, %s, %d},' % (json.dumps(a), json.dumps(b), json.dumps(' '.join(args)), json.dumps(p.stdout.decode()), p.returncode))

main()
