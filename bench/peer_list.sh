#!/bin/sh
# Peer baseline for resume: the seed's own shell snippet for listing items
# (find to age out, then stat for each file's age), on MEMORY_DIR.
# Usage: MEMORY_DIR=dir bench/peer_list.sh
find "$MEMORY_DIR" -name "session-open-*.md" -mtime +30 -delete 2>/dev/null
NOW=$(date +%s)
for f in "$MEMORY_DIR"/session-open-*.md; do
    [ -f "$f" ] || continue
    MTIME=$(if [ "$(uname -s)" = "Darwin" ]; then stat -f "%m" "$f"; else stat -c "%Y" "$f"; fi)
    AGE=$(((NOW - MTIME) / 86400))
    echo "$AGE $f"
done
