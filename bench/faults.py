#!/usr/bin/env python3
"""Where a command's page faults happen: runs it N times under
`perf record -e page-faults -c 1 -g` (every fault, with its call stack) and
prints the faults per run by phase of the Go process (exec, the runtime's
start, package init by package, main) and, inside main, by the openloop
function that caused them.

On the 2-core VM these benchmarks run on, a minor page fault costs about
30 µs of CPU time, and the hook's CPU time over the floor's follows its
extra faults closely (BENCHMARKS.md, "Where the hook's time goes"), so
this is where its time goes too, counted rather than timed: the counts
barely move with the machine's load.

Usage: bench/faults.py [-n 20] --stdin FILE -- CMD ARGS…   (needs perf)"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile


def stacks(text):
    st = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            if st:
                yield st
            st = []
            continue
        parts = line.split(None, 1)
        st.append(parts[1] if len(parts) > 1 else parts[0])
    if st:
        yield st


INIT = re.compile(r"^(.*?)(?:\.map)?\.init(?:\.\d+)?$")


def phase(st):
    """The phase of one fault's stack (innermost frame first)."""
    if any("execve" in s or "load_elf" in s for s in st):
        return "exec (kernel)", None
    if "main.main" in st:
        for s in st:
            if s.startswith("github.com/openloop/openloop/") and not s.startswith("github.com/openloop/openloop/pkg/cli."):
                return "main", s.replace("github.com/openloop/openloop/", "")
        return "main", "(outside openloop's packages: main.main, flags, environment)"
    for s in st:
        m = INIT.match(s)
        if m and not s.startswith("runtime."):
            return "package init", m.group(1)
    if "runtime.doInit1" in st:
        return "package init", "(runtime work for init: heap, stacks)"
    if any(s in ("runtime.schedinit", "runtime.mallocinit") for s in st):
        return "runtime start (schedinit)", None
    if any("newstack" in s or "copystack" in s or "malg" in s for s in st):
        return "goroutine stacks", None
    if any(s in ("runtime.sysmon", "runtime.mstart1", "runtime.schedule", "runtime.newm", "runtime.gcenable") or "bgsweep" in s or "bgscavenge" in s for s in st):
        return "threads, scheduler, GC workers", None
    return "other runtime", None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=20)
    ap.add_argument("--stdin", default=os.devnull)
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("cmd", nargs="+")
    a = ap.parse_args()
    comm = os.path.basename(a.cmd[0])[:15]
    with tempfile.TemporaryDirectory() as d:
        data = os.path.join(d, "perf.data")
        for _ in range(a.n):
            with open(a.stdin, "rb") as f:
                subprocess.run(["perf", "record", "-q", "-e", "page-faults", "-c", "1", "-g", "-o", data + ".one", "--"] + a.cmd,
                               stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            out = subprocess.run(["perf", "script", "-i", data + ".one", "--comm", comm, "-F", "ip,sym"],
                                 capture_output=True, text=True, check=True).stdout
            with open(data + ".txt", "a") as t:
                t.write(out + "\n\n")
        text = open(data + ".txt").read()
    phases, inits, mains = collections.Counter(), collections.Counter(), collections.Counter()
    total = 0
    for st in stacks(text):
        total += 1
        p, detail = phase(st)
        phases[p] += 1
        if p == "package init":
            inits[detail] += 1
        elif p == "main":
            mains[detail] += 1
    n = a.n
    print(f"page faults per run of {' '.join(a.cmd)} ({n} runs): {total / n:.0f}\n")
    print("| phase | faults per run |")
    print("| --- | ---: |")
    for k, v in phases.most_common():
        print(f"| {k} | {v / n:.1f} |")
    print("\n| package init, by package | faults per run |")
    print("| --- | ---: |")
    for k, v in inits.most_common(a.top):
        print(f"| {k.replace('%2e', '.')} | {v / n:.1f} |")
    print("\n| main, by function | faults per run |")
    print("| --- | ---: |")
    for k, v in mains.most_common(a.top):
        print(f"| {k} | {v / n:.1f} |")


if __name__ == "__main__":
    sys.exit(main())
