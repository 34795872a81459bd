package cli

import (
	"fmt"
	"path/filepath"

	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/plugin"
)

// runPlugin writes DIR as a Claude Code plugin that is also its own
// one-plugin marketplace (see pkg/plugin), all or nothing.
func runPlugin(e *Env, args []string) int {
	fs := newFlags(e, "plugin", nil)
	out := fs.String("out", "", "folder to write the marketplace to")
	bin := fs.String("bin", "", "the openloop binary to copy into the plugin (default: this one)")
	if ok, code := parseOnlyFlags(e, fs, args); !ok {
		return code
	}
	if *out == "" {
		errorf(e.Stderr, "plugin: say where to write it: --out DIR")
		return ExitUsage
	}
	dir := *out
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(e.Cwd, dir)
	}
	dir = filepath.Clean(dir)
	src := *bin
	if src == "" {
		src = e.Exe
	}
	if src == "" {
		errorf(e.Stderr, "plugin: cannot tell where this binary is: %v", e.exeErr)
		hintf(e.Stderr, "pass --bin PATH")
		return ExitFailure
	}
	if !filepath.IsAbs(src) {
		src = filepath.Join(e.Cwd, src)
	}
	written, err := plugin.Write(plugin.Options{Dir: dir, Binary: src, Version: Version, Now: e.Now(), Rand: e.Rand})
	if err != nil {
		return fail(e, err, ExitFailure)
	}
	w := e.Stdout
	fmt.Fprintf(w, "Wrote the openloop plugin (and a marketplace listing it) to %s\n", termsafe.Line(dir))
	for _, f := range written.Files {
		fmt.Fprintf(w, "  %s\n", f)
	}
	fmt.Fprintf(w, "  bin/%s (copy of %s)\n", written.ExeName, termsafe.Line(src))
	fmt.Fprintln(w, "In Claude Code, run:")
	fmt.Fprintf(w, "  /plugin marketplace add %s\n", termsafe.Line(dir))
	fmt.Fprintf(w, "  /plugin install %s@%s\n", plugin.Name, plugin.Name)
	fmt.Fprintln(w, "Do not also run 'openloop install': every event would be delivered twice.")
	return ExitOK
}
