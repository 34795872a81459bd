package detect

import (
	"strings"

	regexp "github.com/openloop/openloop/internal/lazyre"
)

var (
	// S1: a marker that announces an aside, then the idea.
	reSideMarker = regexp.MustCompile(`(?:^|[\s(,;—–-])(?:btw|by the way|side ?note|on a side note|as a side note|random thought|random idea|unrelated(?: to this)?(?:,? but)?|tangent(?:ially)?|off[- ]topic|another idea|one more idea|an idea|idea for later|future idea|food for thought|just a thought|thinking out loud|one suggestion|a suggestion|small suggestion|side idea|separate idea)\b\s*(?:[:,—–-]|\.\.\.)?\s*(?P<x>.+)$`)
	// What makes the text after a marker an idea rather than a request
	// for now: a modal, a wish, a time to come.
	reIdeaCue = regexp.MustCompile(`\b(?:could|should|might|would|may|it'?d|ought|want to|wonder|maybe|perhaps|worth|nice|consider|idea|someday|eventually|at some point|in the future|future|going forward|need(?:s)? (?:a|an|to|some|better|proper)|could use)\b`)
	// A question put to Claude ("btw, why is …?") is not an idea.
	reAskClaude = regexp.MustCompile(`^(?:why|what|how|where|when|who|is|are|was|were|do|does|did|can you|could you|would you|will you|have you|has)\b`)

	// S2: ideas without a marker.
	reWonder   = regexp.MustCompile(`\b(?:i |we )?(?:also |was |am |'m |just )?wonder(?:ing)? (?:(?:if|whether) (?P<x>(?:we|it|there)\b.*)|(?P<x>why (?:we|it|there)\b.*))`)
	reNice     = regexp.MustCompile(`\b(?:it )?(?:would|'d|might) be (?:nice|cool|great|good|useful|neat|helpful|handy|interesting) (?:if|to)\s+(?P<x>.+)`)
	reFuture   = regexp.MustCompile(`^(?P<x>.*?),?\s*(?:which|that|this) (?:is|would be|could be|sounds like) (?:a |more of a )?(?:future (?:enhancement|improvement|iteration|feature|idea|work)|nice[- ]to[- ]have)\b|(?P<x>.*?)\s*\b(?:is|as|would be) (?:a |more of a )?(?:future (?:enhancement|improvement|iteration|feature|idea|work)|nice[- ]to[- ]have)\b`)
	reForward  = regexp.MustCompile(`\b(?:going forward|in the future|someday|one day|eventually|at some point),?\s+(?P<x>(?:we|it|you|they|agents?|this|the \w+|\w+s)\b.*)`)
	reParen    = regexp.MustCompile(`\((?:and |also |btw,? |side note:? |maybe |but )?(?P<x>(?:we|it|you) (?:should|could|might|ought to|need to) [^)]{5,})\)`)
	reSometime = regexp.MustCompile(`\bwe (?:should|could|might) (?:also )?(?:eventually|someday|at some point|one day)\s+(?P<x>.+)`)
	reModal    = regexp.MustCompile(`\b(?:could|should|might|would|may|it'?d|ought to|want to|need to|let'?s)\b`)
	// The time or wish words that make reNice and reForward an aside.
	reAsideCue = regexp.MustCompile(`\b(?:also|future|someday|eventually|at some point|later|one day|going forward)\b`)
)

// findSide looks for a side idea. explicitOnly keeps rule S1 alone (for
// long prompts); implicit=false skips S2 (used when a deferral already won
// the sentence).
func findSide(sents []string, explicitOnly bool) (match, bool) {
	for _, s := range sents {
		ls := lower(s)
		m := reSideMarker.FindStringSubmatchIndex(ls)
		if m == nil {
			continue
		}
		x := group(reSideMarker, m, s, "x")
		lx := lower(x)
		if !reIdeaCue.MatchString(lx) {
			continue
		}
		if strings.HasSuffix(strings.TrimSpace(lx), "?") && reAskClaude.MatchString(lx) && !strings.Contains(lx, "wonder") {
			continue
		}
		return match{rule: rule{name: "marker", explicit: true}, sentence: s, idea: x}, true
	}
	if explicitOnly {
		return match{}, false
	}
	for i, s := range sents {
		ls := lower(s)
		try := func(name string, re *regexp.Regexp, ok func() bool) (match, bool) {
			m := re.FindStringSubmatchIndex(ls)
			if m == nil || ok != nil && !ok() {
				return match{}, false
			}
			return match{rule: rule{name: name}, sentence: s, idea: group(re, m, s, "x")}, true
		}
		aside := func() bool { return i > 0 || reAsideCue.MatchString(ls) }
		for _, c := range []struct {
			name string
			re   *regexp.Regexp
			ok   func() bool
		}{
			{"wonder", reWonder, nil},
			{"future", reFuture, nil},
			{"paren", reParen, nil},
			{"sometime", reSometime, nil},
			{"forward", reForward, func() bool { return reModal.MatchString(ls) }},
			{"nice", reNice, aside},
		} {
			if mt, ok := try(c.name, c.re, c.ok); ok && strings.TrimSpace(mt.idea) != "" {
				return mt, true
			}
		}
	}
	return match{}, false
}
