package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// The wrapper, DIR/bin/openloop, is what the hooks and the acting Claude
// run: it runs the real binary with the run's HOME and config dir, under
// its own name (so the assist rule names it and the permission rule
// install wrote matches), and logs every call with the items it added or
// removed. It is a shell script that runs a copy of this program
// (DIR/bin/insession wrap), so a `go run` of the harness may exit.

// Call is one logged openloop call (DIR/log/calls.jsonl).
type Call struct {
	Time    string   `json:"time"`
	Turn    int      `json:"turn"`
	Args    []string `json:"args"`
	Event   string   `json:"event,omitempty"` // hook_event_name, for a hook
	Exit    int      `json:"exit"`
	Stdout  string   `json:"stdout,omitempty"`
	Stderr  string   `json:"stderr,omitempty"`
	Added   []Added  `json:"added,omitempty"`
	Removed []string `json:"removed,omitempty"`
}

// Added is an item file a call created, with its text.
type Added struct {
	File string `json:"file"`
	Text string `json:"text"`
}

// Hook reports whether the call is a hook run rather than Claude's.
func (c Call) Hook() bool { return len(c.Args) > 0 && c.Args[0] == "hook" }

// writeWrapper copies this program to DIR/bin/insession and writes the
// DIR/bin/openloop script that runs it as the wrapper.
func writeWrapper(st *State) error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	b, err := os.ReadFile(self)
	if err != nil {
		return err
	}
	exe := filepath.Join(st.Dir, "bin", "insession")
	if err := os.WriteFile(exe, b, 0o755); err != nil {
		return err
	}
	script := fmt.Sprintf("#!/bin/sh\n# openloop for the in-session run in %s: logs each call, then runs the real binary\nINSESSION_MAIN=1 exec %s wrap %s \"$@\"\n",
		st.Dir, shellQuote(exe), shellQuote(st.Dir))
	return os.WriteFile(st.wrapper(), []byte(script), 0o755)
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// cmdWrap is the wrapper: wrap DIR ARGS... runs the real openloop with
// ARGS and logs the call. It exits with openloop's code.
func cmdWrap(args []string) int {
	if len(args) < 1 {
		fmt.Fprintln(os.Stderr, "insession wrap: no run dir")
		return 1
	}
	st, err := loadState(args[0])
	if err != nil {
		fmt.Fprintf(os.Stderr, "insession wrap: %v\n", err)
		return 1
	}
	args = args[1:]
	c := Call{Time: time.Now().UTC().Format(time.RFC3339Nano), Turn: st.Turn, Args: args}
	extra := map[string]string{}
	if st.Runner != "claude" || os.Getenv("CLAUDE_CODE_SESSION_ID") == "" {
		// As Claude Code sets it for Bash and hooks. A helper acting as
		// Claude may have its own in its environment: this run's wins.
		extra["CLAUDE_CODE_SESSION_ID"] = st.SessionID
	}
	for _, k := range []string{"CLAUDE_PROJECT_DIR", "CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "CLAUDE_EFFORT"} {
		if v := os.Getenv(k); v != "" && st.Runner == "claude" {
			extra[k] = v
		}
	}
	cmd := exec.Command(st.Bin)
	cmd.Args = append([]string{st.wrapper()}, args...)
	cmd.Env = st.env(extra)
	if st.Runner != "claude" && !inside(st.Project) {
		// Claude Code's Bash tool runs in the project; a helper acting as
		// Claude may call from anywhere.
		cmd.Dir = st.Project
	}
	var stdin []byte
	if c.Hook() {
		stdin, _ = io.ReadAll(io.LimitReader(os.Stdin, 64<<20))
		cmd.Stdin = bytes.NewReader(stdin)
		var ev struct {
			Event string `json:"hook_event_name"`
		}
		_ = json.Unmarshal(stdin, &ev)
		c.Event = ev.Event
	} else {
		cmd.Stdin = os.Stdin
	}
	var out, errb bytes.Buffer
	cmd.Stdout = io.MultiWriter(os.Stdout, &out)
	cmd.Stderr = io.MultiWriter(os.Stderr, &errb)
	before := snapshot(st)
	err = cmd.Run()
	after := snapshot(st)
	if err != nil {
		c.Exit = 1
		if ee, ok := err.(*exec.ExitError); ok {
			c.Exit = ee.ExitCode()
		} else {
			fmt.Fprintf(os.Stderr, "insession wrap: %v\n", err)
		}
	}
	c.Stdout, c.Stderr = out.String(), errb.String()
	for f := range after {
		if !before[f] {
			b, _ := os.ReadFile(f)
			c.Added = append(c.Added, Added{File: f, Text: string(b)})
		}
	}
	for f := range before {
		if !after[f] {
			c.Removed = append(c.Removed, f)
		}
	}
	sort.Slice(c.Added, func(i, j int) bool { return c.Added[i].File < c.Added[j].File })
	sort.Strings(c.Removed)
	line, _ := json.Marshal(c)
	if err := appendFile(st.callLog(), append(line, '\n')); err != nil {
		fmt.Fprintf(os.Stderr, "insession wrap: log: %v\n", err)
	}
	return c.Exit
}

// inside reports whether the working directory is dir or below it.
func inside(dir string) bool {
	wd, err := os.Getwd()
	if err != nil {
		return false
	}
	if r, err := filepath.EvalSymlinks(wd); err == nil {
		wd = r
	}
	rel, err := filepath.Rel(dir, wd)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// snapshot is the set of item files in every memory dir of the run.
func snapshot(st *State) map[string]bool {
	files, _ := filepath.Glob(filepath.Join(st.configDir(), "projects", "*", "memory", "session-open-*.md"))
	set := map[string]bool{}
	for _, f := range files {
		set[f] = true
	}
	return set
}
