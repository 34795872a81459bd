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
		{"The retry budget can be handled in a follow-up.", "retry budget"},
		{"Retries are out of scope for now; we can revisit them later.", "Retries"},
		{"All tests pass.\n\n- Pagination is out of scope for now and left for a follow-up.", "Pagination"},

		// Suggestions, not statements: a hedge.
		{"The integration tests can be added later if needed.", ""},
		{"The manual approach is fastest, and we can always come back to validation later if needed.", ""},
		{"Caching could be addressed in a separate task.", ""}, // "could": a suggestion
		// An option of a menu Claude is waiting on.
		{"Should we:\n\n1. Friends only (recommended). Muted users can be added later.\n2. Friends and muted.\n\nWhich scope do you prefer?", ""},
		{"Should I implement:\n- a) the permissions only\n- b) Frontend only for now, backend can be done separately", ""},
		// A sentence that opens a list.
		{"Everything works. These could be added later:\n- Excel export\n- date filters", ""},
		{"Remaining TODOs (not blocking, can be done later):\n- docs", ""},
		// The captured thing is a clause of its own.
		{"These warnings don't affect the build and can be fixed later.", ""},
		{"The remaining failures are not related to this change and can be addressed separately.", ""},
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
