package e2etest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/openloop/openloop/internal/memtest"
	"github.com/openloop/openloop/pkg/cli"
	"github.com/openloop/openloop/pkg/store"
)

// hookPayload is one UserPromptSubmit event for the project.
func (p *proj) hookPayload(session, transcript, prompt string) []byte {
	b, _ := json.Marshal(map[string]any{
		"session_id": session, "transcript_path": transcript, "cwd": p.Root,
		"permission_mode": "default", "hook_event_name": "UserPromptSubmit", "prompt": prompt,
	})
	return b
}

// plainTranscript writes a short transcript whose last message asks nothing.
func plainTranscript(t *testing.T, dir string) string {
	path := filepath.Join(dir, "session.jsonl")
	writeFile(t, path, `{"type":"user","message":{"role":"user","content":"Fix the auth bug."},"uuid":"u1"}`+"\n"+
		`{"type":"assistant","message":{"model":"claude-sonnet-5","role":"assistant","content":[{"type":"text","text":"Fixed: the middleware now holds the lock while it refreshes."}]},"uuid":"a1"}`+"\n")
	return path
}

// hookOut is what a hook printed.
type hookOut struct {
	SystemMessage string `json:"systemMessage"`
}

// Fifty hook processes at once, each deferring a different idea in its
// prompt: exactly MaxOpen items are parked, every file parses, every hook
// exits 0, and the others say the cap refused them.
func TestConcurrentHooks(t *testing.T) {
	p := newProj(t)
	tr := plainTranscript(t, p.Home)
	const n = 50
	var argv [][]string
	var stdin [][]byte
	for i := range n {
		prompt := fmt.Sprintf("Let's come back to the %s cache layer later; first fix the auth bug.", words(i))
		argv = append(argv, []string{"hook"})
		stdin = append(stdin, p.hookPayload(fmt.Sprintf("s-%d", i), tr, prompt))
	}
	res := startAll(p, argv, stdin)
	// On a loaded machine a hook may give up after its lock wait
	// (hooks.LockWaits: 1 s), with exit 1 and one error line saying so; its prompt
	// goes through and nothing is written. It is delivered again, alone, as
	// the user's next prompt would be, and the cap must still hold.
	retried := 0
	for i, r := range res {
		if r.Err == nil && r.Code == 1 && r.Stdout == "" && strings.Contains(r.Stderr, store.ErrLocked.Error()) {
			retried++
			res[i] = p.run(stdin[i], argv[i]...)
		}
	}
	t.Logf("%d of %d hooks gave up on the lock and were run again", retried, n)
	parked, refused := 0, 0
	for i, r := range res {
		var o hookOut
		if r.Err != nil || r.Code != 0 || r.Stderr != "" || json.Unmarshal([]byte(r.Stdout), &o) != nil {
			t.Errorf("hook %d: exit %d %v\nstdout: %s\nstderr: %s", i, r.Code, r.Err, r.Stdout, r.Stderr)
			continue
		}
		switch {
		case strings.HasPrefix(o.SystemMessage, "openloop parked "):
			parked++
		case strings.HasPrefix(o.SystemMessage, "openloop: 10 items are open, so ") && strings.Contains(o.SystemMessage, " was not parked."):
			refused++
		default:
			t.Errorf("hook %d: %q", i, o.SystemMessage)
		}
	}
	if parked != store.MaxOpen || refused != n-store.MaxOpen {
		t.Errorf("parked %d, refused %d; want %d and %d", parked, refused, store.MaxOpen, n-store.MaxOpen)
	}
	if items := checkItems(t, p.Mem); len(items) != store.MaxOpen {
		t.Errorf("%d items on disk, want %d", len(items), store.MaxOpen)
	}
	noTemps(t, p.Mem)
}

// A transcript with one 100 MB line, then Claude's last message asking a
// question: the hook reads a bounded tail, still finds the message, and
// exits 0. With the huge line last (still being written), it parks nothing
// and exits 0. The binary is run for the behaviour; the same hook is run
// in this process for its peak memory (see memtest: a child's peak RSS
// cannot be read cleanly), which stays far below the line's size.
func TestHookHugeTranscriptLine(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 200 MB; skipped with -short")
	}
	p := newProj(t)
	huge := `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"` +
		strings.Repeat("x", 100<<20) + `"}]},"uuid":"u2"}`
	ask := `{"type":"assistant","message":{"model":"claude-sonnet-5","role":"assistant","content":[{"type":"text","text":"Tests pass. Want me to add a retry budget to the upload client?"}]},"uuid":"a2"}`
	start := `{"type":"user","message":{"role":"user","content":"Fix the auth bug."},"uuid":"u1"}`
	cases := []struct {
		name, body string
		parks      bool
	}{
		{"huge line then question", start + "\n" + huge + "\n" + ask + "\n", true},
		{"huge line last, unterminated", start + "\n" + ask + "\n" + huge, false},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := filepath.Join(p.Home, "big.jsonl")
			writeFile(t, tr, c.body)
			defer os.Remove(tr)
			// A deferral that only points parks what Claude offered, so it
			// parks only when Claude's message was read.
			payload := p.hookPayload(fmt.Sprintf("s-big-%d", i), tr, "park that for later, let's ship the fix first")
			r := p.run(payload, "hook")
			if r.Err != nil || r.Code != 0 || r.Stderr != "" {
				t.Fatalf("hook: exit %d %v\n%s%s", r.Code, r.Err, r.Stdout, r.Stderr)
			}
			if got := strings.Contains(r.Stdout, `"openloop parked `); got != c.parks {
				t.Errorf("parked = %v, want %v; stdout: %s", got, c.parks, r.Stdout)
			}

			mem := filepath.Join(t.TempDir(), "mem")
			var code int
			grew, err := memtest.PeakGrowth(func() {
				code = p.runInProcess(payload, mem, "hook")
			})
			if errors.Is(err, memtest.ErrUnsupported) {
				t.Skipf("peak RSS not measured: %v", err)
			}
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("peak RSS grew %.1f MB", float64(grew)/(1<<20))
			if code != 0 {
				t.Errorf("in-process hook: exit %d", code)
			}
			if grew > 32<<20 {
				t.Errorf("peak RSS grew %d MB: the hook read far more than a bounded tail", grew>>20)
			}
		})
	}
}

// runInProcess runs openloop's command line in this process, with the
// project's environment and the memory dir mem, and returns its exit code;
// its output is discarded.
func (p *proj) runInProcess(stdin []byte, mem string, args ...string) int {
	env := map[string]string{"HOME": p.Home, "TZ": "UTC", "OPENLOOP_MEMORY_DIR": mem}
	return cli.Run(&cli.Env{
		Stdin: bytes.NewReader(stdin), Stdout: io.Discard, Stderr: io.Discard,
		Getenv: func(k string) string { return env[k] }, Now: time.Now, Cwd: p.Root,
	}, args)
}

// event is a hook payload for the project: the fields given, and cwd.
func (p *proj) event(fields map[string]any) []byte {
	m := map[string]any{"cwd": p.Root}
	for k, v := range fields {
		m[k] = v
	}
	b, err := json.Marshal(m)
	if err != nil {
		p.t.Fatal(err)
	}
	return b
}

// Under an address-space limit (ulimit -v), a payload near the 64 MB limit
// does not kill the hook: it exits 0. Reading the payload whole and parsing
// it needed about three times its size, and the Go runtime's out-of-memory
// exit is status 2, the code that erases the prompt. Go itself needs about
// 750 MB of address space to start; where a small payload cannot run under
// the limit, the test is skipped.
func TestHookUnderMemoryLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 60 MB; skipped with -short")
	}
	if runtime.GOOS != "linux" {
		t.Skip("ulimit -v: linux only")
	}
	p := newProj(t)
	const limitKB = 800 << 10
	limited := func(c *exec.Cmd) {
		c.Args = []string{"sh", "-c", fmt.Sprintf(`ulimit -v %d && exec "$0" hook`, limitKB), bin}
		c.Path = "/bin/sh"
	}
	run := func(payload []byte) result { return p.runWith(hangGuard, limited, payload, "hook") }
	if r := run(p.hookPayload("probe", "", "hello")); r.Err != nil || r.Code != 0 {
		t.Skipf("openloop cannot start under ulimit -v %d here: exit %d %v %.200s", limitKB, r.Code, r.Err, r.Stderr)
	}
	prompt := strings.Repeat("let us come back to the \"retry budget\" later, a pasted log line é\n", (60<<20)/70)
	r := run(p.hookPayload("big", "", prompt))
	if r.Err != nil || r.Code != 0 || r.Stderr != "" {
		t.Errorf("60 MB payload under ulimit -v %d: exit %d %v\n%.300s", limitKB, r.Code, r.Err, r.Stderr)
	}
}

// Hostile payloads on stdin: each exits with exactly the code the contract
// names (1 for what is not a hook event, 0 for the rest; never 2, which
// would erase the prompt), prints nothing or one JSON object, and writes
// nothing outside the memory dir.
func TestHookHostilePayloads(t *testing.T) {
	p := newProj(t)
	tr := plainTranscript(t, p.Home)
	deep := 3 << 20
	payloads := map[string]struct {
		payload []byte
		code    int
	}{
		"empty":               {nil, 1},
		"not json":            {[]byte("let's come back to this later"), 1},
		"array":               {[]byte(`[{"hook_event_name":"UserPromptSubmit"}]`), 1},
		"nested 3M":           {[]byte(`{"hook_event_name":"UserPromptSubmit","prompt":"x","a":` + strings.Repeat("[", deep) + strings.Repeat("]", deep) + `}`), 1},
		"70 MB":               {append(p.hookPayload("s", tr, strings.Repeat("a ", 35<<20)), ' '), 1},
		"NUL in prompt":       {p.hookPayload("s", tr, "let's come back to the nul\x00byte cache later"), 0},
		"bad utf8":            {[]byte(`{"hook_event_name":"UserPromptSubmit","cwd":"` + p.Root + `","prompt":"let's come back to the ` + "\xff\xfe" + ` cache later"}`), 0},
		"bad escape":          {[]byte(`{"hook_event_name":"UserPromptSubmit","cwd":"` + p.Root + `","prompt":"let's come back to the \xff cache later"}`), 1},
		"path session":        {p.hookPayload("../../../outside/evil", tr, "let's come back to the session cache later"), 0},
		"transcript is a dir": {p.hookPayload("s", p.Outside, "hello"), 0},
		"transcript outside":  {p.hookPayload("s", filepath.Join(p.Outside, "precious.txt"), "hello"), 0},
		"cwd outside":         {bytes.Replace(p.hookPayload("s", tr, "let's come back to the cwd cache later"), []byte(p.Root), []byte(p.Outside), 1), 0},
		"unknown event":       {[]byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash"}`), 0},
		"stop no msg":         {[]byte(`{"hook_event_name":"Stop","session_id":"../x","cwd":"` + p.Root + `"}`), 0},
	}
	before := snapshot(t, p.Outside)
	for name, c := range payloads {
		r := p.run(c.payload, "hook")
		if r.Err != nil || r.Code != c.code {
			t.Errorf("%s: exit %d %v, want %d\n%.300s", name, r.Code, r.Err, c.code, r.Stderr)
			continue
		}
		if r.Code == 1 && (!strings.HasPrefix(r.Stderr, "openloop: error: hook: ") || strings.Count(r.Stderr, "\n") != 1 || r.Stdout != "") {
			t.Errorf("%s: exit 1 without one error line:\nstdout: %.300s\nstderr: %.300s", name, r.Stdout, r.Stderr)
		}
		if r.Code == 0 && r.Stderr != "" {
			t.Errorf("%s: exit 0 with stderr %.300s", name, r.Stderr)
		}
		if r.Stdout != "" {
			var o map[string]any
			if err := json.Unmarshal([]byte(r.Stdout), &o); err != nil {
				t.Errorf("%s: stdout is not one JSON object: %.300s", name, r.Stdout)
			}
		}
		t.Logf("%-20s exit %d %.120s%.120s", name, r.Code, strings.TrimSpace(r.Stdout), strings.TrimSpace(r.Stderr))
	}
	sameSnapshot(t, before, snapshot(t, p.Outside))
	if _, err := os.Stat(p.Mem); err == nil {
		checkItemsAnyKind(t, p.Mem)
	}
}

// With thousands of stray session-open-*.md files in the memory dir, a cap
// refusal still prints a few KB: the first items, then a count of the
// others. (It once printed 7.7 MB, 3.2 MB of it into Claude's context;
// Claude Code keeps 10,000 characters of each text.)
func TestHookCapOutputIsBounded(t *testing.T) {
	p := newProj(t)
	const n = 3000
	for i := range n {
		writeFile(t, filepath.Join(p.Mem, fmt.Sprintf("session-open-stray-%04d-2026-12-01.md", i)),
			fmt.Sprintf("---\nname: stray-%04d\ndescription: %s\n---\n", i, strings.Repeat("long description ", 20)))
	}
	r := p.run(p.hookPayload("s-cap", "", "Let's come back to the retry budget for uploads later, auth first."), "hook")
	if r.Err != nil || r.Code != 0 || r.Stderr != "" {
		t.Fatalf("hook: exit %d %v\n%.300s", r.Code, r.Err, r.Stderr)
	}
	var o struct {
		SystemMessage string `json:"systemMessage"`
		Specific      struct {
			AdditionalContext string `json:"additionalContext"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal([]byte(r.Stdout), &o); err != nil {
		t.Fatalf("stdout: %v\n%.300s", err, r.Stdout)
	}
	lines := strings.Split(o.SystemMessage, "\n")
	if len(r.Stdout) > 8<<10 || len(lines) != 12 || len(o.Specific.AdditionalContext) > 2<<10 {
		t.Fatalf("stdout is %d bytes, %d message lines, context %d bytes", len(r.Stdout), len(lines), len(o.Specific.AdditionalContext))
	}
	if want := `openloop: 3000 items are open, so "retry budget for uploads" was not parked. Archive some first with /session archive <text>:`; lines[0] != want {
		t.Errorf("first line %q", lines[0])
	}
	if !strings.HasPrefix(lines[1], "- [ ] stray-") || lines[11] != "… and 2990 more" {
		t.Errorf("list:\n%s", o.SystemMessage)
	}
	if !strings.Contains(o.Specific.AdditionalContext, ": 3000 open items (") || !strings.Contains(o.Specific.AdditionalContext, ", and 2990 more); the user has not been asked yet") {
		t.Errorf("context: %s", o.Specific.AdditionalContext)
	}
}

// The state Stop saves is used once, by the next prompt only.
//
//   - The next prompt uses it: Claude's question is known from Stop even
//     when the transcript has not caught up (it is written asynchronously).
//   - Only once: a prompt that answered the question used it up; a later
//     prompt (the turn between was interrupted, so no Stop came) does not
//     read it again and re-park a question that was already answered.
func TestSavedStateRule(t *testing.T) {
	p := newProj(t)
	tr := plainTranscript(t, p.Home) // lags: its last message asks nothing
	// Claude's offer is known only from Stop's state: a deferral that only
	// points at it ("park that") parks it when the state is read, and
	// parks nothing when it is not.
	const question = "Tests pass. Want me to add a retry budget to the upload client?"
	const pointer = "park that for later, let's ship the fix first"
	stop := func(session, msg string) {
		t.Helper()
		r := p.run(p.event(map[string]any{"hook_event_name": "Stop", "session_id": session, "transcript_path": tr,
			"stop_hook_active": false, "last_assistant_message": msg}), "hook")
		if r.Err != nil || r.Code != 0 || r.Stdout != "" || r.Stderr != "" {
			t.Fatalf("Stop: exit %d %v\n%s%s", r.Code, r.Err, r.Stdout, r.Stderr)
		}
	}
	prompt := func(session, id, text string) string {
		t.Helper()
		payload := p.event(map[string]any{"hook_event_name": "UserPromptSubmit", "session_id": session, "prompt_id": id,
			"transcript_path": tr, "prompt": text})
		r := p.run(payload, "hook")
		if r.Err != nil || r.Code != 0 || r.Stderr != "" {
			t.Fatalf("prompt %q: exit %d %v\n%s", text, r.Code, r.Err, r.Stderr)
		}
		var o hookOut
		if r.Stdout != "" && json.Unmarshal([]byte(r.Stdout), &o) != nil {
			t.Fatalf("stdout %q", r.Stdout)
		}
		return o.SystemMessage
	}

	t.Run("used by the next prompt", func(t *testing.T) {
		stop("s-next", question)
		if got := prompt("s-next", "p1", pointer); got != `openloop parked "add-retry-budget-to-upload-client" · /session resume lists it, /session archive add-retry-budget-to-upload-client closes it` {
			t.Errorf("next prompt: %q; want Claude's offer parked from Stop's state", got)
		}
		// The same prompt delivered again (two registrations) reads the
		// same state and parks nothing new.
		if got := prompt("s-next", "p1", pointer); got != "" {
			t.Errorf("same prompt again: %q", got)
		}
		if r := p.run(nil, "archive", "retry budget"); r.Code != 0 {
			t.Fatalf("archive: exit %d %s%s", r.Code, r.Stdout, r.Stderr)
		}
	})
	t.Run("used once", func(t *testing.T) {
		stop("s-once", question)
		if got := prompt("s-once", "p1", "401, please."); got != "" {
			t.Errorf("answer parked %q", got)
		}
		if got := prompt("s-once", "p2", pointer); got != "" {
			t.Errorf("a later prompt re-read the used state and parked %q", got)
		}
		if items := p.itemFiles(); len(items) != 0 {
			t.Errorf("items: %v", items)
		}
	})
	t.Run("used once, though the transcript holds the message", func(t *testing.T) {
		// The transcript has caught up and ends on the same offer. Once a
		// prompt used the state, the transcript's copy must not answer for
		// a later prompt either.
		caught := filepath.Join(p.Home, "caught-up.jsonl")
		writeFile(t, caught, `{"type":"user","message":{"role":"user","content":"Fix the auth bug."},"uuid":"u1"}`+"\n"+
			`{"type":"assistant","message":{"model":"claude-sonnet-5","role":"assistant","content":[{"type":"text","text":"`+question+`"}]},"uuid":"a1"}`+"\n")
		r := p.run(p.event(map[string]any{"hook_event_name": "Stop", "session_id": "s-caught", "transcript_path": caught,
			"stop_hook_active": false, "last_assistant_message": question}), "hook")
		if r.Code != 0 || r.Stdout != "" {
			t.Fatalf("Stop: exit %d %s%s", r.Code, r.Stdout, r.Stderr)
		}
		ask := func(id, text string) string {
			r := p.run(p.event(map[string]any{"hook_event_name": "UserPromptSubmit", "session_id": "s-caught",
				"prompt_id": id, "transcript_path": caught, "prompt": text}), "hook")
			if r.Code != 0 || r.Stderr != "" {
				t.Fatalf("prompt %q: exit %d %s", text, r.Code, r.Stderr)
			}
			return r.Stdout
		}
		if out := ask("p1", "No thanks, not needed."); out != "" {
			t.Errorf("the answer parked: %s", out)
		}
		if out := ask("p2", pointer); out != "" {
			t.Errorf("a later prompt read the answered offer from the transcript and parked: %s", out)
		}
	})
	t.Run("replaced by every Stop", func(t *testing.T) {
		// A slash command skips the state, so it is still unused when the
		// next Stop comes; a Stop whose message is empty must clear it.
		stop("s-clear", question)
		if got := prompt("s-clear", "p1", "/session resume"); got != "" {
			t.Errorf("slash command parked %q", got)
		}
		stop("s-clear", "")
		if got := prompt("s-clear", "p2", pointer); got != "" {
			t.Errorf("a stale state answered for a later turn: parked %q", got)
		}
	})
}
