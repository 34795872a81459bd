#!/usr/bin/env bash
# A Claude Code status line that shows how many open loops this project has.
# In settings.json: "statusLine": {"type": "command", "command": "/path/to/statusline.sh"}
# Claude Code sends the session as JSON on stdin; its "cwd" is the project.
set -u
cwd=$(python3 -c 'import json,sys; print(json.load(sys.stdin).get("cwd",""))' 2>/dev/null)
[ -n "$cwd" ] && cd "$cwd" 2>/dev/null
n=$(openloop resume --json 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])' 2>/dev/null)
case "$n" in
  ""|0) echo "no open loops" ;;
  1) echo "1 open loop (/session resume)" ;;
  *) echo "$n open loops (/session resume)" ;;
esac
