package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// defaultAllowed is what a headless session may run without a prompt,
// besides the rule openloop install adds for its own park command: the
// go tool for the work, and reading and editing files.
const defaultAllowed = "Bash(go:*),Bash(gofmt:*),Read,Edit,Write,Glob,Grep"

// claudeResult is what `claude -p --output-format json` prints last.
type claudeResult struct {
	SessionID string `json:"session_id"`
	Result    string `json:"result"`
	IsError   bool   `json:"is_error"`
}

// claudeArgs is the command line of message i (1-based): `-p` and the
// message for the first, `-p --resume <id>` for every later one.
func claudeArgs(i int, sessionID, msg, permissionMode, allowed, model string) []string {
	args := []string{"-p"}
	if i > 1 {
		args = append(args, "--resume", sessionID)
	}
	args = append(args, msg, "--output-format", "json")
	if permissionMode != "" {
		args = append(args, "--permission-mode", permissionMode)
	}
	if model != "" {
		args = append(args, "--model", model)
	}
	// Last: --allowedTools takes every argument after it.
	if tools := splitList(allowed); len(tools) > 0 {
		args = append(args, append([]string{"--allowedTools"}, tools...)...)
	}
	return args
}

func splitList(s string) []string {
	var out []string
	for _, t := range strings.Split(s, ",") {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// cmdClaude plays a session with the real Claude Code CLI, headless, with
// the run's HOME, so that the hooks install wrote fire for real.
func cmdClaude(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("claude", flag.ContinueOnError)
	var f setupFlags
	f.register(fs)
	bin := fs.String("claude", "claude", "the Claude Code CLI")
	mode := fs.String("permission-mode", "acceptEdits", "the sessions' --permission-mode")
	allowed := fs.String("allowed-tools", defaultAllowed, "the sessions' --allowedTools, comma-separated")
	model := fs.String("model", "", "the sessions' --model (default: the CLI's)")
	timeout := fs.Duration("timeout", 20*time.Minute, "time limit of one message")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if os.Getenv("ANTHROPIC_API_KEY") == "" {
		fmt.Fprintln(w, "insession claude: skipped: ANTHROPIC_API_KEY is not set (the real-CLI runner needs the API)")
		return nil
	}
	st, sess, err := setup(f, "claude", w)
	if err != nil {
		return err
	}
	st.SessionID = "" // Claude Code names the session
	for i, m := range sess.Messages {
		n := i + 1
		st.Turn = n
		if err := st.save(); err != nil {
			return err
		}
		r, err := runClaude(st, *bin, claudeArgs(n, st.SessionID, m.Text(), *mode, *allowed, *model), *timeout)
		if err != nil {
			return fmt.Errorf("message %d: %w", n, err)
		}
		if r.SessionID != "" {
			st.SessionID = r.SessionID
		}
		if err := appendFile(st.replyFile(n), []byte(strings.TrimSpace(r.Result)+"\n")); err != nil {
			return err
		}
		fmt.Fprintf(w, "message %d of %d: done (session %s)\n", n, len(sess.Messages), st.SessionID)
	}
	st.Turn = len(sess.Messages) + 1
	st.Over = true
	if err := st.save(); err != nil {
		return err
	}
	fmt.Fprintf(w, "SESSION OVER; score it with: go run ./internal/insession score %s\n", st.Dir)
	return nil
}

// runClaude runs the CLI once in the project, with the run's
// environment (the API key and base URL pass through).
func runClaude(st *State, bin string, args []string, timeout time.Duration) (claudeResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = st.Project
	cmd.Env = st.env(map[string]string{"DISABLE_AUTOUPDATER": "1"})
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	log := fmt.Sprintf("$ claude %s\nexit: %v\n--- stdout\n%s\n--- stderr\n%s\n", strings.Join(args, " "), err, out.String(), errb.String())
	if lerr := appendFile(filepath.Join(st.Dir, "log", "claude.txt"), []byte(log)); lerr != nil {
		return claudeResult{}, lerr
	}
	var r claudeResult
	lines := bytes.Split(bytes.TrimSpace(out.Bytes()), []byte("\n"))
	if jerr := json.Unmarshal(lines[len(lines)-1], &r); jerr != nil {
		return r, fmt.Errorf("claude printed no JSON result (%v): %s", err, firstLine(errb.String()))
	}
	if err != nil || r.IsError {
		return r, fmt.Errorf("claude failed (%v): %s", err, firstLine(r.Result+" "+errb.String()))
	}
	if r.SessionID == "" {
		return r, errors.New("claude gave no session_id")
	}
	return r, nil
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
