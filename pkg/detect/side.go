package detect

import (
	"strings"

	regexp "github.com/openloop/openloop/internal/lazyre"
)

var (
	// S1: a marker that announces an aside, then the idea.
	reSideMarker = regexp.MustCompile(`(?:^(?:idea|thought|note to self|random)\s*:|(?:^|[\s(,;—–-])(?:btw|by the way|side ?note|on a side note|as a side note|random thought|random idea|unrelated(?: to this)?(?:,? but)?|tangent(?:ially)?|off[- ]topic|another idea|one more idea|an idea|idea for later|future idea|food for thought|just a thought|thinking out loud|one suggestion|a suggestion|small suggestion|side idea|separate idea)\b)\s*(?:[:,—–-]|\.\.\.)?\s*(?P<x>.+)$`)
	// What makes the text after a marker an idea rather than a request
	// for now: a modal, a wish, a time to come.
	reIdeaCue = regexp.MustCompile(`\b(?:we|i|one) (?:should|could|might|may|would|ought to|can|need to|want to)\b|\b(?:could|should|might|would) (?:\w+ )?(?:also )?(?:use|have|support|get|be made|show|add|include|offer|expose|allow|do with|benefit)\b|\b(?:would|'d) be (?:nice|cool|great|good|useful|neat|helpful|handy)|\bnice[- ]to[- ]have\b|\bworth (?:adding|considering|exploring|looking|having|trying|doing)\b|\bconsider(?:ing)?\b|\bmaybe (?:we|add|use|make|have)\b|\bat some point\b|\bsomeday\b|\beventually\b|\bin the future\b|\bgoing forward\b|\bwhat if we\b|\bhow about\b|\bidea\b|\bwonder\b|\b(?:should|could) we\b|\b(?:longer|long)[- ]term\b`)
	// A question put to Claude ("btw, why is …?") is not an idea.
	reAskClaude = regexp.MustCompile(`^(?:why|what|how|where|when|who|is|are|was|were|do|does|did|can you|could you|would you|will you|have you|has)\b`)

	// S2: ideas without a marker.
	reWonder   = regexp.MustCompile(`\b(?:i |we )?(?:also |was |am |'m |just )?wonder(?:ing)? (?:(?:if|whether) (?P<x>we (?:should|could|can|want|need|might|ought|shouldn'?t)\b.*)|(?P<x>why we (?:even |really |actually )*(?:still )?(?:have|need|keep|use|do|support)\b.*))`)
	reNice     = regexp.MustCompile(`\b(?:it )?(?:would|'d|might) be (?:nice|cool|great|good|useful|neat|helpful|handy|interesting) (?:if|to)\s+(?P<x>.+)`)
	reFuture   = regexp.MustCompile(`^(?P<x>.*?),?\s*(?:which|that|this) (?:is|would be|could be|sounds like) (?:a |more of a )?(?:future (?:enhancement|improvement|iteration|feature|idea|work)|nice[- ]to[- ]have)\b|(?P<x>.*?)\s*\b(?:is|as|would be) (?:a |more of a )?(?:future (?:enhancement|improvement|iteration|feature|idea|work)|nice[- ]to[- ]have)\b`)
	reForward  = regexp.MustCompile(`\b(?:going forward|in the future|someday|one day|eventually|at some point|(?:longer|long)[- ]term),?\s+(?P<x>(?:we|it|they|agents?|this|the \w+|\w+s)\b.*)`)
	reParen    = regexp.MustCompile(`\((?:and |also |btw,? |side note:? |maybe |but )?(?P<x>(?:we|it|you) (?:should|could|might|ought to|need to) [^)]{5,})\)`)
	reSometime = regexp.MustCompile(`\bwe (?:should|could|might) (?:also )?(?:eventually|someday|at some point|one day)\s+(?P<x>.+)`)
	// A polite request for now, not an idea.
	rePolite = regexp.MustCompile(`\b(?:if you (?:could|can|would)|you could|can you|could you|would you|please)\b`)
	reModal  = regexp.MustCompile(`\b(?:could|should|might|would|may|it'?d|ought to|want to|need to|let'?s)\b`)
	// The time or wish words that make reNice and reForward an aside.
	reAsideCue = regexp.MustCompile(`\b(?:also|future|someday|eventually|at some point|later|one day|going forward)\b`)
)

// The prefilters of reSideMarker, reIdeaCue and S2 (holdsAny before the
// regexp).
var (
	sideMarkerKeys   = []string{"btw", "note to self", "by the way", "side note", "sidenote", "side idea", "separate idea", "random", "unrelated", "tangent", "topic", "idea", "thought", "thinking", "suggestion"}
	ideaCueKeys      = []string{"should", "could", "might", "would", "may ", "can ", "'d ", "need to", "want to", "ought", "nice", "worth", "consider", "maybe", "some point", "someday", "eventually", "future", "forward", "what if", "how about", "idea", "wonder", "term"}
	sideImplicitKeys = []string{"wonder", " be ", "future", "(", "eventually", "someday", "some point", "one day", "forward", "nice", "term"}
)

// findSideMarker looks for a side idea announced by a marker (rule S1):
// the first sentence whose marker is followed by an idea, not a request or
// a question for Claude.
func findSideMarker(sents []string) (match, bool) {
	for _, s := range sents {
		ls := lower(s)
		if !holdsAny(ls, sideMarkerKeys) {
			continue
		}
		m := reSideMarker.FindStringSubmatchIndex(ls)
		if m == nil {
			continue
		}
		x := group(reSideMarker, m, s, "x")
		lx := lower(x)
		marker := ls[m[0] : m[1]-len(x)]
		named := strings.Contains(marker, "idea") || strings.Contains(marker, "thought") || strings.Contains(marker, "suggestion")
		if !named && !(holdsAny(lx, ideaCueKeys) && reIdeaCue.MatchString(lx)) {
			continue
		}
		if strings.HasSuffix(strings.TrimSpace(lx), "?") && reAskClaude.MatchString(lx) && !strings.Contains(lx, "wonder") {
			continue
		}
		if rePolite.MatchString(lx) {
			continue // "btw, it would be great if you could update the README"
		}
		return match{sentence: s, idea: x}, true
	}
	return match{}, false
}

// findSideImplicit looks for a side idea without a marker (rule S2): the
// first sentence where one of S2's patterns names a non-empty idea that is
// not a polite request for now.
func findSideImplicit(sents []string) (match, bool) {
	for i, s := range sents {
		ls := lower(s)
		if !holdsAny(ls, sideImplicitKeys) {
			continue
		}
		try := func(re *regexp.Regexp, ok func() bool) (match, bool) {
			m := re.FindStringSubmatchIndex(ls)
			if m == nil || ok != nil && !ok() {
				return match{}, false
			}
			return match{sentence: s, idea: group(re, m, s, "x")}, true
		}
		aside := func() bool { return i > 0 || reAsideCue.MatchString(ls) }
		for _, c := range []struct {
			re *regexp.Regexp
			ok func() bool // an extra condition, nil for none
		}{
			{reWonder, nil},
			{reFuture, nil},
			{reParen, nil},
			{reSometime, nil},
			{reForward, func() bool { return reModal.MatchString(ls) }},
			{reNice, aside},
		} {
			if mt, ok := try(c.re, c.ok); ok && strings.TrimSpace(mt.idea) != "" && !rePolite.MatchString(lower(mt.idea)) {
				return mt, true
			}
		}
	}
	return match{}, false
}
