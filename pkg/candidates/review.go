package candidates

import (
	"fmt"
	"time"

	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/userlabel"
)

// SourceReview is the frontmatter source of an item parked from review.
const SourceReview = "review"

// Entry is what parking c writes: its kind, idea and context; a candidate
// that kept no context gets the prompt it came from. The item records the
// session the candidate was noticed in.
func (c Candidate) Entry() (store.Entry, error) {
	k, err := store.ParseKind(c.Kind)
	if err != nil {
		return store.Entry{}, err
	}
	ctx := c.Context
	switch {
	case ctx != "":
	case c.By == ByClaude:
		ctx = c.Excerpt // Claude said "…"
	default:
		ctx = fmt.Sprintf("the user wrote %q", c.Excerpt)
	}
	return store.Entry{Kind: k, Idea: c.Idea, Context: ctx, Why: c.Why, Source: SourceReview, Session: c.Session}, nil
}

// Promote parks c under the store's rules (cap, dedupe, names). When it
// was parked, or was already, c leaves the list and the user's choice is
// recorded as a "promoted" label; at the cap it stays. The label's error
// comes after the park: the item is parked either way.
func Promote(configDir string, s *store.Store, c Candidate, now time.Time) (store.Result, error) {
	e, err := c.Entry()
	if err != nil {
		return store.Result{}, err
	}
	res, err := s.Park(e)
	if err != nil || res.Capped {
		return res, err
	}
	if res.Dismissed != nil {
		// The user dismissed the idea since: their word stands, and the
		// candidate leaves the list.
		return res, Remove(configDir, c)
	}
	if err := Remove(configDir, c); err != nil {
		return res, fmt.Errorf("parked, but the candidate could not be removed: %w", err)
	}
	return res, label(configDir, c, userlabel.Promoted, now)
}

// Dismiss remembers the idea as dismissed in c's project (store's
// dismissals: no later prompt keeps or parks it), records a "dismissed"
// label and drops c from the list. The two come first, both or neither:
// when either cannot be written c stays, and keeps its number in the
// list (as dismiss keeps an item).
func Dismiss(configDir string, c Candidate, now time.Time) error {
	d := store.DismissalsOf(configDir, c.Root, func() time.Time { return now })
	if err := d.Add(store.Dismissal{Kind: c.Kind, Name: store.Slug(c.Idea), Idea: c.Idea}, func() error {
		return label(configDir, c, userlabel.Dismissed, now)
	}); err != nil {
		return err
	}
	return Remove(configDir, c)
}

// Dismissed reports whether the user dismissed c's idea in its project:
// the hook does not keep it. A dismissals file that cannot be read
// dismisses nothing.
func Dismissed(configDir string, c Candidate) bool {
	_, ok, _ := store.DismissalsOf(configDir, c.Root, func() time.Time { return c.TS }).Find(c.Idea)
	return ok
}

func label(configDir string, c Candidate, l string, now time.Time) error {
	return userlabel.Append(configDir, userlabel.Record{
		TS: now.UTC(), Project: c.Root, Label: l, Kind: c.Kind, Idea: c.Idea,
		Excerpt: c.Excerpt, Score: c.Score, Session: c.Session,
	})
}
