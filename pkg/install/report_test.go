package install

import (
	"bytes"
	"testing"

	"github.com/openloop/openloop/pkg/settings"
)

// The report of an install names each file (escaped), what became of it,
// the hook command and the mode; a shared scope says its files name no
// path of this machine and whether openloop is on PATH.
func TestWriteInstalled(t *testing.T) {
	user := settings.Scope{Name: "user", Settings: "/h/.claude/settings.json", Command: "/h/.claude/commands/session.md"}
	project := settings.Scope{Name: "project", Settings: "/p/.claude/settings\x1b.json", Command: "/p/.claude/commands/session.md", Shared: true}
	changes := []settings.Change{{Event: "Stop", Action: settings.Added}, {Event: "rule Bash(openloop park:*)", Action: settings.Kept}}
	for _, tt := range []struct {
		name      string
		d         Done
		sc        settings.Scope
		notOnPath bool
		want      string
	}{
		{"user, assist", Done{SettingsChanged: true, CmdChanged: true, Changes: changes, HookCmd: "/bin/openloop hook --assist", Assist: true, AssistFrom: "settings.json"}, user, false,
			`Installed openloop (scope user)
  /h/.claude/settings.json: Stop added, rule Bash(openloop park:*) kept
  /h/.claude/commands/session.md: written
  hook command: /bin/openloop hook --assist
  mode: assist (settings.json): Claude judges and parks the loops the hook names to it, about 180 tokens a session start and a line per likely loop; --no-assist for none
New Claude Code sessions pick this up; check with 'openloop doctor'.
`},
		{"project again, kept, not on PATH", Done{Kept: "/c/kept.md", HookCmd: "openloop hook", SameAs: "user"}, project, true,
			`Already installed (scope project); nothing changed
  /p/.claude/settings\x1b.json: 
  /p/.claude/commands/session.md: written; the file it replaced is kept in /c/kept.md, and uninstall puts it back
  hook command: openloop hook
  mode: no assist: the hook alone parks, no tokens; --assist lets Claude judge and name what it cannot
  Here the project and user scopes are the same files: /p/.claude is the config dir.
  openloop is not on this shell's PATH: the hooks do nothing here until it is.
`},
	} {
		var out bytes.Buffer
		tt.d.WriteInstalled(&out, tt.sc, tt.notOnPath)
		if out.String() != tt.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tt.name, out.String(), tt.want)
		}
	}
}

// The report of an uninstall says what became of each file.
func TestWriteUninstalled(t *testing.T) {
	sc := settings.Scope{Name: "local", Settings: "/p/.claude/settings.local.json", Command: "/p/.claude/commands/session.md"}
	for _, tt := range []struct {
		d    Done
		want string
	}{
		{Done{CmdNote: "not there"}, "Not installed (scope local); nothing changed\n  /p/.claude/settings.local.json: not there\n  /p/.claude/commands/session.md: not there\n"},
		{Done{SettingsExisted: true, SettingsChanged: true, SettingsRemoved: true, CmdNote: "removed"}, "Uninstalled openloop (scope local)\n  /p/.claude/settings.local.json: removed (install created it, and it holds nothing else)\n  /p/.claude/commands/session.md: removed\n"},
		{Done{SettingsExisted: true, CmdChanged: true, CmdNote: "removed"}, "Uninstalled openloop (scope local)\n  /p/.claude/settings.local.json: no openloop hooks\n  /p/.claude/commands/session.md: removed\n"},
		{Done{SettingsExisted: true, SettingsChanged: true, Changes: []settings.Change{{Event: "Stop", Action: settings.Removed}}, CmdNote: "kept"}, "Uninstalled openloop (scope local)\n  /p/.claude/settings.local.json: Stop removed\n  /p/.claude/commands/session.md: kept\n"},
	} {
		var out bytes.Buffer
		tt.d.WriteUninstalled(&out, sc)
		if out.String() != tt.want {
			t.Errorf("got\n%s\nwant\n%s", out.String(), tt.want)
		}
	}
}
