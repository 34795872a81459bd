package hooks

import (
	"errors"
	"os"

	"github.com/openloop/openloop/pkg/store"
)

// maxExpireAtEnd bounds the items one SessionEnd expires: each costs a
// log line and three fsyncs, and hundreds (items the seed or a person
// wrote, or a long absence) took seconds. The rest go at the next
// SessionEnd, or when the user runs resume.
const maxExpireAtEnd = store.MaxOpen

// SessionEnd runs when a session ends (exit, /clear, /resume …). It
// deletes parked items 30 days old or older (at most maxExpireAtEnd) and
// this session's saved state. Claude Code gives all SessionEnd hooks 1.5 s together by default:
// this is a directory listing and a few unlinks, and prints nothing (Claude
// Code discards SessionEnd output). When another openloop process holds
// the lock, it waits LockWaits["SessionEnd"] at most and leaves expiry
// for later.
func SessionEnd(cfg Config, ev Event) (*Output, error) {
	p, err := cfg.paths(ev)
	if err != nil {
		return nil, err
	}
	if dir, err := stateFolder(p.ConfigDir, false); err == nil && ev.SessionID != "" {
		os.Remove(statePath(dir, ev.SessionID))
		os.Remove(capMarkPath(dir, ev.SessionID))
	}
	pruneStates(p.ConfigDir, cfg.Now())
	_, err = openStore(cfg, ev.Name, p).ExpireSome(maxExpireAtEnd)
	if errors.Is(err, store.ErrLocked) {
		// Another openloop process holds the lock: expiry waits for the
		// next SessionEnd or resume rather than for the lock (LockWaits).
		return nil, nil
	}
	return nil, err
}
