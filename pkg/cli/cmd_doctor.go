package cli

import (
	"fmt"

	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/doctor"
)

// runDoctor prints where openloop reads and writes for this directory and
// how Claude Code will run it, then every problem with its fix (see
// pkg/doctor). It exits ExitProblem when there is one. It changes nothing.
func runDoctor(e *Env, args []string) int {
	var c common
	fs := newFlags(e, "doctor", &c)
	if ok, code := parseOnlyFlags(e, fs, args); !ok {
		return code
	}
	p, err := e.paths(c)
	if err != nil {
		errorf(e.Stderr, "doctor: %v", err)
		return ExitFailure
	}
	r := doctor.Check(doctor.Input{Paths: p, Cwd: e.Cwd, Getenv: e.Getenv, Now: e.Now, CmdLine: e.cmdLine})
	w := e.Stdout
	// Every value shown is a path or text from a settings file: termsafe.
	for _, row := range r.Rows {
		fmt.Fprintf(w, "%-18s %s\n", row.Key, termsafe.Line(row.Value))
	}
	if len(r.Problems) == 0 {
		fmt.Fprintln(w, "OK: nothing wrong")
		return ExitOK
	}
	fmt.Fprintln(w)
	for _, pr := range r.Problems {
		fmt.Fprintf(w, "problem: %s\n  fix: %s\n", termsafe.Line(pr.What), termsafe.Line(pr.Fix))
	}
	fmt.Fprintf(w, "%d problem(s) found\n", len(r.Problems))
	return ExitProblem
}
