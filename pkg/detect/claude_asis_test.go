package detect

import "testing"

// TestAssistantKeepsAsIs: "I'll leave X as is / untouched / in place for
// now" is Claude deciding not to change X, not putting X off: Stop parks
// nothing for it. The same sentence shape with a thing put off still
// parks, so the veto is on the ending, not on "leave".
func TestAssistantKeepsAsIs(t *testing.T) {
	for _, c := range []struct {
		msg  string
		want string // the idea parked; "" for none
	}{
		{"I'll leave the legacy config loader as-is for now.", ""},
		{"Done: the refresh race is fixed. I'll leave the old retry loop in place for now.", ""},
		{"I've left the feature flag enabled for now.", ""},
		{"I'll leave the migration script untouched for now.", ""},
		{"I'll leave the debug logging on for now.", ""},
		{"I'll leave the cache layer alone for now.", ""},
		{"I'll leave the fallback path unchanged for now.", ""},
		{"I'll leave the deprecated handler commented out for now.", ""},
		{"I'll leave the vendored parser intact for now.", ""},

		// The same shape, with a thing put off.
		{"I'll leave the legacy config loader for a follow-up.", "legacy config loader"},
		{"Done: the refresh race is fixed. I'll leave the old retry loop for now.", "old retry loop"},
		{"I'll leave the cache layer cleanup for later.", "cache layer cleanup"},
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
