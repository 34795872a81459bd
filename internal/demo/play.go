package demo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/openloop/openloop/pkg/project"
	"github.com/openloop/openloop/pkg/store"
)

// A Runner runs one openloop command line (without the program name) in
// the world's environment and returns its exit code: the demo goes through
// the real command line, which this package cannot import.
type Runner func(stdin io.Reader, stdout, stderr io.Writer, args ...string) int

// Play plays a short Claude Code session in w and prints it to out: each
// turn's hook payload goes through the hook command as Claude Code would
// send it; then the /session command lists, archives and summarises. It
// reports whether every step worked.
func Play(out io.Writer, w *World, now func() time.Time, run Runner) bool {
	d := &demo{w: w, out: out, now: now, run: run}
	d.play()
	return !d.bad
}

// demo is one run: the world it plays in and where it prints.
type demo struct {
	w   *World
	out io.Writer
	now func() time.Time
	run Runner
	bad bool // a step failed
}

func (d *demo) play() {
	fmt.Fprintln(d.out, "openloop demo: a short Claude Code session in a throwaway folder.")
	fmt.Fprintln(d.out, "Each hook payload below goes through 'openloop hook', as Claude Code sends it.")
	fmt.Fprintln(d.out, "No Claude is here to judge, so the hook runs as with --no-assist and parks on")
	fmt.Fprintln(d.out, "its own. With assist (the default install) it names each loop to Claude in a")
	fmt.Fprintln(d.out, "one-line nudge instead, and Claude parks it under a name of its own.")
	fmt.Fprintln(d.out)
	fmt.Fprintln(d.out, "Session so far: the user asked to fix a token refresh bug; Claude made two")
	fmt.Fprintln(d.out, "tasks, finished both, and two commits were made.")

	d.section("1. The user puts something off")
	d.claude("The refresh race is fixed and TestRefresh passes.")
	d.user("remind me to bump the chart version once the release ships. next: regenerate the mocks")

	d.section("2. Claude leaves something for later")
	d.claude("The mocks are regenerated. I'll leave the flaky upload test for a follow-up PR.")
	d.user("ok, thanks")

	d.section("3. A side idea in passing")
	d.claude("You're welcome. The lint job is still failing; I'll look at it next.")
	side := "thanks. btw, random thought: a per-token rate limit on the public API would be handy. what is wrong with the lint step now?"
	d.user(side)
	fmt.Fprintln(d.out, "   The same prompt delivered a second time (a plugin and 'openloop install' both registered):")
	d.user(side)

	d.section("4. Claude asks a question and the user answers it")
	d.claude("The lint job is green again.\n\nFor expired refresh tokens, should the API return 401 or 403?")
	d.user("401, and log the refresh failures")

	d.section("5. The session ends")
	d.hook("SessionEnd", map[string]any{"reason": "prompt_input_exit"})

	d.parked()
	d.slash("resume")
	d.slash("archive rate limit")
	d.slash("summary")
}

func (d *demo) section(title string) {
	fmt.Fprintf(d.out, "\n## %s\n", title)
}

// claude plays the end of Claude's turn: the Stop hook with its message.
func (d *demo) claude(msg string) {
	fmt.Fprintf(d.out, "Claude: %s\n", strings.ReplaceAll(msg, "\n\n", " "))
	d.hook("Stop", map[string]any{"stop_hook_active": false, "last_assistant_message": msg})
}

// user plays a typed prompt: the UserPromptSubmit hook.
func (d *demo) user(prompt string) {
	fmt.Fprintf(d.out, "User:   %s\n", prompt)
	d.hook("UserPromptSubmit", map[string]any{"prompt": prompt})
}

// hook runs the real hook command on one payload and says what Claude
// Code would show.
func (d *demo) hook(event string, fields map[string]any) {
	var out, errb bytes.Buffer
	code := d.run(bytes.NewReader(d.w.payload(event, fields)), &out, &errb, "hook")
	switch {
	case code != 0:
		d.bad = true
		fmt.Fprintf(d.out, "   [%s hook] failed with exit %d: %s\n", event, code, strings.TrimSpace(errb.String()))
	case out.Len() == 0:
		fmt.Fprintf(d.out, "   [%s hook] nothing to park\n", event)
	default:
		var o struct {
			SystemMessage string `json:"systemMessage"`
		}
		if json.Unmarshal(out.Bytes(), &o) == nil && o.SystemMessage != "" {
			fmt.Fprintf(d.out, "   [%s hook] the user sees: %s\n", event, o.SystemMessage)
		} else {
			fmt.Fprintf(d.out, "   [%s hook] printed: %s\n", event, strings.TrimSpace(out.String()))
		}
	}
}

// parked lists the memory dir and shows the first item file whole.
func (d *demo) parked() {
	p, err := project.Resolve(project.Options{Cwd: d.w.Project, Getenv: d.w.Getenv})
	d.section("What was parked")
	if err != nil {
		d.bad = true
		fmt.Fprintf(d.out, "resolve the memory dir: %v\n", err)
		return
	}
	rel, _ := filepath.Rel(d.w.Home, p.MemoryDir)
	fmt.Fprintf(d.out, "Memory dir: ~/%s\n", filepath.ToSlash(rel))
	items, err := store.Open(p.MemoryDir, d.now).List()
	if err != nil || len(items) == 0 {
		d.bad = true
		fmt.Fprintf(d.out, "nothing was parked (%v)\n", err)
		return
	}
	for _, it := range items {
		fmt.Fprintf(d.out, "  %s\n", it.File)
	}
	data, err := os.ReadFile(filepath.Join(p.MemoryDir, items[len(items)-1].File))
	if err == nil {
		fmt.Fprintf(d.out, "\n%s:\n", items[len(items)-1].File)
		for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
			fmt.Fprintf(d.out, "    %s\n", line)
		}
	}
}

// slash plays "/session <args>" the way the command file runs it: the
// text on the session command's stdin.
func (d *demo) slash(args string) {
	d.section("/session " + args)
	var out bytes.Buffer
	d.run(strings.NewReader(args+"\n"), &out, &out, "session")
	d.out.Write(out.Bytes())
	// A long digest goes to a file in the project, which is about to be
	// removed: show it.
	for _, line := range strings.Split(out.String(), "\n") {
		path, ok := strings.CutPrefix(line, "→ ")
		if !ok || !strings.HasPrefix(path, d.w.Project+string(filepath.Separator)) {
			continue
		}
		if data, err := os.ReadFile(path); err == nil {
			fmt.Fprintf(d.out, "\n%s:\n", filepath.ToSlash(strings.TrimPrefix(path, d.w.Project+string(filepath.Separator))))
			for _, l := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
				fmt.Fprintf(d.out, "    %s\n", l)
			}
		}
	}
}
