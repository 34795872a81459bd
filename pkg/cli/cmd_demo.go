package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/openloop/openloop/internal/demo"
	"github.com/openloop/openloop/internal/termsafe"
)

// runDemo plays a short Claude Code session (internal/demo) in a
// throwaway folder: a home folder of its own, a project that is a git
// repository, the session's transcript. It reads nothing of the user's
// environment, writes only inside its folder, and removes the folder at
// the end (unless --keep).
func runDemo(e *Env, args []string) int {
	fs := newFlags(e, "demo", nil)
	keep := fs.Bool("keep", false, "keep the demo's folder and print where it is")
	if ok, code := parseOnlyFlags(e, fs, args); !ok {
		return code
	}
	w, err := demo.NewWorld(e.Now())
	if w != nil && !*keep {
		defer os.RemoveAll(w.Dir)
	}
	if err != nil {
		errorf(e.Stderr, "demo: %v", err)
		return ExitFailure
	}
	// Every command runs in the world's environment: none of the user's
	// variables, the project as the working directory.
	run := func(stdin io.Reader, stdout, stderr io.Writer, args ...string) int {
		return Run(&Env{Stdin: stdin, Stdout: stdout, Stderr: stderr, Getenv: w.Getenv, Now: e.Now, Cwd: w.Project, Exe: e.Exe, Rand: e.Rand}, args)
	}
	code := ExitOK
	if !demo.Play(e.Stdout, w, e.Now, run) {
		code = ExitFailure
	}
	if *keep {
		fmt.Fprintf(e.Stdout, "\nKept %s (HOME=%s, project %s)\n", termsafe.Line(w.Dir), termsafe.Line(w.Home), termsafe.Line(w.Project))
	} else {
		fmt.Fprintf(e.Stdout, "\nRemoved the demo folder; nothing outside it was touched.\n")
	}
	return code
}
