#!/usr/bin/env bash
# bench/hotpath.sh [BASE] — the hook's hot path before and after a change,
# side by side with the floor: start-up alone (--version) and a
# UserPromptSubmit that parks nothing, with no transcript and with a 256 KB
# one. BASE (default 9d1a88a, the commit before the start-up work of issue
# 21 §5) is built from `git archive`; HEAD is the working tree.
#
# Two measurements, both printed as Markdown:
#   1. hyperfine, as bench/run.sh runs it (every command through sh with a
#      redirect, the shell's start-up subtracted), all cases in one run;
#   2. bench/interleave.py: the cases round-robin, 200 rounds, median wall
#      time, CPU time and minor page faults. On a shared machine this is the
#      steadier comparison: a busy minute inflates every case alike, and the
#      page-fault count barely moves with the load.
# Then GODEBUG=inittrace=1 totals for both binaries (bench/inittrace.py).
#
#   bench/hotpath.sh            # 9d1a88a vs the working tree
#   bench/hotpath.sh main       # any other base
set -euo pipefail
export PYTHONDONTWRITEBYTECODE=1 # report.py is imported: no __pycache__ in bench/
BASE=${1:-9d1a88a}
cd "$(dirname "$0")/.."
REPO=$(pwd)
command -v hyperfine >/dev/null || { echo "bench/hotpath.sh: needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
W=$(mktemp -d "${TMPDIR:-/tmp}/openloop-hotpath.XXXXXX")
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/base" "$W/out"
git archive "$BASE" | tar -x -C "$W/base"
(cd "$W/base" && go build -trimpath -o "$W/openloop-base" ./cmd/openloop)
go build -trimpath -o "$W/openloop-head" ./cmd/openloop
go build -trimpath -o "$W/floor" ./bench/floor
go build -trimpath -o "$W/depfloor" ./bench/depfloor
go build -trimpath -o "$W/mktranscript" ./bench/mktranscript
export HOME=$W/home TZ=UTC OPENLOOP_MEMORY_DIR=$W/mem
mkdir -p "$HOME" "$W/proj/.git"
"$W/openloop-head" park --kind side-idea --idea "side idea one" --context "benchmarking" >/dev/null
"$W/mktranscript" -size 256K -o "$W/small.jsonl"
cd "$W/proj"
printf '{"session_id":"s-notr","cwd":"%s","hook_event_name":"UserPromptSubmit","prompt":"Now add request logging to the payments service"}\n' "$W/proj" >"$W/notr.json"
printf '{"session_id":"s-none","transcript_path":"%s","cwd":"%s","hook_event_name":"UserPromptSubmit","prompt":"Now add request logging to the payments service"}\n' "$W/small.jsonl" "$W/proj" >"$W/none.json"
for b in base head; do
	for p in notr none; do
		out=$("$W/openloop-$b" hook <"$W/$p.json" 2>&1)
		[ -z "$out" ] || { echo "bench/hotpath.sh: $b hook on $p.json should print nothing, printed: $out" >&2; exit 1; }
	done
done

hyperfine --style basic --warmup 5 --runs "${RUNS:-60}" --export-json "$W/out/hotpath.json" \
	-n "floor (reads stdin, exits)" "$W/floor <$W/none.json" \
	-n "floor + required libraries (bench/depfloor)" "$W/depfloor <$W/none.json" \
	-n "base ($BASE): --version" "$W/openloop-base --version <$W/none.json" \
	-n "head: --version" "$W/openloop-head --version <$W/none.json" \
	-n "base ($BASE): hook, nothing to park, no transcript" "$W/openloop-base hook <$W/notr.json" \
	-n "head: hook, nothing to park, no transcript" "$W/openloop-head hook <$W/notr.json" \
	-n "base ($BASE): hook, nothing to park, 256 KB transcript" "$W/openloop-base hook <$W/none.json" \
	-n "head: hook, nothing to park, 256 KB transcript" "$W/openloop-head hook <$W/none.json" >&2
echo "load average after hyperfine: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import report; report.group(sys.argv[2], "hotpath", "hyperfine (as bench/run.sh)")' "$REPO/bench" "$W/out"

echo "### Round-robin (bench/interleave.py, ${ROUNDS:-200} rounds)"
echo
python3 "$REPO/bench/interleave.py" -n "${ROUNDS:-200}" --md \
	"floor=$W/none.json=$W/floor" \
	"floor + required libraries (bench/depfloor)=$W/none.json=$W/depfloor" \
	"base ($BASE): --version=$W/none.json=$W/openloop-base --version" \
	"head: --version=$W/none.json=$W/openloop-head --version" \
	"base ($BASE): hook, no transcript=$W/notr.json=$W/openloop-base hook" \
	"head: hook, no transcript=$W/notr.json=$W/openloop-head hook" \
	"base ($BASE): hook, 256 KB transcript=$W/none.json=$W/openloop-base hook" \
	"head: hook, 256 KB transcript=$W/none.json=$W/openloop-head hook"
echo "load average after the rounds: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
for b in base head; do
	echo "inittrace, $b: $(python3 "$REPO/bench/inittrace.py" -n 20 --stdin "$W/notr.json" -- "$W/openloop-$b" hook | tail -1)"
done
echo "binary size: base $(stat -c %s "$W/openloop-base") bytes, head $(stat -c %s "$W/openloop-head") bytes"
# Where the faults are, by phase and package (needs perf; every fault is
# counted, so these barely move with the load).
if command -v perf >/dev/null && perf record -q -e page-faults -c 1 -o /dev/null -- true 2>/dev/null; then
	for b in floor depfloor openloop-base openloop-head; do
		args=("$W/$b")
		[ "$b" = floor ] || [ "$b" = depfloor ] || args+=(hook)
		echo
		echo "#### $b"
		echo
		python3 "$REPO/bench/faults.py" -n 10 --stdin "$W/notr.json" -- "${args[@]}"
	done
fi
