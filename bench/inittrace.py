#!/usr/bin/env python3
"""Start-up cost of openloop: runs a command N times with
GODEBUG=inittrace=1 and prints, per package, the median init clock time,
bytes and allocations, heaviest first, with the total.

Usage: bench/inittrace.py [-n 30] [--stdin FILE] -- openloop hook"""
import argparse
import os
import re
import statistics
import subprocess
import sys

LINE = re.compile(r"^init (\S+) @[\d.]+ ms, ([\d.]+) ms clock, (\d+) bytes, (\d+) allocs")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=30)
    ap.add_argument("--stdin", default=os.devnull)
    ap.add_argument("cmd", nargs="+")
    a = ap.parse_args()
    env = dict(os.environ, GODEBUG="inittrace=1")
    clock, size, allocs, totals = {}, {}, {}, []
    for _ in range(a.n):
        with open(a.stdin, "rb") as f:
            p = subprocess.run(a.cmd, stdin=f, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=env)
        t = 0.0
        for line in p.stderr.decode(errors="replace").splitlines():
            m = LINE.match(line)
            if not m:
                continue
            pkg = m.group(1).replace("%2e", ".")
            c = float(m.group(2))
            clock.setdefault(pkg, []).append(c)
            size[pkg] = int(m.group(3))
            allocs[pkg] = int(m.group(4))
            t += c
        totals.append(t)
    rows = sorted(clock, key=lambda k: -statistics.median(clock[k]))
    print(f"{a.n} runs of: {' '.join(a.cmd)}\n")
    print("| package | median init clock | bytes | allocs |")
    print("| --- | ---: | ---: | ---: |")
    for k in rows:
        med = statistics.median(clock[k])
        if med < 0.01 and size[k] < 1000:
            continue
        print(f"| {k} | {med:.3f} ms | {size[k]} | {allocs[k]} |")
    print(f"\n{len(clock)} packages run init code; total init clock: median "
          f"{statistics.median(totals):.2f} ms, min {min(totals):.2f} ms; "
          f"total allocated at init: {sum(size.values())} bytes in {sum(allocs.values())} allocs")


if __name__ == "__main__":
    sys.exit(main())
