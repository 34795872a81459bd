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
// killed processes. It returns the deleted file names. Age comes from each
// entry's Lstat, so an item that cannot be opened is judged by its real
// age, never deleted for want of one; nothing is parsed.
func (s *Store) Expire() ([]string, error) {
	ents, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read memory dir: %w", err)
	}
	var gone, temps []string
	var errs []error
	for _, e := range ents {
		name := e.Name()
		fi, err := e.Info()
		if err != nil {
			continue
		}
		age := s.Now().Sub(fi.ModTime())
		switch {
		case strings.HasPrefix(name, tempLead):
			if age > staleTemp || strings.HasPrefix(name, archiveLead) {
				temps = append(temps, name)
			}
		case IsItemFile(name) && fi.Mode().IsRegular() && age >= ExpireAge:
			if err := s.remove(name); err != nil {
				errs = append(errs, err)
				continue
			}
			gone = append(gone, name)
		}
	}
	if len(temps) > 0 {
		s.cleanTemps(temps)
	}
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

// archiveLead marks an item moved aside by Archive before its log line is
// written.
const archiveLead = tempLead + "archive-"

// cleanTemps handles temp files left by killed processes, under the
// directory lock: Park and Archive hold it while their temp files live, so
// what is found under it is left over. An item that Archive had moved aside
// is put back, unless its name is taken, since the archive did not finish
// and the item is still open; other temp files are removed.
func (s *Store) cleanTemps(names []string) {
	unlock, err := s.lock()
	if err != nil {
		return
	}
	defer unlock()
	for _, name := range names {
		s.cleanTemp(name)
	}
}

func (s *Store) cleanTemp(name string) {
	tmp := filepath.Join(s.Dir, name)
	if item, ok := strings.CutPrefix(name, archiveLead); ok && IsItemFile(item) {
		dst := filepath.Join(s.Dir, item)
		if _, err := os.Lstat(dst); errors.Is(err, fs.ErrNotExist) {
			if os.Rename(tmp, dst) == nil {
				return
			}
		}
	}
	os.Remove(tmp)
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
	key := ideaKey(e.Idea)
	if key == "" {
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
// folder (see WriteTemp) and renames it over path. A reader sees the old
// file or the whole new one, never part of it; a crash leaves only the
// dot-named temp file, which no item glob matches.
func WriteFileAtomic(path string, data []byte, lead string, mtime time.Time) error {
	tmp, err := WriteTemp(filepath.Dir(path), lead, data, mtime)
	if err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	return nil
}

// WriteTemp writes data to a new file lead+random in dir, mode 0600, with
// modification time mtime (an item's age is its mtime, so it follows the
// caller's clock), synced to disk, and returns its path. The caller moves
// it into place (rename, or link to never replace) or removes it.
func WriteTemp(dir, lead string, data []byte, mtime time.Time) (tmp string, err error) {
	f, err := os.CreateTemp(dir, lead+"*")
	if err != nil {
		return "", err
	}
	tmp = f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err = f.Chmod(0o600); err != nil {
		return "", err
	}
	if _, err = f.Write(data); err != nil {
		return "", err
	}
	if err = f.Sync(); err != nil {
		return "", err
	}
	if err = f.Close(); err != nil {
		return "", err
	}
	if err = os.Chtimes(tmp, mtime, mtime); err != nil {
		return "", err
	}
	return tmp, nil
}
