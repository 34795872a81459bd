package cli

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/openloop/openloop/hooks"
)

// A panic inside a hook handler must not reach the runtime, which would
// exit 2 and make Claude Code erase the prompt: the hook exits 1 with one
// error line and prints nothing on stdout.
func TestHookPanicExitsOne(t *testing.T) {
	defer func(h func(hooks.Config, io.Reader) (*hooks.Output, error)) { handleHook = h }(handleHook)
	handleHook = func(hooks.Config, io.Reader) (*hooks.Output, error) {
		var m map[string]int
		m["boom"]++ // nil map write: a runtime panic
		return nil, nil
	}
	var out, errb bytes.Buffer
	e := &Env{
		Stdin: strings.NewReader(`{"hook_event_name":"UserPromptSubmit","prompt":"x"}`), Stdout: &out, Stderr: &errb,
		Getenv: func(string) string { return "" }, Now: time.Now, Cwd: t.TempDir(),
	}
	if code := Run(e, []string{"hook"}); code != ExitFailure {
		t.Errorf("exit %d, want %d", code, ExitFailure)
	}
	if out.Len() != 0 {
		t.Errorf("stdout: %q", out.String())
	}
	if got := errb.String(); !strings.HasPrefix(got, "openloop: error: hook: internal error: assignment to entry in nil map") || strings.Count(got, "\n") != 1 {
		t.Errorf("stderr: %q", got)
	}
}

// /session always exits 0, a panic in the mode it runs included.
func TestSessionPanicExitsZero(t *testing.T) {
	c := lookup("resume")
	defer func(run func(*Env, []string) int) { c.run = run }(c.run)
	c.run = func(*Env, []string) int { panic("boom") }
	var out, errb bytes.Buffer
	e := &Env{
		Stdin: strings.NewReader("resume"), Stdout: &out, Stderr: &errb,
		Getenv: func(string) string { return "" }, Now: time.Now, Cwd: t.TempDir(),
	}
	if code := Run(e, []string{"session"}); code != ExitOK {
		t.Errorf("exit %d, want 0", code)
	}
	if out.String() != "openloop: error: internal error: boom\n" || errb.Len() != 0 {
		t.Errorf("stdout %q, stderr %q", out.String(), errb.String())
	}
}
