package detect

import "testing"

func TestReduce(t *testing.T) {
	for _, c := range []struct {
		clause string
		kind   Kind
		want   string
	}{
		{"ok, let's skip the benchmarks for now", Deferred, "benchmarks"},
		{"drop the migration script for now", Deferred, "migration script"},
		{"we'll tackle retries in phase 2", Deferred, "retries"},
		{"let's punt on i18n", Deferred, "i18n"},
		{"Let's come back to the retry budget for uploads later, auth first.", Deferred, "retry budget for uploads"},
		{"caching can wait until next sprint", Deferred, "caching"},
		{"hold off on the pop out windows for now because they are slow", Deferred, "pop out windows"},
		{"it would be nice to have a dark mode someday", SideIdea, "dark mode"},
		{"oh and also, at some point we need SSO", SideIdea, "SSO"},
		{"btw, random thought: a quick-add command would be handy", SideIdea, "quick-add command"},
		{"random thought — we could generate the types from the schema", SideIdea, "generate the types from the schema"},
		{"let's come back to that later", Deferred, ""}, // only a pointer: the idea comes from Claude's offer
		{"先不考虑国际化，后续再说", Deferred, "国际化"},
		{"por ahora no hagas los tests de integración", Deferred, "tests de integración"},
		{"let's come back to the flaky upload test after the release", Deferred, "flaky upload test"},
		{"now add request logging", Question, "add request logging"},
		{"lets work on the listener structure for now and put caching on our todo list with less priority", Deferred, "caching"},
		{"is it really that hard? lets ignore it for now, but add the jumpy button to our todo list", Deferred, "jumpy button"},
		{"Can you make a ticket to add a logger utility throughout the program?", Deferred, "add a logger utility throughout the program"},
		{"please open a GitHub issue for the flaky upload test", Deferred, "flaky upload test"},
		{"let's move the dark mode toggle to the backlog", Deferred, "dark mode toggle"},
		{"put it on the backlog", Deferred, ""},                                                        // a pointer: the idea comes from Claude's offer
		{"add a note to the README about retries", Deferred, "add a note to the README about retries"}, // not a list: nothing is filed
	} {
		var act *phraseList
		if c.kind != Question {
			act = dropFor(c.kind)
		}
		if got := reduce(c.clause, act); got != c.want {
			t.Errorf("reduce(%q, %s) = %q, want %q", c.clause, c.kind, got, c.want)
		}
	}
}

func TestOffered(t *testing.T) {
	for q, want := range map[string]string{
		"Want me to add retries to the upload client?":   "add retries to the upload client",
		"Should I commit this now?":                      "commit this",
		"Would you like me to refactor it, or leave it?": "refactor it",
		"Which do you prefer?":                           "",
		"Should I do that?":                              "",
		"¿Quieres que agregue reintentos?":               "",
	} {
		if got := offered(q); got != want {
			t.Errorf("offered(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestIsPointerPhrase(t *testing.T) {
	for s, want := range map[string]bool{"that": true, "all of it": true, "the rest": false, "rest": true,
		"retries": false, "this one": true} {
		if got := isPointerPhrase(s); got != want {
			t.Errorf("isPointerPhrase(%q) = %v, want %v", s, got, want)
		}
	}
}
