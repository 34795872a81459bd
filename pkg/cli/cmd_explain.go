package cli

import (
	"strings"

	"github.com/openloop/openloop/hooks"
	"github.com/openloop/openloop/pkg/config"
	"github.com/openloop/openloop/pkg/detect"
	"github.com/openloop/openloop/pkg/explain"
	"github.com/openloop/openloop/pkg/project"
)

// explainOptions are explain's flags.
type explainOptions struct {
	assistant string // Claude's previous message, for a prompt given as arguments
	top       int
	json      bool
}

// runExplain prints why a prompt parks what it parks: each kind's score
// and threshold, and the features that weighed most. The prompt comes from
// the arguments (with --assistant for Claude's message before it), or, with
// no arguments, from a UserPromptSubmit hook payload on stdin, read exactly
// as the hook reads it (Claude's message from the saved state or the
// transcript), without using the saved state up. It explains under the
// user's settings (pkg/config), as the hook decides, and says what the
// defaults would do when the settings change the outcome.
func runExplain(e *Env, args []string) int {
	var o explainOptions
	fs := newFlags(e, "explain", nil)
	fs.StringVar(&o.assistant, "assistant", "", "Claude's message before the prompt")
	fs.IntVar(&o.top, "top", 8, "features to show per kind")
	fs.BoolVar(&o.json, "json", false, "print JSON")
	if ok, code := parseFlags(e, fs, args); !ok {
		return code
	}
	if o.top < 0 {
		errorf(e.Stderr, "explain: --top %d: want 0 or more", o.top)
		return ExitUsage
	}
	var in detect.Input
	if fs.NArg() > 0 {
		in = detect.Input{Prompt: strings.Join(fs.Args(), " "), Assistant: o.assistant}
	} else {
		if usageAtTerminal(e, fs) {
			return ExitUsage
		}
		var err error
		in, err = hooks.PromptInput(hooks.Config{Getenv: e.Getenv, Now: e.Now, Cwd: e.Cwd}, e.Stdin)
		if err != nil {
			errorf(e.Stderr, "explain: %v", err)
			hintf(e.Stderr, "give the prompt as arguments, or a UserPromptSubmit payload on stdin")
			return ExitUsage
		}
	}
	r, err := explain.Under(in, o.top, explainSettings(e))
	if err != nil {
		errorf(e.Stderr, "explain: %v", err)
		return ExitFailure
	}
	r.Dismissed = hooks.Dismissed(hooks.Config{Getenv: e.Getenv, Now: e.Now, Cwd: e.Cwd}, r.Parks())
	if o.json {
		return writeJSON(e, r.JSON())
	}
	r.Print(e.Stdout)
	return ExitOK
}

// explainSettings are the user's settings, as the hook reads them: a bad
// file is the defaults, with one line that says so.
func explainSettings(e *Env) config.Settings {
	dir, err := project.ConfigDir(e.Getenv)
	if err != nil {
		return config.Defaults()
	}
	st, err := config.Load(dir)
	if err != nil {
		warnf(e.Stderr, "explain: %v; the hook uses the defaults, and so does explain", err)
	}
	return st
}
