package cli

import (
	"fmt"

	"github.com/openloop/openloop/internal/termsafe"
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
	sc, w := o.Scope, e.Stdout
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
	return ExitOK
}
