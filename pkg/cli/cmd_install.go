package cli

import (
	"github.com/openloop/openloop/internal/hint"
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
	sc := o.Scope
	d.WriteInstalled(e.Stdout, sc, sc.Shared && doctor.CheckProgram(d.Exe, e.Cwd, e.Getenv) != nil)
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
