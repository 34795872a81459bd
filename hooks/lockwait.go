package hooks

import (
	"time"

	"github.com/openloop/openloop/pkg/project"
	"github.com/openloop/openloop/pkg/store"
)

// LockWaits bound how long each hook waits for a lock (the memory dir's,
// the log's) that another openloop process holds, so that the hook ends
// inside its event's time budget and never holds the user's prompt behind
// a stopped process:
//
//   - UserPromptSubmit and Stop: 1 s, well under the 10 s timeout install
//     writes (and Claude Code's own 30 s and 600 s defaults); the prompt
//     goes through and the hook says what it could not park. The first
//     entry that gives up stops the others, so an event waits once.
//   - SessionEnd: 100 ms. Claude Code gives all SessionEnd hooks together
//     1.5 s (claude-code.md §2.3), and expiry can always wait: when the
//     lock is held, SessionEnd leaves expiry for the next SessionEnd or
//     resume instead of waiting.
//
// Events not listed use the shortest, SessionEnd's.
var LockWaits = map[string]time.Duration{
	"UserPromptSubmit": time.Second,
	"Stop":             time.Second,
	"SessionEnd":       100 * time.Millisecond,
}

// lockWait is the wait for an event.
func lockWait(event string) time.Duration {
	if d, ok := LockWaits[event]; ok {
		return d
	}
	return LockWaits["SessionEnd"]
}

// openStore is the store a hook for event uses: the project's memory dir,
// log and private text file, with the event's lock wait.
func openStore(cfg Config, event string, p project.Paths) *store.Store {
	s := store.Open(p.MemoryDir, cfg.Now).WithLog(p.Root, p.LogPath).WithPrivate(p.ConfigDir)
	s.LockWait = lockWait(event)
	return s
}
