package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/openloop/openloop/internal/hint"
	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/doctor"
	"github.com/openloop/openloop/pkg/install"
	"github.com/openloop/openloop/pkg/settings"
)

// runInstall registers openloop's hooks in one scope's settings file and
// writes the /session command file for it (see pkg/install).
func runInstall(e *Env, args []string) int {
	fs := newFlags(e, "install", nil)
	scopeName := fs.String("scope", settings.DefaultScope, "user, project or local")
	bin := fs.String("bin", "", "the openloop binary the hooks run (default: this one); not for --scope project, which runs openloop from PATH")
	force := fs.Bool("force", false, "replace a session.md that openloop did not write or that was edited since (it is kept, and uninstall puts it back)")
	dry := fs.Bool("dry-run", false, "print the changes as a diff for patch(1) and write nothing")
	assist := fs.Bool("assist", false, "Claude judges and names what the hook cannot: the parking rule at session start, a nudge for a likely loop, and a permission rule so it runs 'openloop park' without a prompt (the default, unless settings.json says \"assist\": false or the install before had no assist)")
	noAssist := fs.Bool("no-assist", false, "the zero-token mode: no rule, no nudges, no permission rule; the hook alone parks what it is sure of")
	if ok, code := parseOnlyFlags(e, fs, args); !ok {
		return code
	}
	mode := install.ModeDefault
	switch {
	case *assist && *noAssist:
		errorf(e.Stderr, "install: --assist and --no-assist: give one or the other")
		return ExitUsage
	case *assist:
		mode = install.ModeAssist
	case *noAssist:
		mode = install.ModeNoAssist
	}
	o, code := e.installOptions(*scopeName)
	if code != ExitOK {
		return code
	}
	o.Bin, o.Mode, o.Force, o.DryRun = *bin, mode, *force, *dry
	d, err := install.Install(o)
	if err != nil {
		return failInstall(e, err)
	}
	if *dry {
		e.Stdout.Write(d.Diff)
		return ExitOK
	}
	sc, w := o.Scope, e.Stdout
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
	fmt.Fprintf(w, "  mode: %s\n", modeLine(d))
	sameFiles(w, sc, d.SameAs)
	if sc.Shared {
		if d.SameAs == "" {
			fmt.Fprintln(w, "  These files name no path of this machine: commit them, and each teammate's hooks run")
			fmt.Fprintln(w, "  the openloop on their PATH, or do nothing where there is none.")
		}
		if doctor.CheckProgram(d.Exe, e.Cwd, e.Getenv) != nil {
			fmt.Fprintln(w, "  openloop is not on this shell's PATH: the hooks do nothing here until it is.")
		}
	}
	if changed {
		fmt.Fprintln(w, "New Claude Code sessions pick this up; check with 'openloop doctor'.")
	}
	if o := d.Twice; o != nil {
		warnf(e.Stderr, "the %s scope registers openloop's hooks too (%s): Claude Code runs both, and every event reaches openloop twice", o.Name, o.Settings)
		hintf(e.Stderr, "keep one: 'openloop uninstall --scope %s' removes the other, or 'openloop uninstall --scope %s' undoes this install", o.Name, sc.Name)
	}
	return ExitOK
}

// installOptions resolves the scopes and picks the one named.
func (e *Env) installOptions(scope string) (install.Options, int) {
	p, err := e.paths(common{})
	if err != nil {
		return install.Options{}, fail(e, err, ExitFailure)
	}
	all := settings.Unify(settings.Scopes(p.Cwd, p.Root, p.ConfigDir))
	sc, err := settings.PickScope(all, scope)
	if err != nil {
		return install.Options{}, fail(e, err, ExitUsage)
	}
	return install.Options{Scopes: all, Scope: sc, ConfigDir: p.ConfigDir, Cwd: e.Cwd, Exe: e.Exe, ExeErr: e.exeErr, Now: e.Now(), Rand: e.Rand}, ExitOK
}

// failInstall reports an install or uninstall error: exit 64 for a usage
// error, 1 otherwise.
func failInstall(e *Env, err error) int {
	if hint.IsUsage(err) {
		return fail(e, err, ExitUsage)
	}
	return fail(e, err, ExitFailure)
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
func modeLine(d install.Done) string {
	from := ""
	if d.AssistFrom != "" {
		from = " (" + termsafe.Line(d.AssistFrom) + ")"
	}
	if d.Assist {
		return "assist" + from + ": Claude parks what the hook cannot judge, about 180 tokens a session; --no-assist for none"
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
