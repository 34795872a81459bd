package detect

import "testing"

// Text Claude writes as content is not Claude putting something off
// (issue 29 §5): a translation, a string it added to a file, a quoted
// sentence, a code block, a changelog line with "Deferred:" in it.
func TestClaudesContentIsNoDeferral(t *testing.T) {
	for _, msg := range []string{
		"I added the French strings:\n\n```\nfr: \"Nous y reviendrons plus tard\"\n```\n\nThe tests pass.",
		"Added the translation: `\"We will come back to this later\"` → `\"Nous y reviendrons plus tard\"`.",
		"The French string now reads \"Nous y reviendrons plus tard\".",
		"I translated \"We will come back to this later\" as \"Wir kommen später darauf zurück\".",
		"Updated CHANGELOG.md:\n- Deferred: retry budget for uploads (see #12)\n- Fixed: login bug",
		"The snooze feature is in: `snooze(reminder, minutes)` postpones a reminder for later.",
		"```go\n// TODO: we'll come back to the retry budget later\n```",
		// Claude's report of a park is no new loop (issue 29 §4).
		"Batch `reserve()` with (sku, qty) pairs is parked for next quarter.",
		"I've parked the dark mode toggle for later; now the login fix.",
		"The order global ID counter is noted for later as an open loop.",
	} {
		if got := AssistantDeferrals(msg); len(got) != 0 {
			t.Errorf("%q parks %+v", msg, got)
		}
	}
	// A deferral Claude states still parks.
	if got := AssistantDeferrals("I'll leave the retry budget for a follow-up."); len(got) != 1 {
		t.Errorf("a stated deferral parks nothing: %+v", got)
	}
}
