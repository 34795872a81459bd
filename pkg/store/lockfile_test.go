package store

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// LockFile holds the file that is at the path when it returns: when the
// file it locked was removed (pruned) or replaced while it waited, it
// locks the one at the path instead, so two processes never each hold a
// lock on a different file of the same name.
func TestLockFileHoldsTheFileAtThePath(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".x.lock")
	removed := 0
	testLockTaken = func() {
		if removed == 0 {
			removed++
			os.Remove(path) // as a pruning between the open and the lock
		}
	}
	defer func() { testLockTaken = nil }()
	unlock, err := LockFile(path, time.Second, "test")
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	if _, err := os.Lstat(path); err != nil {
		t.Fatalf("LockFile returned holding a file no longer at its path: %v", err)
	}
}
