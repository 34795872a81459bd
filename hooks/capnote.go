package hooks

import (
	"errors"
	"io/fs"
	"os"
	"strings"

	"github.com/openloop/openloop/pkg/project"
)

// At the cap, the full list is shown once per session; later refusals in
// the same session say it in one line with the count. The mark that the
// list was shown is an empty file beside the session's state
// (<state>.cap), created with O_EXCL: creating it tells "first time" from
// "shown before" in one step, even when two hooks of the session race. It
// goes with the state at SessionEnd, and with stale state after
// stateMaxAge. A session without an id always gets the full list.

// capMarkPath is the mark file of a session in the state folder dir.
func capMarkPath(dir, sessionID string) string {
	return strings.TrimSuffix(statePath(dir, sessionID), ".json") + ".cap"
}

// capListedBefore reports whether this session was already shown the
// list at the cap, and marks it shown.
func capListedBefore(cfg Config, sessionID string) bool {
	if sessionID == "" {
		return false
	}
	cfgDir, err := project.ConfigDir(cfg.Getenv)
	if err != nil {
		return false
	}
	dir, err := stateFolder(cfgDir, true)
	if err != nil {
		return false
	}
	f, err := os.OpenFile(capMarkPath(dir, sessionID), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return true
	}
	if err == nil {
		f.Close()
	}
	return false // not marked: showing the list again is the safe side
}
