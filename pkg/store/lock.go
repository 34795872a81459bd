package store

import (
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/lockedfile"
)

// Every lock openloop takes, the memory dir's and the resolution log's, is
// taken with a bound on the wait (lockWithin). Each step lets go within
// milliseconds; a holder that does not is stopped (an openloop command
// suspended with Ctrl-Z, perhaps one run under another CLAUDE_CONFIG_DIR
// on the same project) or hung. The step then gives up, changes nothing,
// and its error names the lock and, where the system says (Linux's
// /proc/locks), the process that holds it.

// DefaultLockWait bounds the wait for a lock when the caller sets none:
// the commands a user runs. Hooks pass their own, shorter waits, which fit
// their event's time budget (hooks.LockWait).
const DefaultLockWait = 5 * time.Second

// ErrLocked marks a step that gave up waiting for a lock.
var ErrLocked = fmt.Errorf("locked by another process")

// lockWithin opens path with flag and perm and takes its exclusive lock,
// waiting at most wait (DefaultLockWait when wait is not positive). what
// names the lock in the error ("memory dir", "resolution log").
func lockWithin(path string, flag int, perm os.FileMode, wait time.Duration, what string) (*lockedfile.File, error) {
	if wait <= 0 {
		wait = DefaultLockWait
	}
	type taken struct {
		f   *lockedfile.File
		err error
	}
	got := make(chan taken, 1)
	var mu sync.Mutex
	abandoned := false
	go func() {
		f, err := lockedfile.OpenFile(path, flag, perm)
		mu.Lock()
		defer mu.Unlock()
		if abandoned {
			if err == nil {
				f.Close() // taken after the caller gave up: let go at once
			}
			return
		}
		got <- taken{f, err}
	}()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	var t taken
	select {
	case t = <-got:
	case <-timer.C:
		mu.Lock()
		select {
		case t = <-got: // taken just as the wait ran out
			mu.Unlock()
		default:
			abandoned = true
			mu.Unlock()
			return nil, fmt.Errorf("lock %s: %w: %s has held %s for %s (an openloop command stopped with Ctrl-Z?); nothing was changed", what, ErrLocked, holder(path), path, wait)
		}
	}
	if t.err != nil {
		return nil, fmt.Errorf("lock %s: %w", what, t.err)
	}
	return t.f, nil
}

// LockFile takes the exclusive lock of the file at path (created 0600 if
// missing, never through a symlink), waiting at most wait
// (DefaultLockWait when not positive); what names it in the error. Other
// packages' private files (the candidates) use it for their own
// read-change-write steps. unlock lets go.
//
// The file it returns holding is the one at path (lockAtPath): pruning
// removes an old lock file no process holds (hooks' pruneStates), and a
// process that opened it just before and then waited locks the new one.
func LockFile(path string, wait time.Duration, what string) (unlock func(), err error) {
	f, err := lockAtPath(path, os.O_RDWR|os.O_CREATE|oNoFollow, wait, what, testLockTaken)
	if err != nil {
		return nil, err
	}
	return func() { f.Close() }, nil
}

// testLockTaken, when a test sets it, runs when LockFile has taken a
// lock, before it checks the file is still at its path.
var testLockTaken func()

// maxLockTries bounds how often lockAtPath opens the file again after
// finding that the file it locked was removed or renamed over meanwhile.
const maxLockTries = 10

// lockAtPath opens path with flag (0600 when created) and takes its lock,
// then checks that the file it locked is still the one at the path; if
// not (removed, or renamed over, while this process waited), it lets go
// and opens the path again. taken, when set, runs once the lock is taken
// (tests).
func lockAtPath(path string, flag int, wait time.Duration, what string, taken func()) (*lockedfile.File, error) {
	for try := 0; ; try++ {
		f, err := lockWithin(path, flag, 0o600, wait, what)
		if err != nil {
			return nil, err
		}
		if taken != nil {
			taken()
		}
		held, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", what, err)
		}
		now, err := os.Lstat(path)
		if err == nil && os.SameFile(held, now) {
			return f, nil
		}
		f.Close()
		if try+1 >= maxLockTries {
			return nil, fmt.Errorf("lock %s: %s kept changing under the lock", what, path)
		}
	}
}

// holder names the process that holds the lock on path: "pid 123
// (openloop archive)" where the system says, else "another process".
func holder(path string) string {
	pid, cmd := lockHolder(path)
	switch {
	case pid <= 0:
		return "another process"
	case cmd == "":
		return fmt.Sprintf("pid %d", pid)
	}
	return fmt.Sprintf("pid %d (%s)", pid, Show(cmd))
}
