package cli

import (
	"os"

	"github.com/openloop/openloop/hooks"
	"github.com/openloop/openloop/internal/fatal"
)

// handleHook is hooks.Handle; tests replace it.
var handleHook = hooks.Handle

// invokedAs is how this process was invoked (os.Args[0]); tests replace it.
var invokedAs = func() string {
	if len(os.Args) == 0 {
		return ""
	}
	return os.Args[0]
}

// runHook is what Claude Code runs: one event on stdin, at most one JSON
// object on stdout. It never exits 2 (on UserPromptSubmit that erases the
// prompt): a failure is one "openloop: error:" line on stderr and exit 1,
// which Claude Code treats as non-blocking, and stdout stays empty. A bad
// flag, too, exits 1, not ExitUsage: whatever the settings file says, the
// hook's code is 0 or 1.
func runHook(e *Env, args []string) (code int) {
	// A fatal runtime error (out of memory, a stack overflow) would exit
	// 2 as well: it ends the process by SIGABRT instead.
	fatal.Guard()
	// A Go panic exits with status 2, the one code that makes Claude Code
	// block and erase the prompt. Whatever goes wrong in a handler, the
	// hook reports it and exits 1 instead.
	defer func() {
		if r := recover(); r != nil {
			errorf(e.Stderr, "hook: internal error: %v", r)
			code = ExitFailure
		}
	}()
	var c common
	fs := newFlags(e, "hook", &c)
	assist := fs.Bool("assist", false, "the assist tier: give Claude the parking rule at SessionStart and a nudge for each candidate (docs/assist.md)")
	plugin := fs.Bool("plugin", false, "run by the openloop plugin's hooks: notices name its command, /openloop:session")
	// Even help goes to stderr: stdout is Claude Code's, and holds one JSON
	// object or nothing.
	toStderr := *e
	toStderr.Stdout = e.Stderr
	ok, code := parseFlags(&toStderr, fs, args)
	if ok && !noArgs(e, fs) {
		ok, code = false, ExitUsage
	}
	if ok && usageAtTerminal(e, fs) {
		ok, code = false, ExitUsage // not run by Claude Code: say what it is for
	}
	if !ok {
		if code == ExitUsage {
			code = ExitFailure // a usage error is exit 1 here, like every hook failure
		}
		return code
	}
	cfg := hooks.Config{Getenv: e.Getenv, Now: e.Now, Cwd: e.Cwd, MemoryDir: c.memoryDir, Assist: *assist, Warn: e.Stderr}
	if *assist {
		cfg.Program = hooks.ProgramOf(invokedAs())
	}
	if *plugin {
		cfg.Slash = hooks.PluginSlash
	}
	out, err := handleHook(cfg, e.Stdin)
	if err != nil {
		errorf(e.Stderr, "hook: %v", err)
		return ExitFailure
	}
	b, err := out.Bytes()
	if err != nil {
		errorf(e.Stderr, "hook: %v", err)
		return ExitFailure
	}
	if b != nil {
		if _, err := e.Stdout.Write(b); err != nil {
			errorf(e.Stderr, "hook: write stdout: %v", err)
			return ExitFailure
		}
	}
	return ExitOK
}
