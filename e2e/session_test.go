package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// parkTwo parks two items by hand, the way a user does from a terminal, so
// that the /session tests do not depend on what the hooks detect.
func parkTwo(p *Project) {
	p.Openloop("park", "--kind", "deferred", "--idea", "a retry budget for the upload client",
		"--context", "we were fixing the auth bug first")
	p.Openloop("park", "--kind", "side-idea", "--idea", "a dark mode toggle",
		"--context", "validating the settings form")
}

// sessionOut is what the last /session command put in front of the model.
func sessionOut(t *testing.T, p *Project) string {
	t.Helper()
	got := TurnText(p.API.LastMain())
	if !strings.Contains(got, "<command-name>/session</command-name>") {
		t.Fatalf("the last prompt was not the /session command:\n%s", got)
	}
	return got
}

// /session resume and archive typed as prompts: their output reaches the
// model's prompt, and archive really closes the item.
func TestSessionCommand(t *testing.T) {
	p := NewProject(t, Say("Here is the list."), Say("Archived."))
	parkTwo(p)
	items := p.Items()
	if len(items) != 2 {
		t.Fatalf("parked %d items by hand, want 2", len(items))
	}

	r := p.Ask("/session resume")
	got := sessionOut(t, p)
	today := time.Now().UTC().Format("2006-01-02")
	for _, want := range []string{"## Session Pending — " + today, "### This session"} {
		if !strings.Contains(got, want) {
			t.Errorf("/session resume: the model did not get %q:\n%s", want, got)
		}
	}
	for _, it := range items {
		if !strings.Contains(got, "- [ ] "+it.Name+" — ") {
			t.Errorf("/session resume: the model did not get the line for %s:\n%s", it.Name, got)
		}
	}

	p.Resume(r.SessionID, "/session archive retry budget")
	got = sessionOut(t, p)
	retry := items[0]
	if !strings.Contains(retry.Name, "retry") {
		retry = items[1]
	}
	if !strings.Contains(got, "Archived: "+retry.Name) {
		t.Errorf("/session archive: the model did not get %q:\n%s", "Archived: "+retry.Name, got)
	}
	if left := p.Items(); len(left) != 1 || left[0].Name == retry.Name {
		t.Errorf("after archive: %d items left, want only the dark mode one", len(left))
	}
	log, err := os.ReadFile(filepath.Join(p.Dir, ".claude", "logs", "session-archive.jsonl"))
	if err != nil || !strings.Contains(string(log), `"item":"`+retry.Name+`"`) || !strings.Contains(string(log), `"action":"archived"`) {
		t.Errorf("resolution log (%v):\n%s", err, log)
	}
}

// Arguments full of quotes, ";", "$(…)" and backticks arrive as text and
// never run: no canary file appears, nothing is archived, and the model
// sees the literal text in openloop's answer.
func TestSessionArgumentsNeverRun(t *testing.T) {
	p := NewProject(t, Say("Nothing matched."))
	parkTwo(p)
	c1, c2, c3 := filepath.Join(p.Home, "canary1"), filepath.Join(p.Home, "canary2"), filepath.Join(p.Home, "canary3")
	args := `it's; touch ` + c1 + ` $(touch ` + c2 + `) ` + "`touch " + c3 + "`" + ` "quoted" & | > x`
	p.Ask("/session archive " + args)
	got := sessionOut(t, p)
	for _, c := range []string{c1, c2, c3} {
		if _, err := os.Stat(c); err == nil {
			t.Errorf("%s exists: the arguments ran as shell code", c)
		}
	}
	if _, err := os.Stat(filepath.Join(p.Dir, "x")); err == nil {
		t.Errorf("a file named x appeared: the arguments ran as shell code")
	}
	// openloop quotes the text it could not match (Go %q escapes the
	// double quotes); everything else arrives byte for byte.
	for _, want := range []string{"it's; touch " + c1, "$(touch " + c2 + ")", "`touch " + c3 + "`", `& | > x`, "nothing archived"} {
		if !strings.Contains(got, want) {
			t.Errorf("the model did not get %q:\n%s", want, got)
		}
	}
	if n := len(p.Items()); n != 2 {
		t.Errorf("%d items left, want 2: nothing may be archived", n)
	}
}
