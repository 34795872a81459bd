package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/openloop/openloop/pkg/settings"
)

// runUninstall removes what install added in one scope: every hook
// handler that runs an openloop binary's "hook" command, the matcher
// groups, event lists and "hooks" object that this leaves empty, and the
// command file if it is byte for byte the one openloop writes. A settings
// file that is byte for byte what install makes from nothing is removed;
// any other file is kept, even if it is left as "{}".
func runUninstall(e *Env, args []string) int {
	fs := newFlags(e, "uninstall", nil)
	scopeName := fs.String("scope", "project", "project, local or user")
	dry := fs.Bool("dry-run", false, "show the changes and write nothing")
	if ok, code := parseFlags(e, fs, args); !ok {
		return code
	}
	p, err := e.paths(common{})
	if err != nil {
		errorf(e.Stderr, "uninstall: %v", err)
		return ExitFailure
	}
	all := settings.Scopes(p.Cwd, p.Root, p.ConfigDir)
	sc, err := settings.PickScope(all, *scopeName)
	if err != nil {
		errorf(e.Stderr, "uninstall: %v", err)
		return ExitUsage
	}

	oldSettings, exists, err := readOptional(sc.Settings)
	if err != nil {
		errorf(e.Stderr, "uninstall: %v", err)
		return ExitFailure
	}
	newSettings, changes := oldSettings, []settings.Change(nil)
	if exists {
		newSettings, changes, err = settings.Uninstall(oldSettings)
		if err != nil {
			errorf(e.Stderr, "uninstall: %s: %v", sc.Settings, err)
			hintf(e.Stderr, "fix the file, then run 'openloop uninstall' again; nothing was changed")
			return ExitFailure
		}
		if madeByInstall(oldSettings) {
			newSettings = nil
		}
	}

	oldCmd, cmdExists, err := readOptional(sc.Command)
	if err != nil {
		errorf(e.Stderr, "uninstall: %v", err)
		return ExitFailure
	}
	_, _, ours := settings.ParseCommandFile(oldCmd)
	newCmd, cmdNote := oldCmd, "not there"
	other := ""
	if cmdExists && ours {
		other = sharedBy(all, sc)
	}
	switch {
	case !cmdExists:
	case !ours:
		cmdNote = "left as it is: not written by openloop, or changed since"
	case other != "":
		cmdNote = "kept: the " + other + " scope still registers openloop and uses it"
	default:
		newCmd, cmdNote = nil, "removed"
	}

	if *dry {
		diff(e.Stdout, sc.Settings, oldSettings, newSettings)
		diff(e.Stdout, sc.Command, oldCmd, newCmd)
		return ExitOK
	}
	switch {
	case !exists:
	case newSettings == nil:
		if err := os.Remove(sc.Settings); err != nil {
			errorf(e.Stderr, "uninstall: %v", err)
			return ExitFailure
		}
		if sc.Name != "user" { // never the user's Claude Code config dir
			removeIfEmpty(filepath.Dir(sc.Settings))
		}
	case !bytes.Equal(oldSettings, newSettings):
		if err := writeUserFile(e, sc.Settings, newSettings); err != nil {
			errorf(e.Stderr, "uninstall: %v", err)
			return ExitFailure
		}
	}
	if cmdExists && newCmd == nil {
		if err := os.Remove(sc.Command); err != nil {
			errorf(e.Stderr, "uninstall: %v", err)
			return ExitFailure
		}
		removeIfEmpty(filepath.Dir(sc.Command))
		if sc.Name != "user" {
			removeIfEmpty(filepath.Dir(filepath.Dir(sc.Command)))
		}
	}

	fmt.Fprintf(e.Stdout, "Uninstalled openloop (scope %s)\n", sc.Name)
	switch {
	case !exists:
		fmt.Fprintf(e.Stdout, "  %s: not there\n", sc.Settings)
	case newSettings == nil:
		fmt.Fprintf(e.Stdout, "  %s: removed (it held only openloop's hooks)\n", sc.Settings)
	default:
		fmt.Fprintf(e.Stdout, "  %s: %s\n", sc.Settings, describe(changes))
	}
	fmt.Fprintf(e.Stdout, "  %s: %s\n", sc.Command, cmdNote)
	return ExitOK
}

// sharedBy names another scope that uses the same command file and still
// registers openloop's hooks ("" when none does): project and local share
// <cwd>/.claude/commands/session.md.
func sharedBy(all []settings.Scope, sc settings.Scope) string {
	for _, o := range all {
		if o.Name == sc.Name || o.Command != sc.Command {
			continue
		}
		data, _, err := readOptional(o.Settings)
		if err != nil || data == nil {
			continue
		}
		if found, err := settings.Find(data); err == nil && len(found) > 0 {
			return o.Name
		}
	}
	return ""
}

// madeByInstall reports whether a settings file is exactly what install
// writes when there is no file: then uninstall removes it. A file the user
// made, even one left as "{}", stays.
func madeByInstall(doc []byte) bool {
	found, err := settings.Find(doc)
	if err != nil || len(found) == 0 {
		return false
	}
	fresh, _, err := settings.Install(nil, found[0].Command)
	return err == nil && bytes.Equal(fresh, doc)
}
