package store

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/openloop/openloop/internal/termsafe"
)

// What restore --list shows, and what restore says of an item it cannot
// bring back here.

// RestoreList is what restore can bring back, and what it cannot here.
type RestoreList struct {
	// Items are the items the log's last 16 MiB says are archived or
	// expired, whose text is kept and whose idea is not open again,
	// newest first.
	Items []Archived
	// Elsewhere names the items the log says are archived or expired
	// whose text is not in the private file that restore read (Private):
	// kept under another config dir. Newest first; none open now.
	Elsewhere []string
	Private   string
	// OpenAgain counts the items the log says are archived or expired
	// whose idea is open again (restored, or parked again): not listed.
	OpenAgain int
}

// Restorable is RestoreList's Items.
func (s *Store) Restorable() ([]Archived, error) {
	l, err := s.RestoreList()
	return l.Items, err
}

// RestoreList reads what restore can bring back (restore --list). An
// item whose idea is open again (restored, or the same idea parked again)
// is left out: restore would say it is already open.
func (s *Store) RestoreList() (RestoreList, error) {
	gone, away, _, err := s.archivedAll()
	if err != nil {
		return RestoreList{}, err
	}
	open, err := s.List()
	if err != nil {
		return RestoreList{}, err
	}
	items := closed(open, gone)
	return RestoreList{Items: items, Elsewhere: notOpen(open, away), Private: s.Log.Private, OpenAgain: len(gone) - len(items)}, nil
}

// closed is the items of gone whose idea is not open again.
func closed(open []Item, gone []Archived) []Archived {
	var out []Archived
	for _, a := range gone {
		if _, ok := openAgain(open, a); !ok {
			out = append(out, a)
		}
	}
	return out
}

// pickClosed is pick preferring, among several matches, those not open
// again: "restore retry" brings back the archived retry queue rather
// than asking about a retry budget parked again since.
func (s *Store) pickClosed(gone []Archived, query string) (Archived, []Archived, error) {
	a, cands, err := pick(gone, query)
	if !errors.Is(err, ErrAmbiguous) {
		return a, cands, err
	}
	open, lerr := s.List()
	if lerr != nil {
		return a, cands, err
	}
	switch rest := closed(open, cands); {
	case len(rest) == 1:
		return rest[0], nil, nil
	case len(rest) > 1:
		return Archived{}, rest, err
	}
	return a, cands, err
}

// openAgain finds the open item that holds a's idea (the rule of a new
// park: sameidea.go). A text that does not parse is never open again.
func openAgain(open []Item, a Archived) (Item, bool) {
	if a.Damaged != nil {
		return Item{}, false
	}
	return sameIdea(open, ideaOf(a.Idea()))
}

// notOpen is the names of away that no open item has, each once. An
// empty name (a committed log edited by hand) names nothing to restore.
func notOpen(open []Item, away []string) []string {
	taken := map[string]bool{"": true}
	for _, it := range open {
		taken[it.Name] = true
		taken[NameOfFile(it.File)] = true
	}
	var names []string
	for _, name := range away {
		if !taken[name] {
			taken[name] = true
			names = append(names, name)
		}
	}
	return names
}

// ErrElsewhere is Restore's refusal when the query names only items whose
// text is not kept under this config dir.
type ErrElsewhere struct {
	Names   []string // the items it names, newest first
	Private string   // the private file restore looked in
}

func (e *ErrElsewhere) Error() string {
	return fmt.Sprintf("the text of %s is not in %s", strings.Join(e.Names, ", "), e.Private)
}

// elsewhereMatch is Restore's answer when nothing restorable matches
// query (err): an *ErrElsewhere when items whose text is kept elsewhere
// match it, else err.
func (s *Store) elsewhereMatch(away []string, query string, err error) error {
	if len(away) == 0 || !(errors.Is(err, ErrNoMatch) || errors.Is(err, ErrNothingLogged)) {
		return err
	}
	open, lerr := s.List()
	if lerr != nil {
		return err
	}
	names := notOpen(open, away)
	m := bestBy(names, func(n string) Item { return Item{Name: n} }, query)
	if len(m) == 0 {
		return err
	}
	return &ErrElsewhere{Names: m, Private: s.Log.Private}
}

// WriteRestoreList prints what restore can bring back, newest first, at
// most MaxListed lines and a count of the others, and in one line the
// items it cannot bring back here (their text is under another config
// dir). cmdLine names a command the way the reader types it:
//
//	Restore can bring back (newest first):
//	- retry-budget — Deferred - retry budget (archived 2026-12-02)
//	→ openloop restore <name> brings one back
//	Not here: lru-cache: the text is not in /home/me/.claude/openloop/restore/….jsonl (kept under another CLAUDE_CONFIG_DIR?)
func WriteRestoreList(w io.Writer, l RestoreList, cmdLine func(string) string) {
	if len(l.Items) == 0 {
		if len(l.Elsewhere) > 0 {
			fmt.Fprintf(w, "Nothing to restore here: %s: %s.\n", SomeNames(l.Elsewhere), NotKeptHere(l.Private))
			return
		}
		if l.OpenAgain > 0 {
			// The log has archived items, but each is open again: saying
			// the log has none would send the user looking for lost items.
			fmt.Fprintf(w, "Nothing to restore: every item archived or expired is open again (%s lists them).\n", cmdLine("resume"))
			return
		}
		fmt.Fprintf(w, "Nothing to restore: %s.\n", ErrNothingLogged)
		return
	}
	fmt.Fprintln(w, "Restore can bring back (newest first):")
	shown, more := Some(l.Items, MaxListed)
	for _, a := range shown {
		fmt.Fprintln(w, a.Line())
	}
	if more > 0 {
		fmt.Fprintf(w, "… and %d more\n", more)
	}
	fmt.Fprintln(w, "→ "+cmdLine("restore <name>")+" brings one back")
	if len(l.Elsewhere) > 0 {
		fmt.Fprintf(w, "Not here: %s: %s.\n", SomeNames(l.Elsewhere), NotKeptHere(l.Private))
	}
}

// maxNamed bounds the names SomeNames prints.
const maxNamed = 3

// SomeNames is the first maxNamed names (escaped) and a count of the
// others: "lru-cache, retry-budget and 2 more".
func SomeNames(names []string) string {
	some, more := Some(names, maxNamed)
	shown := make([]string, len(some))
	for i, n := range some {
		shown[i] = Show(n)
	}
	out := strings.Join(shown, ", ")
	if more > 0 {
		out += fmt.Sprintf(" and %d more", more)
	}
	return out
}

// NotKeptHere says where restore looked for a text it did not find.
func NotKeptHere(private string) string {
	return "the text is not in " + termsafe.Line(private) + " (kept under another CLAUDE_CONFIG_DIR?)"
}
