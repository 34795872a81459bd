#!/usr/bin/env bash
# Feed a hand-written hook sequence through `openloop hook` in a throwaway
# HOME: Claude asks a question, the user changes the subject, then defers
# something. The skipped question is kept as a candidate (openloop review);
# the deferral is parked (openloop resume). Run from the repository root:
# bash examples/try-hook.sh
set -eu
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
bin="$tmp/openloop"; go build -o "$bin" ./cmd/openloop   # before HOME moves: keeps Go's caches
export HOME="$tmp/home"; mkdir -p "$tmp/proj/.git"; cd "$tmp/proj"
hook() { printf '%s' "$1" | "$bin" hook; }
hook '{"hook_event_name":"Stop","session_id":"demo","cwd":"'"$PWD"'","last_assistant_message":"Fixed the refresh race. Should expired refresh tokens return 401 or 403?"}'
hook '{"hook_event_name":"UserPromptSubmit","session_id":"demo","cwd":"'"$PWD"'","prompt":"Now add request logging to the payments service"}'
hook '{"hook_event_name":"UserPromptSubmit","session_id":"demo","cwd":"'"$PWD"'","prompt":"Let'"'"'s come back to the retry budget for uploads once auth works."}'
"$bin" resume
"$bin" review
