package detect

import (
	"strings"
	"testing"
)

// A side idea floated plainly parks by rule; a request, a question, a
// suggestion for the work at hand or a complaint does not.
func TestSideRule(t *testing.T) {
	for _, c := range []struct {
		prompt, idea, rule string // "" idea: nothing parks by rule
	}{
		{"Now validate the email field. btw, we should add a dark mode toggle at some point", "dark mode toggle", "aside+someday"},
		{"btw it would be nice to have dark mode", "dark mode", "aside+wish"},
		{"random thought — we could build the OpenAPI client from the spec file", "OpenAPI client from the spec file", "idea"},
		{"another idea: a quick-add command", "quick-add command", "idea"},
		{"by the way, a CSV export would be cool", "CSV export", "aside+wish"},
		{"side note: we could eventually show stats on that page", "show stats on that page", "aside+someday"},
		{"fix the login redirect. btw we need to support SSO eventually", "SSO", "aside+someday"},
		{"por cierto, sería bueno tener modo oscuro", "modo oscuro", "aside+wish"},
		{"ok. side note, the admin dashboard could really use server-side paging at some point. can you rerun the flaky e2e job?", "admin dashboard could really use server-side paging", "aside+someday"},
		{"side note, the cache could overflow at some point", "", ""},
		// Look-alikes: asked, wanted now, for Claude, a way to do the
		// current thing, negated, a complaint, no wish or no someday.
		{"btw, could we add retries to the uploader?", "", ""},
		{"btw, wouldn't it be nice to have dark mode eventually?", "", ""},
		{"btw we should add a dark mode toggle now", "", ""},
		{"btw it would be nice if you ran the tests", "", ""},
		{"btw you could also cache the keys", "", ""},
		{"btw we could just use postgres", "", ""},
		{"btw we should add the null check", "", ""},
		{"btw it would be nice not to log the token", "", ""},
		{"btw the build is still red", "", ""},
		{"side note: we could also show stats on that page", "", ""}, // a maybe with no someday
		{"btw the deploy failed, maybe we could look at the logs", "", ""},
		{"by the way, we might need to restart the server eventually", "", ""},
		{"btw it would be great to get this merged today", "", ""},
		{"btw it would be nice to see the diff", "", ""},
		{"btw i'd love a short walkthrough of this middleware before we go on", "", ""},
		{"it would be nice to have dark mode", "", ""},
		{"we should add a dark mode toggle at some point", "", ""},
		{"btw let's add dark mode at some point", "", ""},
		{"btw it would be nice to", "", ""},
		{`translate "btw it would be nice to have dark mode" into German`, "", ""},
	} {
		wantRule(t, explicitSideIdea, Input{Prompt: c.prompt}, SideIdea, c.idea, ruleSide+":"+c.rule)
	}
}

// The rule's side idea is what the model tier parks too: the same prompt
// through Assess, with Claude's last message before it, parks it once, as
// a side idea, by rule. A deferral in the same prompt comes first.
func TestSideRuleInAssess(t *testing.T) {
	m, err := shipped()
	if err != nil {
		t.Fatal(err)
	}
	a := m.Assess(Input{Prompt: "Now validate the email field. btw, we should add a dark mode toggle at some point",
		Assistant: "The settings page now loads the user's profile."})
	if len(a.Parks) != 1 || a.Parks[0].Kind != SideIdea || a.Parks[0].Idea != "dark mode toggle" || !strings.HasPrefix(a.Parks[0].Rule, ruleSide) {
		t.Errorf("Assess parks %+v; want the side idea %q by rule", a.Parks, "dark mode toggle")
	}
	// The model does not park work at hand, wanted now, as a side idea.
	for _, p := range []string{"btw, would be nice to see the diff first", "btw we could also check the staging logs",
		"btw we should also update the changelog", "btw, would be cool to get a second opinion on the schema",
		"we could also add a retry banner there while it loads, go ahead and do it",
		"hmm it would be nice if this was quicker. can you trace it",
		"what if we used a bloom filter instead? would that cut the lookups?"} {
		if a := m.Assess(Input{Prompt: p}); len(a.Parks) != 0 {
			t.Errorf("Assess(%q) parks %+v; want nothing", p, a.Parks)
		}
	}
	a = m.Assess(Input{Prompt: "skip the benchmarks for now. btw it would be nice to have dark mode"})
	if len(a.Parks) != 1 || a.Parks[0].Kind != Deferred || a.Parks[0].Idea != "benchmarks" {
		t.Errorf("Assess parks %+v; want the deferral of %q", a.Parks, "benchmarks")
	}
}
