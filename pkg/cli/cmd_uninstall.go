package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/settings"
	"github.com/openloop/openloop/pkg/userfile"
)

// runUninstall removes what install added in one scope: every hook
// handler that is openloop's (see settings.IsHookCommand), the matcher
// groups this leaves empty, and the command file if it is byte for byte
// the one openloop writes. With install's record (see installRecord) it
// also removes the containers and folders install created, and gives back
// the settings file's exact bytes: nothing, when install created it. It
// never deletes a settings file without a record that install created it.
func runUninstall(e *Env, args []string) int {
	fs := newFlags(e, "uninstall", nil)
	scopeName := fs.String("scope", settings.DefaultScope, "user, project or local")
	dry := fs.Bool("dry-run", false, "print the changes as a diff for patch(1) and write nothing")
	if ok, code := parseOnlyFlags(e, fs, args); !ok {
		return code
	}
	p, err := e.paths(common{})
	if err != nil {
		errorf(e.Stderr, "uninstall: %v", err)
		return ExitFailure
	}
	all := settings.Unify(settings.Scopes(p.Cwd, p.Root, p.ConfigDir))
	sc, err := settings.PickScope(all, *scopeName)
	if err != nil {
		errorf(e.Stderr, "uninstall: %v", err)
		return ExitUsage
	}

	if err := stateDirs(p.ConfigDir, recordPath(p.ConfigDir, sc.Settings), keptPath(p.ConfigDir, sc.Command)); err != nil {
		errorf(e.Stderr, "uninstall: %v", err)
		hintf(e.Stderr, "replace the link with a real folder (or remove it), then run 'openloop uninstall' again; nothing was changed")
		return ExitFailure
	}
	oldSettings, exists, err := userfile.ReadOptional(sc.Settings)
	if err != nil {
		errorf(e.Stderr, "uninstall: %v", err)
		return ExitFailure
	}
	rec := loadRecord(p.ConfigDir, sc.Settings)
	newSettings, changes := oldSettings, []settings.Change(nil)
	if exists {
		var undo *settings.Undo
		if rec != nil {
			undo = &rec.Undo
		}
		newSettings, changes, err = settings.Uninstall(oldSettings, undo)
		if errors.Is(err, settings.ErrDamagedUndo) {
			errorf(e.Stderr, "uninstall: %s: %v", recordPath(p.ConfigDir, sc.Settings), err)
			hintf(e.Stderr, "remove that file and run 'openloop uninstall' again: without a record it removes only openloop's hooks; nothing was changed")
			return ExitFailure
		}
		if err != nil {
			errorf(e.Stderr, "uninstall: %s: %v", sc.Settings, err)
			hintf(e.Stderr, "fix the file, then run 'openloop uninstall' again; nothing was changed")
			return ExitFailure
		}
		if len(newSettings) == 0 && rec != nil && rec.FileCreated {
			newSettings = nil // install created it: it goes
		}
	}

	oldCmd, cmdExists, err := userfile.ReadOptional(sc.Command)
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
	// What install --force replaced comes back when openloop's file goes.
	kept, err := loadKept(p.ConfigDir, sc.Command)
	if err != nil {
		errorf(e.Stderr, "uninstall: %v", err)
		return ExitFailure
	}
	switch {
	case kept == nil:
	case cmdExists && ours && newCmd == nil:
		newCmd, cmdNote = kept, "put back: the file 'install --force' replaced"
	default:
		cmdNote += "; the file 'install --force' replaced is kept in " + keptPath(p.ConfigDir, sc.Command)
	}
	if !exists {
		oldSettings, newSettings = nil, nil
	}
	if !cmdExists {
		oldCmd = nil
	}

	if *dry {
		userfile.Diff(e.Stdout, userfile.DiffName(e.Cwd, sc.Settings), oldSettings, newSettings)
		userfile.Diff(e.Stdout, userfile.DiffName(e.Cwd, sc.Command), oldCmd, newCmd)
		return ExitOK
	}
	settingsChanged := exists && (newSettings == nil || !bytes.Equal(oldSettings, newSettings))
	cmdRemoved := cmdExists && newCmd == nil
	cmdRestored := kept != nil && cmdExists && ours && newCmd != nil && other == ""
	switch {
	case !settingsChanged:
	case newSettings == nil:
		if err := os.Remove(sc.Settings); err != nil {
			errorf(e.Stderr, "uninstall: %v", err)
			return ExitFailure
		}
	default:
		if _, err := userfile.Write(sc.Settings, newSettings, e.Now()); err != nil {
			errorf(e.Stderr, "uninstall: %v", err)
			return ExitFailure
		}
	}
	if cmdRemoved {
		if err := os.Remove(sc.Command); err != nil {
			errorf(e.Stderr, "uninstall: %v", err)
			return ExitFailure
		}
	}
	if cmdRestored {
		if _, err := userfile.Write(sc.Command, kept, e.Now()); err != nil {
			errorf(e.Stderr, "uninstall: %v", err)
			return ExitFailure
		}
		if err := os.Remove(keptPath(p.ConfigDir, sc.Command)); err != nil {
			errorf(e.Stderr, "uninstall: %v", err)
			return ExitFailure
		}
		tidyState(p.ConfigDir)
	}
	if rec != nil {
		if err := dropRecord(p.ConfigDir, sc.Settings); err != nil {
			errorf(e.Stderr, "uninstall: %v", err)
			return ExitFailure
		}
		rec.removeMadeDirs()
	}

	w := e.Stdout
	if !settingsChanged && !cmdRemoved && !cmdRestored {
		fmt.Fprintf(w, "Not installed (scope %s); nothing changed\n", sc.Name)
	} else {
		fmt.Fprintf(w, "Uninstalled openloop (scope %s)\n", sc.Name)
	}
	name := termsafe.Line(sc.Settings)
	switch {
	case !exists:
		fmt.Fprintf(w, "  %s: not there\n", name)
	case newSettings == nil:
		fmt.Fprintf(w, "  %s: removed (install created it, and it holds nothing else)\n", name)
	case !settingsChanged:
		fmt.Fprintf(w, "  %s: no openloop hooks\n", name)
	default:
		fmt.Fprintf(w, "  %s: %s\n", name, describe(changes))
	}
	fmt.Fprintf(w, "  %s: %s\n", termsafe.Line(sc.Command), cmdNote)
	sameFiles(w, all, sc)
	return ExitOK
}

// sharedBy names another scope that uses the same command file and still
// registers openloop's hooks ("" when none does): local shares the user's
// command file. A scope with the same settings file (the project scope,
// run from the home folder, is the user scope) is not another one.
func sharedBy(all []settings.Scope, sc settings.Scope) string {
	for _, o := range all {
		if o.Name == sc.Name || o.Command != sc.Command || o.Settings == sc.Settings {
			continue // the same settings file is the same scope: this uninstall empties it
		}
		data, _, err := userfile.ReadOptional(o.Settings)
		if err != nil || data == nil {
			continue
		}
		if found, err := settings.Find(data); err == nil && len(found) > 0 {
			return o.Name
		}
	}
	return ""
}
