package settings

import (
	"os"
	"path/filepath"
	"testing"
)

func TestScopes(t *testing.T) {
	all := Scopes("/w/sub", "/w", "/home/me/.claude")
	want := map[string][2]string{
		"project": {"/w/sub/.claude/settings.json", "/w/sub/.claude/commands/session.md"},
		"local":   {"/w/.claude/settings.local.json", "/home/me/.claude/commands/session.md"},
		"user":    {"/home/me/.claude/settings.json", "/home/me/.claude/commands/session.md"},
	}
	for name, files := range want {
		sc, err := PickScope(all, name)
		if err != nil {
			t.Fatal(err)
		}
		if sc.Settings != filepath.FromSlash(files[0]) || sc.Command != filepath.FromSlash(files[1]) {
			t.Errorf("%s: got %s, %s; want %s, %s", name, sc.Settings, sc.Command, files[0], files[1])
		}
	}
	if all[0].Name != DefaultScope {
		t.Errorf("the default scope %q is not listed first", DefaultScope)
	}
	for _, sc := range all {
		if sc.Shared != (sc.Name == "project") {
			t.Errorf("%s: shared %v; only the project's files are committed", sc.Name, sc.Shared)
		}
	}
	if _, err := PickScope(all, "global"); err == nil || err.Error() != `unknown scope "global" (want user, project or local)` {
		t.Errorf("PickScope(global) = %v", err)
	}
}

// Scopes that are the same files under two spellings (a symlinked home,
// a trailing slash) get one path, so records and comparisons agree.
func TestUnify(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	if err := os.Mkdir(real, 0o700); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	all := Unify(Scopes(real, real, filepath.Join(link, ".claude")+"/"))
	if all[1].Settings != all[0].Settings || all[1].Command != all[0].Command {
		t.Errorf("project %+v and user %+v are the same files", all[1], all[0])
	}
	if SameAs(all, all[1]) != "user" || SameAs(all, all[0]) != "project" || SameAs(all, all[2]) != "" {
		t.Errorf("SameAs: %q %q %q", SameAs(all, all[0]), SameAs(all, all[1]), SameAs(all, all[2]))
	}
	if all[2].Command != all[0].Command {
		t.Errorf("local's command %q is the user's %q", all[2].Command, all[0].Command)
	}
	other := Unify(Scopes(filepath.Join(dir, "proj"), dir, filepath.Join(link, ".claude")))
	if SameAs(other, other[1]) != "" {
		t.Errorf("a project elsewhere is its own scope: %+v", other)
	}
}
