#!/usr/bin/env python3
"""Peer baseline for the hook: the least a Python hook does for the same
job. It parses the JSON payload from stdin and reads the tail of the
session transcript (the last 256 KiB, as a bounded hook must), finds
Claude's last text message and checks whether it ends with a question.
It parks nothing and prints nothing."""
import json
import os
import sys

TAIL = 256 << 10


def last_assistant_text(path):
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - TAIL))
            data = f.read()
    except OSError:
        return ""
    for line in reversed(data.split(b"\n")):
        try:
            ev = json.loads(line)
        except ValueError:
            continue
        if ev.get("type") != "assistant":
            continue
        for part in reversed(ev.get("message", {}).get("content", [])):
            if isinstance(part, dict) and part.get("type") == "text":
                return part.get("text", "")
    return ""


def main():
    payload = json.load(sys.stdin)
    text = last_assistant_text(payload.get("transcript_path", ""))
    _asked = text.rstrip().endswith("?")
    return 0


if __name__ == "__main__":
    sys.exit(main())
