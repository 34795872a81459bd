package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// A hook handler as settings.json registers it (claude-code.md §3.1).
type handler struct {
	Type    string   `json:"type"`
	Command string   `json:"command"`
	Args    []string `json:"args"`
	Timeout float64  `json:"timeout"`
}

type matcherGroup struct {
	Matcher string    `json:"matcher"`
	Hooks   []handler `json:"hooks"`
}

// settingsFiles are the settings files Claude Code reads hooks from, for
// a session started in the project: user, shared project, project local.
func (st *State) settingsFiles() []string {
	return []string{
		filepath.Join(st.configDir(), "settings.json"),
		filepath.Join(st.Project, ".claude", "settings.json"),
		filepath.Join(st.Project, ".claude", "settings.local.json"),
	}
}

// handlersFor is every command hook registered for event whose matcher
// takes value (a SessionStart source, a SessionEnd reason), from all the
// settings files, merged and with identical handlers once, as Claude Code
// does (claude-code.md §2.4).
func (st *State) handlersFor(event, value string) ([]handler, error) {
	var out []handler
	seen := map[string]bool{}
	for _, path := range st.settingsFiles() {
		b, err := os.ReadFile(path)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var s struct {
			Hooks map[string][]matcherGroup `json:"hooks"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		for _, g := range s.Hooks[event] {
			if !matches(g.Matcher, value) {
				continue
			}
			for _, h := range g.Hooks {
				key := h.Command + "\x00" + strings.Join(h.Args, "\x00")
				if h.Type != "command" || seen[key] {
					continue
				}
				seen[key] = true
				out = append(out, h)
			}
		}
	}
	return out, nil
}

var exactMatcher = regexp.MustCompile(`^[A-Za-z0-9_ ,|-]*$`)

// matches applies a matcher as Claude Code does: empty or "*" matches
// all; letters, digits and "_ -,|" are a list of exact values; anything
// else is an unanchored regular expression.
func matches(matcher, value string) bool {
	if matcher == "" || matcher == "*" || value == "" {
		return true
	}
	if exactMatcher.MatchString(matcher) {
		for _, m := range strings.FieldsFunc(matcher, func(r rune) bool { return r == '|' || r == ',' }) {
			if strings.TrimSpace(m) == value {
				return true
			}
		}
		return false
	}
	re, err := regexp.Compile(matcher)
	return err == nil && re.MatchString(value)
}

// hookRun is one handler's run.
type hookRun struct {
	Turn          int    `json:"turn"`
	Event         string `json:"event"`
	Command       string `json:"command"`
	Exit          int    `json:"exit"`
	Stdout        string `json:"stdout,omitempty"`
	Stderr        string `json:"stderr,omitempty"`
	Context       string `json:"context,omitempty"`
	SystemMessage string `json:"system_message,omitempty"`
	Blocked       bool   `json:"blocked,omitempty"`
	Millis        int64  `json:"ms"`
}

type hookResult struct{ runs []hookRun }

func (r hookResult) context() string {
	var parts []string
	for _, h := range r.runs {
		if h.Context != "" {
			parts = append(parts, h.Context)
		}
	}
	return strings.Join(parts, "\n\n")
}

func (r hookResult) messages() string {
	var parts []string
	for _, h := range r.runs {
		if h.SystemMessage != "" {
			parts = append(parts, h.SystemMessage)
		}
	}
	return strings.Join(parts, "\n")
}

func (r hookResult) blocked() bool {
	for _, h := range r.runs {
		if h.Blocked {
			return true
		}
	}
	return false
}

// runHooks sends event, with the common fields and extra, to every
// handler registered for it, as Claude Code does: the payload on stdin,
// the project as the working directory, Claude Code's variables in the
// environment. Each run is logged in DIR/log/hooks.jsonl.
func runHooks(st *State, event string, extra map[string]any) (hookResult, error) {
	payload := map[string]any{
		"session_id":      st.SessionID,
		"transcript_path": st.Transcript,
		"cwd":             st.Project,
		"hook_event_name": event,
	}
	for k, v := range extra {
		payload[k] = v
	}
	in, err := json.Marshal(payload)
	if err != nil {
		return hookResult{}, err
	}
	value, _ := extra["source"].(string)
	if event == "SessionEnd" {
		value, _ = extra["reason"].(string)
	}
	hs, err := st.handlersFor(event, value)
	if err != nil {
		return hookResult{}, err
	}
	var res hookResult
	for _, h := range hs {
		r := runHandler(st, event, h, in)
		res.runs = append(res.runs, r)
		line, _ := json.Marshal(r)
		if err := appendFile(st.hookLog(), append(line, '\n')); err != nil {
			return res, err
		}
	}
	return res, nil
}

// timeoutFor is a handler's time limit: its own, else Claude Code's
// default for the event (claude-code.md §2.4).
func timeoutFor(event string, h handler) time.Duration {
	if h.Timeout > 0 {
		return time.Duration(h.Timeout * float64(time.Second))
	}
	switch event {
	case "UserPromptSubmit":
		return 30 * time.Second
	case "SessionEnd":
		return 1500 * time.Millisecond
	}
	return 600 * time.Second
}

func runHandler(st *State, event string, h handler, stdin []byte) hookRun {
	ctx, cancel := context.WithTimeout(context.Background(), timeoutFor(event, h))
	defer cancel()
	command := h.Command
	var cmd *exec.Cmd
	if h.Args != nil {
		cmd = exec.CommandContext(ctx, expandProjectDir(h.Command, st.Project), expandAll(h.Args, st.Project)...)
		command = h.Command + " " + strings.Join(h.Args, " ")
	} else {
		cmd = exec.CommandContext(ctx, "sh", "-c", h.Command)
	}
	cmd.Dir = st.Project
	cmd.Env = st.env(map[string]string{
		"CLAUDE_PROJECT_DIR":     st.Project,
		"CLAUDE_CODE_SESSION_ID": st.SessionID,
		"CLAUDECODE":             "1",
		"CLAUDE_CODE_ENTRYPOINT": "cli",
	})
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	t0 := time.Now()
	err := cmd.Run()
	r := hookRun{Turn: st.Turn, Event: event, Command: command, Stdout: out.String(), Stderr: errb.String(), Millis: time.Since(t0).Milliseconds()}
	if err != nil {
		r.Exit = -1
		if ee, ok := err.(*exec.ExitError); ok {
			r.Exit = ee.ExitCode()
		}
		if ctx.Err() != nil {
			r.Stderr += "\n(timed out: Claude Code drops its output)"
			return r
		}
	}
	r.Context, r.SystemMessage, r.Blocked = parseHookOutput(event, r.Exit, out.Bytes())
	return r
}

// parseHookOutput reads a hook's stdout as Claude Code does
// (claude-code.md §2.1-2.3): JSON when it starts with "{", else plain
// text, which is context for UserPromptSubmit and SessionStart only.
func parseHookOutput(event string, exit int, stdout []byte) (ctx, msg string, blocked bool) {
	if exit == 2 && (event == "UserPromptSubmit" || event == "Stop") {
		blocked = true
	}
	trim := bytes.TrimSpace(stdout)
	if exit != 0 && exit != 2 {
		return "", "", blocked
	}
	if len(trim) > 0 && trim[0] == '{' {
		var o struct {
			SystemMessage string `json:"systemMessage"`
			Decision      string `json:"decision"`
			Specific      struct {
				AdditionalContext string `json:"additionalContext"`
			} `json:"hookSpecificOutput"`
		}
		if json.Unmarshal(trim, &o) == nil {
			return o.Specific.AdditionalContext, o.SystemMessage, blocked || o.Decision == "block"
		}
	}
	if exit == 0 && (event == "UserPromptSubmit" || event == "SessionStart") {
		return string(trim), "", blocked
	}
	return "", "", blocked
}

func expandProjectDir(s, dir string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "${CLAUDE_PROJECT_DIR}", dir), "$CLAUDE_PROJECT_DIR", dir)
}

func expandAll(args []string, dir string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = expandProjectDir(a, dir)
	}
	return out
}
