//go:build unix

package e2etest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// A FIFO at transcript_path, or at the session's state file, does not
// hang the hook: nothing is opened that is not known to be a regular file,
// so the hook exits 0 at once and a deferral in the prompt is still parked.
// (The guard is a hang guard, not a speed assertion.)
func TestHookFIFO(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs on windows")
	}
	p := newProj(t)
	fifo := filepath.Join(p.Home, "session.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	sessions := filepath.Join(p.Home, ".claude", "openloop", "sessions")
	if err := os.MkdirAll(sessions, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(sessions, "s-fifo-state.json"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		payload []byte
		parked  string
	}{
		{"prompt, transcript FIFO", p.hookPayload("s-1", fifo, "Now add request logging to the payments service"), ""},
		{"deferral, transcript FIFO", p.hookPayload("s-2", fifo, "Let's come back to the retry budget for uploads later, auth first."), `openloop parked "retry-budget-for-uploads" · /session resume lists it, /session archive retry-budget-for-uploads closes it`},
		{"legacy Stop, transcript FIFO", p.event(map[string]any{"hook_event_name": "Stop", "session_id": "s-3", "transcript_path": fifo}), ""},
		{"prompt, state FIFO", p.hookPayload("s-fifo-state", "", "Now add request logging to the payments service"), ""},
	}
	for _, c := range cases {
		// A short guard: on a hang, this fails in 20 s rather than 60.
		r := p.runWith(20*time.Second, nil, c.payload, "hook")
		var o hookOut
		if r.Stdout != "" {
			json.Unmarshal([]byte(r.Stdout), &o)
		}
		if r.Err != nil || r.Code != 0 || r.Stderr != "" || o.SystemMessage != c.parked {
			t.Errorf("%s: exit %d %v\nstdout: %s\nstderr: %s", c.name, r.Code, r.Err, r.Stdout, r.Stderr)
		}
	}
}
