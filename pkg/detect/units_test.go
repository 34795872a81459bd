package detect

import "testing"

func TestTrailingQuestion(t *testing.T) {
	tests := []struct {
		msg, want string
		ok        bool
	}{
		{"Tests pass. Want me to add jitter to the backoff?", "Want me to add jitter to the backoff?", true},
		{"Which do you prefer?", "Which do you prefer?", true},
		{"Fixed.\n\nOne thing before I go further: should expired tokens return **401** or **403**?", "should expired tokens return 401 or 403?", true},
		{"**Would you like me to split the package?** It would make the imports cleaner.", "Would you like me to split the package?", true},
		{"Why does this fail? Because the lock is taken twice. I fixed it.", "", false},
		{"Done.\n\nLet me know if you have questions.", "", false},
		{"Should I also update the docs?\n\nLet me know!", "Should I also update the docs?", true},
		{"Here is the fix:\n```go\nif ok := check(); !ok {\n\treturn // why?\n}\n```", "", false},
		{"Do you want me to:\n1. Keep it\n2. Remove it", "Do you want me to: 1. Keep it 2. Remove it", true},
		{"It'll tell us:\n1. where it spawned\n2. how big it is", "", false},
		{"### Why?\nThe cache was cold.", "", false},
		{"", "", false},
		{"Want me to fix it? The change is small and contained to one file, touching only the parser and its tests; nothing else depends on it, so the risk is low and the review will be quick. I can also add a fuzz test for the new branch while I am there, and update the changelog entry.", "", false},
	}
	for _, tt := range tests {
		got, ok := TrailingQuestion(tt.msg)
		if got != tt.want || ok != tt.ok {
			t.Errorf("TrailingQuestion(%q) = %q, %v; want %q, %v", tt.msg, got, ok, tt.want, tt.ok)
		}
	}
}

func TestAssistantDeferrals(t *testing.T) {
	tests := []struct{ msg, idea string }{
		{"Fixed the parser. I'll leave the streaming mode for a follow-up.", "the streaming mode"},
		{"Retries are out of scope for now; we can revisit them later.", "Retries"},
		{"Done. Windows support can be handled in a follow-up PR.", "Windows support"},
		{"I've left the old flag as a TODO so nothing breaks.", "the old flag"},
		{"Tests pass. I'm skipping the Windows path for now since CI has no runner.", "the Windows path"},
		{"The migration is done. Rate limiting is out of scope for this PR.", "Rate limiting"},
		{"I'll leave the rest of the function as is.", ""},
		{"I'll leave the existing tests as they are for now.", ""},
		{"I'll leave the old endpoint in place for now so clients don't break.", ""},
		{"I'm leaving the config untouched for now.", ""},
		{"I'll leave the feature flag on for now.", ""},
		{"Want me to leave the cache for a follow-up?", ""},
		{"If you want, I'll leave the docs for later.", ""},
		{"The token is refreshed later, when the request retries.", ""},
		{"```\n// I'll leave this for later\n```\nDone.", ""},
	}
	for _, tt := range tests {
		got := AssistantDeferrals(tt.msg)
		if tt.idea == "" {
			if len(got) != 0 {
				t.Errorf("AssistantDeferrals(%q) = %+v, want none", tt.msg, got)
			}
			continue
		}
		if len(got) != 1 || got[0].Kind != Deferred || got[0].Idea != tt.idea {
			t.Errorf("AssistantDeferrals(%q) = %+v, want idea %q", tt.msg, got, tt.idea)
		}
	}
}

func TestTyped(t *testing.T) {
	tests := []struct {
		prompt, text string
		skip         bool
	}{
		{"fix the login bug", "fix the login bug", false},
		{"/session archive retry budget", "", true},
		{"/clear", "", true},
		{"/usr/bin/env is missing on the runner", "/usr/bin/env is missing on the runner", false},
		{"<command-message>review is running…</command-message>\n<command-name>/review</command-name>", "", true},
		{"<task-notification><status>done</status></task-notification>", "", true},
		{"<local-command-stdout>ok</local-command-stdout>", "", true},
		{"[Request interrupted by user]", "", true},
		{"!ls -la", "", true},
		{"   ", "", true},
		{"look at this\n```\nlater := 1\n```\nthanks", "look at this\nthanks", false},
		{"it fails:\n\nTraceback (most recent call last):\n  File \"a.py\", line 3, in <module>\nValueError: later", "it fails:", false},
		{"why?\n    // TODO later\n    x := 1", "why?", false},
		{"<system-reminder>be brief</system-reminder>\nadd a flag", "add a flag", false},
		{"see output\n$ go test ./...\n--- FAIL: TestX\nwe will come back later\n\nok?", "see output\n\nok?", false},
		{"> let's come back to that\nI agree with this", "I agree with this", false},
	}
	for _, tt := range tests {
		text, skip := Typed(tt.prompt)
		if text != tt.text || skip != tt.skip {
			t.Errorf("Typed(%q) = %q, %v; want %q, %v", tt.prompt, text, skip, tt.text, tt.skip)
		}
	}
}

func TestPhrase(t *testing.T) {
	tests := []struct{ in, want string }{
		{"we could generate the TypeScript types straight from the DB schema instead of maintaining them by hand", "generate the TypeScript types straight from the DB schema"},
		{"the public API could really use per-token rate limiting at some point", "the public API could really use per-token rate limiting"},
		{"it would be nice to have a dry-run flag", "have a dry-run flag"},
		{"**retries** once auth works", "retries"},
		{"I noticed retry.go swallows context cancellation errors", "retry.go swallows context cancellation errors"},
		{"check if our changes affected test timing or if it's pre-existing", "check if our changes affected test timing"},
		{"the dark mode toggle, design isn't final", "the dark mode toggle"},
		{"a", ""},
		{"line one\nline two", "line one line two"},
		{"x " + string([]byte{0xff, 0xfe}) + "yz", "x yz"},
	}
	for _, tt := range tests {
		if got := phrase(tt.in); got != tt.want {
			t.Errorf("phrase(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	long := "add a very long feature name that keeps going and going well past the limit of eighty bytes for ideas"
	if got := phrase(long); len(got) > maxIdea || got == "" {
		t.Errorf("phrase(long) = %q (%d bytes), want 1..%d bytes", got, len(got), maxIdea)
	}
}

func TestQuestionIdea(t *testing.T) {
	tests := []struct{ q, before, want string }{
		{"Would you like me to refactor it into a separate agent/dispatch package?", "", "refactor it into a separate agent/dispatch package"},
		{"I noticed retry.go swallows context cancellation errors — do you want me to propagate them, or is swallowing intentional here?", "", "retry.go swallows context cancellation errors"},
		{"Want me to fix them?", "Both gaps follow the same pattern as the fix in the parser.", "Both gaps follow the same pattern as the fix in the parser"},
		{"Which backend should the session cache use?", "", "Which backend should the session cache use"},
	}
	for _, tt := range tests {
		if got := questionIdea(tt.q, tt.before); got != tt.want {
			t.Errorf("questionIdea(%q) = %q, want %q", tt.q, got, tt.want)
		}
	}
}

func TestParkable(t *testing.T) {
	tests := []struct {
		q  string
		ok bool
	}{
		{"Want me to add jitter to the backoff?", true},
		{"Which backend should the session cache use?", true},
		{"What would you like to do next?", false},
		{"Does this help narrow down where it's failing?", false},
		{"Any files I'm missing?", false},
		{"Should I commit this?", false},
		{"Would you like me to create a commit with these changes?", false},
		{"Ready to commit?", false},
		{"Want me to change anything else?", false},
		{"Shall I continue with the next task?", false},
		{"Would you like me to proceed with Sprint 0 (fixing the underscore bug) now?", true},
	}
	for _, tt := range tests {
		if got := parkable(tt.q); got != tt.ok {
			t.Errorf("parkable(%q) = %v, want %v", tt.q, got, tt.ok)
		}
	}
}

// TestTailRuneSafe: the prose kept before a question never starts inside
// a multi-byte character.
func TestTailRuneSafe(t *testing.T) {
	for _, tt := range []struct {
		lines []string
		max   int
		want  string
	}{
		{[]string{"ab", "cd"}, 10, "ab\ncd"},
		{[]string{"ab", "cd"}, 4, "b\ncd"},
		{[]string{"café", "ok"}, 4, "\nok"}, // "é\nok" is 5 bytes: é is dropped whole
		{[]string{"café", "ok"}, 5, "é\nok"},
	} {
		if got := tail(tt.lines, tt.max); got != tt.want {
			t.Errorf("tail(%q, %d) = %q, want %q", tt.lines, tt.max, got, tt.want)
		}
	}
}
