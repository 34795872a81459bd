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
    floor = res[0]["mean"]
    print(f"### {title}\n")
    print("| case | mean ± σ | median | min | × floor |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for r in res:
        ratio = r["mean"] / floor
        mark = ""
        if r["command"].startswith(("hook", "resume", "archive")) and ratio > GOAL:
            mark = " (misses 1.3×)"
        print(f"| {r['command']} | {r['mean']*1e3:.1f} ± {r['stddev']*1e3:.1f} ms "
              f"| {r['median']*1e3:.1f} ms | {r['min']*1e3:.1f} ms | {ratio:.2f}×{mark} |")
    print()


def main():
    out = sys.argv[1]
    m = os.path.join(out, "machine.md")
    if os.path.exists(m):
        print(open(m).read())
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
