package store

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// The fixed policy of the seed. These are not configurable.
const (
	MaxOpen   = 10             // no new item is written while this many are open
	StaleAge  = 14 * day       // listed with "⚠ stale" from this age
	ExpireAge = 30 * day       // deleted from this age
	day       = 24 * time.Hour //
	maxRead   = MaxItem        // bytes of an item file that are read
	lockName  = ".openloop.lock"
	tempLead  = ".openloop-tmp-"
	staleTemp = 10 * time.Minute // a temp file this old was left by a killed process
)

// The bounds that keep every item closable. Archive and expiry read an
// item whole into its log record, and read no more than MaxItem bytes: an
// item larger than that could never be taken out again. So Park writes no
// item larger than MaxItem and Restore brings none back; an idea is kept
// to MaxIdea bytes, so that the description that carries it stays far
// inside the frontmatter's bound (maxFrontmatter) and the item parses.
const (
	MaxItem = 1 << 20  // bytes of an item file
	MaxIdea = 16 << 10 // bytes of an idea
)

// testSyncDir, when a test sets it, sees every folder sync.
var testSyncDir func(dir string)

// Store is one memory directory.
type Store struct {
	Dir string           // the memory dir; created on the first write
	Now func() time.Time // the clock; required
	// Log is the project's resolution log. Archive, Restore and Expire
	// write it, and every step that locks the store reads it to finish a
	// step that a killed process left half done (retire.go). Without one
	// they refuse, and Park counts such half-done steps as open items.
	Log Log
	// LockWait is how long a step waits for the memory dir's lock, and
	// for the log's, while another process holds it; 0 means
	// DefaultLockWait.
	LockWait time.Duration
}

// Open returns the store for a memory dir.
func Open(dir string, now func() time.Time) *Store {
	return &Store{Dir: dir, Now: now}
}

// WithLog sets the store's resolution log, root/…/session-archive.jsonl
// at path, and returns the store.
func (s *Store) WithLog(root, path string) *Store {
	s.Log = Log{Root: root, Path: path}
	return s
}

// Age is how many whole days old an item is.
func (s *Store) Age(it Item) int {
	d := s.Now().Sub(it.ModTime)
	if d < 0 {
		return 0
	}
	return int(d / day)
}

// Stale reports whether an item is 14 days old or older.
func (s *Store) Stale(it Item) bool { return s.Now().Sub(it.ModTime) >= StaleAge }

// List reads every item, newest first (then by file name). A missing
// directory is an empty list. A file that does not parse is still listed,
// by its file name, with Damaged set. Only regular files are listed: a
// symlink planted at an item's name is ignored.
func (s *Store) List() ([]Item, error) {
	ents, err := s.entries()
	if err != nil {
		return nil, err
	}
	var items []Item
	for _, e := range ents {
		if !IsItemFile(e.Name()) || !e.Type().IsRegular() {
			continue
		}
		items = append(items, s.read(e))
	}
	sort.Slice(items, func(i, j int) bool {
		if !items[i].ModTime.Equal(items[j].ModTime) {
			return items[i].ModTime.After(items[j].ModTime)
		}
		return items[i].File < items[j].File
	})
	return items, nil
}

// entries reads the memory dir; a missing one is empty.
func (s *Store) entries() ([]fs.DirEntry, error) {
	ents, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read memory dir: %w", err)
	}
	return ents, nil
}

// read reads one listed item. Its age comes from the directory entry, so
// an item that cannot be opened still has its real age.
func (s *Store) read(e fs.DirEntry) Item {
	it := Item{File: e.Name()}
	if fi, err := e.Info(); err == nil {
		it.ModTime = fi.ModTime()
	}
	path := filepath.Join(s.Dir, it.File)
	data, err := readHead(path, maxListRead)
	if err != nil && !errors.Is(err, errTooBig) { // a long file is listed from its head
		it.Name, it.Damaged = it.File, err
		return it
	}
	parsed, perr := Parse(data)
	if perr != nil && errors.Is(err, errTooBig) {
		// Its frontmatter may end past the head: judge it on what an
		// archive reads (a hand-written file, rare; openloop's own are
		// far shorter than the head).
		if data, err = readItem(path); err == nil || errors.Is(err, errTooBig) {
			parsed, perr = Parse(data)
		}
	}
	parsed.File, parsed.ModTime = it.File, it.ModTime
	if perr != nil {
		parsed.Name, parsed.Damaged = it.File, perr
	}
	return parsed
}

// errTooBig marks an item larger than what was read: a listing shows it
// from its head; past maxRead its whole text cannot be kept for restore.
var errTooBig = errors.New("too large")

// readItem reads an item file: a regular file only (a symlink or FIFO
// swapped in after the listing is refused, and never blocks the open), at
// most maxRead bytes. A larger file gives its first maxRead bytes and an
// error wrapping errTooBig.
func readItem(path string) ([]byte, error) { return readHead(path, maxRead) }

// maxListRead bounds what a listing reads of each item: the frontmatter
// (at most maxFrontmatter) and the first lines of the body are all it
// shows, and Park lists every item under the lock. An item written by
// openloop is a few hundred bytes.
const maxListRead = 80 << 10

// readHead is readItem reading at most max bytes: a longer file gives its
// first max bytes and an error wrapping errTooBig.
func readHead(path string, max int) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|oNoFollow|oNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", filepath.Base(path))
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err != nil {
		return nil, err
	}
	if len(data) > max {
		return data[:max], fmt.Errorf("%s: %w: larger than %d bytes", filepath.Base(path), errTooBig, max)
	}
	return data, nil
}

// lock takes the directory's lock, creating the directory (0700) first. It
// guards the count and the names: parking and archiving hold it briefly.
// It waits at most LockWait (lock.go).
func (s *Store) lock() (unlock func(), err error) {
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("create memory dir: %w", err)
	}
	// O_NOFOLLOW (LockFile): a symlink planted at the lock's name must not
	// make O_CREATE create its target outside the memory dir.
	return LockFile(filepath.Join(s.Dir, lockName), s.LockWait, "memory dir")
}

// Result is what Park did.
type Result struct {
	File   string // the item's file name (new, or the existing one)
	Name   string // the item's name
	Parked bool   // a new file was written
	Dup    bool   // the same idea was already parked: nothing written
	Capped bool   // MaxOpen items are open: nothing written
	Open   []Item // the open items, when Capped
	// Dismissed is the user's dismissal of the same idea (tombstone.go),
	// when that refused it: nothing written.
	Dismissed *Dismissal
}

// refusal is why Park would write nothing for idea, given the open items
// and the pending steps that still hold one: the same idea is parked, the
// user dismissed it, or MaxOpen items are open.
func (s *Store) refusal(items []Item, pending int, idea string) (Result, bool) {
	if it, ok := sameIdea(items, ideaOf(idea)); ok {
		return Result{File: it.File, Name: it.Name, Dup: true}, true
	}
	// The user dismissed it: it stays dismissed. A file that cannot be
	// read refuses nothing (when unsure, park).
	if d, ok, _ := s.Dismissals().Find(idea); ok {
		return Result{Dismissed: &d}, true
	}
	if len(items)+pending >= MaxOpen {
		return Result{Capped: true, Open: items}, true
	}
	return Result{}, false
}

// Check is what Park would answer for idea without writing anything or
// taking the lock: Dup, Dismissed or Capped when it would refuse, the
// zero Result when it would park. The hook asks it before nudging Claude
// to park something (with assist), so that Claude is never nudged toward
// a park the store would refuse.
func (s *Store) Check(idea string) (Result, error) {
	items, err := s.List()
	if err != nil {
		return Result{}, err
	}
	r, _ := s.refusal(items, 0, idea)
	return r, nil
}

// Park writes a new item unless the same idea is already parked, the
// user dismissed it (tombstone.go; with WithPrivate), or MaxOpen items
// are open. The same idea is one that names the same thing
// (sameidea.go: "retry budget" and "the retry budget for the upload
// client"), whatever name either was parked under: "-N", --name or none. The name comes from the idea, or from
// e.Name; a name that anything in the memory dir already uses (an item of
// another idea, of any date; a symlink or folder planted there; an item
// held aside by an unfinished step) gets "-2", "-3" …. The file is written
// to a dot-named temp file and linked into place under the directory lock,
// so a reader never sees half a file and two processes never pass the cap.
func (s *Store) Park(e Entry) (Result, error) {
	if strings.TrimSpace(e.Idea) == "" {
		return Result{}, errors.New("nothing to park: the idea is empty")
	}
	key := ideaKey(e.Idea)
	if key == "" {
		// "..", "/" or "?!" would render as "Deferred: . Context: …" and
		// every such idea would count as the same one.
		return Result{}, errors.New("nothing to park: the idea has no words")
	}
	if len(e.Idea) > MaxIdea {
		return Result{}, fmt.Errorf("nothing parked: the idea is %d bytes, more than the %d an idea may hold; say it shorter", len(e.Idea), MaxIdea)
	}
	unlock, err := s.lock()
	if err != nil {
		return Result{}, err
	}
	defer unlock()

	// A half-done step that cannot be finished now (no log, or a log that
	// cannot be read) still holds its item: it counts towards the cap.
	pending, _ := s.settle()
	items, err := s.List()
	if err != nil {
		return Result{}, err
	}
	if r, refused := s.refusal(items, pending, e.Idea); refused {
		return r, nil
	}
	stem := Slug(e.Idea)
	if strings.TrimSpace(e.Name) != "" {
		stem = Slug(e.Name)
	}
	used, err := s.usedNames()
	if err != nil {
		return Result{}, err
	}
	name := freeName(stem, used)
	file := FileName(name, s.Now())
	data, err := render(name, e.Description(), e.Body(), e.Source, sessionID(e.Session))
	if err != nil {
		return Result{}, err
	}
	if len(data) > MaxItem {
		return Result{}, fmt.Errorf("nothing parked: the item would be %d bytes, more than the %d archive and expiry can take back; give a shorter context", len(data), MaxItem)
	}
	if err := s.writeNew(file, data); err != nil {
		return Result{}, err
	}
	return Result{File: file, Name: name, Parked: true}, nil
}

// sessionID is a session id as an item records it: Claude Code's ids are
// UUIDs; anything else that is not a short run of letters, digits, "-",
// "_" and "." is not recorded.
func sessionID(id string) string {
	if len(id) > 128 {
		return ""
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return ""
		}
	}
	return id
}

// sameIdea finds the open item that names the same thing as idea.
func sameIdea(items []Item, idea ideaWords) (Item, bool) {
	for _, it := range items {
		if it.Damaged == nil && sameIdeas(ideaOf(it.Idea()), idea) {
			return it, true
		}
	}
	return Item{}, false
}

// usedNames is every item name that something in the memory dir holds:
// item files of any date and any type (a symlink or folder planted at an
// item's name takes that name, though it is never listed) and items held
// aside by an unfinished step. The names are keyed by nameKey: a name that
// differs from a used one only in case or normal form is used too
// ("Dark-Mode" beside "dark-mode" would be one file on a case-insensitive
// disk).
func (s *Store) usedNames() (map[string]bool, error) {
	ents, err := s.entries()
	if err != nil {
		return nil, err
	}
	used := map[string]bool{}
	for _, e := range ents {
		if IsItemFile(e.Name()) {
			used[nameKey(NameOfFile(e.Name()))] = true
		} else if a, ok := parseAside(e.Name()); ok {
			used[nameKey(NameOfFile(a.file))] = true
		}
	}
	return used, nil
}

// freeName is stem, or stem-2, stem-3 … the first that is not used, in
// any case (usedNames).
func freeName(stem string, used map[string]bool) string {
	name := stem
	for n := 2; used[nameKey(name)]; n++ {
		name = fmt.Sprintf("%s-%d", stem, n)
	}
	return name
}

// writeNew writes data to file atomically and never replaces an existing
// entry (file, symlink or anything else) at that name.
func (s *Store) writeNew(file string, data []byte) error {
	tmp, err := WriteTemp(s.Dir, tempLead, data, s.Now())
	if err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	if err := place(tmp, filepath.Join(s.Dir, file)); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// place moves the file at src to dst, which it never replaces: it links
// src to dst (failing when anything is at dst) and removes src, then syncs
// the folder so that the new name survives a crash. Where the filesystem
// has no hard links it renames after checking that dst is free, which is
// as safe under the directory lock. On failure src is left where it is.
func place(src, dst string) error {
	err := os.Link(src, dst)
	switch {
	case err == nil:
		os.Remove(src)
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("refusing to overwrite %s", filepath.Base(dst))
	default:
		if _, lerr := os.Lstat(dst); lerr == nil {
			return fmt.Errorf("refusing to overwrite %s", filepath.Base(dst))
		}
		if err := os.Rename(src, dst); err != nil {
			return fmt.Errorf("write %s: %w", filepath.Base(dst), err)
		}
	}
	syncDir(filepath.Dir(dst))
	return nil
}

// WriteFileAtomic writes data to a temp file named lead+random in the same
// folder (see WriteTemp) and renames it over path, then syncs the folder.
// A reader sees the old file or the whole new one, never part of it; a
// crash leaves only the dot-named temp file, which no item glob matches.
func WriteFileAtomic(path string, data []byte, lead string, mtime time.Time) error {
	tmp, err := WriteTemp(filepath.Dir(path), lead, data, mtime)
	if err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	syncDir(filepath.Dir(path))
	return nil
}

// WriteTemp writes data to a new file lead+random in dir, mode 0600, with
// modification time mtime (an item's age is its mtime, so it follows the
// caller's clock), synced to disk, and returns its path. The caller moves
// it into place (rename, or link to never replace) or removes it. On any
// failure the temp file is removed.
func WriteTemp(dir, lead string, data []byte, mtime time.Time) (string, error) {
	f, err := os.CreateTemp(dir, lead+"*")
	if err != nil {
		return "", err
	}
	return finishTemp(f, data, mtime)
}

// tempFile is what finishTemp needs of a new temp file (an *os.File; a
// fault-injecting double in tests).
type tempFile interface {
	Name() string
	Chmod(fs.FileMode) error
	Write([]byte) (int, error)
	Sync() error
	Close() error
}

// finishTemp fills, syncs and closes a new temp file, and removes it on
// any failure. (The path is kept in its own variable: a named result reset
// by "return "", err" before a deferred remove runs would leak the file.)
func finishTemp(f tempFile, data []byte, mtime time.Time) (string, error) {
	path := f.Name()
	if err := FillTemp(f, data, func() error { return os.Chtimes(path, mtime, mtime) }); err != nil {
		os.Remove(path)
		return "", err
	}
	return path, nil
}

// FillTemp makes a new temp file private (0600, whatever the umask),
// writes data, syncs and closes it, then calls setTime (the file's
// modification time is an item's age). The caller removes the file when
// it returns an error; it is the one writer of temp files for the store
// and for summary's file, which opens it through an os.Root.
func FillTemp(f interface {
	Chmod(fs.FileMode) error
	Write([]byte) (int, error)
	Sync() error
	Close() error
}, data []byte, setTime func() error) error {
	err := f.Chmod(0o600)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = setTime()
	}
	return err
}
