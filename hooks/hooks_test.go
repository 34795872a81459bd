package hooks

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openloop/openloop/pkg/store"
)

var testNow = time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)

// testConfig is a Config whose HOME and memory dir live in a temp dir.
func testConfig(t testing.TB) (Config, string) {
	dir := t.TempDir()
	env := map[string]string{"HOME": filepath.Join(dir, "home")}
	return Config{
		Getenv: func(k string) string { return env[k] },
		Now:    func() time.Time { return testNow },
		Cwd:    dir,
	}, dir
}

func TestParse(t *testing.T) {
	tests := []struct {
		in      string
		name    string
		wantErr string
	}{
		{`{"hook_event_name":"Stop","session_id":"s","cwd":"/x","extra":[1]}`, "Stop", ""},
		{`{"hook_event_name":"SomethingNew"}`, "SomethingNew", ""},
		{``, "", "stdin is not valid JSON"},
		{`{"hook_event_name":"Stop"`, "", "stdin is not valid JSON"},
		{`"Stop"`, "", "not an object"},
		{`[]`, "", "not an object"},
		{`{}`, "", "no hook_event_name"},
		{`{"hook_event_name":7}`, "7", ""},
	}
	for _, tt := range tests {
		ev, err := Parse([]byte(tt.in))
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Parse(%q) err = %v, want %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || ev.Name != tt.name {
			t.Errorf("Parse(%q) = %q, %v", tt.in, ev.Name, err)
		}
	}
}

func TestUnknownEventsDoNothing(t *testing.T) {
	cfg, dir := testConfig(t)
	for _, ev := range []string{"SessionStart", "PreToolUse", "UserPromptExpansion", "SubagentStop", "Notification"} {
		out, err := Handle(cfg, strings.NewReader(`{"hook_event_name":"`+ev+`","prompt":"let's come back to the retry budget later"}`))
		if b := mustBytes(t, out); err != nil || b != nil {
			t.Errorf("%s: out=%s err=%v", ev, b, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "home")); err == nil {
		t.Error("unknown events wrote files")
	}
}

// mustBytes renders out, failing the test on an error.
func mustBytes(t testing.TB, out *Output) []byte {
	t.Helper()
	b, err := out.Bytes()
	if err != nil {
		t.Fatalf("Bytes: %v", err)
	}
	return b
}

func TestOutputShape(t *testing.T) {
	var nilOut *Output
	if mustBytes(t, nilOut) != nil || mustBytes(t, &Output{}) != nil {
		t.Fatal("empty output printed something")
	}
	o := &Output{SystemMessage: "parked: x", Specific: &Context{HookEventName: "UserPromptSubmit", AdditionalContext: "ctx"}}
	want := `{"systemMessage":"parked: x","hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"ctx"}}` + "\n"
	if got := string(mustBytes(t, o)); got != want {
		t.Errorf("Bytes() = %s", got)
	}
}

func TestStatePath(t *testing.T) {
	for _, id := range []string{"../../etc/passwd", "a/b", "", strings.Repeat("x", 500), "ok\x00"} {
		p := statePath(stateDir("/cfg"), id)
		if filepath.Dir(p) != filepath.Join("/cfg", "openloop", "sessions") {
			t.Errorf("statePath(%q) = %q escapes", id, p)
		}
	}
	if p := statePath(stateDir("/cfg"), "7b1d6c1e-3f7a"); filepath.Base(p) != "7b1d6c1e-3f7a.json" {
		t.Errorf("plain id hashed: %s", p)
	}
}

// FuzzHandle: whatever arrives on stdin, Handle never panics, never
// returns a decision, and prints either nothing or one JSON object.
func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		`{"hook_event_name":"UserPromptSubmit","session_id":"s","prompt":"let's come back to the retry budget later"}`,
		`{"hook_event_name":"UserPromptSubmit","session_id":"s","prompt":"btw we should add a dark mode toggle at some point"}`,
		`{"hook_event_name":"Stop","session_id":"s","last_assistant_message":"Done. Should I also add tests?"}`,
		`{"hook_event_name":"Stop","session_id":"s","stop_hook_active":true}`,
		`{"hook_event_name":"SessionEnd","session_id":"s","reason":"other"}`,
		`{"hook_event_name":"Stop","session_id":"s","transcript_path":"/nonexistent/x.jsonl"}`,
		`not json`, `{}`, `[]`, `{"hook_event_name":null}`,
	} {
		f.Add([]byte(s))
	}
	cfg, _ := testConfig(f)
	f.Fuzz(func(t *testing.T, payload []byte) {
		out, err := Handle(cfg, bytes.NewReader(payload))
		b := mustBytes(t, out)
		if err != nil && b != nil {
			t.Fatalf("error %v with output %s", err, b)
		}
		if b == nil {
			return
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil || !bytes.HasPrefix(b, []byte("{")) {
			t.Fatalf("output is not one JSON object: %q", b)
		}
		if _, ok := m["decision"]; ok {
			t.Fatalf("output has a decision: %s", b)
		}
		if _, ok := m["continue"]; ok {
			t.Fatalf("output has continue: %s", b)
		}
		if !strings.HasPrefix(m["systemMessage"].(string), "openloop parked ") && !strings.HasPrefix(m["systemMessage"].(string), "openloop: ") {
			t.Fatalf("odd systemMessage: %s", b)
		}
	})
}

// TestParkPartialFailure: one entry that cannot be parked does not hide
// the ones that were; when nothing was parked the error is returned.
func TestParkPartialFailure(t *testing.T) {
	cfg, dir := testConfig(t)
	ev := Event{Cwd: dir}
	good := store.Entry{Kind: store.KindDeferred, Idea: "retry budget", Context: "auth first"}
	bad := store.Entry{Kind: store.KindDeferred, Idea: "..", Context: "x"}
	pk, err := park(cfg, ev, []store.Entry{bad, good})
	if err != nil {
		t.Fatal(err)
	}
	msg := pk.output("UserPromptSubmit", true).SystemMessage
	if !strings.HasPrefix(msg, `openloop parked "retry-budget" · /session resume lists it, /session archive retry-budget closes it`+"\n") || !strings.Contains(msg, `openloop: could not park "..": nothing to park`) {
		t.Errorf("systemMessage = %q", msg)
	}
	if _, err := park(cfg, ev, []store.Entry{bad}); err == nil {
		t.Error("all entries failed, no error")
	}
}

// TestParkedNoticeNamesTheCommand: the notice names the slash command the
// user has, /session or the plugin's /openloop:session, on one line.
func TestParkedNoticeNamesTheCommand(t *testing.T) {
	for _, c := range []struct {
		slash string
		names []string
		want  string
	}{
		{"/session", []string{"i18n"}, `openloop parked "i18n" · /session resume lists it, /session archive i18n closes it`},
		{PluginSlash, []string{"i18n"}, `openloop parked "i18n" · /openloop:session resume lists it, /openloop:session archive i18n closes it`},
		{PluginSlash, []string{"a", "b"}, `openloop parked "a", "b" · /openloop:session resume lists them, /openloop:session archive <name> closes one`},
	} {
		if got := parkedNotice(c.slash, c.names); got != c.want {
			t.Errorf("parkedNotice(%q, %q) = %q, want %q", c.slash, c.names, got, c.want)
		}
	}
}
