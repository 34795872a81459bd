package detect

import "testing"

func TestAssistantDeferrals(t *testing.T) {
	for _, c := range []struct {
		msg  string
		want string // the idea parked; "" for none
	}{
		// Statements: each rule.
		{"Done: the refresh race is fixed. I'll leave the rate limiter for a follow-up PR.", "rate limiter"},
		{"I've left the CSV export as a TODO in exporter.go.", "CSV export"},
		{"Streaming responses are out of scope for this PR.", "Streaming responses"},
		{"The retry budget can be handled in a follow-up.", ""},
		{"Retries are out of scope for now; we can revisit them later.", "Retries"},
		{"All tests pass.\n\n- Pagination is out of scope for now and left for a follow-up.", "Pagination"},
		{"The CSV import works. PDF import is deferred to a later iteration, as you asked.", "PDF import"},
		{"Implemented the endpoint. Skipping pagination for now since the dataset is small.", "pagination"},
		{"I updated the config loader. Out of scope for now: hot reload of the config file.", "hot reload of the config file"},
		// A state is not a deferral: "X isn't implemented yet" was tried as a
		// rule and parked a list of a product's features on the census.
		{"All tests pass. Note: the migration rollback isn't implemented yet.", ""},
		{"Refactored the parser. We should probably revisit the error messages later, they're still cryptic.", ""},

		// Suggestions, not statements: a hedge.
		{"Load tests for the importer can be added later if needed.", ""},
		{"The manual approach is fastest, and we can always come back to validation later if needed.", ""},
		{"Caching could be addressed in a separate task.", ""}, // "could": a suggestion
		// An option of a menu Claude is waiting on.
		{"Should we:\n\n1. Email only (recommended). SMS alerts can be added later.\n2. Email and SMS.\n\nWhich channel do you prefer?", ""},
		{"Should I build:\n- a) the CLI flags only\n- b) The web form only for now, the API can be done separately", ""},
		// A sentence that opens a list.
		{"Everything works. These could be added later:\n- Excel export\n- date filters", ""},
		{"Open follow-ups (none blocking, can be done later):\n- changelog", ""},
		// The captured thing is a clause of its own.
		{"The linter notes do not change behaviour and can be fixed later.", ""},
		{"The remaining failures are not related to this change and can be addressed separately.", ""},
		// Weighed, not done; a state that is no thing put off.
		{"Skipping the flaky test for now would hide the real bug.", ""},
		{"The tests aren't passing yet; I'm looking into it.", ""},
		// Offers, questions, decisions.
		{"Want me to leave the rate limiter for a follow-up?", ""},
		{"I'll leave the tests as they are for now.", ""},
		{"Tests pass. Should I commit?", ""},
	} {
		got := ""
		if fs := AssistantDeferrals(c.msg); len(fs) > 0 {
			got = fs[0].Idea
		}
		if got != c.want {
			t.Errorf("AssistantDeferrals(%q) = %q, want %q", c.msg, got, c.want)
		}
	}
}
