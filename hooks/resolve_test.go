package hooks

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openloop/openloop/pkg/config"
)

// One event resolves its project once and reads the user's settings once,
// however many of its steps ask (detection, the candidate, the park, the
// assist tier, the take-up check). Resolve is counted by its one lookup of
// $OPENLOOP_MEMORY_DIR, the settings by the one line a bad file gives on
// each read.
func TestEventResolvesOnce(t *testing.T) {
	cfg, dir := testConfig(t)
	home := filepath.Join(dir, "home")
	resolves := 0
	cfg.Getenv = func(k string) string {
		if k == "OPENLOOP_MEMORY_DIR" {
			resolves++
			return ""
		}
		if k == "HOME" {
			return home
		}
		return ""
	}
	cfg.Assist = true
	if err := os.MkdirAll(filepath.Dir(config.Path(filepath.Join(home, ".claude"))), 0o700); err != nil {
		t.Fatal(err)
	}
	// Bad but not fatal: each read says so in one line, and the defaults
	// (assist on, compact context on) are used.
	if err := os.WriteFile(config.Path(filepath.Join(home, ".claude")), []byte(`{"assist": "no"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	var warn bytes.Buffer
	cfg.Warn = &warn
	payload := func(event, fields string) string {
		return fmt.Sprintf(`{"hook_event_name":%q,"session_id":"s","cwd":%q,%s}`, event, dir, fields)
	}
	// With assist the hook parks nothing on its own (it nudges): the
	// parks run without it.
	tests := []struct {
		name, payload, want string // want: a part of the output
		assist              bool
	}{
		{"SessionStart after a compaction", payload("SessionStart", `"source":"compact"`), "openloop is installed", true},
		{"a prompt that parks", payload("UserPromptSubmit", `"prompt":"let's come back to the retry budget later"`), "openloop parked", false},
		{"a prompt that takes it up", payload("UserPromptSubmit", `"prompt":"ok, now the retry budget"`), "this takes up the parked", false},
		{"a prompt the hook would park, with assist", payload("UserPromptSubmit", `"prompt":"let's come back to the webhook signing later"`), "possible deferral", true},
		{"a prompt that leaves a candidate", payload("UserPromptSubmit", `"prompt":"I think we should also support dark mode eventually"`), "possible", true},
		{"a Stop that parks Claude's deferral", payload("Stop", `"last_assistant_message":"Done. I'll leave the dark mode toggle for a follow-up PR."`), "openloop parked", false},
		{"a Stop with assist", payload("Stop", `"last_assistant_message":"Done. I'll leave the flaky upload test for a follow-up PR."`), "", true},
		{"SessionEnd", payload("SessionEnd", `"reason":"exit"`), "", true},
	}
	for _, tt := range tests {
		resolves = 0
		warn.Reset()
		cfg.Assist = tt.assist
		out, err := Handle(cfg, strings.NewReader(tt.payload))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		b, err := out.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), tt.want) {
			t.Errorf("%s: output %q does not hold %q: the case does not test what it says", tt.name, b, tt.want)
		}
		if resolves != 1 {
			t.Errorf("%s: the project was resolved %d times, want 1", tt.name, resolves)
		}
		if n := strings.Count(warn.String(), "\n"); n > 1 {
			t.Errorf("%s: the settings were read %d times (%q), want at most once", tt.name, n, warn.String())
		}
	}
}
