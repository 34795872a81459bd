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
	if err := Remove(configDir, c); err != nil {
		return res, fmt.Errorf("parked, but the candidate could not be removed: %w", err)
	}
	return res, label(configDir, c, userlabel.Promoted, now)
}

// Dismiss records a "dismissed" label and drops c from the list. The
// label comes first: when it cannot be recorded nothing changes, and c
// keeps its number in the list (as dismiss keeps an item).
func Dismiss(configDir string, c Candidate, now time.Time) error {
	if err := label(configDir, c, userlabel.Dismissed, now); err != nil {
		return err
	}
	return Remove(configDir, c)
}

func label(configDir string, c Candidate, l string, now time.Time) error {
	return userlabel.Append(configDir, userlabel.Record{
		TS: now.UTC(), Project: c.Root, Label: l, Kind: c.Kind, Idea: c.Idea,
		Excerpt: c.Excerpt, Score: c.Score, Session: c.Session,
	})
}
