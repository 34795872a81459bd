// Package sessiondir is openloop's private per-session folder,
// $CLAUDE_CONFIG_DIR/openloop/sessions (default ~/.claude/openloop/sessions):
// one small file per session and purpose (the hooks' saved state, the
// cap mark, the candidates). It owns the rules every such file follows:
// the folder's two parts openloop owns are real folders (0700: privdir), never
// followed through a symlink; a session id names a file inside the folder
// and nothing else; writes are atomic (dot-named temp file and rename),
// files 0600.
package sessiondir

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"time"

	"github.com/openloop/openloop/internal/privdir"
)

// MaxAge is how long a session's files may lie around unchanged before
// they are pruned (see hooks' pruneStates).
const MaxAge = 30 * 24 * time.Hour

// SafeID reports whether a session id is a plain token: 1 to 128 of
// A-Z a-z 0-9 _ -. (A loop, not a regexp: `^[A-Za-z0-9_-]{1,128}$` unrolls
// into 128 states compiled at every start, 118 KB and about 1.5 ms of the
// hook's start-up.)
func SafeID(id string) bool {
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

// ErrFolder marks a folder that is not a real folder.
var ErrFolder = privdir.ErrFolder

// Folder returns <configDir>/openloop/sessions once its two parts that
// openloop owns, openloop/ and openloop/sessions/, are known to be real
// folders (privdir): a symlink planted at either would send writes, and
// the deletions of pruning and SessionEnd, into some other folder. With
// create, the missing parts are made (0700). configDir itself may be a
// symlink (users keep ~/.claude in a dotfiles repository).
func Folder(configDir string, create bool) (string, error) {
	return privdir.Under(configDir, create, "openloop", "sessions")
}

// Stem is the file name stem of a session in the folder: the id itself
// when it is a plain token (Claude Code sends UUIDs), else a hash of it,
// so that it can never name a path outside the folder. A payload without
// a session id gets "nosession~", which no plain token or hash can be.
func Stem(sessionID string) string {
	switch {
	case sessionID == "":
		return "nosession~"
	case SafeID(sessionID):
		return sessionID
	}
	sum := sha256.Sum256([]byte(sessionID))
	return "h-" + hex.EncodeToString(sum[:16])
}

// Path is the file of a session in the folder dir with the extension ext
// (".json", ".cap", ".cand.json").
func Path(dir, sessionID, ext string) string {
	return filepath.Join(dir, Stem(sessionID)+ext)
}

// WriteAtomic writes data to path through a dot-named temp file in the
// same folder and a rename, mode 0600, without fsync: these files hold
// what a hook can afford to lose in a crash, never the user's items.
func WriteAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
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
