package store

import "github.com/openloop/openloop/internal/textcut"

// maxShown bounds a name or description in a list line: a hand-edited or
// hostile file cannot flood the list, or Claude's context, with one key.
const maxShown = 200

// Line is an item as every list shows it (resume, archive's candidates,
// the cap's refusal, summary):
//
//   - [ ] [⚠ stale — ]<name> — <description>
//
// A damaged file shows its file name and what is wrong with it. Names and
// descriptions are cut to 200 bytes.
func (s *Store) Line(it Item) string {
	stale := ""
	if s.Stale(it) {
		stale = "⚠ stale — "
	}
	desc := it.Description
	if it.Damaged != nil {
		desc = "unreadable: " + it.Damaged.Error()
	} else if desc == "" {
		desc = "(no description)"
	}
	return "- [ ] " + stale + clip(it.Name) + " — " + clip(desc)
}

func clip(s string) string {
	if len(s) <= maxShown {
		return s
	}
	return textcut.Head(s, maxShown) + "…"
}
