package e2etest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

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
	parked, refused := 0, 0
	for i, r := range res {
		var o hookOut
		if r.Err != nil || r.Code != 0 || r.Stderr != "" || json.Unmarshal([]byte(r.Stdout), &o) != nil {
			t.Errorf("hook %d: exit %d %v\nstdout: %s\nstderr: %s", i, r.Code, r.Err, r.Stdout, r.Stderr)
			continue
		}
		switch {
		case strings.HasPrefix(o.SystemMessage, "parked: "):
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
// question: the hook reads a bounded tail (its peak memory stays far below
// the line's size), still finds the question, and exits 0. With the huge
// line last (still being written), it parks nothing and exits 0.
func TestHookHugeTranscriptLine(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 200 MB; skipped with -short")
	}
	p := newProj(t)
	huge := `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"` +
		strings.Repeat("x", 100<<20) + `"}]},"uuid":"u2"}`
	ask := `{"type":"assistant","message":{"model":"claude-sonnet-5","role":"assistant","content":[{"type":"text","text":"Tests pass. Should expired refresh tokens return 401 or 403?"}]},"uuid":"a2"}`
	start := `{"type":"user","message":{"role":"user","content":"Fix the auth bug."},"uuid":"u1"}`
	cases := []struct {
		name, body string
		parks      bool
	}{
		{"huge line then question", start + "\n" + huge + "\n" + ask + "\n", true},
		{"huge line last, unterminated", start + "\n" + ask + "\n" + huge, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := filepath.Join(p.Home, "big.jsonl")
			writeFile(t, tr, c.body)
			defer os.Remove(tr)
			// Peak RSS comes from GNU time: the rusage of a child started
			// from this test would count this process's own 200 MB (Linux
			// charges the pre-exec address space to the child).
			timeOut := filepath.Join(p.Home, "time.txt")
			args := []string{"hook"}
			gnuTime := "/usr/bin/time"
			if _, err := os.Stat(gnuTime); err != nil || runtime.GOOS != "linux" {
				gnuTime = ""
			}
			ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
			defer cancel()
			cmd, out, errb := p.cmd(ctx, p.hookPayload("s-big-"+c.name[:4], tr, "Now add request logging to the payments service"), args...)
			if gnuTime != "" {
				cmd.Args = append([]string{gnuTime, "-f", "%M", "-o", timeOut, bin}, args...)
				cmd.Path = gnuTime
			}
			if err := cmd.Run(); err != nil {
				t.Fatalf("hook: %v\n%s%s", err, out, errb)
			}
			if errb.Len() != 0 {
				t.Errorf("stderr: %s", errb)
			}
			if got := strings.Contains(out.String(), `"parked: `); got != c.parks {
				t.Errorf("parked = %v, want %v; stdout: %s", got, c.parks, out)
			}
			if gnuTime == "" {
				t.Log("no /usr/bin/time: peak RSS not checked")
				return
			}
			data, err := os.ReadFile(timeOut)
			if err != nil {
				t.Fatal(err)
			}
			var kb int
			if _, err := fmt.Sscan(string(data), &kb); err != nil {
				t.Fatalf("time output %q: %v", data, err)
			}
			t.Logf("peak RSS %d MB", kb>>10)
			if kb > 50<<10 {
				t.Errorf("peak RSS %d MB: the hook read far more than a bounded tail", kb>>10)
			}
		})
	}
}

// Hostile payloads on stdin: each exits 0 or 1 (never 2, which would erase
// the prompt), prints nothing or one JSON object, and writes nothing
// outside the memory dir.
func TestHookHostilePayloads(t *testing.T) {
	p := newProj(t)
	tr := plainTranscript(t, p.Home)
	deep := 3 << 20
	payloads := map[string][]byte{
		"empty":               nil,
		"not json":            []byte("let's come back to this later"),
		"array":               []byte(`[{"hook_event_name":"UserPromptSubmit"}]`),
		"nested 3M":           []byte(`{"hook_event_name":"UserPromptSubmit","prompt":"x","a":` + strings.Repeat("[", deep) + strings.Repeat("]", deep) + `}`),
		"70 MB":               append(p.hookPayload("s", tr, strings.Repeat("a ", 35<<20)), ' '),
		"NUL in prompt":       p.hookPayload("s", tr, "let's come back to the nul\x00byte cache later"),
		"bad utf8":            []byte(`{"hook_event_name":"UserPromptSubmit","cwd":"` + p.Root + `","prompt":"let's come back to the \xff\xfe cache later"}`),
		"path session":        p.hookPayload("../../../outside/evil", tr, "let's come back to the session cache later"),
		"transcript is a dir": p.hookPayload("s", p.Outside, "hello"),
		"transcript outside":  p.hookPayload("s", filepath.Join(p.Outside, "precious.txt"), "hello"),
		"cwd outside":         bytes.Replace(p.hookPayload("s", tr, "let's come back to the cwd cache later"), []byte(p.Root), []byte(p.Outside), 1),
		"unknown event":       []byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash"}`),
		"stop no msg":         []byte(`{"hook_event_name":"Stop","session_id":"../x","cwd":"` + p.Root + `"}`),
	}
	before := snapshot(t, p.Outside)
	for name, payload := range payloads {
		r := p.run(payload, "hook")
		if r.Err != nil || (r.Code != 0 && r.Code != 1) {
			t.Errorf("%s: exit %d %v\n%.300s", name, r.Code, r.Err, r.Stderr)
			continue
		}
		if r.Code == 1 && (!strings.HasPrefix(r.Stderr, "openloop: error: hook: ") || strings.Count(r.Stderr, "\n") != 1 || r.Stdout != "") {
			t.Errorf("%s: exit 1 without one error line:\nstdout: %.300s\nstderr: %.300s", name, r.Stdout, r.Stderr)
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
