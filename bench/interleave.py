#!/usr/bin/env python3
"""Runs commands round-robin, N rounds, each with stdin from a file and
stdout/stderr to /dev/null, and prints per command the median wall time,
the median CPU time (user + system, from wait4) and the median count of
minor page faults, each with its ratio to the first command (the floor).

Round-robin, so that the machine's load drifts over all commands alike: on
a shared machine a slow minute then inflates every row, not one.

Usage: bench/interleave.py [-n 200] [--md] NAME=STDIN=CMD [NAME=STDIN=CMD …]
(CMD is split on spaces; the first command is the floor.)"""
import argparse
import os
import statistics
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=200)
    ap.add_argument("--md", action="store_true", help="print a Markdown table")
    ap.add_argument("cases", nargs="+")
    a = ap.parse_args()
    cases = []
    for c in a.cases:
        name, stdin, cmd = c.split("=", 2)
        cases.append((name, stdin, cmd.split()))
    devnull = os.open(os.devnull, os.O_WRONLY)
    res = {name: [] for name, _, _ in cases}
    for _ in range(a.n):
        for name, stdin, argv in cases:
            fd = os.open(stdin, os.O_RDONLY)
            t = time.perf_counter()
            pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[
                (os.POSIX_SPAWN_DUP2, fd, 0),
                (os.POSIX_SPAWN_DUP2, devnull, 1),
                (os.POSIX_SPAWN_DUP2, devnull, 2)])
            _, status, ru = os.wait4(pid, 0)
            wall = time.perf_counter() - t
            os.close(fd)
            if status != 0:
                sys.exit(f"interleave: {name} exited with status {status}")
            res[name].append((wall, ru.ru_utime + ru.ru_stime, ru.ru_minflt))
    med = {n: [statistics.median(r[i] for r in rs) for i in range(3)] for n, rs in res.items()}
    floor = med[cases[0][0]]
    if a.md:
        print("| case | wall (median) | × floor | CPU (median) | × floor | minor faults (median) | × floor |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, _, _ in cases:
        w, c, f = med[name]
        if a.md:
            print(f"| {name} | {w*1e3:.2f} ms | {w/floor[0]:.2f}× | {c*1e3:.2f} ms | {c/floor[1]:.2f}× | {f:.0f} | {f/floor[2]:.2f}× |")
        else:
            print(f"{name:50s} wall {w*1e3:7.2f} ms {w/floor[0]:5.2f}x  cpu {c*1e3:7.2f} ms {c/floor[1]:5.2f}x  faults {f:5.0f} {f/floor[2]:5.2f}x")


if __name__ == "__main__":
    sys.exit(main())
