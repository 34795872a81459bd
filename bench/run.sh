#!/usr/bin/env bash
# bench/run.sh — openloop's benchmarks, side by side with a floor and peers.
#
#   bench/run.sh           full run (about 4 minutes on 2 cores)
#   bench/run.sh --quick   fewer runs, for a first look
#
# It installs hyperfine and GNU time with apt-get when they are missing,
# builds openloop and the floor program into a temp dir, builds the
# fixtures (a project, a memory dir with 10 items, a 1 GB transcript, a
# 20,000-commit repository), runs one hyperfine per group, records peak RSS
# with /usr/bin/time -v, writes bench/out/ and prints a Markdown table of
# times and ratios to the floor. Everything it creates is deleted at exit.
set -euo pipefail

RUNS=60
WARMUP=5
if [ "${1:-}" = "--quick" ]; then
	RUNS=10
	WARMUP=2
elif [ -n "${1:-}" ]; then
	echo "usage: bench/run.sh [--quick]" >&2
	exit 64
fi

cd "$(dirname "$0")/.."
REPO=$(pwd)
OUT=$REPO/bench/out
mkdir -p "$OUT"

need=()
command -v hyperfine >/dev/null || need+=(hyperfine)
[ -x /usr/bin/time ] || need+=(time)
command -v python3 >/dev/null || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
	echo "installing: ${need[*]}" >&2
	SUDO=""
	[ "$(id -u)" = 0 ] || SUDO=sudo
	$SUDO apt-get update -qq
	$SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

# The real interpreter, not a version manager's shim script.
PY=$(python3 -c 'import sys; print(sys.executable)')

W=$(mktemp -d "${TMPDIR:-/tmp}/openloop-bench.XXXXXX")
trap 'rm -rf "$W"' EXIT
echo "work dir: $W" >&2

# --- binaries ---------------------------------------------------------
go build -trimpath -o "$W/openloop" ./cmd/openloop
go build -trimpath -o "$W/floor" ./bench/floor
go build -trimpath -o "$W/depfloor" ./bench/depfloor
go build -trimpath -o "$W/mktranscript" ./bench/mktranscript
go build -trimpath -o "$W/mkrepo" ./bench/mkrepo
OL=$W/openloop

has_hook=0
has_summary=0

# --- fixtures ---------------------------------------------------------
export HOME=$W/home TZ=UTC
mkdir -p "$HOME" "$W/project/.git"
PROJ=$W/project
TODAY=$(date -u +%F)

# A memory dir with 10 items (resume, peer_list, and the hook at the cap).
MEM10=$W/mem10
for i in 1 2 3 4 5 6 7 8 9 10; do
	OPENLOOP_MEMORY_DIR=$MEM10 "$OL" park --kind deferred --idea "benchmark idea number $(printf '%s' "$i" | tr 0-9 a-j)" \
		--context "filling the memory dir for the benchmark" >/dev/null
done
# A memory dir with 3 items: the hook lists and dedups, parks nothing.
MEM3=$W/mem3
for i in one two three; do
	OPENLOOP_MEMORY_DIR=$MEM3 "$OL" park --kind side-idea --idea "side idea $i" --context "benchmarking" >/dev/null
done
# An empty memory dir for the runs that park; --prepare empties it.
MEMP=$W/memp
mkdir -p "$MEMP"
# The item archive closes; --prepare puts it back before every run.
MEMA=$W/mema
OPENLOOP_MEMORY_DIR=$MEMA "$OL" park --kind deferred --idea "archive me please" --context "benchmarking archive" >/dev/null
ITEMA=$(ls "$MEMA"/session-open-*.md)
cp "$ITEMA" "$W/item-a.md"

# Transcripts whose last message asks nothing, so that "nothing to park"
# parks nothing; the 1 GB one is the same lines repeated.
"$W/mktranscript" -size 256K -o "$W/small.jsonl"
echo "building the 1 GB transcript…" >&2
"$W/mktranscript" -size 1G -o "$W/big.jsonl"
ls -l "$W/big.jsonl" >&2

payload() { # event session transcript extra-json
	printf '{"session_id":"%s","transcript_path":"%s","cwd":"%s","permission_mode":"default","hook_event_name":"%s"%s}\n' \
		"$2" "$3" "$PROJ" "$1" "$4"
}
payload UserPromptSubmit s-none "$W/small.jsonl" ',"prompt":"Now add request logging to the payments service"' >"$W/ups-none.json"
payload UserPromptSubmit s-park "$W/small.jsonl" ',"prompt":"Let'"'"'s come back to the retry budget for the upload client later; first fix the auth bug."' >"$W/ups-park.json"
payload UserPromptSubmit s-none-big "$W/big.jsonl" ',"prompt":"Now add request logging to the payments service"' >"$W/ups-none-big.json"
payload UserPromptSubmit s-park-big "$W/big.jsonl" ',"prompt":"Let'"'"'s come back to the retry budget for the upload client later; first fix the auth bug."' >"$W/ups-park-big.json"
printf '{"session_id":"s-notr","cwd":"%s","hook_event_name":"UserPromptSubmit","prompt":"Now add request logging to the payments service"}\n' "$PROJ" >"$W/ups-none-notr.json"
payload Stop s-stop "$W/small.jsonl" ',"stop_hook_active":false,"last_assistant_message":"The refresh race is fixed and TestRefresh passes.\n\nOne thing before I go further: should expired refresh tokens return **401** or **403** to the client?"' >"$W/stop.json"
payload SessionEnd s-end "$W/small.jsonl" ',"reason":"prompt_input_exit"' >"$W/end.json"

if (cd "$PROJ" && OPENLOOP_MEMORY_DIR=$W/memprobe "$OL" hook <"$W/ups-none.json" >/dev/null 2>&1); then
	has_hook=1
fi
# (not grep -q: it exits at the first match, and with pipefail the
# SIGPIPE that openloop then gets would fail the test)
if "$OL" help 2>/dev/null | grep '^  summary' >/dev/null; then
	has_summary=1
	echo "building the 20,000-commit repository…" >&2
	"$W/mkrepo" -n 20000 -o "$W/repo"
	# A second, small repository whose transcript folder holds two 200 MB
	# sessions: one with task tools, one without (Completed then comes
	# from the requests). Claude Code's folder name: every character that
	# is not an ASCII letter or digit becomes "-".
	"$W/mkrepo" -n 20 -o "$W/repo2"
	TDIR2=$HOME/.claude/projects/$(printf '%s' "$W/repo2" | sed 's/[^A-Za-z0-9]/-/g')
	mkdir -p "$TDIR2"
	echo "building the 200 MB transcripts…" >&2
	"$W/mktranscript" -size 200M -o "$TDIR2/tasks-200m.jsonl"
	"$W/mktranscript" -size 200M -notasks -o "$TDIR2/notasks-200m.jsonl"
fi

# --- measurements -------------------------------------------------------
# Debian's hyperfine (1.15) has no --input, so every command runs through
# sh with a redirect; hyperfine measures the shell's own start-up and
# subtracts it, the same way for the floor and for openloop.
HF=(hyperfine --style basic --warmup "$WARMUP" --runs "$RUNS")

cmds=() names=() preps=()
# add queues one case after running it once and checking that it does what
# its name says: "quiet" (prints nothing), or a text its output holds.
add() { # name prepare command [expected]
	names+=("$1")
	preps+=("$2")
	cmds+=("$3")
	[ -n "${4:-}" ] || return 0
	local out
	out=$(cd "$PROJ" && sh -c "$2" && sh -c "$3" 2>&1) || {
		echo "bench: case \"$1\" failed: $out" >&2
		exit 1
	}
	case "$4:$out" in
	quiet:) ;;
	quiet:*) echo "bench: case \"$1\" should print nothing, printed: $out" >&2; exit 1 ;;
	*) case $out in *"$4"*) ;; *) echo "bench: case \"$1\" should print \"$4\", printed: $out" >&2; exit 1 ;; esac ;;
	esac
}
run_group() { # group
	local args=("${HF[@]}" --export-json "$OUT/$1.json")
	for i in "${!cmds[@]}"; do
		args+=(--prepare "${preps[$i]}")
	done
	for i in "${!cmds[@]}"; do
		args+=(-n "${names[$i]}" "${cmds[$i]}")
	done
	(cd "$PROJ" && "${args[@]}") | tee "$OUT/$1.txt" >&2
	cmds=() names=() preps=()
}

E="OPENLOOP_MEMORY_DIR"
add "floor (reads stdin, exits)" ":" "$W/floor <$W/ups-none.json"
add "floor + required libraries (bench/depfloor: gjson, yaml.v3, go-git linked)" ":" "$W/depfloor <$W/ups-none.json"
add "openloop --version (start-up alone)" ":" "$OL --version <$W/ups-none.json"
if [ $has_hook = 1 ]; then
	add "hook UserPromptSubmit, nothing to park, no transcript" ":" "$E=$MEM3 $OL hook <$W/ups-none-notr.json" quiet
	add "hook UserPromptSubmit, nothing to park" ":" "$E=$MEM3 $OL hook <$W/ups-none.json" quiet
	add "hook UserPromptSubmit, parks one item" "rm -f $MEMP/session-open-*.md" "$E=$MEMP $OL hook <$W/ups-park.json" '"systemMessage":"parked: '
	add "hook UserPromptSubmit, nothing to park, 1 GB transcript" ":" "$E=$MEM3 $OL hook <$W/ups-none-big.json" quiet
	add "hook UserPromptSubmit, parks one item, 1 GB transcript" "rm -f $MEMP/session-open-*.md" "$E=$MEMP $OL hook <$W/ups-park-big.json" '"systemMessage":"parked: '
	add "hook UserPromptSubmit at the 10-item cap" ":" "$E=$MEM10 $OL hook <$W/ups-park.json" "10 items are open"
	add "hook Stop" ":" "$E=$MEM3 $OL hook <$W/stop.json" quiet
	add "hook SessionEnd" ":" "$E=$MEM3 $OL hook <$W/end.json" quiet
fi
add "peer: python3 parses payload + reads transcript tail" ":" "$PY $REPO/bench/peer_hook.py <$W/ups-none.json"
add "peer: python3, 1 GB transcript" ":" "$PY $REPO/bench/peer_hook.py <$W/ups-none-big.json"
run_group hook

add "floor (reads stdin, exits)" ":" "$W/floor </dev/null"
add "resume, 10 items" ":" "$E=$MEM10 $OL resume </dev/null" "## Session Pending"
add "resume --json, 10 items" ":" "$E=$MEM10 $OL resume --json </dev/null"
add "archive (item re-created before each run)" "cp $W/item-a.md $ITEMA" "$E=$MEMA $OL archive archive me please </dev/null" "Archived: "
add "peer: seed's find + stat listing, 10 items" ":" "MEMORY_DIR=$MEM10 sh $REPO/bench/peer_list.sh </dev/null"
if [ $has_summary = 1 ]; then
	add "summary, 20,000-commit repository (.temp/ emptied before each run)" "rm -rf $W/repo/.temp" "cd $W/repo && $E=$MEM10 $OL summary </dev/null"
	add "summary, 200 MB transcript with task tools" "rm -rf $W/repo2/.temp" "cd $W/repo2 && $E=$MEM10 $OL summary --session tasks-200m </dev/null" "Session summary"
	add "summary, 200 MB transcript, no task tools (Completed from the requests)" "rm -rf $W/repo2/.temp" "cd $W/repo2 && $E=$MEM10 $OL summary --session notasks-200m </dev/null" "Session summary"
fi
run_group commands

# --- peak RSS -----------------------------------------------------------
rss() { # name stdin command…
	local name=$1 in=$2
	shift 2
	/usr/bin/time -v -o "$W/time.txt" "$@" <"$in" >/dev/null 2>&1 || true
	printf '%s\t%s\n' "$name" "$(awk -F': ' '/Maximum resident set size/ {print $2}' "$W/time.txt")"
}
(
	cd "$PROJ"
	rss "floor" "$W/ups-none.json" "$W/floor"
	if [ $has_hook = 1 ]; then
		rss "hook UserPromptSubmit, small transcript" "$W/ups-none.json" env $E=$MEM3 "$OL" hook
		rss "hook UserPromptSubmit, 1 GB transcript" "$W/ups-none-big.json" env $E=$MEM3 "$OL" hook
	fi
	rss "resume, 10 items" /dev/null env $E=$MEM10 "$OL" resume
	rss "peer: python3 hook" "$W/ups-none.json" "$PY" "$REPO/bench/peer_hook.py"
	rss "peer: python3 hook, 1 GB transcript" "$W/ups-none-big.json" "$PY" "$REPO/bench/peer_hook.py"
) >"$OUT/rss.tsv"

{
	echo "- machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(go version | cut -d' ' -f3-)"
	echo "- hyperfine $(hyperfine --version | cut -d' ' -f2), $RUNS runs after $WARMUP warm-up runs per command; $(date -u +%FT%TZ)"
	echo "- load average when the run ended: $(cut -d' ' -f1-3 /proc/loadavg)"
	[ $has_hook = 1 ] || echo "- the hook is not built in this checkout: its rows are missing"
	[ $has_summary = 1 ] || echo "- summary is not built in this checkout: its row is missing"
} >"$OUT/machine.md"
# --- start-up cost ------------------------------------------------------
if [ $has_hook = 1 ]; then
	(cd "$PROJ" && OPENLOOP_MEMORY_DIR=$MEM3 "$PY" "$REPO/bench/inittrace.py" -n 20 --stdin "$W/ups-none.json" -- "$OL" hook) >"$OUT/inittrace.md"
fi

"$PY" "$REPO/bench/report.py" "$OUT" | tee "$OUT/table.md"
