package hooks

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/openloop/openloop/internal/jsonguard"
	"github.com/openloop/openloop/internal/safeio"
	"github.com/openloop/openloop/internal/sessiondir"
	"github.com/openloop/openloop/internal/textcut"
	"github.com/openloop/openloop/pkg/store"
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
	// Stopped marks a state Stop wrote (Assistant may then be empty); a
	// state that holds only Open holds no message from Claude, and the
	// next prompt reads the transcript's tail for one.
	Stopped bool `json:"stop,omitempty"`
	// Open is the names of the project's open items as this session last
	// saw them (SessionStart, and the hook's own parks), so that a prompt
	// that takes one up is told without listing the memory dir (takeup.go).
	Open []string `json:"open,omitempty"`
}

// holdsMessage reports a state that Stop wrote: Claude's last message is
// known, even when it is empty. (A state of an older openloop holds one
// whenever Assistant is set.)
func (st sessionState) holdsMessage() bool { return st.Stopped || st.Assistant != "" }

// maxSavedAssistant bounds the part of Claude's message kept in the state.
const maxSavedAssistant = 8 << 10

// stateMaxAge is how long a session's state may lie around unused before
// SessionEnd removes it.
const stateMaxAge = sessiondir.MaxAge

// safeID reports whether a session id is a plain token (sessiondir.SafeID).
func safeID(id string) bool { return sessiondir.SafeID(id) }

// stateDir is the state folder's path, unchecked.
func stateDir(configDir string) string {
	return filepath.Join(configDir, "openloop", "sessions")
}

// errStateFolder marks a state folder that is not a real folder.
var errStateFolder = sessiondir.ErrFolder

// stateFolder is the private folder of the sessions' files, checked (and,
// with create, made): see sessiondir.Folder.
func stateFolder(configDir string, create bool) (string, error) {
	return sessiondir.Folder(configDir, create)
}

// statePath is the state file of a session in the state folder dir. An id
// that is not a plain token (Claude Code sends UUIDs) is hashed, so it can
// never name a path outside the folder.
func statePath(dir, sessionID string) string {
	return sessiondir.Path(dir, sessionID, ".json")
}

// maxState bounds what is read of a state file.
const maxState = 64 << 10

// loadState reads a session's state: a regular file only (never a FIFO or
// a device planted at its name: safeio does not block on them), a bounded
// amount of it, and JSON checked by jsonguard before it is decoded.
func loadState(path string) (sessionState, bool) {
	var st sessionState
	data, err := safeio.ReadPrivate(path, maxState)
	if err != nil || !jsonguard.Valid(data) || json.Unmarshal(data, &st) != nil {
		return sessionState{}, false
	}
	return st, true
}

// saveState writes the state atomically (temp file and rename) without
// fsync: losing it in a crash costs one missed question, never user text.
// The folder is the one stateFolder checked.
func saveState(path string, st sessionState) error {
	data, err := json.Marshal(st)
	if err != nil {
		return err
	}
	return sessiondir.WriteAtomic(path, data)
}

// replaceState saves st at path or, when that fails, removes what is there
// (best effort): a state that could not be replaced is stale, and a stale
// one must never answer for a later turn. Without a state the next prompt
// reads the transcript's tail, so a failure here loses nothing else.
func replaceState(path string, st sessionState) {
	if saveState(path, st) != nil {
		os.Remove(path)
	}
}

// remember records, for the session's next prompt, the end of Claude's
// message; an empty message drops what an earlier turn left (the open
// names stay). Best effort: when nothing can be recorded, the next prompt
// reads the transcript's tail instead. It returns the session's open names.
func remember(configDir, sessionID, msg string) []string {
	dir, err := stateFolder(configDir, msg != "")
	if err != nil {
		return nil
	}
	path := statePath(dir, sessionID)
	old, _ := loadState(path)
	if msg == "" {
		if len(old.Open) == 0 {
			os.Remove(path)
			return nil
		}
		replaceState(path, sessionState{Open: old.Open})
		return old.Open
	}
	replaceState(path, sessionState{Assistant: textcut.Tail(msg, maxSavedAssistant), Stopped: true, Open: old.Open})
	return old.Open
}

// editOpen changes the names of the project's open items recorded in the
// session's state, keeping the rest of it. Best effort.
func editOpen(configDir, sessionID string, edit func([]string) []string) {
	if sessionID == "" {
		return
	}
	dir, err := stateFolder(configDir, true)
	if err != nil {
		return
	}
	path := statePath(dir, sessionID)
	st, _ := loadState(path)
	open := edit(slices.Clone(st.Open))
	if len(open) > maxOpenNames {
		open = open[:maxOpenNames]
	}
	if slices.Equal(open, st.Open) {
		return
	}
	st.Open = open
	if !st.holdsMessage() && st.UsedBy == "" && len(open) == 0 {
		os.Remove(path)
		return
	}
	replaceState(path, st)
}

// maxOpenNames bounds the names kept (the cap is 10; a memory dir can hold
// more, written by hand).
const maxOpenNames = 50

// useState returns Claude's last message as Stop saved it, if this prompt
// may use it: the first prompt after that Stop, or the same prompt
// delivered again. It marks the state as used by this prompt.
//
// known reports that Stop saved a state for the session at all. When an
// earlier prompt used it, assistant is "" and known is true: that message
// has had its answer, and the transcript's copy of it (the transcript is
// written late, so its last message is often the same one) must not answer
// for this prompt either.
func useState(configDir, sessionID, prompt string) (assistant string, known bool, open []string) {
	return readState(configDir, sessionID, prompt, true)
}

// peekState is useState without marking the state used: what this prompt
// would read if it came now (explain).
func peekState(configDir, sessionID, prompt string) (assistant string, known bool, open []string) {
	return readState(configDir, sessionID, prompt, false)
}

func readState(configDir, sessionID, prompt string, mark bool) (assistant string, known bool, open []string) {
	dir, err := stateFolder(configDir, false)
	if err != nil {
		return "", false, nil
	}
	path := statePath(dir, sessionID)
	st, ok := loadState(path)
	if !ok {
		return "", false, nil
	}
	if !st.holdsMessage() {
		return "", false, st.Open
	}
	if st.UsedBy != "" && st.UsedBy != prompt {
		return "", true, st.Open
	}
	if st.UsedBy == "" && mark {
		st.UsedBy = prompt
		replaceState(path, st) // unmarked, it would answer for a later prompt too
	}
	return st.Assistant, true, st.Open
}

// guardsAFile reports a lock file whose file is still in the folder: a
// lock's time is when it was made, not when it was last held, so a
// session that runs for more than 30 days holds one that old. Removed
// while held, the next process would lock a new file and two would hold
// the lock at once. It goes once what it guards has gone.
// ".<name>.lock" guards <name>; ".numbers.lock" the ".numbers-…" files.
func guardsAFile(name string, names map[string]bool) bool {
	if name == ".numbers.lock" {
		for n := range names {
			if strings.HasPrefix(n, ".numbers-") {
				return true
			}
		}
		return false
	}
	guarded, ok := strings.CutSuffix(name, ".lock")
	return ok && strings.HasPrefix(guarded, ".") && names[guarded[1:]]
}

// pruneStates removes state files older than stateMaxAge, and stray temp
// files, so sessions that never sent SessionEnd leave nothing behind. It
// prunes only a real state folder (see stateFolder), and only regular files
// in it.
func pruneStates(configDir string, now time.Time) {
	dir, err := stateFolder(configDir, false)
	if err != nil {
		return
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	names := make(map[string]bool, len(ents))
	for _, e := range ents {
		names[e.Name()] = true
	}
	for _, e := range ents {
		fi, err := e.Info()
		if err != nil || !fi.Mode().IsRegular() || guardsAFile(e.Name(), names) {
			continue
		}
		age := now.Sub(fi.ModTime())
		switch path := filepath.Join(dir, e.Name()); {
		case age > stateMaxAge && isLock(e.Name()):
			removeLock(path)
		case age > stateMaxAge || strings.HasPrefix(e.Name(), ".tmp-") && age > time.Hour:
			os.Remove(path)
		}
	}
}

// isLock reports a lock file's name: ".<name>.lock", ".numbers.lock".
func isLock(name string) bool {
	return strings.HasPrefix(name, ".") && strings.HasSuffix(name, ".lock")
}

// pruneLockWait bounds the wait for a lock that pruning would remove: one
// held is in use (the session's first candidate in a month), and stays.
var pruneLockWait = 50 * time.Millisecond

// removeLock removes a lock file that no process holds: it takes the lock
// first, removes the file while it holds it, then lets go. A lock's time
// is when it was made, so an old one may be held right now; removed under
// its holder, the next process would lock a new file and two would hold
// the lock at once. A process that opened the file before it went locks
// the new one once it gets the lock (store.LockFile). Windows removes no
// file that is open (ours, under the lock, included): there it goes after
// the lock is let go, and only when no other process has it open.
func removeLock(path string) {
	unlock, err := store.LockFile(path, pruneLockWait, "session file")
	if err != nil {
		return
	}
	err = os.Remove(path)
	unlock()
	if err != nil {
		os.Remove(path)
	}
}
