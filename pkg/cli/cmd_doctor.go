package cli

import "github.com/openloop/openloop/pkg/doctor"

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
	r.Write(e.Stdout)
	if len(r.Problems) > 0 {
		return ExitProblem
	}
	return ExitOK
}
