package hooks

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// useState: the first prompt after Stop reads the state and marks it
// used; the same prompt delivered again (two registrations) reads it too;
// any other prompt does not.
func TestUseState(t *testing.T) {
	cfg := t.TempDir()
	remember(cfg, "s", "Should expired tokens return 401 or 403?")
	if got, ok, _ := useState(cfg, "s", "p1"); !ok || got != "Should expired tokens return 401 or 403?" {
		t.Fatalf("first prompt: %q, %v", got, ok)
	}
	if got, ok, _ := useState(cfg, "s", "p1"); !ok || got == "" {
		t.Errorf("same prompt again: %q, %v", got, ok)
	}
	// A later prompt reads no message, and learns that the state exists:
	// the transcript's copy of the answered message must not stand in.
	if got, known, _ := useState(cfg, "s", "p2"); !known || got != "" {
		t.Errorf("a later prompt read the used state: %q, known %v", got, known)
	}
	if _, ok, _ := useState(cfg, "other", "p1"); ok {
		t.Error("another session's prompt read a state")
	}
	// The next Stop replaces it; an empty message clears it.
	remember(cfg, "s", "Which database?")
	if got, ok, _ := useState(cfg, "s", "p3"); !ok || got != "Which database?" {
		t.Errorf("after the next Stop: %q, %v", got, ok)
	}
	remember(cfg, "s", "Shall I go on?")
	remember(cfg, "s", "")
	if got, ok, _ := useState(cfg, "s", "p4"); ok {
		t.Errorf("after a Stop with no message: %q", got)
	}
}

// A symlink at openloop/ or openloop/sessions/ is not the state folder:
// nothing is read, written or pruned through it.
func TestStateFolderRefusesSymlinks(t *testing.T) {
	for _, at := range []string{"openloop", filepath.Join("openloop", "sessions")} {
		cfg := t.TempDir()
		target := t.TempDir()
		if err := os.MkdirAll(filepath.Join(cfg, filepath.Dir(at)), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(cfg, at)); err != nil {
			t.Skipf("symlink: %v", err)
		}
		if _, err := stateFolder(cfg, true); !errors.Is(err, errStateFolder) {
			t.Errorf("%s: stateFolder = %v, want errStateFolder", at, err)
		}
		old := time.Now().Add(-2 * stateMaxAge)
		victim := filepath.Join(target, "s.json")
		if at == "openloop" {
			victim = filepath.Join(target, "sessions", "s.json")
		}
		os.MkdirAll(filepath.Dir(victim), 0o700)
		if err := os.WriteFile(victim, []byte(`{"assistant":"Which database?"}`), 0o600); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(victim, old, old)
		if _, ok, _ := useState(cfg, "s", "p1"); ok {
			t.Errorf("%s: read a state through the symlink", at)
		}
		remember(cfg, "new", "Shall I go on?")
		pruneStates(cfg, time.Now())
		ents, _ := os.ReadDir(filepath.Dir(victim))
		if len(ents) != 1 || ents[0].Name() != "s.json" {
			t.Errorf("%s: the folder behind the symlink changed: %v", at, ents)
		}
	}
}

// The open names live beside Claude's message: a state that holds only
// them holds no message (the next prompt still reads the transcript), and
// Stop keeps them when it saves or drops the message.
func TestOpenNamesBesideTheMessage(t *testing.T) {
	cfg := t.TempDir()
	editOpen(cfg, "s", func([]string) []string { return []string{"i18n"} })
	if got, known, open := useState(cfg, "s", "p1"); known || got != "" || len(open) != 1 || open[0] != "i18n" {
		t.Fatalf("only names: %q %v %q", got, known, open)
	}
	remember(cfg, "s", "Which database?")
	if got, known, open := useState(cfg, "s", "p2"); !known || got != "Which database?" || len(open) != 1 {
		t.Fatalf("after Stop: %q %v %q", got, known, open)
	}
	remember(cfg, "s", "")
	if got, known, open := useState(cfg, "s", "p3"); known || got != "" || len(open) != 1 {
		t.Fatalf("after an empty Stop: %q %v %q", got, known, open)
	}
	editOpen(cfg, "s", func([]string) []string { return nil })
	dir, _ := stateFolder(cfg, false)
	if _, ok := loadState(statePath(dir, "s")); ok {
		t.Fatal("an empty state is left behind")
	}
}
