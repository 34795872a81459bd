package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMatches(t *testing.T) {
	for _, c := range []struct {
		matcher, value string
		want           bool
	}{
		{"", "startup", true},
		{"*", "compact", true},
		{"startup|resume", "resume", true},
		{"startup|resume", "compact", false},
		{"startup, clear", "clear", true},
		{"start", "startup", false}, // exact, not a prefix
		{"^(startup|compact)$", "compact", true},
		{"comp.*", "compact", true}, // a regular expression, unanchored
		{"comp.*", "startup", false},
		{"[", "startup", false}, // a bad expression matches nothing
	} {
		if got := matches(c.matcher, c.value); got != c.want {
			t.Errorf("matches(%q, %q) = %v; want %v", c.matcher, c.value, got, c.want)
		}
	}
}

func TestParseHookOutput(t *testing.T) {
	for _, c := range []struct {
		event, out string
		exit       int
		ctx, msg   string
		blocked    bool
	}{
		{"UserPromptSubmit", `{"systemMessage":"parked: x","hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"openloop parked x"}}`, 0, "openloop parked x", "parked: x", false},
		{"UserPromptSubmit", "  plain text\n", 0, "plain text", "", false},
		{"Stop", "plain text", 0, "", "", false}, // plain stdout reaches Claude only on UserPromptSubmit and SessionStart
		{"SessionStart", `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"rule"}}`, 0, "rule", "", false},
		{"UserPromptSubmit", `{"systemMessage":"x"}`, 1, "", "", false}, // a failed hook gives nothing
		{"UserPromptSubmit", "", 2, "", "", true},
		{"Stop", `{"decision":"block","reason":"go on"}`, 0, "", "", true},
		{"UserPromptSubmit", `{not json`, 0, "{not json", "", false},
		{"UserPromptSubmit", "", 0, "", "", false},
	} {
		ctx, msg, blocked := parseHookOutput(c.event, c.exit, []byte(c.out))
		if ctx != c.ctx || msg != c.msg || blocked != c.blocked {
			t.Errorf("parseHookOutput(%s, %d, %q) = %q, %q, %v; want %q, %q, %v", c.event, c.exit, c.out, ctx, msg, blocked, c.ctx, c.msg, c.blocked)
		}
	}
}

func TestTokenF1(t *testing.T) {
	for _, c := range []struct {
		got, want string
		f1        float64
	}{
		{"retry-budget", "retry budget", 1},
		{"button-color", "which button color", 0.8},
		{"zeitzonen-unterst-tzung", "Zeitzonen-Unterstützung", 0.4},
		{"zeitzonen-unterstutzung", "Zeitzonen-Unterstützung", 1},
		{"item", "提醒的标签功能", 0},
		{"提醒标签", "提醒的标签功能", 0.8},
		{"the-of-for", "retry budget", 0},
		{"", "x", 0},
	} {
		if got := tokenF1(c.got, c.want); got-c.f1 > 1e-9 || c.f1-got > 1e-9 {
			t.Errorf("tokenF1(%q, %q) = %.3f; want %.3f", c.got, c.want, got, c.f1)
		}
	}
}

func TestHasKey(t *testing.T) {
	for _, c := range []struct {
		text, key string
		want      bool
	}{
		{"recurring-reminders", "recurr", true},
		{"Bestände pro Lager", "bestande", true},
		{"bestnde-pro-lager", "lager", true},
		{"把提醒导出成日历文件", "日历", true},
		{"export JSON", "json", true},
		{"export CSV", "json", false},
		{"x", "", false},
	} {
		if got := hasKey(c.text, c.key); got != c.want {
			t.Errorf("hasKey(%q, %q) = %v; want %v", c.text, c.key, got, c.want)
		}
	}
}

func TestParsePark(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       Park
	}{
		{"hook park", "---\nname: retry-budget\ndescription: Deferred - retry budget\ntype: project\n---\n\nDeferred: retry budget. Context: fixing auth first.\n\n**Why:** x\n",
			Park{Name: "retry-budget", Kind: KindDeferred, Idea: "retry budget"}},
		{"Claude's, under metadata", "---\nname: dark-mode\nmetadata:\n  type: project\n  source: assist\n---\nSide idea: dark mode. Raised while: fixing Due.\n",
			Park{Name: "dark-mode", Source: "assist", Kind: KindSide, Idea: "dark mode"}},
		{"question", "---\nname: q\nsource: assist\n---\n\nUser raised: 401 or 403. Pending: should expired tokens return 401 or 403?\n",
			Park{Name: "q", Source: "assist", Kind: KindQuestion, Idea: "401 or 403"}},
		{"damaged", "---\nname: [\n---\nDeferred: x.\n", Park{Kind: KindDeferred, Idea: "x"}},
		{"no frontmatter", "hello\n", Park{Kind: "unknown"}},
	} {
		got := *parsePark(c.text)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: parsePark = %+v; want %+v", c.name, got, c.want)
		}
	}
	for file, want := range map[string]string{
		"/m/session-open-retry-budget-2026-12-02.md":   "retry-budget",
		"/m/session-open-retry-budget-2026-12-02-3.md": "retry-budget",
		"/m/session-open-odd.md":                       "odd",
	} {
		if got := nameOfFile(file); got != want {
			t.Errorf("nameOfFile(%s) = %q; want %q", file, got, want)
		}
	}
}

func TestClaudeArgs(t *testing.T) {
	got := claudeArgs(1, "", "Fix Due.", "acceptEdits", "Bash(go:*), Read", "")
	want := []string{"-p", "Fix Due.", "--output-format", "json", "--permission-mode", "acceptEdits", "--allowedTools", "Bash(go:*)", "Read"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("first message: %q\nwant %q", got, want)
	}
	got = claudeArgs(2, "sid-1", "Now Len.", "", "", "claude-sonnet-5")
	want = []string{"-p", "--resume", "sid-1", "Now Len.", "--output-format", "json", "--model", "claude-sonnet-5"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("later message: %q\nwant %q", got, want)
	}
}

// fakeClaudeCLI stands in for the Claude Code CLI: it logs its arguments
// and the HOME it ran with, answers with a JSON result as `claude -p
// --output-format json` does, and parks once through the wrapper on PATH.
const fakeClaudeCLI = `#!/bin/sh
printf '%s\n' "HOME=$HOME" "$@" "--" >> "$FAKE_CLAUDE_LOG"
case "$*" in *retry*) openloop park --source assist --kind deferred --idea 'retry budget' --context 'fixing Due' >/dev/null;; esac
echo '{"type":"result","session_id":"sid-42","result":"Done: '"$(echo "$*" | cut -c1-20)"'","is_error":false}'
`

func TestClaudeRunner(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("ANTHROPIC_API_KEY", "")
	var out, errb bytes.Buffer
	if code := run([]string{"claude", "-session", "1", "-dir", filepath.Join(tmp, "skipped")}, &out, &errb); code != 0 {
		t.Fatalf("without a key: exit %d: %s", code, errb.String())
	}
	if want := "insession claude: skipped: ANTHROPIC_API_KEY is not set (the real-CLI runner needs the API)\n"; out.String() != want {
		t.Errorf("without a key: %q; want %q", out.String(), want)
	}
	if _, err := os.Stat(filepath.Join(tmp, "skipped")); !os.IsNotExist(err) {
		t.Errorf("without a key the run dir was made (%v)", err)
	}

	t.Setenv("ANTHROPIC_API_KEY", "sk-test")
	cli := filepath.Join(tmp, "claude")
	if err := os.WriteFile(cli, []byte(fakeClaudeCLI), 0o755); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(tmp, "claude.log")
	t.Setenv("FAKE_CLAUDE_LOG", log)
	dir, o := newRun(t, "claude", "-claude", cli, "-allowed-tools", "Read")
	if !strings.HasSuffix(o, "SESSION OVER; score it with: go run ./internal/insession score "+dir+"\n") {
		t.Errorf("claude printed:\n%s", o)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	runs := strings.Split(strings.TrimSuffix(string(b), "--\n"), "--\n")
	if len(runs) != 9 {
		t.Fatalf("%d claude runs; want 9", len(runs))
	}
	home := "HOME=" + filepath.Join(dir, "home") + "\n"
	if want := home + "-p\nFix the bug in Due.\n--output-format\njson\n--permission-mode\nacceptEdits\n--allowedTools\nRead\n"; runs[0] != want {
		t.Errorf("first run:\n%s\nwant:\n%s", runs[0], want)
	}
	if want := home + "-p\n--resume\nsid-42\nMoving on, run go vet.\n--output-format\njson\n--permission-mode\nacceptEdits\n--allowedTools\nRead\n"; runs[8] != want {
		t.Errorf("last run:\n%s\nwant:\n%s", runs[8], want)
	}
	st, err := loadState(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !st.Over || st.SessionID != "sid-42" || st.Runner != "claude" {
		t.Errorf("state after the run: %+v", st)
	}
	r, err := os.ReadFile(st.replyFile(1))
	if err != nil || string(r) != "Done: -p Fix the bug in Du\n" {
		t.Errorf("reply 1 = %q, %v", r, err)
	}
	var so, se bytes.Buffer
	if code := run([]string{"score", "-work=false", dir}, &so, &se); code != 0 {
		t.Fatalf("score: %s", se.String())
	}
	if want := "| 90-harness-test | 2 | Claude | deferred | retry-budget | retry budget | 1.00 | right |\n"; !strings.Contains(so.String(), want) {
		t.Errorf("score lacks %q:\n%s", want, so.String())
	}
}

func FuzzParsePark(f *testing.F) {
	f.Add("---\nname: a\nsource: assist\n---\n\nDeferred: x. Context: y.\n")
	f.Add("---\nname: [\n---\nUser raised: q. Pending: r.\n")
	f.Add("---\n---\n")
	f.Fuzz(func(t *testing.T, s string) {
		p := parsePark(s)
		switch p.Kind {
		case KindDeferred, KindSide, KindQuestion, "unknown":
		default:
			t.Fatalf("kind %q", p.Kind)
		}
		if utf8.ValidString(s) && !utf8.ValidString(p.Idea) {
			t.Fatalf("idea %q is not text", p.Idea)
		}
	})
}

func FuzzParseHookOutput(f *testing.F) {
	f.Add("UserPromptSubmit", 0, `{"hookSpecificOutput":{"additionalContext":"x"}}`)
	f.Add("Stop", 2, "")
	f.Fuzz(func(t *testing.T, event string, exit int, out string) {
		ctx, msg, _ := parseHookOutput(event, exit, []byte(out))
		if exit != 0 && exit != 2 && (ctx != "" || msg != "") {
			t.Fatalf("a failed hook (exit %d) gave %q, %q", exit, ctx, msg)
		}
		if event != "UserPromptSubmit" && event != "SessionStart" && ctx != "" && !strings.HasPrefix(strings.TrimSpace(out), "{") {
			t.Fatalf("plain stdout became context on %s", event)
		}
	})
}
