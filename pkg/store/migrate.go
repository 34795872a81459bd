package store

// Moving the text out of an earlier version's log lines.
//
// Log lines of earlier versions carry the item's text themselves ("file",
// "text", "raw"). The next command that writes to the log (archive,
// restore, resume's expiry) moves that text to the private file
// (private.go) and rewrites the committed log without it, in this order,
// under the memory dir's lock and the log's own:
//
//  1. every old line's whole text is appended to the private file, keyed
//     by the line's id (a new one for a line that had none), and synced;
//  2. the log's lines, the old ones without their text keys and with the
//     id, the others byte for byte, are written to a temp file in the
//     log's folder and synced;
//  3. the temp file is renamed over the log, and the folder is synced.
//
// A kill before 3 leaves the old log, whose lines still carry their text,
// and perhaps private lines whose ids no log line names: restore ignores
// them. A kill after it leaves the new log, whose every id already has
// its synced private line. Nothing restore can bring back is lost at any
// point. An appender that took the lock of the log just renamed over
// finds the file at the path is no longer the one it locked, and opens
// it again (lockLog).
//
// A log larger than maxRestoreScan is left as it is (restore keeps
// reading its old lines), and so is one without any old line: then the
// log is only read, never rewritten. Lines openloop cannot read (not
// JSON, longer than any line it writes) are kept byte for byte. The hook
// never migrates.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/rogpeppe/go-internal/lockedfile"
)

// migrateLead names the temp file a migration writes next to the log.
const migrateLead = tempLead + "migrate-"

// oldKeys are the keys of an earlier version's line that hold user text.
var oldKeys = [][]byte{[]byte(`"file":`), []byte(`"text":`), []byte(`"raw":`)}

// mayCarryText is the cheap test: no old line can be in data without one
// of the old keys in it.
func mayCarryText(data []byte) bool {
	for _, k := range oldKeys {
		if bytes.Contains(data, k) {
			return true
		}
	}
	return false
}

// oldLine parses one line of the log and says whether it carries user
// text to move.
func oldLine(line []byte) (LogLine, bool) {
	if len(line) == 0 || len(line) > maxLogLine || !mayCarryText(line) {
		return LogLine{}, false
	}
	var ll LogLine
	if json.Unmarshal(line, &ll) != nil {
		return LogLine{}, false
	}
	return ll, ll.File != "" || ll.Text != "" || ll.Raw != ""
}

// MigrateLog takes the memory dir's lock and moves the text of the log's
// old lines to the private file (migrateLog). It returns how many lines
// it moved.
func (s *Store) MigrateLog() (int, error) {
	if s.Log.Path == "" || s.Log.Private == "" {
		return 0, nil
	}
	if data, err := s.readLogBounded(); err != nil || !mayCarryText(data) {
		return 0, err // nothing to do: no lock taken
	}
	unlock, err := s.lock()
	if err != nil {
		return 0, err
	}
	defer unlock()
	return s.migrateLog()
}

// readLogBounded reads the whole log when it is no larger than
// maxRestoreScan; a missing, or larger, log reads as empty.
func (s *Store) readLogBounded() ([]byte, error) {
	f, size, err := s.Log.Open()
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readBounded(f, size)
}

// readBounded reads size bytes of f, or nothing when size is beyond
// maxRestoreScan.
func readBounded(f io.ReaderAt, size int64) ([]byte, error) {
	if size > maxRestoreScan || size == 0 {
		return nil, nil
	}
	data := make([]byte, size)
	n, err := f.ReadAt(data, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("read log: %w", err)
	}
	return data[:n], nil
}

// migrateLog moves the text of the log's old lines to the private file
// and rewrites the log without it, in the order above. It runs under the
// memory dir's lock (the private file's one writer) and takes the log's.
func (s *Store) migrateLog() (int, error) {
	if s.Log.Path == "" || s.Log.Private == "" {
		return 0, nil
	}
	if data, err := s.readLogBounded(); err != nil || !mayCarryText(data) {
		return 0, err
	}
	log := s.Log
	log.LockWait = s.LockWait
	dir, f, fi, err := log.lockForRewrite("rewrite the log")
	if f == nil || err != nil {
		return 0, err
	}
	defer f.Close()
	data, err := readBounded(f, fi.Size())
	if err != nil || !mayCarryText(data) {
		return 0, err
	}
	var moved []LogLine
	var out bytes.Buffer
	for rest := data; len(rest) > 0; {
		line, tail, found := bytes.Cut(rest, []byte{'\n'})
		rest = tail
		if ll, ok := oldLine(line); ok {
			if ll.ID == "" {
				ll.ID = newID()
			}
			moved = append(moved, ll)
			line, err = json.Marshal(ll.committed())
			if err != nil {
				return 0, err
			}
		}
		out.Write(line)
		if found {
			out.WriteByte('\n')
		}
	}
	if len(moved) == 0 {
		return 0, nil
	}
	// 1. The texts, synced, before any line that names only their ids.
	for i := range moved {
		moved[i].Kept = s.Now().UTC().Format(time.RFC3339)
	}
	if err := log.appendPrivate(moved...); err != nil {
		return 0, err
	}
	// 2. The new log beside the old one. Only a migration writes temp
	// files here, under this lock: one left behind is a killed one's.
	sweepTemps(dir, migrateLead)
	tmp, err := WriteTemp(dir, migrateLead, out.Bytes(), fi.ModTime())
	if err != nil {
		return 0, fmt.Errorf("rewrite the log: %w", err)
	}
	if testMigrateRename != nil {
		testMigrateRename()
	}
	// 3. The commit point.
	if err := os.Rename(tmp, s.Log.Path); err != nil {
		os.Remove(tmp)
		return 0, fmt.Errorf("rewrite the log: %w", err)
	}
	syncDir(dir)
	return len(moved), nil
}

// testMigrateRename, when a test sets it, runs just before a migration
// renames its new log over the old one.
var testMigrateRename func()

// testLogLocked, when a test sets it, runs when lockLog has taken the
// lock and before it checks the file it locked.
var testLogLocked func()

// lockForRewrite readies the file for a step that replaces it (doing
// names the step in errors): it checks the folders from the root (none a
// symlink), opens the file and takes its lock (lockLog), and checks that
// it is a regular file. A missing file or folder gives no file and no
// error: there is nothing to replace.
func (l Log) lockForRewrite(doing string) (string, *lockedfile.File, fs.FileInfo, error) {
	dir, err := l.dir(false)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil, nil, nil
	}
	if err != nil {
		return "", nil, nil, fmt.Errorf("refusing to %s: %w", doing, err)
	}
	f, err := l.lockLog(os.O_RDWR | oNoFollow | oNonblock)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil, nil, nil
	}
	if err != nil {
		return "", nil, nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("refusing to %s: %s is not a regular file", doing, l.Path)
	} else if err != nil {
		err = fmt.Errorf("%s: %w", doing, err)
	}
	if err != nil {
		f.Close()
		return "", nil, nil, err
	}
	return dir, f, fi, nil
}

// lockLog opens the log with flag and takes its lock, then checks that
// the file it locked is still the one at the path: a migration may have
// renamed a new log over it while this process waited, and a line
// written to the old file would be lost with it. If not, it lets go and
// opens the log again (lockAtPath).
func (l Log) lockLog(flag int) (*lockedfile.File, error) {
	what := l.what
	if what == "" {
		what = "resolution log"
	}
	return lockAtPath(l.Path, flag, l.LockWait, what, testLogLocked)
}
