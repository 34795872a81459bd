package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openloop/openloop/hooks"
	"github.com/openloop/openloop/internal/memtest"
)

// hookEnv is an Env for one hook run with HOME in dir.
func hookEnv(dir string, stdin io.Reader) (*Env, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	env := map[string]string{"HOME": filepath.Join(dir, "home")}
	return &Env{
		Stdin: stdin, Stdout: &out, Stderr: &errb,
		Getenv: func(k string) string { return env[k] },
		Now:    func() time.Time { return time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC) },
		Cwd:    dir,
	}, &out, &errb
}

// A bad flag exits 1 (the hook's failure code), never 2 and not
// ExitUsage: the hook's code is 0 or 1 whatever the settings file says.
func TestHookBadFlagExitsOne(t *testing.T) {
	for _, args := range [][]string{{"--bogus"}, {"-memory-dir"}, {"--bogus\x1b[2J"}} {
		e, out, errb := hookEnv(t.TempDir(), strings.NewReader(`{"hook_event_name":"Stop"}`))
		code := Run(e, append([]string{"hook"}, args...))
		if code != ExitFailure || out.Len() != 0 || !strings.HasPrefix(errb.String(), "openloop: error: hook: ") {
			t.Errorf("hook %q: exit %d, stdout %q, stderr %q", args, code, out, errb)
		}
		checkHookRun(t, code, out.String(), errb.String())
	}
}

// generated is a payload of about size bytes produced as it is read, so
// the test process holds none of it: a prompt of text with escapes
// (quotes, line feeds, non-ASCII), as a long pasted log would be.
func generated(size int) io.Reader {
	head := `{"session_id":"mem","hook_event_name":"UserPromptSubmit","prompt":"`
	line := `let us come back to the \"retry budget\" later, a pasted log line 0123456789 é\n`
	n := (size - len(head)) / len(line)
	return io.MultiReader(strings.NewReader(head), &repeated{s: line, n: n}, strings.NewReader(`"}`))
}

type repeated struct {
	s   string
	n   int // lines left
	off int // offset in the current line
}

func (r *repeated) Read(p []byte) (int, error) {
	done := 0
	for done < len(p) && r.n > 0 {
		c := copy(p[done:], r.s[r.off:])
		done += c
		if r.off += c; r.off == len(r.s) {
			r.off, r.n = 0, r.n-1
		}
	}
	if done == 0 {
		return 0, io.EOF
	}
	return done, nil
}

// A payload near the size limit costs the hook no more memory than a small
// one: the whole payload is never held. Reading it whole and parsing it
// took about three times its size (over 130 MB for 60 MB), so a hook under
// a memory limit died of it with exit 2. The peak is measured in this
// process (see memtest), over the hook's whole run.
func TestHookPayloadMemoryIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 60 MB")
	}
	dir := t.TempDir()
	var code int
	var out, errb *bytes.Buffer
	grew, err := memtest.PeakGrowth(func() {
		var e *Env
		e, out, errb = hookEnv(dir, generated(60<<20))
		code = Run(e, []string{"hook"})
	})
	if errors.Is(err, memtest.ErrUnsupported) {
		t.Skipf("peak RSS not measured: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("60 MB payload: exit %d, peak RSS grew %.1f MB", code, float64(grew)/(1<<20))
	if code != ExitOK || errb.Len() != 0 {
		t.Errorf("exit %d\nstdout: %.300s\nstderr: %.300s", code, out, errb)
	}
	if grew > 24<<20 {
		t.Errorf("peak RSS grew %d MB for a 60 MB payload; the hook must not hold the payload", grew>>20)
	}
}

// Every line the hook writes on stderr is terminal-safe, whatever the
// error quotes: here a panic's value with ESC, NUL and a bidi override.
func TestHookStderrIsEscaped(t *testing.T) {
	defer func(h func(hooks.Config, io.Reader) (*hooks.Output, error)) { handleHook = h }(handleHook)
	handleHook = func(hooks.Config, io.Reader) (*hooks.Output, error) {
		panic("cwd /tmp/x\x1b[2J\x00\u202e")
	}
	e, out, errb := hookEnv(t.TempDir(), strings.NewReader(`{}`))
	if code := Run(e, []string{"hook"}); code != ExitFailure || out.Len() != 0 {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	want := `openloop: error: hook: internal error: cwd /tmp/x\x1b[2J\x00\u202e` + "\n"
	if errb.String() != want {
		t.Errorf("stderr %q\nwant   %q", errb, want)
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// checkHookRun holds every hook run to the contract: exit 0 or 1 (never
// 2, and no recovered panic), stdout empty or one bounded JSON object with
// no decision, stderr empty on success and one error line (and optional
// hints) on failure, every byte of it printable.
func checkHookRun(t *testing.T, code int, stdout, stderr string) {
	t.Helper()
	switch code {
	case ExitOK:
		if stderr != "" {
			t.Fatalf("exit 0 with stderr %q", stderr)
		}
	case ExitFailure:
		if stdout != "" || !strings.HasPrefix(stderr, "openloop: error: hook: ") || strings.Contains(stderr, "internal error") {
			t.Fatalf("exit 1: stdout %q, stderr %q", stdout, stderr)
		}
	default:
		t.Fatalf("exit %d: stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, line := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
		if line != "" && !strings.HasPrefix(line, "openloop: error: ") && !strings.HasPrefix(line, "openloop: hint: ") {
			t.Fatalf("stray stderr line %q", line)
		}
		if strings.ContainsFunc(line, func(r rune) bool { return r < 0x20 || r == 0x7f || r == '\u202e' }) {
			t.Fatalf("raw control character on stderr: %q", line)
		}
	}
	if stdout == "" {
		return
	}
	var o map[string]any
	if err := json.Unmarshal([]byte(stdout), &o); err != nil || len(stdout) > 8<<10 {
		t.Fatalf("stdout is not one bounded JSON object (%d bytes): %.300q", len(stdout), stdout)
	}
	if _, ok := o["decision"]; ok {
		t.Fatalf("stdout has a decision: %s", stdout)
	}
}

// fuzzHome is a HOME and project shared by the runs of one fuzz target.
func fuzzHome(f *testing.F) string {
	dir := f.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "home"), 0o700); err != nil {
		f.Fatal(err)
	}
	return dir
}

// FuzzHookPayload: whatever arrives on stdin, the hook exits 0 or 1 and
// reads at most MaxPayload (and one buffer) of it.
func FuzzHookPayload(f *testing.F) {
	for _, s := range []string{
		`{"hook_event_name":"UserPromptSubmit","session_id":"s","prompt":"let's come back to the retry budget later"}`,
		`{"hook_event_name":"Stop","session_id":"s","last_assistant_message":"Done. Should I also add tests?"}`,
		`{"hook_event_name":"SessionEnd","session_id":"s","reason":"other"}`,
		`{"hook_event_name":"UserPromptSubmit","cwd":"/tmp/\u001b[2J\u0000","prompt":"park the \u202e idea for later"}`,
		`not json`, `{}`, `[[[[`, `{"hook_event_name":null}`,
	} {
		f.Add([]byte(s))
	}
	dir := fuzzHome(f)
	f.Fuzz(func(t *testing.T, payload []byte) {
		in := &countingReader{r: bytes.NewReader(payload)}
		e, out, errb := hookEnv(dir, in)
		code := Run(e, []string{"hook"})
		checkHookRun(t, code, out.String(), errb.String())
		if in.n > hooks.MaxPayload+64<<10 {
			t.Fatalf("read %d bytes of stdin", in.n)
		}
	})
}

// FuzzHookTranscript: whatever the transcript holds, a prompt's hook
// exits 0 or 1. (How much of a transcript is read is checked by
// transcript.FuzzReadTail.)
func FuzzHookTranscript(f *testing.F) {
	for _, s := range []string{
		`{"type":"assistant","message":{"id":"m","role":"assistant","content":[{"type":"text","text":"Should expired tokens return 401 or 403?"}]}}` + "\n",
		`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"q","name":"AskUserQuestion","input":{"questions":[{"question":"Which DB?","options":[{"label":"a"}]}]}}]}}` + "\n",
		`{"type":"user","message":{"content":` + strings.Repeat("[", 3000) + "\n",
		"\x00\xff\n\n{",
	} {
		f.Add([]byte(s))
	}
	dir := fuzzHome(f)
	tr := filepath.Join(dir, "t.jsonl")
	payload, _ := json.Marshal(map[string]string{
		"hook_event_name": "UserPromptSubmit", "session_id": "fz", "cwd": dir, "transcript_path": tr,
		"prompt": "Now add request logging; btw we should add a dark mode toggle at some point",
	})
	f.Fuzz(func(t *testing.T, transcript []byte) {
		if err := os.WriteFile(tr, transcript, 0o600); err != nil {
			t.Fatal(err)
		}
		e, out, errb := hookEnv(dir, bytes.NewReader(payload))
		checkHookRun(t, Run(e, []string{"hook"}), out.String(), errb.String())
	})
}

// FuzzHookState: whatever the session's state file holds, a prompt's hook
// exits 0 or 1.
func FuzzHookState(f *testing.F) {
	for _, s := range []string{
		`{"assistant":"Should expired tokens return 401 or 403?"}`,
		`{"assistant":"x","used_by":"other"}`,
		`{"assistant":` + strings.Repeat("[", 5000) + `}`,
		`{"assistant":"\u202e\u001b[2J"}`, "", "\x00",
	} {
		f.Add([]byte(s))
	}
	dir := fuzzHome(f)
	state := filepath.Join(dir, "home", ".claude", "openloop", "sessions", "fz.json")
	if err := os.MkdirAll(filepath.Dir(state), 0o700); err != nil {
		f.Fatal(err)
	}
	payload, _ := json.Marshal(map[string]string{
		"hook_event_name": "UserPromptSubmit", "session_id": "fz", "cwd": dir, "prompt": "Now add request logging to the payments service",
	})
	f.Fuzz(func(t *testing.T, st []byte) {
		if err := os.WriteFile(state, st, 0o600); err != nil {
			t.Fatal(err)
		}
		e, out, errb := hookEnv(dir, bytes.NewReader(payload))
		checkHookRun(t, Run(e, []string{"hook"}), out.String(), errb.String())
	})
}
