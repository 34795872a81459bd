package detect

import (
	"math/rand"
	"strings"
	"testing"
)

// TestPrefiltersAreNecessary: wherever a prefilter says no, its regexp
// does not match either, so skipping the regexp changes nothing. Checked on
// every line of the corpus (prompts and Claude's messages), on lines made
// to hit each branch, and on random lines built from the characters the
// patterns care about.
func TestPrefiltersAreNecessary(t *testing.T) {
	var lines []string
	for _, c := range loadCorpus(t) {
		for _, text := range []string{c.Prompt, c.Assistant} {
			for _, l := range strings.Split(text, "\n") {
				lines = append(lines, lower(strings.TrimSpace(l)))
			}
		}
	}
	lines = append(lines,
		"2026-01-02t10:00 started", "[info] ready", "error: boom", "at foo.bar (x.js:1:2)", "file \"a.py\", line 3",
		"traceback (most recent call last)", "goroutine 1 [running]:", "panic: x", "main.go:12:3: undefined", "typeerror: x",
		"npm err! code 1", "--- fail: testx", "=== run testx", "ok  \tpkg", "fail", "pass", "{", "\"a\": 1", "+++ b/x",
		"index abcdef0 ", "| a | b |", "> quoted", "// comment", "# todo", "func main() {", "return x,", "select a,",
		"===", "^^^", "~~~~", "$ go test", "❯ ls", "me@host:~/src$ ls", "ps c:\\users> dir", "(venv) $ pip", "=== step 1 ===",
		"--- a ---", "### b ###", "- item", "* item", "• item", "+ item", "1. one", "12) x", "a. first", "h) last", "(a) x", "(12) y", "i. no", "let me know if it works", "thanks!", "hope this helps", "🤖 generated", "one thing before i go further: should x?", "quick question: which one?",
		"i'll leave the rate limiter for a follow-up pr", "i've left caching as a todo", "we'll skip retries for now", "the retry budget is out of scope for this pr",
		"logging can be handled later", "x could be addressed in a follow-up", "we can revisit it later", "if you want", "or leave it", "want me to do it", "remember to x", "don't forget to y", "dont forget to z", "do not forget to w", "remind me to v", "note to self: u", "you could always come back to the cache in the future", "let's not worry about caching right now", "we don't need to add retries yet",
	)
	alphabet := []rune("abcdefghijklmnopqrstuvwxyz 0123456789:]|[(\"{}+-@>/*#=^~;,.$%'❯➜•)\t")
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		n := 1 + rng.Intn(30)
		r := make([]rune, n)
		for j := range r {
			r[j] = alphabet[rng.Intn(len(alphabet))]
		}
		lines = append(lines, string(r))
	}
	for _, l := range lines {
		if !mayBePasted(l) && rePasted.MatchString(l) {
			t.Errorf("mayBePasted(%q) = false, but rePasted matches", l)
		}
		if !mayBeShell(l) && reShell.MatchString(l) {
			t.Errorf("mayBeShell(%q) = false, but reShell matches", l)
		}
		if !mayBeHeader(l) && reBlockHeader.MatchString(l) {
			t.Errorf("mayBeHeader(%q) = false, but reBlockHeader matches", l)
		}
		if reListItem.MatchString(l) != isListItem(l) {
			t.Errorf("isListItem(%q) = %v, reListItem says %v", l, isListItem(l), reListItem.MatchString(l))
		}
		if isCloser(l) != reCloser.MatchString(l) {
			t.Errorf("isCloser(%q) disagrees with reCloser", l)
		}
		if (leadIn(l) == nil) != (reLeadIn.FindStringIndex(l) == nil) {
			t.Errorf("leadIn(%q) disagrees with reLeadIn", l)
		}
		if isOffer(l) != reOffer.MatchString(l) {
			t.Errorf("isOffer(%q) disagrees with reOffer", l)
		}
		if !mayLead(l) && reLead.MatchString(l) {
			t.Errorf("mayLead(%q) = false, but reLead matches", l)
		}
		for i, r := range claudeRules {
			if !r.need.may(l) && r.re.MatchString(l) {
				t.Errorf("claude rule C%d: need.may(%q) = false, but its regexp matches", i+1, l)
			}
		}
		for _, r := range deferRules {
			if !r.need.may(l) && r.re.MatchString(l) {
				t.Errorf("rule %s: need.may(%q) = false, but its regexp matches", r.name, l)
			}
		}
	}
}
