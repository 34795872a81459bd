package detect

import "testing"

const logRotation = "Log rotation for the worker can wait until the next release, it is not urgent."

// Each rule shape parks its thing, by rule; look-alikes park nothing by
// rule. The model is not asked here: explicitDeferral is the rule tier.
func TestRuleTier(t *testing.T) {
	for _, c := range []struct {
		prompt, assistant string
		idea, rule        string // "" idea: nothing parks by rule
	}{
		{"let's punt on i18n", "", "i18n", "put-off"},
		{"caching can wait until next sprint", "", "caching", "can-wait"},
		{"skip the benchmarks for now", "", "benchmarks", "skip+when"},
		{"we can revisit the caching layer later", "", "caching layer", "revisit+when"},
		{"let's come back to the retry budget for uploads once auth works", "", "retry budget for uploads", "revisit+when"},
		{"let's come back to this after lunch", "", "", ""},
		{"we'll tackle retries in phase 2", "", "retries", "do-later"},
		{"put the retry budget on the backlog", "", "retry budget", "file-it"},
		{"remind me to rotate the signing keys", "", "rotate the signing keys", "remind"},
		{"벤치마크는 나중에 하자", "", "벤치마크", "topic-later"},
		{"we should add a retry budget to the uploader, but not now", "", "add a retry budget to the uploader", "but-not-now"},
		{"I won't fix the flaky upload test for now", "", "fix the flaky upload test", "not-now-do"},
		{"not now, let's finish the export first", "Want me to add retries to the upload client?", "add retries to the upload client", "not-now-to-offer"},
		{"let's save that for later", "I could also cache the JWKS keys in memory.", "cache the JWKS keys in memory", "put-off"},
		// Noise.
		{`translate "we will discuss the pricing page later" into German`, "", "", ""},
		{"ok, we'll see later", "", "", ""},
		{"write a commit message: skip flaky tests for now", "", "", ""},
		{`add a menu item called "Remind me" under Snooze`, "", "", ""},
		{"add a 'snooze for later' button", "", "", ""},
		{"why did you skip the migration tests?", "", "", ""},
		{"you keep ignoring the lint errors, for now just fix them", "", "", ""},
		{"the worker crashes later in the run", "", "", ""},
		{"should we delete the modal or set it aside?", "", "", ""},
		{"add a TODO comment above the retry loop", "", "", ""},
		{"update TODO.md with the plan", "", "", ""},
		{"at some point we should dockerize the test db", "", "", ""},
		{"por ahora dejalo hardcodeado", "", "", ""},
		{"not yet on git bash", "Want me to set up the workspace file?", "", ""},
		{"Meeting notes\nAttendees: Ana, Li\n- push the search rewrite to the next sprint", "", "", ""},
		{"## Non-goals\n- offline mode is out of scope for v1", "", "", ""},
		// A word of putting off inside an idiom or a widget's name.
		{"please fix the drag and drop on the board, right now it does nothing", "", "", ""},
		{"you can wait and see if the cron job fails first", "", "", ""},
		{"vamos a dejar para el final los productos sin precio", "", "", ""},
		{"这些搁置的订单要在看板上显示吗", "", "", ""},
		// "come back" said of a thing that does not return.
		{"the sidebar doesn't come back after I close the modal until I reload", "", "", ""},
		// The putting off is still to come, or only one way among others.
		{"give the parser one more go before we drop it for now", "", "", ""},
		{"or we skip the cache warmup for now and measure cold starts", "", "", ""},
		// A filing rule for what is not found yet; an issue that exists.
		{"if the load test finds anything serious, open an issue for it", "", "", ""},
		{"add these notes to the issue for the login bug", "", "", ""},
		{"open a new ticket for the flaky upload test, then carry on", "", "flaky upload test", "file-it"},
		// Claude's words quoted back, and a letter pasted in.
		{logRotation + "\n\nhow would we set that up?", "Found two things.\n- " + logRotation + "\n- The cache key ignores the locale.", "", ""},
		{logRotation + "\n\nhow would we set that up?", "", "Log rotation for the worker", "can-wait"},
		{"Bonjour Madame,\nMerci pour les échantillons. Nous laissons de côté l'emballage cadeau pour le moment.\nCordialement,\nMarc\nhow should I answer her?", "", "", ""},
	} {
		in := Input{Prompt: c.prompt, Assistant: c.assistant}
		x, ok := prepare(in)
		if !ok {
			t.Fatalf("%q: skipped", c.prompt)
		}
		f, parked := explicitDeferral(x, in)
		switch {
		case c.idea == "" && parked:
			t.Errorf("%q parks %q by %s; want nothing", c.prompt, f.Idea, f.Rule)
		case c.idea != "" && !parked:
			t.Errorf("%q parks nothing by rule; want %q (%s)", c.prompt, c.idea, c.rule)
		case c.idea != "" && (f.Idea != c.idea || f.Rule != ruleExplicit+":"+c.rule || f.Kind != Deferred):
			t.Errorf("%q parks %s %q by %s; want %q by %s", c.prompt, f.Kind, f.Idea, f.Rule, c.idea, c.rule)
		}
	}
}

// Escape sequences and control characters are dropped before a prompt is
// read: the ';' of "ESC ]0;title BEL" must not split a clause.
func TestStripControls(t *testing.T) {
	for in, want := range map[string]string{
		"come back to the \u202euploader\x1b]0;x\x07 later": "come back to the \u202euploader later",
		"red \x1b[31mtext\x1b[0m\tand\nmore":                "red text\tand\nmore",
		"bell\x07 and del\x7f":                              "bell and del",
		"plain":                                             "plain",
	} {
		if got := stripControls(in); got != want {
			t.Errorf("stripControls(%q) = %q, want %q", in, got, want)
		}
	}
}

// The seed's textbook case: Claude asks a clarifying question in prose and
// the user moves on. It does not park (no threshold shows the precision
// for prose questions), and it is a candidate with its idea and question
// named. After a dismissed AskUserQuestion the same prompt parks; an
// answer is neither.
func TestTextbookQuestion(t *testing.T) {
	q := "Should expired refresh tokens return 401 or 403?"
	a := Assess(Input{Prompt: "Now add request logging to the payments service", Assistant: "The expiry check is fixed. " + q})
	if len(a.Parks) != 0 || len(a.Candidates) != 1 {
		t.Fatalf("parks %+v, candidates %+v; want one candidate", a.Parks, a.Candidates)
	}
	if c := a.Candidates[0]; c.Kind != Question || c.Idea != "add request logging to the payments service" || c.Context != q {
		t.Errorf("candidate %+v", c)
	}
	a = Assess(Input{Prompt: "Now add request logging to the payments service", AskQuestion: q, AskOptions: []string{"401", "403"}})
	if len(a.Parks) != 1 || a.Parks[0].Kind != Question || a.Parks[0].Rule != "ask-user-question" {
		t.Errorf("after a dismissed AskUserQuestion: %+v", a)
	}
	for _, answer := range []string{"403, and log it", "yes", "use 401 for expired ones"} {
		if a := Assess(Input{Prompt: answer, Assistant: q}); len(a.Parks)+len(a.Candidates) != 0 {
			t.Errorf("%q answers %q, and leaves %+v", answer, q, a)
		}
	}
}

// The model's deferral is vetoed, like the rule's, when the clause it
// reads is Claude's own words quoted back or its only words of putting off
// are an idiom's: the same clause said by the user still names its thing.
func TestModelTierNotTheUsers(t *testing.T) {
	m, err := shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		prompt, assistant string
		names             bool
	}{
		{logRotation + "\n\nhow would we set that up?", "Two things.\n- " + logRotation, false},
		{logRotation + "\n\nhow would we set that up?", "", true},
		{"vamos a dejar para el final los productos sin precio", "", false},
		{"vamos a dejar para después la exportación", "", true},
	} {
		in := Input{Prompt: c.prompt, Assistant: c.assistant}
		x, ok := prepare(in)
		if !ok {
			t.Fatalf("%q: skipped", c.prompt)
		}
		if f, named := finding(m, Deferred, x, in); named != c.names {
			t.Errorf("%q after %q: finding %+v, named %v; want %v", c.prompt, c.assistant, f, named, c.names)
		}
	}
}
