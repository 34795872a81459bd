package detect

import (
	"strings"

	regexp "github.com/openloop/openloop/internal/lazyre"
)

// Claude's own deferrals, read on Stop from Claude's final message, outside
// code, in sentences that neither ask nor offer ("Want me to leave X for
// later?" does not count):
//
//	C1  "I'll leave the streaming mode for a follow-up", "I've left X as a
//	    TODO", "I'm skipping X for now".
//	C2  "X is out of scope for now / for this PR".
//	(C3 "X can be handled later" and C4 "we can revisit it later" are
//	gone: on the census they parked only wrongly, 2 of its 8 wrong parks
//	and no right one, issue 25 §7.)
//	C5  "X is deferred to a later iteration", "X has been postponed to a
//	    follow-up".
//	C6  "Skipping X for now since …", "Deferring X to a follow-up".
//	C7  "Out of scope for now: X", "Deferred: X".
//
// These are rules, not the model: the corpus labels what the user typed,
// not what Claude said, so there is nothing to learn them from. They are
// narrow on purpose: a statement, not a suggestion. None of them counts
//
//   - a hedge: "can be added later if needed / if you want / if
//     requested" suggests, it puts nothing off;
//   - an option of a menu Claude is waiting on ("1. Friends only —
//     muted can come later", then "Which do you prefer?"): the user has
//     not chosen it;
//   - a sentence that introduces a list ("these could be added later:");
//   - a thing that is a clause of its own ("These warnings don't affect
//     the build and can be fixed later"): the thing is not named.
//
// Each names the thing in group "x"; a pointer ("it", "that") is resolved
// to the clause before.
// need is each rule's prefilter (see need): a reply with no deferral
// compiles none of them.
var claudeRules = []claudeRule{
	// C1 "I'll leave X for a follow-up", "I've left X as a TODO".
	{need: [][]string{{"i'", "i ", "we'"}, {"leav", "left", "defer", "skip", "park", "punt", "hold off", "sav"}, {"follow", "later", "now", "another", "separate", "future", "next", "todo", "known limitation"}}, re: regexp.MustCompile(`\b(?:i'?ll|i will|i'?ve|i have|i'?m|we'?ll|i'?d)\s+(?:\w+\s+)?(?:leave|leaving|left|defer|deferring|deferred|skip|skipping|skipped|park|parking|parked|punt on|punting on|punted on|hold off on|save|saving|saved)\s+(?P<x>` + clause + `{2,80}?)\s+(?:for (?:a |the )?(?:follow[- ]?up|later|now|another (?:pr|time|session|change)|a (?:separate|future|later) (?:pr|change|task|issue|session)|the next (?:pr|session|iteration|phase))|as (?:a )?(?:todo|follow[- ]?up|future work|known limitation)|to (?:a )?(?:follow[- ]?up|later|a separate|another|the next))\b`)},
	// C2 "X is out of scope for now / for this PR".
	{need: [][]string{{"out of scope"}}, re: regexp.MustCompile(`^(?P<x>` + clause + `{3,80}?)\s+(?:is|are|was|were|seems|feels)\s+(?:\w+\s+)?out of scope\b` + clause + `*\b(?:for now|for this|here|in this|later|follow[- ]?up|revisit|separate)`)},
	// C5 "X is deferred to a later iteration", "X has been postponed to a follow-up".
	{need: [][]string{{"deferred", "postponed", "punted", "parked", "left "}, {"later", "follow", "next", "future", "separate", "another"}}, re: regexp.MustCompile(`^(?P<x>` + clause + `{3,80}?)\s+(?:is|are|was|were|has been|have been)\s+(?:deferred|postponed|punted|parked|left)\s+(?:to|for|until|till)\s+(?:a |an |the )?(?:later|follow[- ]?up|next|future|separate|another)\b`)},
	// C6 "Skipping X for now", "Deferring X to a follow-up" at a sentence's start.
	{need: [][]string{{"skipping", "deferring", "punting", "holding off", "parking"}, {"now", "later", "follow", "next", "separate", "another"}}, re: regexp.MustCompile(`^(?:skipping|deferring|punting on|holding off on|parking)\s+(?P<x>` + clause + `{2,80}?)\s+(?:for (?:now|later|a follow[- ]?up|the next \w+|another (?:pr|time|session|change))|to (?:a )?(?:follow[- ]?up|later|a separate \w+|the next \w+))\b`)},
	// C7 "Out of scope for now: X", "Deferred: X", "Left for a follow-up: X".
	{need: [][]string{{"out of scope", "deferred", "left for", "postponed"}, {":", " — ", " - "}}, re: regexp.MustCompile(`^(?:out of scope(?: for now| for this (?:pr|change))?|deferred(?: for now| to a follow[- ]?up)?|postponed|left for (?:later|a follow[- ]?up))\s*(?::|—|-)\s*(?P<x>` + clause + `{3,80})`)},
}

// claudeRule is one of Claude's deferral patterns and its prefilter:
// word groups the lower-cased clause must hold, one word of each, before
// the regexp runs (most replies hold none, and compile none).
type claudeRule struct {
	need [][]string
	re   *regexp.Regexp
}

// may reports whether lc holds a word of every group of r.need.
func (r claudeRule) may(lc string) bool {
	for _, g := range r.need {
		if !holdsAny(lc, g) {
			return false
		}
	}
	return true
}

// holdsAny reports whether ls holds one of keys.
func holdsAny(ls string, keys []string) bool {
	for _, k := range keys {
		if strings.Contains(ls, k) {
			return true
		}
	}
	return false
}

// clause is a run of text inside one clause.
const clause = `[^.;!?\n]`

// group returns named group g of a match, cut from the original-case text.
func group(re *regexp.Regexp, m []int, orig, g string) string {
	for i, name := range re.SubexpNames() {
		if name == g && 2*i+1 < len(m) && m[2*i] >= 0 {
			return strings.TrimSpace(orig[m[2*i]:m[2*i+1]])
		}
	}
	return ""
}

// reOffer marks sentences that offer or ask rather than state.
var reOffer = regexp.MustCompile(`\b(?:if you|would you|want me|should i|shall i|let me know|do you|or (?:leave|defer|track|park))\b`)

// AssistantDeferrals finds deferrals Claude itself stated in its final
// message ("I'll leave X for a follow-up", "X is out of scope for now; we
// can revisit it later"). Questions and offers do not count.
func AssistantDeferrals(msg string) []Finding {
	lines := proseLines(msg)
	menu := endsOnMenu(lines)
	var prev string // the previous clause, for "it"
	for _, line := range lines {
		if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "|") || strings.HasPrefix(line, ">") ||
			isListItem(line) && (menu || isOption(line)) || strings.HasSuffix(line, ":") {
			prev = ""
			continue
		}
		for _, s := range sentences(stripMD(line)) {
			for _, c := range splitClauses(s) {
				lc := lower(c)
				if strings.HasSuffix(strings.TrimSpace(lc), "?") || isOffer(lc) || holdsAny(lc, hedges) || holdsAny(lc, parkReports) {
					prev = c
					continue
				}
				for _, r := range claudeRules {
					if !r.may(lc) {
						continue
					}
					re := r.re
					m := re.FindStringSubmatchIndex(lc)
					if m == nil {
						continue
					}
					x := group(re, m, c, "x")
					if holdsAny(lc[m[1]:], weighsWords) {
						continue // "skipping the flaky test for now would hide the bug" weighs, it decides nothing
					}
					if keepsAsIs(x) {
						continue // "I'll leave the tests as they are for now" decides, it defers nothing
					}
					if isPredicate(x) {
						continue // "these don't affect the build and" names no thing
					}
					idea := reduce(x, putOffWords)
					if idea == "" || isPointerPhrase(idea) {
						idea = reduce(subjectOf(prev), nil)
					}
					if !namesThing(idea) {
						continue
					}
					return []Finding{{Kind: Deferred, Rule: "claude", Idea: idea, Context: claudeReason(lc),
						Why: "Claude said " + quote(s)}}
				}
				prev = c
			}
		}
	}
	return nil
}

// weighsWords after a deferral's words make it a thing weighed, not done.
var weighsWords = []string{" would ", " could ", " might "}

// splitClauses splits a sentence at "; " so "X is out of scope for now;
// we can revisit it later" reads as two clauses.
func splitClauses(s string) []string {
	parts := strings.Split(s, "; ")
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

var reSubject = regexp.MustCompile(`^(.{3,80}?)\s+(?:is|are|was|were|would be|seems|looks|feels|can|could|should|will)\b`)

// subjectOf returns the subject of a clause, or the clause.
func subjectOf(c string) string {
	if m := reSubject.FindStringSubmatch(c); m != nil {
		return m[1]
	}
	return c
}

// claudeReason is the Context of a deferral Claude stated.
func claudeReason(lc string) string {
	switch {
	case strings.Contains(lc, "out of scope"):
		return "Claude left it out of scope of the current change"
	case strings.Contains(lc, "follow-up") || strings.Contains(lc, "follow up") || strings.Contains(lc, "followup"):
		return "Claude left it for a follow-up"
	case strings.Contains(lc, "separate"):
		return "Claude left it for a separate change"
	}
	return "Claude put it off for later"
}

// offerWords: every reOffer match holds one of these.
var offerWords = []string{"you", "want me", "should i", "shall i", "let me know", "or "}

// isOffer reports a clause that offers or asks rather than states.
func isOffer(lc string) bool { return holdsAny(lc, offerWords) && reOffer.MatchString(lc) }

// asIsEnds are the endings of "leave X as is" and its kin: a decision not
// to change X, not a thing put off.
var asIsEnds = []string{"as is", "as-is", "as they are", "as it is", "as they were", "as it was", "in place",
	"untouched", "alone", "unchanged", "intact", "there", "where it is", "where they are", "enabled",
	"disabled", "commented out", "on", "off", "open", "running", "in", "out"}

// keepsAsIs reports whether a deferred-thing group ends like "X as is".
func keepsAsIs(x string) bool {
	lx := strings.TrimRight(lower(strings.TrimSpace(x)), ".,;: ")
	for _, e := range asIsEnds {
		if lx == e || strings.HasSuffix(lx, " "+e) {
			return true
		}
	}
	return false
}

// hedges make a deferral a suggestion: "can be added later if needed".
var hedges = []string{"if needed", "if necessary", "if required", "if requested", "if desired",
	"if you want", "if you'd like", "if you like", "if you prefer", "if that's useful", "if useful",
	"if it becomes", "if it turns out", "when needed", "as needed"}

// parkReports are Claude telling the user that it parked, saved or noted a
// thing (issue 29 §4): the park is done already, by Claude's `openloop park`
// or the hook's, and its restatement in other words is no new loop.
var parkReports = []string{"parked", "is saved for later", "are saved for later", "saved it for later",
	"noted for later", "noted it for later", "openloop park", "in the memory", "as an open loop", "open item"}

// endsOnMenu reports a message that ends by asking the user, on its last
// line or on the line that opens the list it ends with ("Which scope do
// you prefer?", "Should I implement:"): its list items are options
// waiting on a choice, not things Claude put off.
func endsOnMenu(lines []string) bool {
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimRight(stripMD(lines[i]), " *_")
		if strings.HasSuffix(l, "?") || i < len(lines)-1 && strings.HasSuffix(l, ":") {
			return true
		}
		if !isListItem(lines[i]) {
			return false
		}
	}
	return false
}

// reOption marks a list item that is a lettered option ("- b) Frontend
// only", "(a) …", "Option 2: …").
var reOption = regexp.MustCompile(`^(?:[-*•+]\s+|\d{1,2}[.)]\s+)?(?:\(?[a-h]\)|option\s+\w+\b)`)

// isOption reports a list item that is an option to choose.
func isOption(line string) bool {
	return reOption.MatchString(lower(strings.TrimLeft(stripMD(line), "*_ ")))
}

// predicateWords show that a captured "thing" is a clause with its own
// verb ("these warnings don't affect the build and"), not a thing.
var predicateWords = words("don't doesn't didn't do does did is are was were isn't aren't wasn't weren't not has " +
	"have hasn't haven't affect affects noted")

// isPredicate reports a captured thing that holds a verb of its own.
func isPredicate(x string) bool {
	for _, w := range strings.Fields(lower(x)) {
		if predicateWords.has(strings.Trim(w, ",;:()")) {
			return true
		}
	}
	return false
}
