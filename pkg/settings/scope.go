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
	Name     string // "project", "local" or "user"
	Settings string // the settings file
	Command  string // the /session command file
}

// Scopes are the three scopes of a project, in this order:
//
//   - project: <cwd>/.claude/settings.json (Claude Code reads the shared
//     file only from the directory it was started in) and
//     <cwd>/.claude/commands/session.md;
//   - local: <repository root>/.claude/settings.local.json (where Claude
//     Code 2.1.211+ reads it) and the project's command file;
//   - user: <config dir>/settings.json and <config dir>/commands/session.md,
//     the config dir being $CLAUDE_CONFIG_DIR or ~/.claude.
func Scopes(cwd, root, configDir string) []Scope {
	cmd := filepath.Join(cwd, ".claude", "commands", "session.md")
	return []Scope{
		{"project", filepath.Join(cwd, ".claude", "settings.json"), cmd},
		{"local", filepath.Join(root, ".claude", "settings.local.json"), cmd},
		{"user", filepath.Join(configDir, "settings.json"), filepath.Join(configDir, "commands", "session.md")},
	}
}

// PickScope returns the scope named name.
func PickScope(all []Scope, name string) (Scope, error) {
	for _, s := range all {
		if s.Name == name {
			return s, nil
		}
	}
	return Scope{}, fmt.Errorf("unknown scope %q (want project, local or user)", name)
}
