package detect

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzPrompt(f *testing.F) {
	f.Add("let's come back to that later", "Want me to add retries?", "", "fix auth")
	f.Add("btw, we could cache this at some point", "", "Which backend?", "")
	f.Add("can you review the PR?", "Should I split the package?\n\nLet me know.", "", "")
	f.Add("remind me to (rotate) the key once \xff deployed", "", "", "")
	f.Add("/session archive x", "", "", "")
	f.Add("```\nTODO later\n", "```\nq?\n", "", "")
	f.Fuzz(func(t *testing.T, prompt, assistant, ask, task string) {
		got := Prompt(Input{Prompt: prompt, Assistant: assistant, AskQuestion: ask, AskOptions: []string{ask}, Task: task})
		seen := map[Kind]bool{}
		for _, fd := range got {
			if seen[fd.Kind] {
				t.Fatalf("two findings of kind %s: %+v", fd.Kind, got)
			}
			seen[fd.Kind] = true
			if fd.Idea == "" || len(fd.Idea) > 120 || strings.ContainsAny(fd.Idea, "\n\r") {
				t.Fatalf("bad idea %q", fd.Idea)
			}
			for _, s := range []string{fd.Idea, fd.Context, fd.Why} {
				if !utf8.ValidString(s) || strings.ContainsAny(s, "\n\r") {
					t.Fatalf("bad text %q in %+v", s, fd)
				}
			}
		}
		for _, fd := range AssistantDeferrals(assistant) {
			if fd.Idea == "" || len(fd.Idea) > 120 || !utf8.ValidString(fd.Idea+fd.Context+fd.Why) || strings.ContainsAny(fd.Idea, "\n\r") {
				t.Fatalf("bad assistant deferral %+v", fd)
			}
		}
		if q, ok := TrailingQuestion(assistant); ok && (q == "" || !utf8.ValidString(q)) {
			t.Fatalf("bad trailing question %q", q)
		}
	})
}

func FuzzTyped(f *testing.F) {
	f.Add("fix it\n```\ncode\n```\n")
	f.Add("<system-reminder>x</system-reminder>hello")
	f.Add("$ ls\nout\n\nthen")
	f.Add("/cmd a b")
	f.Fuzz(func(t *testing.T, prompt string) {
		text, skip := Typed(prompt)
		if skip && text != "" {
			t.Fatalf("skip with text %q", text)
		}
		if !utf8.ValidString(text) {
			t.Fatalf("invalid UTF-8 out: %q", text)
		}
		if len(text) > len(prompt) {
			t.Fatalf("text grew: %d > %d", len(text), len(prompt))
		}
		if text != strings.TrimSpace(text) {
			t.Fatalf("text not trimmed: %q", text)
		}
	})
}
