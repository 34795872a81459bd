package settings

import (
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
