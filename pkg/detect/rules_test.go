package detect

import (
	"strings"
	"testing"
)

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
		// "Don't worry about X" with a time skips X, in each language.
		{"plan the recorder plugin but don't worry about the GUI for now", "", "GUI", "skip+when"},
		{"no te preocupes por el modo oscuro por ahora", "", "modo oscuro", "skip+when"},
		{"ignora los tests de carga por ahora", "", "tests de carga", "skip+when"},
		{"ne t'inquiète pas pour le mode sombre pour l'instant", "", "mode sombre", "skip+when"},
		{"não se preocupe com o modo escuro por enquanto", "", "modo escuro", "skip+when"},
		{"не беспокойся о тёмной теме пока", "", "тёмной теме", "skip+when"},
		{"다크 모드는 신경 쓰지 않아도 돼, 일단", "", "다크 모드", "skip+when"},
		{"ダークモードは今は気にしなくていい", "", "ダークモード", "skip+when"},
		// Priorities, reminders with words between, more verbs done later.
		{"sure, write it up, but the offline mode doesn't need to be a priority now", "", "offline mode", "can-wait"},
		{"comment it out for now, but remind me with a note to re-enable the iCloud sync", "", "re-enable the iCloud sync", "remind"},
		{"remind me later to rotate the signing keys", "", "rotate the signing keys", "remind"},
		{"we will replace the landing page later", "", "replace the landing page", "do-later"},
		{"let's discuss the filter options later", "", "filter options", "do-later"},
		// A pointer put off right after Claude said what it would do next.
		{"let's hold off on that for now", "The guides are nested. I need to convert the markdown guides to JSON.", "convert the markdown guides to JSON", "put-off"},
		{"let's save that for later", "Fixed the header. Let me know if it looks right.", "", ""},
		// "Not yet" to the step Claude proposed.
		{"not yet, let's delete the old backups first", "The dead code is gone. Should we start wiring up the event bus now?", "start wiring up the event bus", "not-now-to-offer"},
		// Chinese: a topic, a time, then 再 and a verb; traditional forms.
		{"国际化以后再说", "", "国际化", "topic-later"},
		{"匯出功能以後再說", "", "匯出功能", "topic-later"},
		{"快取先擱置", "", "快取", "put-off"},
		{"先把登录修好，导出功能记个待办", "", "导出功能", "file-it"},
		{"匯出功能加到待辦", "", "匯出功能", "file-it"},
		// A pointer to what the user said just before, when Claude
		// offered nothing; Claude's offer comes first.
		{"we need a glossary for the domain terms. put that on our todo list", "", "glossary for the domain terms", "file-it"},
		{"the sidebar flickers on resize. let's come back to that later", "Want me to add retries to the upload client?", "add retries to the upload client", "revisit+when"},
		{"why is the export slow on big files? let's come back to that later", "", "", ""},
		{"Thanks! let's come back to that later", "", "", ""},
		{"skip the tests for now. let's come back to that later", "", "tests", "skip+when"},
		// Noise.
		{"not yet, I need to ask the team", "Should we use postgres or sqlite?", "", ""},
		{"请稍后再试", "", "", ""},
		{"测试通过之后再继续下一周", "", "", ""},
		{"I'd like to check whether we can extend the chart view later", "", "", ""},
		{"don't worry about it, it was my mistake", "", "", ""},
		{"we can change later if we care", "", "", ""},
		{`translate "we will discuss the pricing page later" into German`, "", "", ""},
		{"ok, we'll see later", "", "", ""},
		{"write a commit message: skip flaky tests for now", "", "", ""},
		{`add a menu item called "Remind me" under Snooze`, "", "", ""},
		{"add a 'snooze for later' button", "", "", ""},
		{"why did you skip the migration tests?", "", "", ""},
		{"you keep ignoring the lint errors, for now just fix them", "", "", ""},
		{"the worker crashes later in the run", "", "", ""},
		{"should we delete the modal or set it aside?", "", "", ""},
		// The question mark clauses() cuts off still makes a choice.
		{"do we skip the benchmarks for now or run them?", "", "", ""},
		{"can we punt on i18n or is it needed for the demo?", "", "", ""},
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
		wantRule(t, explicitDeferral, Input{Prompt: c.prompt, Assistant: c.assistant}, Deferred, c.idea, ruleExplicit+":"+c.rule)
	}
}

// wantRule checks what rule parks from in: nothing when idea is "", else
// idea, of kind k, by rule.
func wantRule(t *testing.T, rule func(exchange, Input) (Finding, bool), in Input, k Kind, idea, name string) {
	t.Helper()
	x, ok := prepare(in)
	if !ok {
		t.Fatalf("%q: skipped", in.Prompt)
	}
	f, parked := rule(x, in)
	switch {
	case idea == "" && parked:
		t.Errorf("%q parks %q by %s; want nothing", in.Prompt, f.Idea, f.Rule)
	case idea != "" && !parked:
		t.Errorf("%q parks nothing by rule; want %q (%s)", in.Prompt, idea, name)
	case idea != "" && (f.Idea != idea || f.Rule != name || f.Kind != k):
		t.Errorf("%q parks %s %q by %s; want %s %q by %s", in.Prompt, f.Kind, f.Idea, f.Rule, k, idea, name)
	}
}

// In a long prompt (a spec, a list of points) a deferral parks only when
// it names its act and its time together: "hold off on X for now", "X is
// out of scope for now" and "we can remove X later" do; "X is out of
// scope" and "we can do X in the next phase" (a plan being written) do
// not.
func TestRuleTierLong(t *testing.T) {
	pad := " " + strings.Repeat("The table should keep its header row and sort by date. ", 10)
	for _, c := range []struct{ prompt, idea, rule string }{
		{"Let's hold off on the pop-out panels for now." + pad, "pop-out panels", "put-off"},
		{"The heatmap is out of scope for now." + pad, "heatmap", "out-of-scope"},
		{"The heatmap is out of scope." + pad, "", ""},
		{"We can do the heatmap in the next phase." + pad, "", ""},
		{"Keep the old column for now; we can remove the legacy column later." + pad, "legacy column", "do-later"},
	} {
		in := Input{Prompt: c.prompt}
		x, ok := prepare(in)
		if !ok || len(x.typed) < longPrompt {
			t.Fatalf("%q: not a long prompt", c.prompt[:40])
		}
		f, parked := explicitDeferral(x, in)
		switch {
		case c.idea == "" && parked:
			t.Errorf("%q… parks %q by %s; want nothing", c.prompt[:40], f.Idea, f.Rule)
		case c.idea != "" && (!parked || f.Idea != c.idea || f.Rule != ruleExplicit+":"+c.rule):
			t.Errorf("%q… parks %v %q by %s; want %q by %s", c.prompt[:40], parked, f.Idea, f.Rule, c.idea, c.rule)
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
