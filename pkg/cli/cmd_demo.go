package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/openloop/openloop/pkg/project"
	"github.com/openloop/openloop/pkg/store"
)

// runDemo plays a short Claude Code session in a throwaway folder: a home
// folder of its own, a project that is a git repository, the session's
// transcript. Each turn's hook payload goes through the real hook command,
// as Claude Code would send it; then the /session command lists, archives
// and summarises. It reads nothing of the user's environment, writes only
// inside its folder, and removes the folder at the end (unless --keep).
func runDemo(e *Env, args []string) int {
	fs := newFlags(e, "demo", nil)
	keep := fs.Bool("keep", false, "keep the demo's folder and print where it is")
	if ok, code := parseFlags(e, fs, args); !ok {
		return code
	}
	w, err := newDemoWorld(e.Now())
	if w != nil && !*keep {
		defer os.RemoveAll(w.dir)
	}
	if err != nil {
		errorf(e.Stderr, "demo: %v", err)
		return ExitFailure
	}
	d := &demo{e: e, w: w, out: e.Stdout}
	code := d.play()
	if *keep {
		fmt.Fprintf(e.Stdout, "\nKept %s (HOME=%s, project %s)\n", w.dir, w.home, w.project)
	} else {
		fmt.Fprintf(e.Stdout, "\nRemoved the demo folder; nothing outside it was touched.\n")
	}
	return code
}

// demo is one run: the world it plays in and where it prints.
type demo struct {
	e   *Env
	w   *demoWorld
	out io.Writer
	bad bool // a step failed
}

func (d *demo) play() int {
	fmt.Fprintln(d.out, "openloop demo: a short Claude Code session in a throwaway folder.")
	fmt.Fprintln(d.out, "Each hook payload below goes through 'openloop hook', as Claude Code sends it.")
	fmt.Fprintln(d.out)
	fmt.Fprintln(d.out, "Session so far: the user asked to fix a token refresh bug; Claude made two")
	fmt.Fprintln(d.out, "tasks, finished both, and two commits were made.")

	d.section("1. Claude ends its turn with a question")
	d.claude("The refresh race is fixed and TestRefresh passes.\n\nFor expired refresh tokens, should the API return 401 or 403?")
	d.user("Now add request logging to the payments service")

	d.section("2. The user puts something off")
	d.claude("Request logging is in place for the payments service.")
	d.user("remind me to rotate the staging API key once this is deployed. next: regenerate the mocks")

	d.section("3. A side idea in passing")
	d.claude("The mocks are regenerated.")
	side := "thanks. side note, the public API could really use per-token rate limiting at some point. can you look at the failing lint job?"
	d.user(side)
	fmt.Fprintln(d.out, "   The same prompt delivered a second time (a plugin and 'openloop install' both registered):")
	d.user(side)

	d.section("4. The session ends")
	d.hook("SessionEnd", map[string]any{"reason": "prompt_input_exit"})

	d.parked()
	d.slash("resume")
	d.slash("archive rate limiting")
	d.slash("summary")
	if d.bad {
		return ExitFailure
	}
	return ExitOK
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
	env := d.env(bytes.NewReader(d.w.payload(event, fields)), &out, &errb)
	code := Run(env, []string{"hook"})
	switch {
	case code != ExitOK:
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

// env is a fresh Env for the demo's world: none of the user's variables.
func (d *demo) env(stdin io.Reader, stdout, stderr io.Writer) *Env {
	return &Env{Stdin: stdin, Stdout: stdout, Stderr: stderr, Getenv: d.w.getenv, Now: d.e.Now, Cwd: d.w.project, Exe: d.e.Exe, Rand: d.e.Rand}
}

// parked lists the memory dir and shows the first item file whole.
func (d *demo) parked() {
	p, err := project.Resolve(project.Options{Cwd: d.w.project, Getenv: d.w.getenv})
	d.section("What was parked")
	if err != nil {
		d.bad = true
		fmt.Fprintf(d.out, "resolve the memory dir: %v\n", err)
		return
	}
	rel, _ := filepath.Rel(d.w.home, p.MemoryDir)
	fmt.Fprintf(d.out, "Memory dir: ~/%s\n", filepath.ToSlash(rel))
	items, err := store.Open(p.MemoryDir, d.e.Now).List()
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
	Run(d.env(strings.NewReader(args+"\n"), &out, &out), []string{"session"})
	d.out.Write(out.Bytes())
	// A long digest goes to a file in the project, which is about to be
	// removed: show it.
	for _, line := range strings.Split(out.String(), "\n") {
		path, ok := strings.CutPrefix(line, "→ ")
		if !ok || !strings.HasPrefix(path, d.w.project+string(filepath.Separator)) {
			continue
		}
		if data, err := os.ReadFile(path); err == nil {
			fmt.Fprintf(d.out, "\n%s:\n", filepath.ToSlash(strings.TrimPrefix(path, d.w.project+string(filepath.Separator))))
			for _, l := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
				fmt.Fprintf(d.out, "    %s\n", l)
			}
		}
	}
}
