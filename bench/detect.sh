#!/usr/bin/env bash
# bench/detect.sh [BASE] — the hook before and after a change to detection,
# beside the floor program, so the ratios share the machine's noise. Cases:
# quiet (a plain request, nothing to park), long (a 4 KB prompt, nothing to
# park) and defer (parks one deferral). BASE (default dd39c95, the last commit with the phrase
# rules) is built from `git archive`; HEAD is the working tree.
#
#   bench/detect.sh            # rules (dd39c95) vs the learned model
#   bench/detect.sh abc1234    # any other base
set -euo pipefail
BASE=${1:-dd39c95}
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "bench/detect.sh: needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
W=$(mktemp -d "${TMPDIR:-/tmp}/openloop-detect.XXXXXX")
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/base"
git archive "$BASE" | tar -x -C "$W/base"
(cd "$W/base" && go build -trimpath -o "$W/openloop-base" ./cmd/openloop)
go build -trimpath -o "$W/openloop-head" ./cmd/openloop
go build -trimpath -o "$W/floor" ./bench/floor
export HOME=$W/home TZ=UTC
mkdir -p "$HOME" "$W/proj/.git"
payload() { # $1 file, $2 prompt
	python3 -c 'import json,sys; print(json.dumps({"hook_event_name":"UserPromptSubmit","session_id":"s","cwd":sys.argv[2],"transcript_path":"","prompt":sys.argv[1]}))' "$2" "$W/proj" >"$1"
}
payload "$W/quiet.json" "Now add request logging to the payments service"
payload "$W/long.json" "$(python3 -c 'print("please refactor the upload client so retries are bounded and logged, and check the tests. " * 45)')"
payload "$W/defer.json" "skip the benchmarks for now, just finish the API docs"
for b in base head; do
	"$W/openloop-$b" hook <"$W/quiet.json" >/dev/null
done
# Debian's hyperfine (1.15) has no --input: every command runs through sh
# with a redirect, and hyperfine subtracts the shell's start-up, the same
# way for the floor and for openloop. One run per case, with the floor.
for case in quiet long defer; do
	prep=":"
	[ "$case" = defer ] && prep="rm -rf $HOME/.claude"
	hyperfine --style basic --warmup 5 --runs "${RUNS:-40}" --export-markdown "$W/$case.md" \
		--prepare ":" --prepare "$prep" --prepare "$prep" \
		-n "floor" "$W/floor <$W/$case.json" \
		-n "rules ($BASE), $case" "$W/openloop-base hook <$W/$case.json" \
		-n "model (HEAD), $case" "$W/openloop-head hook <$W/$case.json" >&2
done
cat "$W/quiet.md" "$W/long.md" "$W/defer.md"
echo
echo "binary size: base $(stat -c %s "$W/openloop-base") bytes, head $(stat -c %s "$W/openloop-head") bytes"
# Instructions, with callgrind: the same count on every run, whatever else
# the machine is doing (timings on a shared machine are not).
if command -v valgrind >/dev/null; then
	echo
	echo "| case | rules ($BASE), instructions | model (HEAD), instructions |"
	echo "| --- | ---: | ---: |"
	for case in quiet long defer; do
		row="| $case |"
		for b in base head; do
			rm -rf "$HOME/.claude"
			n=$(valgrind --tool=callgrind --callgrind-out-file="$W/cg.$b" "$W/openloop-$b" hook <"$W/$case.json" 2>&1 >/dev/null |
				sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
			row="$row $n |"
		done
		echo "$row"
	done
fi
