package hooks

import (
	"github.com/openloop/openloop/pkg/detect"
	"github.com/openloop/openloop/pkg/project"
	"github.com/openloop/openloop/pkg/store"
)

// Stop runs when Claude finishes a reply. It never blocks: it returns no
// decision, and does nothing at all while stop_hook_active is true (another
// Stop hook is already keeping Claude going).
//
// It remembers, for this session's next prompt, whether Claude's message
// ended by asking the user something, and parks deferrals Claude itself
// stated ("I'll leave the retry budget for a follow-up"). The message is
// last_assistant_message (Claude Code 2.1.47+), else the transcript's tail.
func Stop(cfg Config, ev Event) (*Output, error) {
	if ev.Raw.Get("stop_hook_active").Bool() {
		return nil, nil
	}
	var msg string
	if f := ev.Raw.Get("last_assistant_message"); f.Exists() {
		msg = f.String()
	} else {
		tr := tailReader{path: ev.TranscriptPath}
		msg = tr.quick(true).LastAssistant
	}
	msg = clean(msg, 1<<20)
	var open []string
	cfgDir, cfgErr := project.ConfigDir(cfg.Getenv)
	if ev.SessionID != "" && cfgErr == nil {
		open = remember(cfgDir, ev.SessionID, msg)
	}
	found := detect.AssistantDeferrals(msg)
	if len(found) == 0 {
		return looksDone(cfg, ev, msg, open), nil
	}
	if cfgErr == nil {
		// A kind turned off keeps nothing; below 0 sensitivity, they are
		// kept for review instead of parked.
		a := cfg.eventSettings(ev, cfgDir).Filter(detect.Assessment{Parks: found})
		keepClaudeCandidates(cfg, ev, a.Candidates)
		found = a.Parks
	}
	if cfg.assisting(ev) {
		// With assist, Claude parks what it puts off itself; what the
		// hook heard is kept for review, never parked a second time in
		// the hook's words ("… is parked for next quarter").
		keepClaudeCandidates(cfg, ev, found)
		return nil, nil
	}
	var entries []store.Entry
	for _, f := range found {
		entries = append(entries, entry(f))
	}
	if len(entries) == 0 {
		return nil, nil
	}
	pk, err := park(cfg, ev, entries)
	if err != nil {
		return nil, err
	}
	pk.remember(cfg, ev)
	return pk.output("Stop", false), nil
}

// entry turns a finding into a store entry.
//
// A question is named after the question, not after the request that left
// it behind ("should expired tokens return 401 or 403", not "add request
// logging"): that is what the user will look for in resume and archive by.
// The request it was left for goes into Why.
func entry(f detect.Finding) store.Entry {
	e := store.Entry{Kind: store.Kind(f.Kind), Idea: f.Idea, Context: f.Context, Why: f.Why}
	if e.Kind == store.KindQuestion {
		if q := questionIdea(f.Context); q != "" {
			if e.Idea != "" {
				e.Why = "Claude asked this, and the user moved on to a new request before answering: " + e.Idea
			}
			e.Idea = q
		}
	}
	return e
}
