package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runTimeout bounds one claude run; a normal one takes about 3 s.
const runTimeout = 90 * time.Second

// Project is one throwaway user: a HOME of its own, a project folder, a
// fake API with a script, and openloop set up in the project.
type Project struct {
	t      *testing.T
	Home   string // throwaway $HOME
	Dir    string // the project folder claude runs in
	API    *FakeAPI
	Bin    string // the openloop binary
	Claude string // the claude binary
	// Debug makes every run write Claude Code's debug log into HOME
	// (debug-<n>.txt); it is where UserPromptSubmit hook durations show.
	Debug bool
	// ExtraEnv is added to the environment of every claude run.
	ExtraEnv []string
	runs     int
	stderrs  []string // claude's stderr of every run
	notices  []string // see Notices
}

// Result is what `claude -p … --output-format json` printed.
type Result struct {
	SessionID string `json:"session_id"`
	Result    string `json:"result"`
	IsError   bool   `json:"is_error"`
	Subtype   string `json:"subtype"`
}

// NewProject makes a throwaway HOME with a project folder in it, starts a
// fake API serving script, and sets openloop up in the project with
// `openloop install`, exactly as a user would (see setupOpenloop for the
// OPENLOOP_E2E_NOHOOKS knob).
//
// It is installed with --no-assist: the hook parks on its own, which is
// what most scenarios here show (with assist, the default, the hook names
// the loop to Claude instead and Claude parks: NewAssistProject).
func NewProject(t *testing.T, script ...Reply) *Project {
	t.Helper()
	p := newBareProject(t, script...)
	setupOpenloop(p, "--no-assist")
	return p
}

// NewAssistProject is NewProject with the default install: assist, where
// Claude is given the parking rule and the hook's nudges, and parks.
//
// The folder is trusted, as it is for a user who accepted Claude Code's
// trust dialog there: until then Claude Code 2.1.332 ignores the project's
// permissions.allow (it says so on stderr, even under -p, where hooks do
// run), and Claude's park would need the user's yes.
func NewAssistProject(t *testing.T, script ...Reply) *Project {
	t.Helper()
	p := newBareProject(t, script...)
	setupOpenloop(p)
	trust, err := json.Marshal(map[string]any{"projects": map[string]any{p.Dir: map[string]any{"hasTrustDialogAccepted": true}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(p.Home, ".claude.json"), trust, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// newBareProject is a project without openloop.
func newBareProject(t *testing.T, script ...Reply) *Project {
	t.Helper()
	requireE2E(t)
	tmp := t.TempDir()
	p := &Project{
		t:      t,
		Home:   filepath.Join(tmp, "home"),
		Dir:    filepath.Join(tmp, "home", "src", "acme-api"),
		API:    NewFakeAPI(t, script...),
		Bin:    os.Getenv(envBin),
		Claude: os.Getenv(envClaude),
	}
	if err := os.MkdirAll(p.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.checkQuiet)
	return p
}

// env is the whole environment of a claude run: nothing leaks in from the
// developer's own set-up.
func (p *Project) env() []string {
	return append([]string{
		"HOME=" + p.Home,
		"PATH=" + filepath.Dir(p.Bin) + ":/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
		"TZ=UTC",
		"LANG=C.UTF-8",
		"ANTHROPIC_BASE_URL=" + p.API.URL(),
		"ANTHROPIC_API_KEY=sk-ant-e2e-fake",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"DISABLE_AUTOUPDATER=1",
	}, p.ExtraEnv...)
}

// Ask starts a new session with prompt.
func (p *Project) Ask(prompt string) Result {
	p.t.Helper()
	return p.claude("-p", prompt, "--output-format", "json")
}

// Resume continues session id with prompt.
func (p *Project) Resume(id, prompt string) Result {
	p.t.Helper()
	return p.claude("-p", "--resume", id, prompt, "--output-format", "json")
}

// claude runs the CLI once and decodes its JSON result.
func (p *Project) claude(args ...string) Result {
	p.t.Helper()
	p.runs++
	if p.Debug {
		args = append(args, "--debug-file", filepath.Join(p.Home, fmt.Sprintf("debug-%d.txt", p.runs)))
	}
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.Claude, args...)
	cmd.Dir = p.Dir
	cmd.Env = p.env()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	p.t.Logf("claude %s: %v (%s)", strings.Join(quoteAll(args), " "), err, time.Since(start).Round(time.Millisecond))
	if stderr.Len() > 0 {
		p.stderrs = append(p.stderrs, stderr.String())
		p.t.Logf("claude stderr:\n%s", stderr.Bytes())
	}
	var r Result
	if jerr := json.Unmarshal(lastLine(stdout.Bytes()), &r); jerr != nil {
		p.t.Fatalf("claude printed no JSON result (%v): %v\nstdout:\n%s", err, jerr, stdout.Bytes())
	}
	if err != nil || r.IsError || r.SessionID == "" {
		p.t.Fatalf("claude run failed: %v\nresult: %+v", err, r)
	}
	return r
}

// cli runs a claude subcommand (e.g. "plugin install …") with the
// project's environment and fails the test when it fails.
func (p *Project) cli(args ...string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.Claude, args...)
	cmd.Dir = p.Dir
	cmd.Env = p.env()
	out, err := cmd.CombinedOutput()
	p.t.Logf("claude %s: %v\n%s", strings.Join(quoteAll(args), " "), err, out)
	if err != nil {
		p.t.Fatalf("claude %s failed", strings.Join(args, " "))
	}
	return string(out)
}

// Openloop runs the openloop binary in the project with the run's HOME.
func (p *Project) Openloop(args ...string) string {
	p.t.Helper()
	cmd := exec.Command(p.Bin, args...)
	cmd.Dir = p.Dir
	cmd.Env = p.env()
	out, err := cmd.CombinedOutput()
	if err != nil {
		p.t.Fatalf("openloop %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func lastLine(b []byte) []byte {
	b = bytes.TrimSpace(b)
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		return b[i+1:]
	}
	return b
}

func quoteAll(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if strings.ContainsAny(a, " '\"$;`") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		out[i] = a
	}
	return out
}
