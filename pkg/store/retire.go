package store

// How a step that takes an item out (archive, expiry) or puts one back
// (restore) stays whole when its process is killed at any point.
//
// Each step is three moves, and the log line in the middle is its commit
// point:
//
//	archive, expire  1. rename the item to .openloop-tmp-archive-<id>-<file> (its aside)
//	                 2. append the log line, which carries <id> and the item's text
//	                 3. remove the aside
//	restore          1. write the item to .openloop-tmp-restore-<id>-<file>
//	                 2. append the log line, which carries <id>
//	                 3. link the aside to <file> and remove it
//
// Every step holds the directory lock, and every step that takes the lock
// (park, archive, restore, expiry) first finishes what a killed process
// left behind (settle): an aside whose id is in the log is carried forward
// (removed; put in place), one whose id is not is undone (put back;
// removed). So:
//
//   - an item logged as archived or expired never comes back, and a
//     restore that was logged always lands;
//   - an item moved aside counts as open for the cap until it is settled
//     (Park settles first, and counts what it cannot settle), so there are
//     never more than 10;
//   - a reader that does not lock (a listing) sees an item disappear when
//     it is moved aside, and sees it again only if the log never said it
//     was archived.
//
// The memory dir is synced after the item is moved aside and before the
// log line is written, and the log is synced after it, so that on a
// filesystem that honours fsync a power cut cannot keep the line and undo
// the move.
//
// Asides of earlier versions (.openloop-tmp-archive-<file>, no id, and a
// log line without one) count as logged when the log has an "archived"
// line for the item's name.

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

const (
	archiveLead = tempLead + "archive-" // an item on its way out
	restoreLead = tempLead + "restore-" // an item on its way back
	idLen       = 16                    // hex digits of a step's id
)

// aside is an item held by a step in flight, or by one that was killed.
type aside struct {
	name string // the aside's own file name
	out  bool   // archive or expiry (true), restore (false)
	id   string // the step's id; "" for an earlier version's archive
	file string // the item file it holds
}

// parseAside recognises an aside's file name.
func parseAside(name string) (aside, bool) {
	a := aside{name: name, out: true}
	rest, ok := strings.CutPrefix(name, archiveLead)
	if !ok {
		if rest, ok = strings.CutPrefix(name, restoreLead); !ok {
			return a, false
		}
		a.out = false
	}
	if IsItemFile(rest) && a.out { // an earlier version's archive
		a.file = rest
		return a, true
	}
	id, file, ok := strings.Cut(rest, "-")
	if !ok || len(id) != idLen || !IsItemFile(file) {
		return a, false
	}
	a.id, a.file = id, file
	return a, true
}

// newID is a step's random id.
func newID() string {
	b := make([]byte, idLen/2)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// asides lists the asides in the memory dir (regular files only).
func (s *Store) asides() ([]aside, error) {
	ents, err := s.entries()
	if err != nil {
		return nil, err
	}
	var out []aside
	for _, e := range ents {
		if a, ok := parseAside(e.Name()); ok && e.Type().IsRegular() {
			out = append(out, a)
		}
	}
	return out, nil
}

// settle finishes or undoes the steps that killed processes left half
// done, as the log says, and returns how many asides remain (each holds an
// item that is still open). It runs under the lock. Without a log nothing
// can be decided: every aside remains.
func (s *Store) settle() (pending int, err error) {
	as, err := s.asides()
	if err != nil || len(as) == 0 {
		return len(as), err
	}
	if s.Log.Path == "" {
		return len(as), nil
	}
	logged, err := s.loggedAsides(as)
	if err != nil {
		return len(as), err
	}
	var errs []error
	for _, a := range as {
		path := filepath.Join(s.Dir, a.name)
		var err error
		if a.out == logged[a.name] || s.ideaOpen(path) || a.out && s.ideaDismissed(path) {
			// An archive that was logged, a restore that was not; or an
			// item whose idea was parked again while it was aside (by an
			// earlier version, whose park did not see asides); or a
			// dismiss killed after it remembered the dismissal (dismiss.go:
			// that is its last step but the removal, and put back, the
			// item would be open and dismissed at once).
			err = os.Remove(path)
		} else { // an archive that was not logged, a restore that was
			_, err = s.placeFree(path, a.file)
		}
		if err != nil {
			pending++
			errs = append(errs, fmt.Errorf("finish an interrupted step on %s: %w", a.file, err))
		}
	}
	syncDir(s.Dir)
	return pending, errors.Join(errs...)
}

// heldIdea is the idea of the item held at path, "" when it cannot be read.
func heldIdea(path string) string {
	data, err := readItem(path)
	if err != nil {
		return ""
	}
	it, err := Parse(data)
	if err != nil {
		return ""
	}
	return it.Idea()
}

// ideaDismissed reports whether the user dismissed the idea of the item
// held at path (tombstone.go).
func (s *Store) ideaDismissed(path string) bool {
	idea := heldIdea(path)
	if idea == "" {
		return false
	}
	_, ok, _ := s.Dismissals().Find(idea)
	return ok
}

// ideaOpen reports whether the idea of the item held at path is open.
func (s *Store) ideaOpen(path string) bool {
	idea := heldIdea(path)
	if idea == "" {
		return false
	}
	items, _ := s.List()
	_, ok := sameIdea(items, ideaOf(idea))
	return ok
}

// loggedAsides reads the log's last maxRestoreScan bytes once and says
// which asides it holds the commit line of.
func (s *Store) loggedAsides(as []aside) (map[string]bool, error) {
	ids := map[string]string{}    // id → aside name
	legacy := map[string]string{} // item name → aside name
	for _, a := range as {
		if a.id != "" {
			ids[a.id] = a.name
			continue
		}
		legacy[NameOfFile(a.file)] = a.name
		if data, err := readItem(filepath.Join(s.Dir, a.name)); err == nil {
			if it, err := Parse(data); err == nil {
				legacy[it.Name] = a.name
			}
		}
	}
	logged := map[string]bool{}
	// Only the log's tail: a step's commit line is written just after its
	// aside, under the lock, and the next step to take the lock settles
	// it; a long log must not be read whole under the lock.
	_, _, err := s.Log.ScanTail(maxRestoreScan, 0, func(l LogLine) bool {
		if name, ok := ids[l.ID]; ok && l.ID != "" {
			logged[name] = true
		} else if name, ok := legacy[l.Item]; ok && l.Action == ActionArchived {
			logged[name] = true
		}
		return true
	})
	return logged, err
}

// placeFree puts the item at src in place as file, or, when something
// took that name meanwhile (a hand-written file; openloop itself never
// takes the name of an aside), as the first free "-2", "-3" … of its name
// on the same date. It returns the file name used.
func (s *Store) placeFree(src, file string) (string, error) {
	used, err := s.usedNames()
	if err != nil {
		return "", err
	}
	if _, err := os.Lstat(filepath.Join(s.Dir, file)); err == nil {
		name := NameOfFile(file)
		date := strings.TrimPrefix(file, Prefix+name) // "-2026-12-02.md"
		file = Prefix + freeName(name, used) + date
	}
	return file, place(src, filepath.Join(s.Dir, file))
}

// errUnreadable marks an item whose text cannot be read whole: it is never
// taken out, since its log line could not hold it.
var errUnreadable = errors.New("cannot read the item")

// retire takes one listed item out (archive or expiry) in the three moves
// above. It runs under the lock. The item's whole text goes into the log
// line; an item that cannot be read whole is left where it is. If the log
// cannot be written, the item is put back.
func (s *Store) retire(it Item, action string) error {
	if !IsItemFile(it.File) || filepath.Base(it.File) != it.File {
		return fmt.Errorf("refusing to delete %q: not an item file", it.File)
	}
	if s.Log.Path == "" {
		return errors.New("no resolution log to record it in")
	}
	if s.Log.Private == "" {
		return errors.New("no private file to keep the item's text in")
	}
	src := filepath.Join(s.Dir, it.File)
	text, err := readItem(src)
	if err != nil {
		return fmt.Errorf("%s: %w: %w", it.File, errUnreadable, err)
	}
	id := newID()
	held := filepath.Join(s.Dir, archiveLead+id+"-"+it.File)
	if err := os.Rename(src, held); err != nil {
		return fmt.Errorf("%s %s: %w", action, it.File, err)
	}
	syncDir(s.Dir)
	if err := s.appendLog(logLine(s.Now(), it, action, string(text), id)); err != nil {
		if rerr := os.Rename(held, src); rerr != nil {
			err = errors.Join(err, fmt.Errorf("put back %s: %w", it.File, rerr))
		}
		syncDir(s.Dir)
		return err
	}
	// The step is done; an aside that cannot be removed now is removed by
	// the next settle, which finds its line in the log.
	if os.Remove(held) == nil {
		syncDir(s.Dir)
	}
	return nil
}

// bringBack writes an item back as file in the three moves of a restore.
// It runs under the lock; file is free.
func (s *Store) bringBack(it Item, file string, data []byte) error {
	tmp, err := WriteTemp(s.Dir, tempLead, data, s.Now())
	if err != nil {
		return fmt.Errorf("restore %s: %w", file, err)
	}
	id := newID()
	held := filepath.Join(s.Dir, restoreLead+id+"-"+file)
	if err := os.Rename(tmp, held); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("restore %s: %w", file, err)
	}
	syncDir(s.Dir)
	it.File = file
	if err := s.appendLog(logLine(s.Now(), it, ActionRestored, string(data), id)); err != nil {
		os.Remove(held)
		return err
	}
	_, err = s.placeFree(held, file)
	return err
}

// appendLog records a step: its whole line (with the item's text) in the
// private file, then the line without user text in the committed log,
// which is the step's commit point; it waits for the log's lock no longer
// than for the memory dir's.
func (s *Store) appendLog(l LogLine) error {
	log := s.Log
	log.LockWait = s.LockWait
	if err := log.appendPrivate(l); err != nil {
		return err
	}
	return log.Append(l.committed())
}
