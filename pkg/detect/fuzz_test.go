package detect

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzPrompt feeds the detector what a hook payload and a transcript can
// hold: at most one finding, on one line, valid UTF-8, bounded.
func FuzzPrompt(f *testing.F) {
	f.Add("let's come back to that later", "Want me to add retries?", "", "fix auth")
	f.Add("btw, we could cache this at some point", "", "Which backend?", "")
	f.Add("can you review the PR?", "Should I split the package?\n\nLet me know.", "", "")
	f.Add("remind me to (rotate) the key once \xff deployed", "", "", "")
	f.Add("/session archive x", "", "", "")
	f.Add("```\nTODO later\n", "```\nq?\n", "", "")
	f.Add("先不考虑这个，后续再说\u202e", "你选哪个？", "", "")
	f.Add("let's hold off on that for now", "x\n```\nI need to convert \xff the guides.", "", "")
	f.Add("not yet, remind me with a note to", "Should we start on it now?", "", "")
	f.Add("導出以後再說，记个待办", "", "", "")
	f.Add("or the drag and drop can wait, one try before we drop it for now; if it fails open an issue", "the drag and drop can wait", "", "")
	f.Add("这些搁置的订单 dejar para el final", "这些搁置的订单", "", "")
	f.Add("[Image #1] btw, another idea: it would be nice to have [Pasted text #2 +3 lines] someday", "", "", "")
	f.Add("the export is slow. put that on our todo list, I'll get back to you", "", "", "")
	f.Add("keep that in mind for v2: later if needed, but", "", "", "")
	f.Fuzz(func(t *testing.T, prompt, assistant, ask, task string) {
		a := Assess(Input{Prompt: prompt, Assistant: assistant, AskQuestion: ask, AskOptions: []string{ask}, Task: task})
		got := a.Parks
		if len(got) > 1 || len(a.Candidates) > 1 || len(got) > 0 && len(a.Candidates) > 0 {
			t.Fatalf("more than one finding, or a candidate beside a park: %+v", a)
		}
		for _, fd := range slices.Concat(got, a.Candidates, AssistantDeferrals(assistant)) {
			// An idea names a thing: a letter or a digit at least, or
			// the store refuses it and the hook fails.
			if fd.Idea == "" || len(fd.Idea) > 200 || !namesThing(fd.Idea) {
				t.Fatalf("bad idea %q", fd.Idea)
			}
			for _, s := range []string{fd.Idea, fd.Why} {
				if !utf8.ValidString(s) || strings.ContainsAny(s, "\n\r") {
					t.Fatalf("bad text %q in %+v", s, fd)
				}
			}
		}
		Explain(Input{Prompt: prompt, Assistant: assistant}, 5)
	})
}

func FuzzTyped(f *testing.F) {
	f.Add("fix it\n```\ncode\n```\n")
	f.Add("<system-reminder>x</system-reminder>hello")
	f.Add("$ ls\nout\n\nthen")
	f.Add("/cmd a b")
	f.Add("[Image #1] [Image #] [Pasted text #2 +94 lines] [Image #12")
	f.Fuzz(func(t *testing.T, prompt string) {
		text, skip := Typed(prompt)
		if skip && text != "" {
			t.Fatalf("skipped but returned %q", text)
		}
		if len(text) > len(prompt) {
			t.Fatalf("typed text %q is longer than the prompt %q", text, prompt)
		}
		if !utf8.ValidString(text) {
			t.Fatalf("invalid UTF-8 %q", text)
		}
	})
}

// FuzzReduce feeds the rules that name what is parked every shape of
// clause, without the model's say: whatever the words, the idea is valid
// UTF-8 on one line and bounded, and nothing panics.
func FuzzReduce(f *testing.F) {
	f.Add("2. once the billing PR lands, we should revisit the invoice mailer", "The parser drops newlines; want me to fix that?")
	f.Add("not now, lets finish the export first", "Want me to update it?")
	f.Add("TODO for next session: wire up the reset flow and carry on", "")
	f.Add("缓存这块先搁置，发版之后再看", "要我现在修吗？")
	f.Add("キャッシュの件は次のスプリントでやろう", "")
	f.Add("벤치마크는 나중에 하고 일단 로그인 버그부터 고쳐줘", "")
	f.Add("it would be nice if you ran the tests", "")
	f.Add("は", "건은")
	f.Fuzz(func(t *testing.T, clause, msg string) {
		p, _ := pendingOf(Input{Assistant: msg})
		for _, idea := range []string{reduce(clause, putOffWords), reduce(clause, sideWords), reduce(clause, nil), offeredBy(p)} {
			if !utf8.ValidString(idea) && utf8.ValidString(clause) && utf8.ValidString(msg) {
				t.Fatalf("invalid UTF-8 idea %q from %q / %q", idea, clause, msg)
			}
			if strings.ContainsAny(idea, "\n\r") || len(strings.Fields(idea)) > maxIdeaWords && utf8.RuneCountInString(idea) > 4*maxIdeaWords {
				t.Fatalf("bad idea %q from %q / %q", idea, clause, msg)
			}
		}
	})
}
