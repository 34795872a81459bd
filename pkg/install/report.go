package install

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/settings"
)

// WriteInstalled says what Install did at scope sc: each file, the hook
// command and the mode. notOnPath, for a shared scope, says that openloop
// is not on this shell's PATH. Paths and commands are escaped.
func (d Done) WriteInstalled(w io.Writer, sc settings.Scope, notOnPath bool) {
	changed := d.SettingsChanged || d.CmdChanged
	if changed {
		fmt.Fprintf(w, "Installed openloop (scope %s)\n", sc.Name)
	} else {
		fmt.Fprintf(w, "Already installed (scope %s); nothing changed\n", sc.Name)
	}
	fmt.Fprintf(w, "  %s: %s\n", termsafe.Line(sc.Settings), describe(d.Changes))
	switch {
	case d.Kept != "":
		fmt.Fprintf(w, "  %s: written; the file it replaced is kept in %s, and uninstall puts it back\n", termsafe.Line(sc.Command), termsafe.Line(d.Kept))
	default:
		fmt.Fprintf(w, "  %s: %s\n", termsafe.Line(sc.Command), map[bool]string{true: "written", false: "unchanged"}[d.CmdChanged])
	}
	fmt.Fprintf(w, "  hook command: %s\n", termsafe.Line(d.HookCmd))
	fmt.Fprintf(w, "  mode: %s\n", d.modeLine())
	sameFiles(w, sc, d.SameAs)
	if sc.Shared {
		if d.SameAs == "" {
			fmt.Fprintln(w, "  These files name no path of this machine: commit them, and each teammate's hooks run")
			fmt.Fprintln(w, "  the openloop on their PATH, or do nothing where there is none.")
		}
		if notOnPath {
			fmt.Fprintln(w, "  openloop is not on this shell's PATH: the hooks do nothing here until it is.")
		}
	}
	if changed {
		fmt.Fprintln(w, "New Claude Code sessions pick this up; check with 'openloop doctor'.")
	}
}

// WriteUninstalled says what Uninstall did at scope sc.
func (d Done) WriteUninstalled(w io.Writer, sc settings.Scope) {
	if !d.SettingsChanged && !d.CmdChanged {
		fmt.Fprintf(w, "Not installed (scope %s); nothing changed\n", sc.Name)
	} else {
		fmt.Fprintf(w, "Uninstalled openloop (scope %s)\n", sc.Name)
	}
	name := termsafe.Line(sc.Settings)
	switch {
	case !d.SettingsExisted:
		fmt.Fprintf(w, "  %s: not there\n", name)
	case d.SettingsRemoved:
		fmt.Fprintf(w, "  %s: removed (install created it, and it holds nothing else)\n", name)
	case !d.SettingsChanged:
		fmt.Fprintf(w, "  %s: no openloop hooks\n", name)
	default:
		fmt.Fprintf(w, "  %s: %s\n", name, describe(d.Changes))
	}
	fmt.Fprintf(w, "  %s: %s\n", termsafe.Line(sc.Command), termsafe.Line(d.CmdNote))
	sameFiles(w, sc, d.SameAs)
}

// sameFiles says, when another scope is the same files as sc (run from
// the home folder, the project scope's .claude is the config dir), that
// the two are one here.
func sameFiles(w io.Writer, sc settings.Scope, other string) {
	if other != "" {
		fmt.Fprintf(w, "  Here the %s and %s scopes are the same files: %s is the config dir.\n", sc.Name, other, termsafe.Line(filepath.Dir(sc.Settings)))
	}
}

// modeLine says in one line which mode install set up, what it costs,
// and how to have the other.
func (d Done) modeLine() string {
	from := ""
	if d.AssistFrom != "" {
		from = " (" + termsafe.Line(d.AssistFrom) + ")"
	}
	if d.Assist {
		return "assist" + from + ": Claude judges and parks the loops the hook names to it, about 180 tokens a session start and a line per likely loop; --no-assist for none"
	}
	return "no assist" + from + ": the hook alone parks, no tokens; --assist lets Claude judge and name what it cannot"
}

// describe lists what happened per event: "UserPromptSubmit added, …".
func describe(changes []settings.Change) string {
	parts := make([]string, len(changes))
	for i, c := range changes {
		parts[i] = c.Event + " " + string(c.Action)
	}
	return strings.Join(parts, ", ")
}
