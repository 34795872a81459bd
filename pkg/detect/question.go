package detect

import (
	"strings"

	regexp "github.com/openloop/openloop/internal/lazyre"
	"github.com/openloop/openloop/internal/textcut"
)

var (
	reListItem = regexp.MustCompile(`^(?:[-*•+]\s+(?:\*\*)?(?:[a-z0-9]{1,2}[.)]\s*)?|\d{1,2}[.)]\s+|[a-h][.)]\s+|\([a-z0-9]{1,2}\)\s+)`)
	// Words that turn a question towards the user.
	reDirected = regexp.MustCompile(`\b(?:you|your|yours|should i|shall i|can i|may i|do i|want me|should we|shall we|do we|would we|can we|ok|okay|sound good|proceed|ready)\b|^(?:which|what about)\b`)
	// Openings of a question that has no "you" in it.
	reAsks = regexp.MustCompile(`^(?:would|should|shall|do|does|which|what|how|want to|can|could)\b`)
	// Lines that close a message without asking anything.
	reCloser = regexp.MustCompile(`^(?:let me know\b|happy to\b|hope (?:this|that) helps|feel free\b|cheers|thanks|thank you|good luck|enjoy|🤖)`)
	// What Claude says before the thing it offers to do or asks to choose.
	reOpener = regexp.MustCompile(`^(?:so,? |ok,? |and |also,? |or |now,? )?(?:(?:would|do|did) you (?:also |still |really |maybe )?(?:like|want|prefer|need)(?: me| us)?(?: to)?|what (?:would|do) you (?:like|want) to (?:\w+ )?(?:about|regarding)|(?:should|shall|can|may|could) (?:i|we)|want me to|would it help if i|do you prefer(?: to)?|would you rather|want to|ready to|is it ok if i|ok to|how about i)\s+(?:also\s+|just\s+|go ahead and\s+)?`)
	// Open-ended "what next?" questions: any prompt answers them.
	reOpenEnded = regexp.MustCompile(`what (?:would|do|should|shall|can) (?:you|we|i) (?:like (?:me )?to |want (?:me )?to )?(?:do|work on|tackle|focus on|look at|build|start with)\b|what(?:'s| is) next|anything else|what(?:'s| is) the (?:\w+ )?task|how would you like to proceed|what can i (?:help|do)|where would you like|what(?:'s| is) on your mind|what are we (?:doing|working on)|\banything\b|\bsomething else\b|^let me know\b`)
	// Check-ins about the message itself.
	reCheckIn = regexp.MustCompile(`^(?:does|did|do|is|are) (?:this|that|it|these|everything|the (?:\w+ )?(?:plan|scope|approach|summary|change|changes|fix|list)) (?:help|make sense|answer|work|look|sound|seem|cover|match|ok|okay|clear|correct|right|complete|good|fine|what you)\b|^(?:sounds?|looks?) good|^(?:any|are there any|do you have any|anything) (?:other |more |further |else )?(?:questions|thoughts|concerns|feedback|files|issues|comments|changes)\b|^(?:make sense|ok|okay|good|clear|right|correct|alright)\?`)
	// Offers to do what comes next anyway: committing, pushing, going on.
	reTrivialOffer = regexp.MustCompile(`^(?:go ahead and )?(?:(?:commit|push|stage)(?: (?:and|&) (?:push|commit))?(?: (?:it|this|these|them|that|all|everything|now|these changes|all these changes|all the changes|all of these|the changes|changes|the fix|this fix|the work))*|create a commit(?: with (?:these|the|all) changes)?|make (?:a|the) commit|proceed|continue|go ahead|keep going|move on|go on|ready to (?:commit|merge|push))(?: (?:with|to|on to|onto) (?:the )?(?:next|remaining|rest)(?: (?:step|task|one|part|phase|item|file)s?)?)?(?: now)?\??$`)
)

// TrailingQuestion returns the question Claude's message ends by asking the
// user, and ok=false when it does not end with one. See rule Q1 at the top
// of detect.go.
func TrailingQuestion(msg string) (question string, ok bool) {
	q, _, ok := trailingQuestion(msg)
	return q, ok
}

// trailingQuestion also returns up to 300 bytes of the prose just before
// the question, which follow-up detection reads as the question's topic.
func trailingQuestion(msg string) (question, before string, ok bool) {
	lines := proseLines(strings.ToValidUTF8(msg, ""))
	n := len(lines)
	if n == 0 {
		return "", "", false
	}
	if n > 1 && isCloser(lower(stripMD(lines[n-1]))) && !strings.HasSuffix(lines[n-1], "?") {
		lines = lines[:n-1]
		n--
	}
	last := lines[n-1]
	if isListItem(lower(last)) {
		i := n - 1
		for i > 0 && isListItem(lower(lines[i-1])) {
			i--
		}
		if i > 0 && introAsks(lines[i-1]) {
			parts := []string{stripMD(lines[i-1])}
			for _, it := range lines[i:n] {
				parts = append(parts, stripMD(it))
			}
			return clip(strings.Join(parts, " "), 400), tail(lines[:i-1], 300), true
		}
		return "", "", false
	}
	// The last line, or the line before it when the last is a short
	// aside, must hold the question; what follows it stays short.
	for back := 0; back < 2 && back < n; back++ {
		line := lines[n-1-back]
		if strings.HasPrefix(line, "#") {
			return "", "", false
		}
		after := 0
		for _, l := range lines[n-back:] {
			after += len(l)
		}
		ss := sentences(stripMD(line))
		for k := len(ss) - 1; k >= 0; k-- {
			s := ss[k]
			if !strings.HasSuffix(strings.TrimRight(s, "*) "), "?") {
				after += len(s)
				continue
			}
			if after > 240 {
				return "", "", false
			}
			ls := lower(s)
			if (after > 0 || k < len(ss)-1) && !reDirected.MatchString(ls) {
				return "", "", false
			}
			// A question sentence right before this one belongs to it
			// ("Does this help? Want me to …?" keeps the last only).
			prev := strings.Join(ss[:k], " ")
			before := tail(append(append([]string{}, lines[:n-1-back]...), prev), 300)
			return clip(dropLeadIn(strings.TrimSpace(s)), 400), before, true
		}
		if after > 240 {
			break
		}
	}
	return "", "", false
}

var reLeadIn = regexp.MustCompile(`^(?:one|a|quick|last|another|final|small|open)?\s*(?:question|thing|decision|choice|point)\b[^:?]{0,40}:\s+`)

// dropLeadIn removes a lead-in that names no thing: "One thing before I go
// further: should X?" asks "should X?".
func dropLeadIn(q string) string {
	if loc := leadIn(lower(q)); loc != nil && len(q)-loc[1] >= 10 {
		return q[loc[1]:]
	}
	return q
}

// introAsks reports whether a line that opens a list asks the user to pick
// from it: "Do you want me to:", "Which approach?", "Questions for you:".
func introAsks(line string) bool {
	ss := sentences(stripMD(line))
	if len(ss) == 0 {
		return false
	}
	s := ss[len(ss)-1]
	ls := lower(s)
	if strings.HasSuffix(s, "?") {
		return true
	}
	if i := strings.Index(ls, ": "); i >= 0 && i < 30 {
		ls = ls[i+2:] // "One question: Should X be:"
	}
	return strings.HasSuffix(s, ":") && (reDirected.MatchString(ls) || reAsks.MatchString(ls) || strings.Contains(ls, "question"))
}

// proseLines returns the trimmed non-empty lines of msg outside fenced
// code, at most the last 60.
func proseLines(msg string) []string {
	var out []string
	fence := false
	for _, l := range strings.Split(msg, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = !fence
			continue
		}
		if fence || t == "" || t == "[code]" || t == "---" {
			continue
		}
		out = append(out, t)
	}
	if len(out) > 60 {
		out = out[len(out)-60:]
	}
	return out
}

// stripMD removes emphasis, inline-code marks and heading hashes.
func stripMD(s string) string {
	s = strings.NewReplacer("**", "", "__", "", "`", "").Replace(s)
	return strings.TrimSpace(strings.TrimLeft(s, "# "))
}

// tail joins lines and keeps the last max bytes, cut on a rune boundary.
func tail(lines []string, max int) string {
	return textcut.Tail(strings.Join(lines, "\n"), max)
}

// parkable reports whether a question is worth parking when left behind:
// not an open "what next?", not a check-in, not an offer to commit or go on.
func parkable(q string) bool {
	lq := lower(strings.TrimSpace(stripMD(q)))
	if reOpenEnded.MatchString(lq) || reCheckIn.MatchString(lq) {
		return false
	}
	rest := reOpener.ReplaceAllString(lq, "")
	return !reTrivialOffer.MatchString(strings.TrimSpace(rest))
}

// isListItem reports whether a lowercased line starts like a list item.
// The first-character test is a necessary condition for reListItem, so the
// regexp is compiled only for lines that may be one.
func isListItem(s string) bool {
	if s == "" {
		return false
	}
	c := s[0]
	may := strings.ContainsRune("-*+(", rune(c)) || c >= '0' && c <= '9' || strings.HasPrefix(s, "•") ||
		c >= 'a' && c <= 'h' && len(s) > 1 && (s[1] == '.' || s[1] == ')')
	return may && reListItem.MatchString(s)
}

// closerStarts are the first words every reCloser match begins with.
var closerStarts = []string{"let me know", "happy to", "hope this", "hope that", "feel free", "cheers", "thanks", "thank you", "good luck", "enjoy", "🤖"}

// isCloser reports a courtesy last line ("Let me know if …"); the prefix
// test is a necessary condition for reCloser.
func isCloser(l string) bool {
	for _, p := range closerStarts {
		if strings.HasPrefix(l, p) {
			return reCloser.MatchString(l)
		}
	}
	return false
}

// leadInWords are the nouns every reLeadIn match holds, with a colon.
var leadInWords = []string{"question", "thing", "decision", "choice", "point"}

// leadIn locates a lead-in such as "One thing before I go further: ".
func leadIn(l string) []int {
	if !strings.Contains(l, ":") || !holdsAny(l, leadInWords) {
		return nil
	}
	return reLeadIn.FindStringIndex(l)
}
