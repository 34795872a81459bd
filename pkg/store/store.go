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

	"github.com/rogpeppe/go-internal/lockedfile"
)

// The fixed policy of the seed. These are not configurable.
const (
	MaxOpen   = 10             // no new item is written while this many are open
	StaleAge  = 14 * day       // listed with "⚠ stale" from this age
	ExpireAge = 30 * day       // deleted from this age
	day       = 24 * time.Hour //
	maxRead   = 1 << 20        // bytes of an item file that are read
	lockName  = ".openloop.lock"
	tempLead  = ".openloop-tmp-"
	staleTemp = 10 * time.Minute // a temp file this old was left by a killed process
)

// Store is one memory directory.
type Store struct {
	Dir string           // the memory dir; created on the first write
	Now func() time.Time // the clock; required
}

// Open returns the store for a memory dir.
func Open(dir string, now func() time.Time) *Store {
	return &Store{Dir: dir, Now: now}
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
	ents, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read memory dir: %w", err)
	}
	var items []Item
	for _, e := range ents {
		if !IsItemFile(e.Name()) || !e.Type().IsRegular() {
			continue
		}
		items = append(items, s.read(e.Name()))
	}
	sort.Slice(items, func(i, j int) bool {
		if !items[i].ModTime.Equal(items[j].ModTime) {
			return items[i].ModTime.After(items[j].ModTime)
		}
		return items[i].File < items[j].File
	})
	return items, nil
}

func (s *Store) read(file string) Item {
	it := Item{File: file}
	f, err := os.Open(filepath.Join(s.Dir, file))
	if err != nil {
		it.Name, it.Damaged = file, err
		return it
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil {
		it.ModTime = fi.ModTime()
	}
	data, err := io.ReadAll(io.LimitReader(f, maxRead))
	if err != nil {
		it.Name, it.Damaged = file, err
		return it
	}
	parsed, perr := Parse(data)
	parsed.File, parsed.ModTime = file, it.ModTime
	if perr != nil {
		parsed.Name, parsed.Damaged = file, perr
	}
	return parsed
}

// Expire deletes items 30 days old or older, and temp files left behind by
// killed processes. It returns the deleted file names.
func (s *Store) Expire() ([]string, error) {
	items, err := s.List()
	if err != nil {
		return nil, err
	}
	var gone []string
	var errs []error
	for _, it := range items {
		if s.Now().Sub(it.ModTime) < ExpireAge {
			continue
		}
		if err := s.remove(it.File); err != nil {
			errs = append(errs, err)
			continue
		}
		gone = append(gone, it.File)
	}
	s.cleanTemps()
	return gone, errors.Join(errs...)
}

// remove deletes one item file, and only an item file inside the dir.
func (s *Store) remove(file string) error {
	if !IsItemFile(file) || filepath.Base(file) != file {
		return fmt.Errorf("refusing to delete %q: not an item file", file)
	}
	err := os.Remove(filepath.Join(s.Dir, file))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

func (s *Store) cleanTemps() {
	ents, _ := os.ReadDir(s.Dir)
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), tempLead) {
			continue
		}
		if fi, err := e.Info(); err == nil && s.Now().Sub(fi.ModTime()) > staleTemp {
			os.Remove(filepath.Join(s.Dir, e.Name()))
		}
	}
}

// lock takes the directory's lock, creating the directory (0700) first. It
// guards the count and the names: parking and archiving hold it briefly.
func (s *Store) lock() (unlock func(), err error) {
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("create memory dir: %w", err)
	}
	// O_NOFOLLOW: a symlink planted at the lock's name must not make
	// O_CREATE create its target outside the memory dir.
	f, err := lockedfile.OpenFile(filepath.Join(s.Dir, lockName), os.O_RDWR|os.O_CREATE|oNoFollow, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock memory dir: %w", err)
	}
	return func() { f.Close() }, nil
}

// Result is what Park did.
type Result struct {
	File   string // the item's file name (new, or the existing one)
	Name   string // the item's name
	Parked bool   // a new file was written
	Dup    bool   // the same idea was already parked: nothing written
	Capped bool   // MaxOpen items are open: nothing written
	Open   []Item // the open items, when Capped
}

// Park writes a new item unless the same idea is already parked or MaxOpen
// items are open. The name comes from the idea; a name already used by
// another idea gets "-2", "-3" …. The file is written to a dot-named temp
// file and renamed into place under the directory lock, so a reader never
// sees half a file and two processes never pass the cap.
func (s *Store) Park(e Entry) (Result, error) {
	if strings.TrimSpace(e.Idea) == "" {
		return Result{}, errors.New("nothing to park: the idea is empty")
	}
	if ideaKey(e.Idea) == "" {
		// "..", "/" or "?!" would render as "Deferred: . Context: …" and
		// every such idea would count as the same one.
		return Result{}, errors.New("nothing to park: the idea has no words")
	}
	unlock, err := s.lock()
	if err != nil {
		return Result{}, err
	}
	defer unlock()

	items, err := s.List()
	if err != nil {
		return Result{}, err
	}
	slug := Slug(e.Idea)
	if strings.TrimSpace(e.Name) != "" {
		slug = Slug(e.Name)
	}
	key := ideaKey(e.Idea)
	used := map[string]bool{}
	for _, it := range items {
		n := NameOfFile(it.File)
		used[n] = true
		if (n == slug || baseName(n) == slug) && it.Damaged == nil && ideaKey(it.Idea()) == key {
			return Result{File: it.File, Name: it.Name, Dup: true}, nil
		}
	}
	if len(items) >= MaxOpen {
		return Result{Capped: true, Open: items}, nil
	}
	name := slug
	for n := 2; used[name]; n++ {
		name = fmt.Sprintf("%s-%d", slug, n)
	}
	file := FileName(name, s.Now())
	data, err := Render(name, e.Description(), e.Body())
	if err != nil {
		return Result{}, err
	}
	if err := s.writeNew(file, data); err != nil {
		return Result{}, err
	}
	return Result{File: file, Name: name, Parked: true}, nil
}

// writeNew writes data to file atomically and never replaces an existing
// entry (file, symlink or anything else) at that name.
func (s *Store) writeNew(file string, data []byte) error {
	dst := filepath.Join(s.Dir, file)
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("refusing to overwrite %s", file)
	}
	return WriteFileAtomic(dst, data, tempLead, s.Now())
}

// WriteFileAtomic writes data to a temp file named lead+random in the same
// folder, mode 0600, with modification time mtime (an item's age is its
// mtime, so it follows the caller's clock), syncs it, and renames it over
// path. A reader sees the
// old file or the whole new one, never part of it; a crash leaves only the
// dot-named temp file, which no item glob matches.
func WriteFileAtomic(path string, data []byte, lead string, mtime time.Time) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, lead+"*")
	if err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err = f.Chmod(0o600); err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	if _, err = f.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	if err = os.Chtimes(tmp, mtime, mtime); err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	if err = os.Rename(tmp, path); err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	return nil
}
