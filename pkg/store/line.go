package store

import (
	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/internal/textcut"
)

// maxShown bounds a name or description in a list line: a hand-edited or
// hostile file cannot flood the list, or Claude's context, with one key.
const maxShown = 200

// Line is an item as every list shows it (resume, archive's candidates,
// the cap's refusal, summary):
//
//   - [ ] [⚠ stale — ]<name> — <description>
//
// A damaged file shows its file name and what is wrong with it. Names and
// descriptions are cut to 200 bytes, and they come from files openloop may
// not have written (or from park arguments): control and bidi characters
// in them are shown as escapes (internal/termsafe), never printed raw.
func (s *Store) Line(it Item) string {
	stale := ""
	if s.Stale(it) {
		stale = "⚠ stale — "
	}
	return "- [ ] " + stale + Show(it.Name) + " — " + Show(description(it))
}

// Line is an archived item as restore's candidates show it:
//
//   - <name> — <description> (archived <YYYY-MM-DD>)
func (a Archived) Line() string {
	return "- " + Show(a.Name) + " — " + Show(description(a.Item)) + " (" + a.Action + " " + a.ModTime.UTC().Format("2006-01-02") + ")"
}

func description(it Item) string {
	switch {
	case it.Damaged != nil:
		return "unreadable: " + it.Damaged.Error()
	case it.Description == "":
		return "(no description)"
	}
	return it.Description
}

// Show makes text that openloop may not have written safe for one line of
// output: at most 200 bytes, with control and bidi characters escaped. Use
// it for item names in messages ("Archived: <name>").
func Show(s string) string {
	if len(s) > maxShown {
		s = textcut.Head(s, maxShown) + "…"
	}
	return termsafe.Line(s)
}

// MaxListed bounds every list openloop prints of items or matches: the
// first MaxListed, then a count of the others. A list goes to the user's
// terminal and, through /session, into Claude's context.
const MaxListed = 10

// Some is the first max of xs and how many were left out.
func Some[T any](xs []T, max int) ([]T, int) {
	if len(xs) <= max {
		return xs, 0
	}
	return xs[:max], len(xs) - max
}
