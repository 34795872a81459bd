package store

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/openloop/openloop/internal/termsafe"
)

// Archive's and Restore's refusals; nothing is changed.
var (
	ErrVague     = errors.New("the query is too vague to pick an item")
	ErrNoMatch   = errors.New("no pending item matches")
	ErrAmbiguous = errors.New("more than one pending item matches")
	// ErrTooBig is Restore's refusal of a text larger than MaxItem (a
	// committed log can carry any line): archive and expiry could never
	// take such an item back.
	ErrTooBig = errors.New("not restored")
)

// pickOne is the one open item the query picks (Match): ErrVague when
// nothing matches and the query is too vague to name an item, ErrNoMatch
// when nothing matches, ErrAmbiguous with the matches when several do.
func pickOne(items []Item, query string) (Item, []Item, error) {
	return pickBy(items, func(it Item) Item { return it }, query)
}

// pickBy is pickOne for anything that holds an item (a dismissal).
func pickBy[T any](xs []T, item func(T) Item, query string) (T, []T, error) {
	var none T
	m := bestBy(xs, item, query)
	switch {
	case len(m) == 0 && !Meaningful(query):
		return none, nil, ErrVague // it names no item whole either
	case len(m) == 0:
		return none, nil, ErrNoMatch
	case len(m) > 1:
		return none, m, ErrAmbiguous
	}
	return m[0], nil, nil
}

// Archive closes the one open item that best matches query (match.go): it
// logs {"ts","item","action":"archived","id"}, keeps the item's text in
// the private file (private.go) and deletes the item, as one step that a kill cannot split (retire.go). An item is
// never gone without its log line. On ErrAmbiguous the candidates are
// returned; on ErrVague and ErrNoMatch, nothing.
func (s *Store) Archive(query string) (Item, []Item, error) {
	unlock, err := s.lock()
	if err != nil {
		return Item{}, nil, err
	}
	defer unlock()
	s.settle() // what it cannot finish, the log write below reports
	items, err := s.List()
	if err != nil {
		return Item{}, nil, err
	}
	it, m, err := pickOne(items, query)
	if err != nil {
		return Item{}, m, err
	}
	if err := s.retire(it, ActionArchived); err != nil {
		return Item{}, nil, err
	}
	// The step is done; the text of the log's old lines may move now
	// (migrate.go), and the texts restore can no longer bring back go
	// (prune.go). Either, failing, leaves its file as it was.
	s.migrateLog()
	s.prunePrivate()
	return it, nil, nil
}

// Archived is an item that the log can bring back: the text of its last
// "archived" or "expired" line, parsed.
type Archived struct {
	Item          // File is the file it had; ModTime, when it was taken out
	Action string // "archived" or "expired"
	text   string
	key    string // LogLine.Key: tells its lines from other items'
}

// Restored is what Restore did.
type Restored struct {
	File   string // the item's file (new, or the open one)
	Name   string // the item's name
	Dup    bool   // the same idea is open: nothing written
	Capped bool   // MaxOpen items are open: nothing written
	Open   []Item // the open items, when Capped
	// Undismissed: the user had dismissed the same idea; bringing it
	// back by hand lifts that (tombstone.go), or no later deferral of it
	// would park.
	Undismissed bool
}

// ErrNothingLogged is Restore's refusal when the log holds no item text
// (no archive yet, or only lines of earlier versions, which kept names).
var ErrNothingLogged = errors.New("no item in the log is still archived or expired")

// Restore brings back the archived or expired item that best matches query
// (the rules of match.go, on the items as the log kept them), under the
// rules of a new park: the same idea already open is not written again, no
// more than MaxOpen items, and its old name, or "-2", "-3" … when another
// idea has taken it. It is written with today's date and age, and logged
// with action "restored". On ErrAmbiguous the candidates are returned.
func (s *Store) Restore(query string) (Restored, []Archived, error) {
	res, cands, err := s.restore(query)
	if errors.Is(err, errLogReplaced) {
		// Another process migrated the log (migrate.go) between the
		// read and the lock: read the new one.
		res, cands, err = s.restore(query)
	}
	if errors.Is(err, errLogReplaced) {
		err = ErrLogChanged
	}
	return res, cands, err
}

// errLogReplaced is the refusal of one try of Restore when the log it read
// was replaced by a migration before it took the lock: its offsets mean
// nothing in the new file.
var errLogReplaced = errors.New("the log was rewritten")

// restore is one try of Restore.
func (s *Store) restore(query string) (Restored, []Archived, error) {
	// The log is read and matched before the lock is taken, and only its
	// last maxRestoreScan bytes: a long log must not hold every hook
	// behind the lock (issue 20, break 4).
	read, _ := os.Lstat(s.Log.Path)
	gone, away, end, err := s.archivedAll()
	if err != nil {
		return Restored{}, nil, err
	}
	if len(gone) == 0 {
		if !Meaningful(query) {
			return Restored{}, nil, ErrVague
		}
		return Restored{}, nil, s.elsewhereMatch(away, query, ErrNothingLogged)
	}
	a, cands, err := s.pickClosed(gone, query)
	if err != nil {
		return Restored{}, cands, s.elsewhereMatch(away, query, err)
	}
	if testRestoreRead != nil {
		testRestoreRead()
	}
	if len(a.text) > MaxItem {
		return Restored{}, nil, fmt.Errorf("%w: %s is %d bytes, more than the %d bytes an item may hold (archive and expiry could never take it back)", ErrTooBig, Show(a.Name), len(a.text), MaxItem)
	}
	unlock, err := s.lock()
	if err != nil {
		return Restored{}, nil, err
	}
	defer unlock()
	pending, _ := s.settle()
	// What was logged since it was read: only the lines of a step that
	// raced this one, bounded.
	if now, err := os.Lstat(s.Log.Path); read == nil || err != nil || !os.SameFile(read, now) {
		return Restored{}, nil, errLogReplaced
	}
	if err := s.unchangedSince(end, a); err != nil {
		return Restored{}, nil, err
	}
	// The log was read: now the text of its old lines may move
	// (migrate.go), and the texts restore can no longer bring back go
	// (prune.go; not the one read above). Either, failing, leaves its
	// file as it was, and restore reading it.
	s.migrateLog()
	s.prunePrivate()
	items, err := s.List()
	if err != nil {
		return Restored{}, nil, err
	}
	if it, ok := openAgain(items, a); ok {
		return Restored{File: it.File, Name: it.Name, Dup: true}, nil, nil
	}
	if len(items)+pending >= MaxOpen {
		return Restored{Capped: true, Open: items}, nil, nil
	}
	used, err := s.usedNames()
	if err != nil {
		return Restored{}, nil, err
	}
	old := restoredName(NameOfFile(a.File))
	name := old
	if used[nameKey(name)] {
		name = freeName(baseName(old), used)
	}
	it, data := a.Item, []byte(a.text)
	// An item that carries its name in the frontmatter is given the new
	// one there too, so that two open items never share a name: one that
	// openloop wrote is written again as it would write it (whoever parked
	// it, the source and session keys, stays), any other has only its name
	// changed (retitle). A text without frontmatter is brought back byte
	// for byte.
	if name != old && it.Damaged == nil {
		if orig, err := render(it.Name, it.Description, it.Body, it.Source, it.Session); err == nil && string(orig) == a.text {
			if data, err = render(name, it.Description, it.Body, it.Source, it.Session); err != nil {
				return Restored{}, nil, err
			}
		} else if data, err = retitle([]byte(a.text), name, ""); err != nil {
			return Restored{}, nil, err
		}
		it.Name = name
	}
	file := FileName(name, s.Now())
	if err := s.bringBack(it, file, data); err != nil {
		return Restored{}, nil, err
	}
	if it.Damaged != nil || it.Name == "" {
		it.Name = name
	}
	undismissed, _ := s.Dismissals().Forget(it.Idea())
	return Restored{File: file, Name: it.Name, Undismissed: undismissed}, nil, nil
}

// maxRestoredName bounds the name a restored item keeps from the log: with
// the frame of a file held aside (retire.go) it stays far below every
// filesystem's 255-byte limit.
const maxRestoredName = 128

// restoredName is the name a restored item is written under: the one the
// log kept, unless that name could not have been made by Park. The log is
// committed with the project, so a cloned repository can put any file
// name in it: one holding control or format characters (an ESC sequence,
// a line break, a bidi override) or one too long for a file name is made
// into a slug, as Park makes one.
func restoredName(name string) string {
	if name != "" && len(name) <= maxRestoredName && termsafe.Strip(name) == name && !strings.ContainsAny(name, "/\\") {
		return name
	}
	return Slug(name)
}

// pick matches query against the archived items.
func pick(gone []Archived, query string) (Archived, []Archived, error) {
	m := bestBy(gone, func(a Archived) Item { return a.Item }, query)
	switch {
	case len(m) == 0 && !Meaningful(query):
		return Archived{}, nil, ErrVague // it names no item whole either
	case len(m) == 0:
		return Archived{}, nil, ErrNoMatch
	case len(m) > 1:
		return Archived{}, m, ErrAmbiguous
	}
	return m[0], nil, nil
}

// maxRestoreScan bounds what restore reads of the log: its last 16 MiB.
// An item archived before that is not found (restore --list shows what
// is); lines of today's format are about 150 bytes, so that is some
// 100,000 steps.
var maxRestoreScan int64 = 16 << 20

// testRestoreRead, when a test sets it, runs after Restore has read the
// log and before it takes the lock.
var testRestoreRead func()

// maxRecheck bounds what restore reads, under the lock, of the lines
// logged since it read the log.
const maxRecheck = 1 << 20

// ErrLogChanged is Restore's refusal when the item's lines changed while
// it was choosing it (another process archived or restored it).
var ErrLogChanged = errors.New("the log changed while restoring: another openloop process archived or restored the same item; nothing restored, run restore again")

// unchangedSince checks the lines logged after offset end: none of them
// is about the item a.
func (s *Store) unchangedSince(end int64, a Archived) error {
	key := a.key
	changed := false
	start, _, err := s.Log.ScanTail(maxRecheck, end, func(l LogLine) bool {
		// A line of today's format keeps no text to key it by: its item's
		// name or its file says it is about the same item.
		if l.Key() == key || l.Item == a.Name || l.Item == NameOfFile(a.File) || l.File == a.File {
			changed = true
			return false
		}
		return true
	})
	switch {
	case err != nil:
		return err
	case changed, start > end: // more was logged than can be checked
		return ErrLogChanged
	}
	return nil
}

// archived reads the last maxRestoreScan bytes of the log and returns,
// newest first, every idea whose last line says archived or expired, with
// the text that line kept (in the private file, or in the line itself for
// an earlier version's), and the size of the log it read. The same idea
// archived, restored and archived again (under any text) is one item; a
// text that does not parse is its own. A line whose text is in neither
// (written under another config dir) cannot be brought back here.
func (s *Store) archived() ([]Archived, int64, error) {
	gone, _, end, err := s.archivedAll()
	return gone, end, err
}

// archivedAll is archived, and also the names of the items whose last
// line says archived or expired but whose text is in neither the line nor
// this config dir's private file (newest first): archived, or migrated
// from an earlier version's line, under another config dir.
func (s *Store) archivedAll() ([]Archived, []string, int64, error) {
	var lines []LogLine
	ids := map[string]bool{}
	lastOf := map[string]int{} // item name → number of its last line, of any kind
	n := 0
	_, end, err := s.Log.ScanTail(maxRestoreScan, 0, func(l LogLine) bool {
		lastOf[l.Item] = n
		n++
		if l.Text == "" && l.ID == "" {
			// An earlier version's line without text: never restorable,
			// but it keeps its place (lastOf counts it).
			lines = append(lines, LogLine{LogEntry: l.LogEntry})
			return true
		}
		if l.Text == "" {
			ids[l.ID] = true
			l.File = "" // only the private line says which file
		}
		lines = append(lines, l)
		return true
	})
	if err != nil {
		return nil, nil, 0, err
	}
	texts, err := s.Log.privateTexts(ids)
	if err != nil {
		return nil, nil, 0, err
	}
	last := map[string]Archived{}
	at := map[string]int{} // key → number of its last line
	var away []string
	for n, l := range lines {
		if l.Text == "" && l.ID == "" {
			continue
		}
		if l.Text == "" {
			pl, ok := texts[l.ID]
			if !ok {
				if lastOf[l.Item] == n && (l.Action == ActionArchived || l.Action == ActionExpired) {
					away = append(away, l.Item)
				}
				continue
			}
			l.File, l.Text, l.Raw = pl.File, pl.Text, pl.Raw
		}
		if l.File == "" || !IsItemFile(l.File) {
			continue
		}
		text := l.Bytes() // the file's own bytes, even when they are not UTF-8
		it, perr := Parse(text)
		it.File = l.File
		key := l.key(it, perr)
		if perr != nil {
			it.Name, it.Damaged = l.Item, perr
		}
		it.ModTime, _ = time.Parse(time.RFC3339, l.TS)
		last[key], at[key] = Archived{Item: it, Action: l.Action, text: string(text), key: key}, n
	}
	keys := slices.SortedFunc(maps.Keys(at), func(a, b string) int { return at[b] - at[a] })
	var out []Archived
	for _, k := range keys {
		if a := last[k]; a.Action == ActionArchived || a.Action == ActionExpired {
			out = append(out, a)
		}
	}
	slices.Reverse(away)
	return out, away, end, nil
}
