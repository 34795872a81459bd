package hooks

import (
	"fmt"

	"github.com/openloop/openloop/pkg/candidates"
	"github.com/openloop/openloop/pkg/detect"
	"github.com/openloop/openloop/pkg/store"
)

// keepCandidate keeps a loop the detector was unsure of for the user's
// review (pkg/candidates): no memory file, nothing toward the cap. It
// prints nothing; with --assist, Claude is nudged to judge it (assist.go).
// A candidate that cannot be kept is dropped without a word: it was never
// going to be parked, and the prompt must go through.
//
// says is what the store would answer to its park (storeSays): at the
// cap it is kept for review, but Claude is not nudged toward a park the
// store would refuse. When the store answered, it has looked at the
// user's dismissals too.
func keepCandidate(cfg Config, ev Event, prompt string, in detect.Input, tr *tailReader, f detect.Finding, says storeAnswer) (*Output, error) {
	p, err := cfg.paths(ev)
	if err != nil {
		return nil, nil
	}
	e := entry(f)
	if in.Task == "" && e.Kind != store.KindQuestion {
		if task := whatWeWereDoing(tr.full(), prompt); task != "" {
			e.Context = task
		}
	}
	c := candidates.Candidate{
		Kind: string(e.Kind), Idea: e.Idea, Context: e.Context, Why: e.Why, Score: f.Score,
		Excerpt: candidates.Excerpt(prompt), TS: cfg.Now().UTC(), Root: p.Root, Session: ev.SessionID, Rule: f.Rule,
	}
	if !says.known && candidates.Dismissed(p.ConfigDir, c) {
		return nil, nil // the user dismissed it: not offered again
	}
	candidates.Add(p.ConfigDir, c)
	if says.capped {
		return nil, nil
	}
	return cfg.nudge(ev, c, f), nil
}

// keepClaudeCandidates keeps the deferrals Claude stated that the user's
// settings send to review (deferred sensitivity below 0): the excerpt is
// what Claude said. Nothing is printed, and one that cannot be kept is
// dropped without a word, as keepCandidate does.
func keepClaudeCandidates(cfg Config, ev Event, found []detect.Finding) {
	if len(found) == 0 {
		return
	}
	p, err := cfg.paths(ev)
	if err != nil {
		return
	}
	for _, f := range found {
		e := entry(f)
		c := candidates.Candidate{
			Kind: string(e.Kind), Idea: e.Idea, Context: e.Context, Why: e.Why, Score: f.Score,
			Excerpt: candidates.Excerpt(f.Why), TS: cfg.Now().UTC(), Root: p.Root, Session: ev.SessionID,
			Rule: f.Rule, By: candidates.ByClaude,
		}
		if !candidates.Dismissed(p.ConfigDir, c) {
			candidates.Add(p.ConfigDir, c)
		}
	}
}

// Dismissed is the user's dismissal of what f would park in the project
// of cfg.Cwd (store's dismissals), said as `openloop explain` says it, ""
// when there is none: the hook parks nothing of a dismissed idea and
// keeps no candidate of it.
func Dismissed(cfg Config, f *detect.Finding) string {
	p, err := cfg.paths(Event{})
	if err != nil || f == nil {
		return ""
	}
	if d, ok, _ := store.DismissalsOf(p.ConfigDir, p.Root, cfg.Now).Find(f.Idea); ok {
		return fmt.Sprintf("Parks: nothing: it would park %s %q, but %s", f.Kind, f.Idea, d.Refusal("openloop dismiss --undo"))
	}
	return ""
}
