package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The first exchange of the fixtures in real-2.1.332: Claude finishes a fix
// and asks the user something.
const (
	askPrompt   = "The auth middleware drops requests when the token refreshes. Fix it."
	askQuestion = "should expired refresh tokens return 401 or 403?"
	askReply    = "I fixed the refresh race and TestRefresh passes.\n\nOne question before I go on: " + askQuestion
)

// wantOne checks that exactly one item is parked, that its body starts
// with prefix and mentions every word in want, and that the hook told the
// model about it in the turn that parked it.
func wantOne(t *testing.T, p *Project, prefix string, want ...string) Item {
	t.Helper()
	return wantOneVia(t, p, "/session", prefix, want...)
}

// wantOneVia is wantOne for a session whose /session command is typed as
// slash: a plugin's commands carry its namespace ("/openloop:session"),
// and the notice names the command the user can type.
func wantOneVia(t *testing.T, p *Project, slash, prefix string, want ...string) Item {
	t.Helper()
	items := p.Items()
	if len(items) != 1 {
		for _, it := range items {
			t.Logf("%s:\n%s", it.File, it.Raw)
		}
		t.Fatalf("parked %d items, want 1", len(items))
	}
	it := items[0]
	if !strings.HasPrefix(it.FirstLine, prefix) {
		t.Errorf("%s: body starts %q, want %q\n%s", it.File, it.FirstLine, prefix, it.Raw)
	}
	for _, w := range want {
		if !strings.Contains(it.FirstLine, w) {
			t.Errorf("%s: body line %q does not mention %q", it.File, it.FirstLine, w)
		}
	}
	t.Logf("parked %s:\n%s", it.File, it.Raw)
	// The hook told Claude what it parked, in the same turn.
	if got := TurnText(p.API.LastMain()); !strings.Contains(got, it.Name) {
		t.Errorf("the model was not told about %s; the turn's messages:\n%s", it.Name, got)
	}
	// The user saw the one-line notice.
	if n := p.Notices(); !slices.Contains(n, parkedNotice(slash, it.Name)) {
		t.Errorf("the user was not shown %q; notices: %q", parkedNotice(slash, it.Name), n)
	}
	return it
}

// wantNone checks that nothing is parked and the user saw no notice.
func wantNone(t *testing.T, p *Project) {
	t.Helper()
	for _, it := range p.Items() {
		t.Errorf("parked %s, want nothing:\n%s", it.File, it.Raw)
	}
	if n := p.Notices(); len(n) > 0 {
		t.Errorf("the user was shown %q, want nothing", n)
	}
}

// Claude offers something; the next prompt in the same session puts it off
// by pointing at it ("park that"): what Claude offered is parked. The idea
// exists only in Claude's message, so this parks only when Stop's saved
// message (or the transcript) reaches the next prompt's hook. (A question
// asked in prose and skipped parks only when the model is sure, which a
// one-line scenario does not show; a dismissed AskUserQuestion always
// does, but claude -p has no AskUserQuestion.)
func TestPointerDeferralTakesClaudesOffer(t *testing.T) {
	p := NewProject(t,
		Say("I fixed the refresh race and TestRefresh passes.\n\nWant me to add a retry budget to the upload client?"),
		Say("OK, shipping the fix first."))
	r := p.Ask(askPrompt)
	wantNone(t, p)
	p.Resume(r.SessionID, "park that for later, let's ship the fix first")
	wantOne(t, p, "Deferred:", "retry budget", "upload client")
}

// The same question, answered: nothing is parked.
func TestQuestionAnsweredParksNothing(t *testing.T) {
	p := NewProject(t, Say(askReply), Say("Done: expired refresh tokens now get 401."))
	r := p.Ask(askPrompt)
	p.Resume(r.SessionID, "Return 401 for expired refresh tokens.")
	wantNone(t, p)
}

// The user defers something mid-session.
func TestDeferralIsParked(t *testing.T) {
	p := NewProject(t,
		Say("The upload client now streams the file in chunks and the test passes."),
		Say("OK, finishing the chunked upload first."))
	r := p.Ask("Make the upload client stream large files in chunks.")
	wantNone(t, p)
	p.Resume(r.SessionID, "Good. Let's come back to the retry budget later, finish the chunking first.")
	wantOne(t, p, "Deferred:", "retry budget")
}

// The user mentions a side idea mid-session.
func TestSideIdeaIsParked(t *testing.T) {
	p := NewProject(t,
		Say("The settings page now loads the user's profile."),
		Say("Noted. The settings form validates emails now."))
	r := p.Ask("Make the settings page load the user's profile.")
	p.Resume(r.SessionID, "Now validate the email field. btw, we should add a dark mode toggle at some point")
	wantOne(t, p, "Side idea:", "dark mode toggle")
}

// Claude itself puts something off in its final message: the Stop hook
// parks it.
func TestClaudesDeferralIsParked(t *testing.T) {
	p := NewProject(t, Say("I fixed the refresh race and TestRefresh passes. I'll leave the retry budget for a follow-up."))
	p.Ask(askPrompt)
	items := p.Items()
	if len(items) != 1 || !strings.HasPrefix(items[0].FirstLine, "Deferred:") || !strings.Contains(items[0].FirstLine, "retry budget") {
		for _, it := range items {
			t.Logf("%s:\n%s", it.File, it.Raw)
		}
		t.Fatalf("parked %d items, want 1 deferral of the retry budget", len(items))
	}
	t.Logf("parked %s:\n%s", items[0].File, items[0].Raw)
	if n := p.Notices(); !slices.Contains(n, parkedNotice("/session", items[0].Name)) {
		t.Errorf("the user was not shown %q; notices: %q", parkedNotice("/session", items[0].Name), n)
	}
}

// parkedNotice is the one line the user is shown when the hook parks the
// item named name, where the /session command is typed as slash.
func parkedNotice(slash, name string) string {
	return fmt.Sprintf("openloop parked %q · %s resume lists it, %s archive %s closes it", name, slash, slash, name)
}

// With the default install (assist), the hook does not park a deferral
// on its own: Claude is given the parking rule at SessionStart and a
// one-line nudge naming the loop with the prompt, and Claude parks it
// under its own name through the permission rule install wrote, without
// asking (issue 29 §6).
func TestAssistClaudeParksWhatTheHookNames(t *testing.T) {
	park := `{"command":"openloop park --source assist --kind deferred --idea 'retry budget for the upload client' --context 'chunked uploads'"}`
	p := NewAssistProject(t,
		Say("The upload client now streams the file in chunks and the test passes."),
		Reply{{Text: "Parking the retry budget for later."}, {Tool: "Bash", Input: park}},
		Say("OK, finishing the chunked upload first."))
	r := p.Ask("Make the upload client stream large files in chunks.")
	p.Resume(r.SessionID, "Good. Let's come back to the retry budget later, finish the chunking first.")
	var rule, nudge bool
	for _, q := range p.API.Requests() {
		if q.Main {
			rule = rule || strings.Contains(string(q.Body), "openloop is installed: it keeps this session's open loops")
			nudge = nudge || strings.Contains(string(q.Body), `openloop: possible deferral: \"retry budget\"`)
		}
	}
	if !rule || !nudge {
		t.Errorf("Claude was given the rule: %v, the nudge: %v; want both", rule, nudge)
	}
	items := p.Items()
	if len(items) != 1 || items[0].Name != "retry-budget-for-upload-client" || !strings.Contains(items[0].Raw, "source: assist") {
		for _, it := range items {
			t.Logf("%s:\n%s", it.File, it.Raw)
		}
		t.Fatalf("parked %d items, want Claude's one park, retry-budget-for-upload-client, source assist", len(items))
	}
	// The hook parked nothing itself, so it showed no notice of its own.
	for _, n := range p.Notices() {
		if strings.HasPrefix(n, "openloop parked") {
			t.Errorf("the hook parked on its own: %q", n)
		}
	}
}
