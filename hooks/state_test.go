package hooks

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// useState: the first prompt after Stop reads the state and marks it
// used; the same prompt delivered again (two registrations) reads it too;
// any other prompt does not.
func TestUseState(t *testing.T) {
	cfg := t.TempDir()
	remember(cfg, "s", "Should expired tokens return 401 or 403?")
	if got, ok := useState(cfg, "s", "p1"); !ok || got != "Should expired tokens return 401 or 403?" {
		t.Fatalf("first prompt: %q, %v", got, ok)
	}
	if got, ok := useState(cfg, "s", "p1"); !ok || got == "" {
		t.Errorf("same prompt again: %q, %v", got, ok)
	}
	// A later prompt reads no message, and learns that the state exists:
	// the transcript's copy of the answered message must not stand in.
	if got, known := useState(cfg, "s", "p2"); !known || got != "" {
		t.Errorf("a later prompt read the used state: %q, known %v", got, known)
	}
	if _, ok := useState(cfg, "other", "p1"); ok {
		t.Error("another session's prompt read a state")
	}
	// The next Stop replaces it; an empty message clears it.
	remember(cfg, "s", "Which database?")
	if got, ok := useState(cfg, "s", "p3"); !ok || got != "Which database?" {
		t.Errorf("after the next Stop: %q, %v", got, ok)
	}
	remember(cfg, "s", "Shall I go on?")
	remember(cfg, "s", "")
	if got, ok := useState(cfg, "s", "p4"); ok {
		t.Errorf("after a Stop with no message: %q", got)
	}
}

// When the state cannot be replaced, the old one is removed: a stale state
// must not answer for the next turn. The fault is "too many open files"
// (RLIMIT_NOFILE at the next free descriptor), which holds for root too:
// the temp file cannot be created, and unlink needs no descriptor.
func TestReplaceStateFailureRemovesStale(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("RLIMIT_NOFILE fault: linux only")
	}
	cfg := t.TempDir()
	remember(cfg, "s", "Should expired tokens return 401 or 403?")
	dir, err := stateFolder(cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	path := statePath(dir, "s")
	if _, ok := loadState(path); !ok {
		t.Fatal("no state saved")
	}

	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
		t.Skipf("getrlimit: %v", err)
	}
	probe, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	next := uint64(probe.Fd()) // the lowest free descriptor
	probe.Close()
	limited := old
	limited.Cur = next
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &limited); err != nil {
		t.Skipf("setrlimit: %v", err)
	}
	remember(cfg, "s", "Which database?")
	_, createErr := os.CreateTemp(dir, "probe-")
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
		t.Fatalf("restore rlimit: %v", err)
	}
	if !errors.Is(createErr, syscall.EMFILE) {
		t.Skipf("the fault did not hold: create gave %v", createErr)
	}
	if st, ok := loadState(path); ok {
		t.Errorf("the stale state is still there: %+v", st)
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
		if _, ok := useState(cfg, "s", "p1"); ok {
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

// A FIFO at the state file reads as no state, at once (a plain open(2)
// would block until Claude Code's hook timeout).
func TestLoadStateFIFO(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs on windows")
	}
	cfg := t.TempDir()
	dir, err := stateFolder(cfg, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(statePath(dir, "s"), 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan bool, 1)
	go func() { _, ok := useState(cfg, "s", "p1"); done <- ok }()
	select {
	case ok := <-done:
		if ok {
			t.Error("a FIFO read as a state")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("reading the state blocked on a FIFO") // a hang guard, not a speed check
	}
}
