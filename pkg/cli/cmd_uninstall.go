package cli

import (
	"github.com/openloop/openloop/pkg/install"
	"github.com/openloop/openloop/pkg/settings"
)

// runUninstall removes exactly what install added in one scope (see
// pkg/install).
func runUninstall(e *Env, args []string) int {
	fs := newFlags(e, "uninstall", nil)
	scopeName := fs.String("scope", settings.DefaultScope, "user, project or local")
	dry := fs.Bool("dry-run", false, "print the changes as a diff for patch(1) and write nothing")
	if ok, code := parseOnlyFlags(e, fs, args); !ok {
		return code
	}
	o, code := e.installOptions(*scopeName)
	if code != ExitOK {
		return code
	}
	o.DryRun = *dry
	d, err := install.Uninstall(o)
	if err != nil {
		return failInstall(e, err)
	}
	if *dry {
		e.Stdout.Write(d.Diff)
		return ExitOK
	}
	d.WriteUninstalled(e.Stdout, o.Scope)
	return ExitOK
}
