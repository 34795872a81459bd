#!/usr/bin/env python3
"""Prints bench/run.sh's results as Markdown: one table per hyperfine group
with each command's time and its ratio to the floor of that group, then
peak RSS. Usage: bench/report.py bench/out"""
import json
import os
import sys

GOAL = 1.3


def group(out, name, title):
    path = os.path.join(out, name + ".json")
    if not os.path.exists(path):
        return
    res = json.load(open(path))["results"]
    fl = res[0]
    fcpu = fl["user"] + fl["system"]
    print(f"### {title}\n")
    print("| case | median | mean ± σ | min | × floor (median) | × floor (CPU) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for r in res:
        med = r["median"] / fl["median"] if fl["median"] > 0 else float("nan")
        cpu = (r["user"] + r["system"]) / fcpu if fcpu > 0 else float("nan")
        mark = ""
        if r["command"].startswith(("hook", "resume", "archive")) and med > GOAL:
            mark = " ✗"
        print(f"| {r['command']} | {r['median']*1e3:.1f} ms | {r['mean']*1e3:.1f} ± {r['stddev']*1e3:.1f} ms "
              f"| {r['min']*1e3:.1f} ms | {med:.2f}×{mark} | {cpu:.2f}× |")
    print()


def main():
    out = sys.argv[1]
    m = os.path.join(out, "machine.md")
    if os.path.exists(m):
        print(open(m).read())
    print("✗: a hook or command above the goal of 1.3× the floor (median).")
    print("CPU: user + system time, which waiting for a busy CPU does not inflate.\n")
    group(out, "hook", "Hook events (stdin: the payload)")
    group(out, "commands", "Commands")
    rss = os.path.join(out, "rss.tsv")
    if os.path.exists(rss):
        print("### Peak RSS (/usr/bin/time -v)\n")
        print("| case | peak RSS |")
        print("| --- | ---: |")
        for line in open(rss):
            name, kb = line.rstrip("\n").split("\t")
            mb = f"{int(kb)/1024:.1f} MB" if kb else "?"
            print(f"| {name} | {mb} |")
        print()


if __name__ == "__main__":
    main()
