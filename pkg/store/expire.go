package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// Expire takes out items 30 days old or older, finishes steps that killed
// processes left half done (retire.go), and removes temp files older than
// 10 minutes (left by killed processes). It returns the expired files.
//
// Each expired item is logged with action "expired", its file name and its
// whole text, before it is deleted, so that nothing vanishes without a
// trace and restore can bring it back. An item that cannot be read whole
// (unreadable, larger than 1 MiB) is never deleted; the listing shows it
// as unreadable. Only regular session-open-*.md files are ever expired: a
// symlink or folder planted at an item's name is not an item.
//
// Age comes from the directory entry (Lstat), never from the file's
// content. An item dated in the future is dated today (future). With nothing to do, Expire only reads the directory: it takes
// the lock only when there is something to expire, settle or sweep.
func (s *Store) Expire() ([]string, error) { return s.ExpireSome(-1) }

// ExpireSome is Expire taking out at most max items (all of them when max
// is negative); the rest stay for the next call. SessionEnd uses it: each
// item costs a log line and three fsyncs, and Claude Code gives every
// SessionEnd hook together 1.5 s.
func (s *Store) ExpireSome(max int) ([]string, error) {
	ents, err := s.entries()
	if err != nil || !s.expireWork(ents) {
		return nil, err
	}
	unlock, err := s.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	_, serr := s.settle()
	s.sweep()
	ents, err = s.entries()
	if err != nil {
		return nil, errors.Join(serr, err)
	}
	var gone []string
	for _, e := range ents {
		if s.future(e) {
			s.redate(e)
			continue
		}
		if len(gone) == max {
			break
		}
		if !s.expired(e) {
			continue
		}
		if err := s.retire(s.read(e), ActionExpired); errors.Is(err, errUnreadable) {
			continue
		} else if err != nil {
			// The log cannot be written: no later item can be either.
			return gone, errors.Join(serr, err)
		}
		gone = append(gone, e.Name())
	}
	return gone, serr
}

// expired reports an item file (regular) 30 days old or older.
func (s *Store) expired(e os.DirEntry) bool {
	if !IsItemFile(e.Name()) || !e.Type().IsRegular() {
		return false
	}
	fi, err := e.Info()
	return err == nil && fi.Mode().IsRegular() && s.Now().Sub(fi.ModTime()) >= ExpireAge
}

// future reports an item file (regular) dated after now: a clock that was
// ahead when it was written, a folder synced from another machine. Such an
// item would never go stale or expire, so expiry dates it today (redate):
// it is listed with today's items (resume's "This session"), goes stale 14
// days later and expires 30 days later.
func (s *Store) future(e os.DirEntry) bool {
	if !IsItemFile(e.Name()) || !e.Type().IsRegular() {
		return false
	}
	fi, err := e.Info()
	return err == nil && fi.Mode().IsRegular() && fi.ModTime().After(s.Now())
}

// redate sets a future item's modification time to now. It runs under the
// lock; a symlink swapped in since the listing is left alone (Chtimes
// would follow it).
func (s *Store) redate(e os.DirEntry) {
	path := filepath.Join(s.Dir, e.Name())
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() {
		os.Chtimes(path, s.Now(), s.Now())
	}
}

// expireWork reports whether Expire has anything to do in the directory.
func (s *Store) expireWork(ents []os.DirEntry) bool {
	for _, e := range ents {
		if s.expired(e) || s.staleTemp(e) || s.future(e) {
			return true
		}
		if _, ok := parseAside(e.Name()); ok {
			return true
		}
	}
	return false
}

// staleTemp reports a temp file older than staleTemp that is not an aside
// (settle decides about those): Park, Archive and Restore hold the lock
// while their temp files live, so one found under the lock and this old
// was left by a killed process.
func (s *Store) staleTemp(e os.DirEntry) bool {
	if !strings.HasPrefix(e.Name(), tempLead) {
		return false
	}
	if _, ok := parseAside(e.Name()); ok {
		return false
	}
	fi, err := e.Info()
	return err == nil && s.Now().Sub(fi.ModTime()) > staleTemp
}

// sweep removes stale temp files. It runs under the lock.
func (s *Store) sweep() {
	ents, _ := s.entries()
	for _, e := range ents {
		if s.staleTemp(e) {
			os.Remove(filepath.Join(s.Dir, e.Name()))
		}
	}
}
