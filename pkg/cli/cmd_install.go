package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/openloop/openloop/pkg/settings"
)

// runInstall registers openloop's hooks in one scope's settings file and
// writes the /session command file beside it. It checks everything before
// it writes anything: an invalid settings file, or a session.md that
// openloop did not write (the seed's own /session command, say), stops it
// with nothing changed.
func runInstall(e *Env, args []string) int {
	fs := newFlags(e, "install", nil)
	scopeName := fs.String("scope", "project", "project, local or user")
	bin := fs.String("bin", "", "the openloop binary the hooks run (default: this one)")
	dry := fs.Bool("dry-run", false, "show the changes and write nothing")
	if ok, code := parseFlags(e, fs, args); !ok {
		return code
	}
	p, err := e.paths(common{})
	if err != nil {
		errorf(e.Stderr, "install: %v", err)
		return ExitFailure
	}
	all := settings.Scopes(p.Cwd, p.Root, p.ConfigDir)
	sc, err := settings.PickScope(all, *scopeName)
	if err != nil {
		errorf(e.Stderr, "install: %v", err)
		return ExitUsage
	}
	exe, err := installBinary(e, *bin)
	if err != nil {
		errorf(e.Stderr, "install: %v", err)
		hintf(e.Stderr, "install the binary first (go install ./cmd/openloop), then run 'openloop install' from it, or pass --bin PATH")
		return ExitFailure
	}

	oldSettings, _, err := readOptional(sc.Settings)
	if err != nil {
		errorf(e.Stderr, "install: %v", err)
		return ExitFailure
	}
	hookCmd := settings.HookCommand(exe)
	newSettings, changes, err := settings.Install(oldSettings, hookCmd)
	if err != nil {
		errorf(e.Stderr, "install: %s: %v", sc.Settings, err)
		hintf(e.Stderr, "fix or move the file, then run 'openloop install' again; nothing was changed")
		return ExitFailure
	}
	oldCmd, cmdExists, err := readOptional(sc.Command)
	if err != nil {
		errorf(e.Stderr, "install: %v", err)
		return ExitFailure
	}
	_, nonce, ours := settings.ParseCommandFile(oldCmd)
	if cmdExists && !ours {
		errorf(e.Stderr, "install: %s exists and was not written by openloop", sc.Command)
		hintf(e.Stderr, "it may be the /session command that openloop replaces: move it away, then run 'openloop install' again; nothing was changed")
		return ExitFailure
	}
	if !ours {
		if nonce, err = e.nonce(); err != nil {
			errorf(e.Stderr, "install: %v", err)
			return ExitFailure
		}
	}
	newCmd := settings.CommandFile(exe, nonce)

	if *dry {
		diff(e.Stdout, sc.Settings, oldSettings, newSettings)
		diff(e.Stdout, sc.Command, oldCmd, newCmd)
		return ExitOK
	}
	settingsChanged := !bytes.Equal(oldSettings, newSettings)
	cmdChanged := !bytes.Equal(oldCmd, newCmd)
	if settingsChanged {
		if err := writeUserFile(e, sc.Settings, newSettings); err != nil {
			errorf(e.Stderr, "install: %v", err)
			return ExitFailure
		}
	}
	if cmdChanged {
		if err := writeUserFile(e, sc.Command, newCmd); err != nil {
			errorf(e.Stderr, "install: %v", err)
			hintf(e.Stderr, "the hooks are registered; run 'openloop install' again to write the command")
			return ExitFailure
		}
	}
	if settingsChanged || cmdChanged {
		fmt.Fprintf(e.Stdout, "Installed openloop (scope %s)\n", sc.Name)
	} else {
		fmt.Fprintf(e.Stdout, "Already installed (scope %s); nothing changed\n", sc.Name)
	}
	fmt.Fprintf(e.Stdout, "  %s: %s\n", sc.Settings, describe(changes))
	fmt.Fprintf(e.Stdout, "  %s: %s\n", sc.Command, map[bool]string{true: "written", false: "unchanged"}[cmdChanged])
	fmt.Fprintf(e.Stdout, "  hook command: %s\n", hookCmd)
	if settingsChanged || cmdChanged {
		fmt.Fprintln(e.Stdout, "New Claude Code sessions pick this up; check with 'openloop doctor'.")
	}
	return ExitOK
}

// installBinary is the absolute path of the binary the hooks will run:
// --bin, or this binary unless it is a temporary "go run" build, which is
// deleted when go run exits.
func installBinary(e *Env, bin string) (string, error) {
	if bin == "" {
		bin = e.Exe
		if isGoRunBuild(bin) {
			return "", fmt.Errorf("this binary is a temporary 'go run' build (%s)", bin)
		}
	}
	if bin == "" {
		return "", errors.New("cannot tell where this binary is")
	}
	if !filepath.IsAbs(bin) {
		bin = filepath.Join(e.Cwd, bin)
	}
	fi, err := os.Stat(bin)
	if err != nil {
		return "", fmt.Errorf("binary %s: %w", bin, err)
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("binary %s is not a regular file", bin)
	}
	return filepath.Clean(bin), nil
}

// isGoRunBuild reports whether exe was built by go run: it lives in the
// build cache ($GOCACHE, …/go-build/xx/…-d/<name> since Go 1.24) or in a
// temporary work folder ($TMPDIR/go-build…/b001/exe/<name>), and either
// can disappear at any time.
func isGoRunBuild(exe string) bool {
	for _, el := range strings.FieldsFunc(exe, func(r rune) bool { return r == '/' || r == '\\' }) {
		if strings.HasPrefix(el, "go-build") {
			return true
		}
	}
	return false
}

// describe lists what happened per event: "UserPromptSubmit added, …".
func describe(changes []settings.Change) string {
	parts := make([]string, len(changes))
	for i, c := range changes {
		parts[i] = c.Event + " " + string(c.Action)
	}
	return strings.Join(parts, ", ")
}
