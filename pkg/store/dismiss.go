package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Dismiss drops the one open item that best matches query (the rules of
// Archive) as wrongly parked: not an open loop. It writes nothing to the
// committed log; note records it privately (the user's own label) before
// the item goes, and an item whose note cannot be written stays. The item
// is moved aside first, as archive moves it (retire.go), so that a kill
// at any point leaves it open or gone, never half gone: an aside whose id
// is in no log line is put back by the next step that takes the lock.
// On ErrAmbiguous the candidates are returned.
func (s *Store) Dismiss(query string, note func(Item) error) (Item, []Item, error) {
	unlock, err := s.lock()
	if err != nil {
		return Item{}, nil, err
	}
	defer unlock()
	s.settle()
	items, err := s.List()
	if err != nil {
		return Item{}, nil, err
	}
	it, m, err := pickOne(items, query)
	if err != nil {
		return Item{}, m, err
	}
	if !IsItemFile(it.File) || filepath.Base(it.File) != it.File {
		return Item{}, nil, fmt.Errorf("refusing to delete %q: not an item file", it.File)
	}
	src := filepath.Join(s.Dir, it.File)
	held := filepath.Join(s.Dir, archiveLead+newID()+"-"+it.File)
	if err := os.Rename(src, held); err != nil {
		return Item{}, nil, fmt.Errorf("dismiss %s: %w", it.File, err)
	}
	syncDir(s.Dir)
	if err := note(it); err != nil {
		if rerr := os.Rename(held, src); rerr != nil {
			err = errors.Join(err, fmt.Errorf("put back %s: %w", it.File, rerr))
		}
		syncDir(s.Dir)
		return Item{}, nil, err
	}
	if err := os.Remove(held); err != nil {
		return Item{}, nil, fmt.Errorf("dismiss %s: %w", it.File, err)
	}
	syncDir(s.Dir)
	return it, nil, nil
}

// Kind is the kind of loop an item holds, read from its first body line
// ("Deferred: …" is deferred); "" for an item openloop did not write.
func (it Item) Kind() Kind {
	line := strings.TrimSpace(it.Body)
	for _, k := range kinds {
		if strings.HasPrefix(line, k.lead) {
			return k.kind
		}
	}
	return ""
}
