package install

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/openloop/openloop/internal/hint"
	"github.com/openloop/openloop/pkg/settings"
	"github.com/openloop/openloop/pkg/userfile"
)

// Uninstall removes what install added in o.Scope: every hook handler that
// is openloop's (see settings.IsHookCommand), the matcher groups this
// leaves empty, the permission rule install --assist added, and the
// command file if it is byte for byte the one openloop writes (putting
// back what install --force replaced). With install's record (see
// installRecord) it also removes the containers and folders install
// created, and gives back the settings file's exact bytes: nothing, when
// install created it. It never deletes a settings file without a record
// that install created it.
func Uninstall(o Options) (Done, error) {
	sc := o.Scope
	d := Done{SameAs: settings.SameAs(o.Scopes, sc)}
	if err := stateDirs(o.ConfigDir, recordPath(o.ConfigDir, sc.Settings), keptPath(o.ConfigDir, sc.Command)); err != nil {
		return d, hint.Wrap(err, "replace the link with a real folder (or remove it), then run 'openloop uninstall' again; nothing was changed")
	}
	oldSettings, exists, err := userfile.ReadOptional(sc.Settings)
	if err != nil {
		return d, err
	}
	rec := loadRecord(o.ConfigDir, sc.Settings)
	newSettings, changes := oldSettings, []settings.Change(nil)
	if exists {
		var undo *settings.Undo
		if rec != nil {
			undo = &rec.Undo
		}
		newSettings, changes, err = settings.Uninstall(oldSettings, undo)
		if errors.Is(err, settings.ErrDamagedUndo) {
			return d, hint.Wrap(fmt.Errorf("%s: %w", recordPath(o.ConfigDir, sc.Settings), err),
				"remove that file and run 'openloop uninstall' again: without a record it removes only openloop's hooks; nothing was changed")
		}
		if err != nil {
			return d, hint.Wrap(fmt.Errorf("%s: %w", sc.Settings, err), "fix the file, then run 'openloop uninstall' again; nothing was changed")
		}
		if len(newSettings) == 0 && rec != nil && rec.FileCreated {
			newSettings = nil // install created it: it goes
		}
	}

	oldCmd, cmdExists, err := userfile.ReadOptional(sc.Command)
	if err != nil {
		return d, err
	}
	_, _, ours := settings.ParseCommandFile(oldCmd)
	newCmd, cmdNote := oldCmd, "not there"
	other := ""
	if cmdExists && ours {
		other = sharedBy(o.Scopes, sc)
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
	kept, err := loadKept(o.ConfigDir, sc.Command)
	if err != nil {
		return d, err
	}
	switch {
	case kept == nil:
	case cmdExists && ours && newCmd == nil:
		newCmd, cmdNote = kept, "put back: the file 'install --force' replaced"
	default:
		cmdNote += "; the file 'install --force' replaced is kept in " + keptPath(o.ConfigDir, sc.Command)
	}
	if !exists {
		oldSettings, newSettings = nil, nil
	}
	if !cmdExists {
		oldCmd = nil
	}

	d.SettingsExisted, d.SettingsRemoved, d.Changes, d.CmdNote = exists, exists && newSettings == nil, changes, cmdNote
	if o.DryRun {
		d.Diff = o.diff(oldSettings, newSettings, oldCmd, newCmd)
		return d, nil
	}
	d.SettingsChanged = exists && (newSettings == nil || !bytes.Equal(oldSettings, newSettings))
	cmdRemoved := cmdExists && newCmd == nil
	cmdRestored := kept != nil && cmdExists && ours && newCmd != nil && other == ""
	switch {
	case !d.SettingsChanged:
	case newSettings == nil:
		if err := os.Remove(sc.Settings); err != nil {
			return d, err
		}
	default:
		if _, err := userfile.Write(sc.Settings, newSettings, o.Now); err != nil {
			return d, err
		}
	}
	if cmdRemoved {
		if err := os.Remove(sc.Command); err != nil {
			return d, err
		}
	}
	if cmdRestored {
		if _, err := userfile.Write(sc.Command, kept, o.Now); err != nil {
			return d, err
		}
		if err := os.Remove(keptPath(o.ConfigDir, sc.Command)); err != nil {
			return d, err
		}
		tidyState(o.ConfigDir)
	}
	if rec != nil {
		if err := dropRecord(o.ConfigDir, sc.Settings); err != nil {
			return d, err
		}
		rec.removeMadeDirs()
	}

	d.CmdChanged = cmdRemoved || cmdRestored
	return d, nil
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
