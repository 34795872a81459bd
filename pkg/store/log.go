package store

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/openloop/openloop/internal/safeio"
)

// Log is a project's resolution log, <Root>/.claude/logs/session-archive.jsonl:
// append-only, one JSON object a line. Archive, Restore and Expire write
// it; the zero Log means the caller has none, and then they refuse.
type Log struct {
	Root string // the project root
	Path string // the log file, below Root
	// LockWait bounds the wait for the log's lock (lock.go); 0 means
	// DefaultLockWait. A Store sets it to its own LockWait.
	LockWait time.Duration
	// Private is the private file that keeps the items' texts, below
	// PrivateRoot, the config dir (private.go); set by Store.WithPrivate.
	Private, PrivateRoot string
	what                 string // names the file's lock in errors; "" is the resolution log
}

// The actions a log line records.
const (
	ActionArchived = "archived"
	ActionExpired  = "expired"
	ActionRestored = "restored"
	// ActionRenamed is a rename (rename.go): the line keeps the new name
	// (item) and the old one (from), never the item's text.
	ActionRenamed = "renamed"
)

// LogEntry is the part of a log line that every reader needs, and the
// whole of the lines that earlier versions wrote.
type LogEntry struct {
	TS     string `json:"ts"`
	Item   string `json:"item"`
	Action string `json:"action"`
}

// LogLine is one line as openloop writes it: the entry, then the item's
// file name and its whole text (so that restore can bring it back), and
// the id that ties the line to the step that wrote it (see retire.go).
//
// A JSON string holds only UTF-8: json.Marshal turns every byte of a text
// that is not valid UTF-8 (a file written by hand in a Latin-1 editor)
// into U+FFFD, and restore would write that back instead. Such a text is
// kept in Text with its bad bytes replaced, for reading, and whole in Raw
// (base64), which restore uses (Bytes).
type LogLine struct {
	LogEntry
	// From is a rename's old name (ActionRenamed); Item is the new one.
	From string `json:"from,omitempty"`
	File string `json:"file,omitempty"`
	Text string `json:"text,omitempty"`
	Raw  string `json:"raw,omitempty"`
	ID   string `json:"id,omitempty"`
	// Kept is when a migration copied the line's text to the private
	// file (its TS is the step's, often much older): pruning counts a
	// text's age from the later of the two (prune.go).
	Kept string `json:"kept,omitempty"`
}

// withText sets the line's text: Text, and Raw when text is not UTF-8.
func (l LogLine) withText(text string) LogLine {
	l.Text, l.Raw = text, ""
	if !utf8.ValidString(text) {
		l.Text = strings.ToValidUTF8(text, "\uFFFD")
		l.Raw = base64.StdEncoding.EncodeToString([]byte(text))
	}
	return l
}

// Bytes is the item's text exactly as it was in its file: Raw when the
// line has one that decodes, else Text.
func (l LogLine) Bytes() []byte {
	if l.Raw != "" {
		if b, err := base64.StdEncoding.DecodeString(l.Raw); err == nil {
			return b
		}
	}
	return []byte(l.Text)
}

// Key names the item a line is about, so that the lines of one item can be
// told apart from another's whatever name or file each gave it: the idea's
// words when the line keeps a text openloop can read ("idea …"), else the
// text ("text …"), else, for a line without one (an earlier version's),
// the item's name ("item …"). The same idea archived, restored and
// archived again is one item.
func (l LogLine) Key() string {
	if l.Text == "" {
		return "item " + l.Item
	}
	it, err := Parse([]byte(l.Text))
	return l.key(it, err)
}

// key is Key for a text already parsed.
func (l LogLine) key(it Item, perr error) string {
	if perr == nil {
		if k := ideaKey(it.Idea()); k != "" {
			return "idea " + k
		}
	}
	return "text " + l.Text
}

// maxLogLine bounds one line read back from the log: an item's text is at
// most maxRead bytes, which JSON escaping can make up to six times longer,
// and its Raw copy (base64) adds a third of it.
const maxLogLine = 8*maxRead + 4096

// logFile is what appendLine needs of the open log (an *os.File; a fault
// injecting double in tests).
type logFile interface {
	Stat() (fs.FileInfo, error)
	ReadAt(p []byte, off int64) (int, error)
	Write(p []byte) (int, error)
	Truncate(size int64) error
	Sync() error
}

// Append writes one line at the end of the log under an exclusive lock on
// the log itself (on the file still at the log's path: lockLog), and
// syncs it to disk. The log's folders are created
// (0700) when missing, the file 0600. No folder below the project root on
// the way to the log may be a symlink, and the log may not be one either:
// a cloned repository can commit a symlink at .claude or .claude/logs, and
// following it would let the repository send the log anywhere. The line is
// whole or absent: a failed write (a full disk) is truncated away.
func (l Log) Append(line LogLine) error {
	if l.Path == "" {
		return errors.New("no resolution log")
	}
	data, err := json.Marshal(line)
	if err != nil {
		return err
	}
	if _, err := l.dir(true); err != nil {
		return fmt.Errorf("refusing to write the log: %w", err)
	}
	if fi, err := os.Lstat(l.Path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("refusing to write the log: %s is not a regular file", l.Path)
	}
	// O_NONBLOCK: a FIFO swapped in after the check fails at once rather
	// than blocking the open; the check on the open file catches it.
	f, err := l.lockLog(os.O_RDWR | os.O_APPEND | os.O_CREATE | oNoFollow | oNonblock)
	if err != nil {
		return err
	}
	err = appendLine(f, append(data, '\n'))
	// A close error after the line was written and synced changes
	// nothing on disk: the line is there, and the caller must not undo
	// its step as if it were not.
	f.Close()
	return err
}

// appendLine writes line at the end of f, which its caller holds locked,
// and syncs it. A last line without its newline was cut by a process
// killed while writing it (every whole line ends with one): it is cut
// away when it is not JSON, or ended when it is, so that the new line
// starts a line of its own. When the write or the sync fails, f is
// truncated back to where it was: the step the line records did not
// happen, and the log does not say it did.
func appendLine(f logFile, line []byte) error {
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("write log: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("refusing to write the log: %s is not a regular file", fi.Name())
	}
	size := fi.Size()
	if cut, whole, err := lastLine(f, size); err != nil {
		return fmt.Errorf("write log: %w", err)
	} else if cut < size && !whole {
		if err := f.Truncate(cut); err != nil {
			return fmt.Errorf("write log: %w", err)
		}
		size = cut
	} else if cut < size {
		line = append([]byte{'\n'}, line...)
	}
	_, err = f.Write(line)
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		if terr := f.Truncate(size); terr != nil {
			return fmt.Errorf("write log: %w (and the partial line could not be removed: %v)", err, terr)
		}
		return fmt.Errorf("write log: %w", err)
	}
	return nil
}

// lastLine looks at the end of a log of size bytes. When it ends with a
// newline (or is empty), cut is size. Otherwise cut is where the last,
// unfinished line starts, and whole says whether that line is JSON.
func lastLine(f logFile, size int64) (cut int64, whole bool, err error) {
	if size == 0 {
		return 0, true, nil
	}
	tail := make([]byte, min(size, maxLogLine))
	if _, err := f.ReadAt(tail, size-int64(len(tail))); err != nil && !errors.Is(err, io.EOF) {
		return 0, false, err
	}
	if tail[len(tail)-1] == '\n' {
		return size, true, nil
	}
	i := bytes.LastIndexByte(tail, '\n')
	if i < 0 && int64(len(tail)) < size {
		// Longer than any line openloop writes: keep it, start anew.
		return size - int64(len(tail)), true, nil
	}
	start := tail[i+1:]
	return size - int64(len(start)), json.Valid(start), nil
}

// dir checks, and with create makes, the folders from the root to the log.
func (l Log) dir(create bool) (string, error) {
	rel, err := filepath.Rel(l.Root, filepath.Dir(l.Path))
	if err != nil {
		return "", err
	}
	return DirBelow(l.Root, rel, create)
}

// Open opens the log for reading, checked as Append checks it: no folder
// below the root on the way to it is a symlink, and it is a regular file,
// opened without blocking on a FIFO. A missing log (or folder) is an
// error that wraps fs.ErrNotExist. size is the file's size when opened.
func (l Log) Open() (f *os.File, size int64, err error) {
	if _, err := l.dir(false); errors.Is(err, fs.ErrNotExist) {
		return nil, 0, err
	} else if err != nil {
		return nil, 0, fmt.Errorf("refusing to read %s: %w", l.noun(), err)
	}
	if fi, err := os.Lstat(l.Path); err != nil {
		return nil, 0, err
	} else if !fi.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("refusing to read %s: %s is not a regular file", l.noun(), l.Path)
	}
	f, size, err = safeio.OpenRegular(l.Path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		err = fmt.Errorf("read %s: %w", l.noun(), err)
	}
	return f, size, err
}

// noun names the file in errors: "the log", or "the private text file"
// (Log.what), so that an error about one never blames the other.
func (l Log) noun() string {
	if l.what == "" {
		return "the log"
	}
	return "the " + l.what
}

// Scan calls fn for each line of the log that is a JSON object, in order,
// until fn returns false. A missing log has no lines. Lines longer than
// any line openloop writes are skipped. The log is checked as Append
// checks it, and opened as a regular file only (never blocking on a FIFO).
func (l Log) Scan(fn func(LogLine) bool) error {
	_, _, err := l.ScanTail(-1, 0, fn)
	return err
}

// ScanTail is Scan on the part of the log after offset from, and at most
// its last max bytes (all of it when max is negative): a line cut by that
// bound is skipped. It returns where it started and the size it read to;
// lines appended meanwhile are left for a later call from end.
func (l Log) ScanTail(max, from int64, fn func(LogLine) bool) (start, end int64, err error) {
	return l.scanTailRaw(max, from, func(line []byte) bool {
		var ll LogLine
		return json.Unmarshal(line, &ll) != nil || fn(ll)
	})
}

// scanTailRaw is ScanTail calling fn with each line's bytes (without its
// newline), JSON or not.
func (l Log) scanTailRaw(max, from int64, fn func([]byte) bool) (start, end int64, err error) {
	f, size, err := l.Open()
	if errors.Is(err, fs.ErrNotExist) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	start = min(from, size)
	if max >= 0 && size-start > max {
		start = size - max
	}
	if start > 0 && start != from {
		// Inside a line, unless the byte before start ends one: skip to
		// the next line.
		if start, err = nextLine(f, start-1, size); err != nil {
			return start, size, fmt.Errorf("read %s: %w", l.noun(), err)
		}
	}
	if err := scanSection(io.NewSectionReader(f, start, size-start), fn); err != nil {
		return start, size, fmt.Errorf("read %s: %w", l.noun(), err)
	}
	return start, size, nil
}

// nextLine is the offset just after the first newline at or after off
// (size when there is none).
func nextLine(f io.ReaderAt, off, size int64) (int64, error) {
	buf := make([]byte, 64<<10)
	for off < size {
		n, err := f.ReadAt(buf[:min(int64(len(buf)), size-off)], off)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return off + int64(i) + 1, nil
		}
		off += int64(n)
		if err != nil && !errors.Is(err, io.EOF) {
			return off, err
		}
		if n == 0 {
			break
		}
	}
	return size, nil
}

// scanSection calls fn for each line of r that is not empty.
func scanSection(r io.Reader, fn func([]byte) bool) error {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := readLine(br)
		if len(line) > 0 && !fn(line) {
			return nil
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// readLine reads one line without its newline; a line longer than
// maxLogLine is read to its end and returned empty.
func readLine(r *bufio.Reader) ([]byte, error) {
	line, _, err := readRaw(r)
	return bytes.TrimSuffix(line, []byte("\n")), err
}

// readRaw reads one line with its newline, and the bytes it took; a line
// longer than maxLogLine (newline included) is read to its end and
// returned nil.
func readRaw(r *bufio.Reader) ([]byte, int64, error) {
	var line []byte
	var n int64
	long := false
	for {
		part, err := r.ReadSlice('\n')
		n += int64(len(part))
		if !long {
			line = append(line, part...)
			if len(line) > maxLogLine {
				line, long = nil, true
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return line, n, err
	}
}

// logLine is the line that records one step on an item.
func logLine(now time.Time, it Item, action, text, id string) LogLine {
	name := it.Name
	if name == "" {
		name = NameOfFile(it.File)
	}
	return LogLine{
		LogEntry: LogEntry{TS: now.UTC().Format(time.RFC3339), Item: name, Action: action},
		File:     it.File, ID: id,
	}.withText(text)
}

// DirBelow returns the folder root/rel. Every element of rel must be a
// real folder, not a symlink, not a file; with create, missing ones are
// made (0700). root itself may be a symlink: the user chose it. Anything
// below it may come from a cloned repository (.claude, .claude/logs,
// .temp), and following a symlink there would let the repository send
// openloop's writes anywhere. rel may not leave root.
//
// The check is made by walking the path just before it is used; a local
// process racing to swap a folder for a symlink in between could already
// write those files itself.
func DirBelow(root, rel string, create bool) (string, error) {
	rel = filepath.Clean(rel)
	if filepath.IsAbs(rel) || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("%s is not below %s", rel, root)
	}
	dir := root
	if rel == "." {
		return dir, nil
	}
	for _, el := range strings.Split(rel, string(filepath.Separator)) {
		dir = filepath.Join(dir, el)
		fi, err := os.Lstat(dir)
		if errors.Is(err, fs.ErrNotExist) && create {
			if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
				return "", fmt.Errorf("create %s: %w", dir, err)
			}
			fi, err = os.Lstat(dir)
		}
		switch {
		case err != nil:
			return "", err
		case fi.Mode()&fs.ModeSymlink != 0:
			return "", fmt.Errorf("%s is a symlink", dir)
		case !fi.IsDir():
			return "", fmt.Errorf("%s is not a folder", dir)
		}
	}
	return dir, nil
}
