package store

// The private text file: what restore needs, kept out of the project.
//
// The resolution log is committed with the project, so its lines hold no
// user text: {"ts","item","action","id"} (the seed's three keys, and the
// step's random id). The item's whole text, which restore brings back,
// goes to a private file under the config dir, one JSON line per step
// with the same id:
//
//	$CLAUDE_CONFIG_DIR/openloop/restore/<hash of the log's path>.jsonl
//
// (~/.claude/… without CLAUDE_CONFIG_DIR), folders 0700, file 0600; no
// folder below the config dir on the way is followed through a symlink,
// nor the file itself. A step writes its private line (synced) before its
// log line, which stays the commit point (retire.go): a private line
// whose id never reached the log is ignored, and dropped by the next
// pruning (prune.go) with every text restore can no longer reach.
//
// Log lines of earlier versions carry the text themselves ("file",
// "text", "raw"); restore keeps reading them as before, so nothing they
// can bring back is lost. The next archive, restore or resume (never the
// hook) migrates them (migrate.go): their text is copied here, synced,
// under the line's id, before the committed log is replaced by the same
// lines without it. Every writer that locks the log checks that the file
// it locked is still the one at the path (lockLog), so a line appended
// by a process under another config dir is not lost to the rename. The
// text stays in the repository's history for commits that hold it, and
// the texts move to the migrating config dir's private file only.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// privateRel is the private files' folder below the config dir.
const privateRel = "openloop/restore"

// maxPrivateScan bounds what restore reads of the private file: its last
// 64 MiB (texts are at most MaxItem each).
var maxPrivateScan int64 = 64 << 20

// PrivatePath is the private text file for the log at logPath.
func PrivatePath(configDir, logPath string) string {
	sum := sha256.Sum256([]byte(logPath))
	return filepath.Join(configDir, filepath.FromSlash(privateRel), hex.EncodeToString(sum[:8])+".jsonl")
}

// WithPrivate keeps the texts of the store's log in the private file under
// configDir ($CLAUDE_CONFIG_DIR or ~/.claude). Set the log first.
func (s *Store) WithPrivate(configDir string) *Store {
	s.Log.PrivateRoot = configDir
	s.Log.Private = PrivatePath(configDir, s.Log.Path)
	return s
}

// private is the Log of the private file: the same reading and appending
// rules, below the config dir.
func (l Log) private() Log {
	return Log{Root: l.PrivateRoot, Path: l.Private, LockWait: l.LockWait, what: "private text file"}
}

// appendPrivate writes a step's whole line to the private file, and
// syncs it. It runs under the memory dir's lock (one config dir, one
// memory dir per project), and takes the file's own, as Append takes the
// log's: pruning (prune.go) replaces the file under it, and an appender
// that waited opens the new one (lockLog).
func (l Log) appendPrivate(lines ...LogLine) error {
	if l.Private == "" {
		return errors.New("no private file for the item's text")
	}
	p := l.private()
	var data []byte
	for _, line := range lines {
		b, err := json.Marshal(line)
		if err != nil {
			return err
		}
		data = append(append(data, b...), '\n')
	}
	if err := os.MkdirAll(l.PrivateRoot, 0o700); err != nil {
		return fmt.Errorf("create the config dir: %w", err)
	}
	if _, err := p.dir(true); err != nil {
		return fmt.Errorf("refusing to write the private text file: %w", err)
	}
	if fi, err := os.Lstat(p.Path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("refusing to write the private text file: %s is not a regular file", p.Path)
	}
	_, statErr := os.Lstat(p.Path)
	f, err := p.lockLog(os.O_RDWR | os.O_APPEND | os.O_CREATE | oNoFollow | oNonblock)
	if err != nil {
		return fmt.Errorf("open the private text file: %w", err)
	}
	err = appendLine(f, data)
	f.Close()
	if err == nil && statErr != nil {
		// A new file: its name must survive a crash as its lines do,
		// before a log line that relies on them.
		syncDir(filepath.Dir(p.Path))
	}
	return err
}

// committed is the line the committed log keeps of a step: no user text.
func (l LogLine) committed() LogLine {
	return LogLine{LogEntry: l.LogEntry, ID: l.ID}
}

// privateTexts reads the private file's last maxPrivateScan bytes and
// returns the lines whose ids are in want.
func (l Log) privateTexts(want map[string]bool) (map[string]LogLine, error) {
	out := map[string]LogLine{}
	if l.Private == "" || len(want) == 0 {
		return out, nil
	}
	_, _, err := l.private().ScanTail(maxPrivateScan, 0, func(pl LogLine) bool {
		if pl.ID != "" && want[pl.ID] && pl.Text != "" {
			out[pl.ID] = pl
		}
		return true
	})
	if errors.Is(err, fs.ErrNotExist) {
		err = nil
	}
	return out, err
}
