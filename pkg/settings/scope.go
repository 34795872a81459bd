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
