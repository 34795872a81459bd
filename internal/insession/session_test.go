package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeOpenloop stands in for the openloop binary, so that the figures of a
// played session are known exactly whatever pkg/detect parks this week.
// install registers its hooks in the user settings the way openloop does;
// the hook gives a rule at SessionStart and parks on its own a prompt that
// holds HOOKPARK; park writes an item file as openloop writes one.
const fakeOpenloop = `#!/bin/sh
mem="$CLAUDE_CONFIG_DIR/projects/fake/memory"
item() { # slug kind-line source
	mkdir -p "$mem"
	f="$mem/session-open-$1-2026-12-02.md"
	if [ -e "$f" ]; then echo "Already parked: $1"; return; fi
	{ echo ---; echo "name: $1"; echo "description: '$2'"; echo "type: project"; [ -n "$3" ] && echo "source: $3"; echo ---; echo; echo "$2"; } > "$f"
	echo "Parked: $1"
}
slug() { echo "$1" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9][^a-z0-9]*/-/g; s/^-//; s/-$//'; }
case "$1" in
install)
	shift; bin=""
	while [ $# -gt 0 ]; do [ "$1" = --bin ] && bin="$2"; shift; done
	c="'$bin' hook --assist # openloop"
	mkdir -p "$CLAUDE_CONFIG_DIR"
	cat > "$CLAUDE_CONFIG_DIR/settings.json" <<END
{"hooks": {
 "SessionStart": [{"matcher": "startup|resume", "hooks": [{"type": "command", "command": "$c"}]}],
 "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "$c"}]}],
 "Stop": [{"hooks": [{"type": "command", "command": "$c"}]}],
 "SessionEnd": [{"hooks": [{"type": "command", "command": "$c", "timeout": 5}]}]
}, "permissions": {"allow": ["Bash($bin park:*)"]}}
END
	echo "Installed openloop (fake)";;
hook)
	in=$(cat)
	case "$in" in
	*'"hook_event_name":"SessionStart"'*)
		printf '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"rule: park loops with %s park"}}\n' "$0";;
	*'"hook_event_name":"UserPromptSubmit"'*HOOKPARK*|*HOOKPARK*'"hook_event_name":"UserPromptSubmit"'*)
		item hook-parked-thing "Deferred: hook parked thing. Context: none." "" >/dev/null
		echo '{"systemMessage":"parked: hook-parked-thing","hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"openloop parked deferred thing"}}';;
	esac;;
park)
	shift
	while [ $# -gt 0 ]; do
		case "$1" in --kind) kind="$2";; --idea) idea="$2";; --context) ctx="$2";; --source) src="$2";; esac
		shift 2
	done
	case "$kind" in deferred) k="Deferred: $idea. Context: $ctx.";; side-idea) k="Side idea: $idea. Raised while: $ctx.";; question) k="User raised: $ctx. Pending: $idea.";; esac
	if [ "$kind" = question ]; then k="User raised: $idea. Pending: $ctx."; fi
	item "$(slug "$idea")" "$k" "$src";;
dismiss)
	rm -f "$mem"/session-open-"$(slug "$2")"-*.md; echo "Dismissed: $2";;
*)
	echo "fake openloop: $*" >&2; exit 1;;
esac
`

// testScript is a session of the harness's own, for its tests: each kind
// of loop, look-alikes, and checks of the work that a fix makes pass.
const testScript = `id: 90-harness-test
lang: en
about: the harness's own test
checks:
  - test: TestAdd
  - test: TestDueSkipsDone
  - pkg: ./reminders
  - build: true
  - file: CHANGELOG.md
    same: true
  - file: NOTES.md
messages:
  - say: Fix the bug in Due.
  - say: Let's leave the retry budget for later. Now run the tests.
    loops:
      - kind: deferred
        name: retry budget
        keys: [retry]
  - say: For now just print the list. HOOKPARK
    lookalike: scoping
  - say: Ask me which button color I want before you change it.
  - say: Something else first, add a Len method.
    loops:
      - kind: question
        name: which button color
        keys: [color]
  - say: Side thought, dark mode would be nice one day. Carry on.
    loops:
      - kind: side-idea
        name: dark mode
        keys: [dark mode]
  - say: Write the handoff note into NOTES.md.
    lookalike: handoff
  - say: Ask me whether to ship on Friday.
  - say: Moving on, run go vet.
    loops:
      - kind: question
        name: ship on friday
        keys: [friday]
`

// turn is what the fake Claude does for one message: commands it runs
// (openloop through the wrapper, from the project, as Claude Code's Bash
// tool does), files it edits, and its reply.
type turn struct {
	parks [][]string
	edit  func(t *testing.T, project string)
	reply string
}

func fixDue(t *testing.T, project string) {
	p := filepath.Join(project, "reminders", "reminders.go")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.Replace(b, []byte("if r.Due.Before(now) {"), []byte("if !r.Done && r.Due.Before(now) {"), 1)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeNotes(t *testing.T, project string) {
	if err := os.WriteFile(filepath.Join(project, "NOTES.md"), []byte("Done: Due fixed.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

var fakeClaude = []turn{
	{edit: fixDue, reply: "Fixed: Due skips done reminders; TestDueSkipsDone passes."},
	{parks: [][]string{{"park", "--source", "assist", "--kind", "deferred", "--idea", "retry budget", "--context", "fixing Due"}}, reply: "Tests pass. The retry budget is parked."},
	{reply: "Printing the list."},
	// An early park: the question is parked as it is asked, before the
	// user leaves it (message 5 does).
	{parks: [][]string{{"park", "--source", "assist", "--kind", "question", "--idea", "button color", "--context", "blue or green?"}},
		reply: "Which color do you want for the button: blue or green?"},
	{parks: [][]string{{"park", "--source", "assist", "--kind", "question", "--idea", "color of the button", "--context", "blue or green"}},
		reply: "Added Len."},
	{reply: "Carrying on."},
	{edit: writeNotes, parks: [][]string{{"park", "--source", "assist", "--kind", "deferred", "--idea", "handoff note", "--context", "writing NOTES.md"}}, reply: "Wrote NOTES.md."},
	{reply: "Shipping on Friday is your call; I will wait."},
	{reply: "go vet is clean."},
}

// newRun starts a run of testScript with the fake openloop and returns
// the run dir and start's output.
func newRun(t *testing.T, cmd string, extra ...string) (string, string) {
	t.Helper()
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "openloop")
	if err := os.WriteFile(bin, []byte(fakeOpenloop), 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(tmp, "session.yaml")
	if err := os.WriteFile(script, []byte(testScript), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(tmp, "run")
	var out, errb bytes.Buffer
	args := append([]string{cmd, "-script", script, "-dir", dir, "-bin", bin}, extra...)
	if code := run(args, &out, &errb); code != 0 {
		t.Fatalf("%s: exit %d: %s", cmd, code, errb.String())
	}
	dir, _ = filepath.EvalSymlinks(dir)
	return dir, out.String()
}

func TestPlaySession(t *testing.T) {
	dir, out := newRun(t, "start")
	for _, want := range []string{
		"You are Claude Code, at work in " + dir + "/project",
		// A script's $0 is its own path, not the wrapper's argv[0] (the real
		// binary's is: TestRealOpenloop).
		"=== context from the SessionStart hook (in your context, as Claude Code gives it) ===\nrule: park loops with " + dir + "/bin/openloop-real park\n",
		"=== user message 1 of 9 ===\nFix the bug in Due.\n",
		dir + "/bin/insession reply -dir " + dir + " -file <your reply file>",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("start's output lacks %q:\n%s", want, out)
		}
	}
	project := filepath.Join(dir, "project")
	for i, tn := range fakeClaude {
		if tn.edit != nil {
			tn.edit(t, project)
		}
		for _, p := range tn.parks {
			cmd := exec.Command(filepath.Join(dir, "bin", "openloop"), p...)
			cmd.Dir = project
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("message %d: openloop %v: %v\n%s", i+1, p, err, b)
			}
		}
		reply := filepath.Join(t.TempDir(), "reply.md")
		if err := os.WriteFile(reply, []byte(tn.reply), 0o644); err != nil {
			t.Fatal(err)
		}
		var o, e bytes.Buffer
		if code := run([]string{"reply", "-dir", dir, "-file", reply}, &o, &e); code != 0 {
			t.Fatalf("reply %d: exit %d: %s", i+1, code, e.String())
		}
		switch i + 1 {
		case 2:
			if want := "=== user message 3 of 9 ===\nFor now just print the list. HOOKPARK\n\n=== context from the UserPromptSubmit hook (in your context, as Claude Code gives it) ===\nopenloop parked deferred thing\n\n=== shown to the user only, not in your context (hook systemMessage) ===\nparked: hook-parked-thing\n"; !strings.Contains(o.String(), want) {
				t.Errorf("reply 2 printed:\n%s\nwant it to hold:\n%s", o.String(), want)
			}
		case len(fakeClaude):
			if !strings.HasSuffix(o.String(), "SESSION OVER\n") {
				t.Errorf("last reply printed %q; want SESSION OVER", o.String())
			}
		}
	}

	// The transcript alternates user and assistant lines, in Claude Code's shape.
	st, err := loadState(dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(st.Transcript)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 18 {
		t.Fatalf("transcript has %d lines; want 18", len(lines))
	}
	var prev string
	for i, l := range lines {
		var v struct {
			Type       string  `json:"type"`
			UUID       string  `json:"uuid"`
			ParentUUID *string `json:"parentUuid"`
			SessionID  string  `json:"sessionId"`
			Message    struct {
				Role string `json:"role"`
			} `json:"message"`
		}
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatal(err)
		}
		want := []string{"user", "assistant"}[i%2]
		if v.Type != want || v.Message.Role != want || v.SessionID != st.SessionID {
			t.Errorf("line %d: %s/%s of %s; want %s of %s", i+1, v.Type, v.Message.Role, v.SessionID, want, st.SessionID)
		}
		if (i == 0) != (v.ParentUUID == nil) || (i > 0 && *v.ParentUUID != prev) {
			t.Errorf("line %d: parentUuid does not chain", i+1)
		}
		prev = v.UUID
	}

	var o, e bytes.Buffer
	if code := run([]string{"score", dir}, &o, &e); code != 0 {
		t.Fatalf("score: exit %d: %s", code, e.String())
	}
	got := o.String()
	for _, want := range []string{
		"| run | session | runner | install flags | messages sent |\n| --- | --- | --- | --- | --- |\n| run | 90-harness-test | driver | (default) | 9 of 9 |\n",
		"| kind | loops | caught | recall | parks | right | precision |\n| --- | --- | --- | --- | --- | --- | --- |\n" +
			"| deferred | 1 | 1 | 1.00 | 3 | 1 | 0.33 |\n" +
			"| side-idea | 1 | 0 | 0.00 | 0 | 0 | — |\n" +
			"| question | 1 | 1 | 1.00 | 2 | 2 | 1.00 |\n" +
			"| any loop | 3 | 2 | 0.67 | 5 | 3 | 0.60 |\n",
		"1 skipped question(s) are left out: Claude's reply before them asked nothing.",
		"| who | parks | right | … of them early | copies | wrong | removed later in the session |\n| --- | --- | --- | --- | --- | --- | --- |\n" +
			"| Claude | 4 | 2 | 1 | 1 | 1 | 0 |\n" +
			"| hook UserPromptSubmit | 1 | 0 | 0 | 0 | 1 | 0 |\n",
		"| ordinary | 3 | 0 |\n| look-alike: handoff | 1 | 1 |\n| look-alike: scoping | 1 | 1 |\n| all | 5 | 2 |\n",
		"Wrong parks per 100 messages that leave no loop: **40.0**.",
		"Name token F1 against the label, mean over 2 loops caught: **0.90**.",
		"| 90-harness-test | 2 | Claude | deferred | retry-budget | retry budget | 1.00 | right |\n",
		"| 90-harness-test | 3 | hook UserPromptSubmit | deferred | hook-parked-thing |  |  | wrong (look-alike: scoping) |\n",
		"| 90-harness-test | 4 | Claude | question | button-color | which button color | 0.80 | right, early |\n",
		"| 90-harness-test | 5 | Claude | question | color-of-the-button | which button color | 0.80 | copy |\n",
		"| 90-harness-test | 7 | Claude | deferred | handoff-note |  |  | wrong (look-alike: handoff) |\n",
		"Loops missed:\n\n- 90-harness-test message 6: side-idea, dark mode\n",
		"### Cost, over 9 prompts in 1 sessions\n",
		"| Claude's openloop calls (tool calls) | 4 | 44.4 | 4.0 |\n",
		"| … of them `park` | 4 | 44.4 | 4.0 |\n",
		"| words of context from SessionStart | 6 | 66.7 | 6.0 |\n",
		"| words of context from UserPromptSubmit | 4 | 44.4 | 4.0 |\n",
		"| words of context from the hooks, all | 10 | 111.1 | 10.0 |\n",
		"| ≈ tokens of it (words × 1.35) | 14 | 155.6 | 14.0 |\n",
		"| hook runs | 20 | 222.2 | 20.0 |\n",
		"| hook runs that failed or wrote to stderr | 0 | 0.0 | 0.0 |\n",
		"| 90-harness-test | 6 of 6 |  |\n",
		"Checks passed: 6 of 6; sessions with every check passed: 1 of 1.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("score lacks:\n%s", want)
		}
	}
	if t.Failed() {
		t.Logf("score:\n%s", got)
	}
}
