package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestScriptsMeetTheMinimums holds the scripted sessions to issue 25 §5:
// at least 8 sessions and 60 messages, 20 loops of all three kinds, 30
// look-alikes, the §6 misses, five languages; and every check names a
// test that exists.
func TestScriptsMeetTheMinimums(t *testing.T) {
	all, err := LoadSessions()
	if err != nil {
		t.Fatal(err)
	}
	msgs, loops, looks := 0, 0, 0
	kinds, missed, classes, langs := map[string]int{}, map[string]int{}, map[string]int{}, map[string]bool{}
	for _, s := range all {
		msgs += len(s.Messages)
		for _, l := range strings.Split(s.Lang, "+") {
			langs[l] = true
		}
		for _, m := range s.Messages {
			if m.Lookalike != "" {
				looks++
				classes[m.Lookalike]++
			}
			for _, l := range m.Loops {
				loops++
				kinds[l.Kind]++
				if l.Miss != "" {
					missed[l.Miss]++
				}
			}
		}
		if n := len(s.Messages); n < 6 || n > 10 {
			t.Errorf("%s: %d messages; a helper plays one session in 15-20 minutes, keep it to 6-10", s.ID, n)
		}
	}
	t.Logf("%d sessions, %d messages, %d loops %v, %d look-alikes %v, misses %v", len(all), msgs, loops, kinds, looks, classes, missed)
	if len(all) < 8 || msgs < 60 || loops < 20 || looks < 30 {
		t.Errorf("%d sessions, %d messages, %d loops, %d look-alikes; want at least 8, 60, 20, 30", len(all), msgs, loops, looks)
	}
	for _, k := range Kinds {
		if kinds[k] < 5 {
			t.Errorf("%d loops of kind %s; want 5 or more", kinds[k], k)
		}
	}
	for m := range misses {
		if missed[m] == 0 {
			t.Errorf("no loop is an instance of the miss %q", m)
		}
	}
	for _, c := range []string{"scoping", "ordering", "quoting", "translating", "feature", "handoff", "offer"} {
		if classes[c] == 0 {
			t.Errorf("no look-alike of class %q", c)
		}
	}
	for _, l := range []string{"en", "de", "es", "fr", "zh"} {
		if !langs[l] {
			t.Errorf("no session in %s", l)
		}
	}

	// Every named test is in the template's tests or the session's hidden ones.
	tmpl, err := templateFiles()
	if err != nil {
		t.Fatal(err)
	}
	testFunc := regexp.MustCompile(`(?m)^func (Test\w+)\(t \*testing\.T\)`)
	for _, s := range all {
		have := map[string]bool{}
		hidden, err := checkFiles(s.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, files := range []map[string][]byte{tmpl, hidden} {
			for name, b := range files {
				if strings.HasSuffix(name, "_test.go") {
					for _, m := range testFunc.FindAllSubmatch(b, -1) {
						have[string(m[1])] = true
					}
				}
			}
		}
		for _, c := range s.Checks {
			if c.Test != "" && !have[c.Test] {
				t.Errorf("%s: check %s names no test of the project or of testdata/checks/%s", s.ID, c.Test, s.ID)
			}
			if c.Same && tmpl[c.File] == nil {
				t.Errorf("%s: %s is not in the template, so it cannot be unchanged", s.ID, c.File)
			}
		}
		// A skipped question follows a message that asks Claude to ask.
		for i, m := range s.Messages {
			for _, l := range m.Loops {
				if l.Kind == KindQuestion && !asksToAsk(s.Messages[i-1].Text()) {
					t.Errorf("%s message %d: a skipped question, but message %d does not ask Claude to ask", s.ID, i+1, i)
				}
			}
		}
	}
}

// asksToAsk reports whether a message asks Claude to ask the user
// something, in the sessions' languages.
func asksToAsk(s string) bool {
	s = strings.ToLower(s)
	for _, w := range []string{"ask me", "frag mich", "pregúntame", "demande-moi", "先问我"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

func TestParseSessionRefuses(t *testing.T) {
	for _, c := range []struct{ name, yaml, want string }{
		{"unknown field", "id: x\nchecks: [{build: true}]\nmessages: [{say: hi, kind: deferred}]\n", "field kind not found"},
		{"no checks", "id: x\nmessages: [{say: hi}]\n", "no checks"},
		{"bad kind", "id: x\nchecks: [{build: true}]\nmessages: [{say: hi, loops: [{kind: later, name: n, keys: [k]}]}]\n", `unknown kind "later"`},
		{"loop without keys", "id: x\nchecks: [{build: true}]\nmessages: [{say: hi, loops: [{kind: deferred, name: n}]}]\n", "needs a name and keys"},
		{"look-alike with a loop", "id: x\nchecks: [{build: true}]\nmessages: [{say: hi, lookalike: quoting, loops: [{kind: deferred, name: n, keys: [k]}]}]\n", "leaves no loop"},
		{"unknown class", "id: x\nchecks: [{build: true}]\nmessages: [{say: hi, lookalike: joke}]\n", `unknown look-alike class "joke"`},
		{"question first", "id: x\nchecks: [{build: true}]\nmessages: [{say: hi, loops: [{kind: question, name: n, keys: [k]}]}]\n", "needs a message before it"},
		{"two checks in one", "id: x\nchecks: [{build: true, test: TestX}]\nmessages: [{say: hi}]\n", "give one of"},
		{"empty message", "id: x\nchecks: [{build: true}]\nmessages: [{say: '  '}]\n", "empty"},
	} {
		_, err := ParseSession([]byte(c.yaml))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v; want one holding %q", c.name, err, c.want)
		}
	}
}

func TestFindSession(t *testing.T) {
	for _, id := range []string{"3", "03", "03-inventory-de"} {
		s, err := FindSession(id)
		if err != nil || s.ID != "03-inventory-de" {
			t.Errorf("FindSession(%q) = %q, %v", id, s.ID, err)
		}
	}
	if _, err := FindSession("99"); err == nil || !strings.Contains(err.Error(), "01-reminders-en") {
		t.Errorf("FindSession(99) = %v; want the ids listed", err)
	}
}

func FuzzParseSession(f *testing.F) {
	all, _ := testdata.ReadFile("testdata/sessions/02-orders-en.yaml")
	f.Add(all)
	f.Add([]byte("id: x\nchecks: [{build: true}]\nmessages: [{say: hi}]\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseSession(b)
		if err != nil {
			return
		}
		if s.validate() != nil || len(s.Messages) == 0 {
			t.Fatalf("ParseSession accepted a session that does not validate: %+v", s)
		}
	})
}
