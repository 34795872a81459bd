package cli

import (
	"path/filepath"

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
	o := plugin.Options{Dir: dir, Binary: src, Version: Version, Now: e.Now(), Rand: e.Rand}
	written, err := plugin.Write(o)
	if err != nil {
		return fail(e, err, ExitFailure)
	}
	written.WriteReport(e.Stdout, o)
	return ExitOK
}
