#!/usr/bin/env python3
"""make bench, part 7: the automatic count against the plain and the
memoized counts, in CPU time.

The instances come from tools/gen_counting.py (written to
bench/out/counting), each with its count from a formula or the
literature. On each, `dlx -q FILE` (the plain count), `dlx -q --memo
FILE` and `dlx -q --auto FILE` run in turns: RUNS runs each, alternating,
every run's CPU time (user + system, from the kernel's accounting of the
child) taken. A count that runs past CAP seconds is stopped and shown as
`>CAP`, and not run again (the plain count of a board with 10^16
tilings). Every run must print the instance's count. The column auto/best
is the automatic count's median over the better of the other two: the
automatic count's promise is at most 1.5. The last column is the
automatic count's peak memory (the kernel's maximum resident size of the
child, the largest of its runs) over that of the faster of the other two:
the promise is at most 2. The kernel's maximum counts the pages of the
process before it became the tool (this Python, some 14 MB), so a count
that stays below that reads 1.00.

Usage: bench/counting.py [-n RUNS] [--cap SECONDS] [NAME ...]
"""
import argparse, os, statistics, subprocess, sys, threading

sys.dont_write_bytecode = True  # no __pycache__ in bench/
from suite import dlx, expected, out, root

folder = os.path.join(out, 'counting')
MODES = (('plain', ['--plain']), ('memo', ['--memo']), ('auto', ['--auto']))


def cpu_run(cmd, cap):
    """Runs cmd: (CPU seconds, standard output, peak resident kilobytes),
    from the kernel's accounting of the child; (None, None, None) when it
    ran past cap seconds and was killed."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    killer = threading.Timer(cap, p.kill)
    killer.start()
    output = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    killer.cancel()
    if os.WIFSIGNALED(status):
        return None, None, None
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit('counting.py: %s exited %d' % (' '.join(cmd), os.waitstatus_to_exitcode(status)))
    return usage.ru_utime + usage.ru_stime, output.decode(), usage.ru_maxrss


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('-n', type=int, default=3)
    ap.add_argument('--cap', type=float, default=30.0)
    ap.add_argument('names', nargs='*')
    a = ap.parse_args()
    subprocess.run([sys.executable, os.path.join(root, 'tools', 'gen_counting.py'), folder], check=True)
    names = a.names or sorted(f[:-4] for f in os.listdir(folder) if f.endswith('.dlx'))
    print('== counting: CPU seconds, median of %d alternating runs; auto/best = the automatic count over the better of plain and memo' % a.n)
    print('%-26s %10s %10s %10s %9s %9s' % ('instance', 'plain', 'memo', 'auto', 'auto/best', 'mem/best'))
    worst = worst_mem = 0.0
    for name in names:
        path = os.path.join(folder, name + '.dlx')
        want = expected(path)
        times = {mode: [] for mode, _ in MODES}
        peak = {mode: 0 for mode, _ in MODES}
        over = set()
        for _ in range(a.n):
            for mode, flags in MODES:
                if mode in over:
                    continue
                cpu, output, rss = cpu_run([dlx, '-q'] + flags + [path], a.cap)
                if cpu is None:
                    over.add(mode)
                    continue
                if output.strip() != str(want):
                    sys.exit('counting.py: %s on %s printed %r, not %d' % (mode, name, output[:80], want))
                times[mode].append(cpu)
                peak[mode] = max(peak[mode], rss)
        med = {m: statistics.median(t) for m, t in times.items() if m not in over and t}
        cell = lambda m: '>%.0f' % a.cap if m in over else '%.3f' % med[m]
        faster = min((m for m in ('plain', 'memo') if m in med), key=lambda m: med[m], default=None)
        ratio = med['auto'] / med[faster] if faster and 'auto' in med and med[faster] > 0 else float('nan')
        mem = peak['auto'] / peak[faster] if faster and 'auto' in med and peak[faster] else float('nan')
        worst = max(worst, ratio)
        worst_mem = max(worst_mem, mem)
        print('%-26s %10s %10s %10s %9.2f %9.2f' % (name, cell('plain'), cell('memo'), cell('auto'), ratio, mem), flush=True)
    print('worst auto/best: %.2f, worst mem/best: %.2f' % (worst, worst_mem))


if __name__ == '__main__':
    main()
