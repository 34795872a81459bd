// Package version makes the line "openloop version" prints from the
// -ldflags version and the build info.
package version

import (
	"runtime/debug"
	"strings"
)

// Line is "openloop <version>" and, where the build recorded them,
// the VCS revision, its time and whether the tree was modified:
//
//	openloop v1.2.0
//	openloop v0.0.0-20261202100000-2deeb16a1b2c+dirty (revision 2deeb16a1b2c, 2026-12-02T10:00:00Z, modified)
//
// The version is the -ldflags one when set, else the module's: "go install
// …@v1.2.0" records v1.2.0, a build in a checkout a pseudo-version (Go
// 1.24+) or "(devel)".
func Line(ldflags string, info *debug.BuildInfo) string {
	v := ldflags
	if v == "dev" && info != nil && info.Main.Version != "" {
		v = info.Main.Version
	}
	var rev, at, modified string
	if info != nil {
		for _, kv := range info.Settings {
			switch kv.Key {
			case "vcs.revision":
				rev = kv.Value
			case "vcs.time":
				at = kv.Value
			case "vcs.modified":
				modified = kv.Value
			}
		}
	}
	if rev == "" {
		return "openloop " + v
	}
	parts := []string{"revision " + rev[:min(12, len(rev))]}
	if at != "" {
		parts = append(parts, at)
	}
	if modified == "true" {
		parts = append(parts, "modified")
	}
	return "openloop " + v + " (" + strings.Join(parts, ", ") + ")"
}
