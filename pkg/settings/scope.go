package settings

import (
	"fmt"
	"path/filepath"
)

// Install scopes live here, beside the edits they are for: a scope only
// names the two files that Install, Uninstall and Find work on (the
// settings file and the /session command file), and the same three scopes
// are read by doctor. Keeping them with the file formats means every rule
// about "which file Claude Code reads" is in one package, and pkg/cli only
// parses --scope and reports.

// A Scope is a pair of files where Claude Code reads hooks and commands.
type Scope struct {
	Name     string // "user", "project" or "local"
	Settings string // the settings file
	Command  string // the /session command file
	// Shared: the files are meant to be committed, so they name no path
	// of this machine: the hooks and the command run PortableExe.
	Shared bool
}

// DefaultScope is install's and uninstall's scope when none is named:
// items are kept per user anyway, one install covers every project, and
// nothing is written into a repository.
const DefaultScope = "user"

// Scopes are the three scopes of a project, in this order:
//
//   - user: <config dir>/settings.json and <config dir>/commands/session.md,
//     the config dir being $CLAUDE_CONFIG_DIR or ~/.claude; the binary is
//     named by its absolute path;
//   - project: <cwd>/.claude/settings.json (Claude Code reads the shared
//     file only from the directory it was started in) and
//     <cwd>/.claude/commands/session.md, both meant to be committed: they
//     run openloop from PATH, and the hooks do nothing on a machine
//     without it;
//   - local: <repository root>/.claude/settings.local.json (where Claude
//     Code 2.1.211+ reads it; Claude Code keeps it out of git) with the
//     absolute path, and the user's command file: the project's
//     .claude/commands/ is shared, so local never writes there.
func Scopes(cwd, root, configDir string) []Scope {
	user := filepath.Join(configDir, "commands", "session.md")
	return []Scope{
		{"user", filepath.Join(configDir, "settings.json"), user, false},
		{"project", filepath.Join(cwd, ".claude", "settings.json"), filepath.Join(cwd, ".claude", "commands", "session.md"), true},
		{"local", filepath.Join(root, ".claude", "settings.local.json"), user, false},
	}
}

// PickScope returns the scope named name.
func PickScope(all []Scope, name string) (Scope, error) {
	for _, s := range all {
		if s.Name == name {
			return s, nil
		}
	}
	return Scope{}, fmt.Errorf("unknown scope %q (want user, project or local)", name)
}

// Unify makes scopes that are the same files name them by the same path.
// Run from the home folder, the project scope's <cwd>/.claude is the
// user's config dir, so the project and user scopes are one settings file
// and one command file; the paths can still differ as text (a symlink in
// $HOME, a config dir given as "~/.claude/"). With one path each, install,
// uninstall and their records treat them as the one scope they are.
func Unify(all []Scope) []Scope {
	out := make([]Scope, len(all))
	copy(out, all)
	for i := range out {
		for j := 0; j < i; j++ {
			if canonical(out[i].Settings) == canonical(out[j].Settings) {
				out[i].Settings = out[j].Settings
			}
			if canonical(out[i].Command) == canonical(out[j].Command) {
				out[i].Command = out[j].Command
			}
		}
	}
	return out
}

// SameAs names another scope whose settings file is sc's (after Unify),
// "" when there is none.
func SameAs(all []Scope, sc Scope) string {
	for _, o := range all {
		if o.Name != sc.Name && o.Settings == sc.Settings {
			return o.Name
		}
	}
	return ""
}

// canonical is path with the symlinks of its longest existing prefix
// resolved: two paths to one file, existing or not yet, give one string.
func canonical(path string) string {
	path = filepath.Clean(path)
	rest := ""
	for p := path; ; p = filepath.Dir(p) {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(r, rest)
		}
		if filepath.Dir(p) == p {
			return path
		}
		rest = filepath.Join(filepath.Base(p), rest)
	}
}
