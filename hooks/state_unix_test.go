//go:build unix

package hooks

import (
	"errors"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"
)

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
	go func() { _, ok, _ := useState(cfg, "s", "p1"); done <- ok }()
	select {
	case ok := <-done:
		if ok {
			t.Error("a FIFO read as a state")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("reading the state blocked on a FIFO") // a hang guard, not a speed check
	}
}
