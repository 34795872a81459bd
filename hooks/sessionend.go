package hooks

import (
	"os"

	"github.com/openloop/openloop/pkg/store"
)

// SessionEnd runs when a session ends (exit, /clear, /resume …). It
// deletes parked items 30 days old or older and this session's saved
// state. Claude Code gives all SessionEnd hooks 1.5 s together by default:
// this is a directory listing and a few unlinks, and prints nothing (Claude
// Code discards SessionEnd output).
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
	_, err = store.Open(p.MemoryDir, cfg.Now).WithLog(p.Root, p.LogPath).Expire()
	return nil, err
}
