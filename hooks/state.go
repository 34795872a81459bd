package hooks

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// sessionState is what Stop remembers for the next UserPromptSubmit of the
// same session: the end of Claude's final message, from which detection
// reads the question it ended with, if any.
type sessionState struct {
	Assistant string `json:"assistant"` // the end of Claude's last message
	// UsedBy is the prompt that already read this state. Another prompt
	// (the next turn, after an interrupted one that had no Stop) must not
	// read it again; the same prompt delivered twice may.
	UsedBy string `json:"used_by,omitempty"`
}

// maxSavedAssistant bounds the part of Claude's message kept in the state.
const maxSavedAssistant = 8 << 10

// stateMaxAge is how long a session's state may lie around unused before
// SessionEnd removes it.
const stateMaxAge = 30 * 24 * time.Hour

// safeID reports whether a session id is a plain token: 1 to 128 of
// A-Z a-z 0-9 _ -. (A loop, not a regexp: `^[A-Za-z0-9_-]{1,128}$` unrolls
// into 128 states compiled at every start, 118 KB and about 1.5 ms of the
// hook's start-up.)
func safeID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for _, c := range []byte(id) {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// stateDir holds one small JSON file per live session.
func stateDir(configDir string) string {
	return filepath.Join(configDir, "openloop", "sessions")
}

// statePath is the state file of a session. An id that is not a plain
// token (Claude Code sends UUIDs) is hashed, so it can never name a path
// outside the folder.
func statePath(configDir, sessionID string) string {
	name := sessionID
	if !safeID(sessionID) {
		sum := sha256.Sum256([]byte(sessionID))
		name = "h-" + hex.EncodeToString(sum[:16])
	}
	return filepath.Join(stateDir(configDir), name+".json")
}

// maxState bounds what is read of a state file.
const maxState = 64 << 10

// loadState reads a session's state: a regular file only (never a FIFO or
// a device planted at its name), and a bounded amount of it.
func loadState(path string) (sessionState, bool) {
	var st sessionState
	f, err := os.Open(path)
	if err != nil {
		return st, false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() || fi.Size() > maxState {
		return st, false
	}
	data, err := io.ReadAll(io.LimitReader(f, maxState))
	if err != nil || json.Unmarshal(data, &st) != nil {
		return sessionState{}, false
	}
	return st, true
}

// saveState writes the state atomically (temp file and rename) without
// fsync: losing it in a crash costs one missed question, never user text.
func saveState(path string, st sessionState) error {
	data, err := json.Marshal(st)
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(f.Name(), path)
	}
	if werr != nil {
		os.Remove(f.Name())
	}
	return werr
}

// pruneStates removes state files older than stateMaxAge, and stray temp
// files, so sessions that never sent SessionEnd leave nothing behind.
func pruneStates(configDir string, now time.Time) {
	dir := stateDir(configDir)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		fi, err := e.Info()
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		age := now.Sub(fi.ModTime())
		if age > stateMaxAge || strings.HasPrefix(e.Name(), ".tmp-") && age > time.Hour {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
