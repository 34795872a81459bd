package detect

import (
	"strings"

	regexp "github.com/openloop/openloop/internal/lazyre"
)

// maxIdea is the longest idea phrase, in bytes.
const maxIdea = 80

var (
	// Openings that carry no meaning of their own.
	reLead = regexp.MustCompile(`^(?:and|but|so|also|then|maybe|perhaps|probably|just|really|please|that|to|ideally|honestly|actually|imo|i think|i guess|the idea (?:of|that|is)|idea|thought|hmm+|ok(?:ay)?|one|a|suggestion)\b[\s,:—–-]*|^(?:i noticed|i see|i found|i wonder|looks like|it seems|it looks like|note|going forward|already|in the future|at some point|this would require|we'?d need to)\b[\s,:]*|^(?:we|you|i|it|they|agents?)\s+(?:could|should|might|would|may|can|need to|ought to|want to|want|need|will|'d|'ll|really need to|must)\s+(?:also\s+|really\s+|probably\s+|maybe\s+|eventually\s+|someday\s+|at some point\s+|rather\s+|even\s+)*|^(?:it )?(?:would|'d) be (?:nice|cool|great|good|useful|neat|helpful|handy) (?:if|to)\s+(?:we (?:could|can|would)\s+)?|^(?:let'?s|lets|let me)\s+|^(?:can|could|would) (?:you|we)\s+|^go ahead and\s+|^(?:if|whether) (?:we|it)\s+(?:(?:should|could|want|need|can)(?: to)?\s+)?`)
	// Where an idea phrase ends: a new clause, a reason, a time.
	reCut = regexp.MustCompile(`[.?!;] |\s[—–]\s|\s--\s|, (?:but|so|which|and then|because|since|as|if|though)\b|\s(?:because|since|though|although)\s|\s(?:for now|for later|later on|later|at some point|in the future|eventually|someday|going forward|right now|too|as well)\b|\s(?:until|once|after)\s|,? (?:or something\b|or similar\b|or if\b|or whether\b|e\.g\.|i\.e\.|etc\b|instead of\b|so that\b|so it\b|, or\b)`)
	// Words that end a phrase badly.
	reTrailStop = regexp.MustCompile(`(?:\s+(?:the|a|an|and|or|to|of|with|for|in|on|at|by|from|that|which|is|are|this|so|but|then|we|our|it))+$`)
	// Pointers: the thing is named elsewhere.
	rePointer = regexp.MustCompile(`^(?:(?:pick (?:it|this|that) up|do|handle|tackle|address|fix|look at|look into|deal with|discuss|think about|figure out|revisit|change|implement|clean up|pick up|worry about|sort out|explore|investigate|check|test|refactor|review|improve|get to|talk about|file|log|add|create|track|note|log|document)\b\s*)?(?:it|that|this|these|those|them|this one|that one|the rest|the others|everything else|stuff|something|things|all of (?:it|that|this)|that part|this part|the other (?:one|part|thing))?(?:\s+(?:too|also|as well|please))?$`)
)

var reVerbOnly = regexp.MustCompile(`^(?:add|do|fix|implement|handle|change|track|file|log|create|make|write|check|test|review|refactor|remove|run|use)$`)

// phrase reduces text to the short idea phrase of Finding.Idea: one line,
// no markdown, no filler opening, cut at the end of its first clause,
// at most maxIdea bytes. It returns "" when nothing is left.
func phrase(s string) string {
	s = oneLine(stripMD(s))
	s = strings.Trim(s, " \"'“”‘’()[]{}<>,.;:!?-—–")
	for i := 0; i < 8; i++ {
		ls := lower(s)
		loc := reLead.FindStringIndex(ls)
		if loc == nil || loc[1] == 0 || loc[1] >= len(s) {
			break
		}
		s = strings.TrimLeft(s[loc[1]:], " ,:")
	}
	if loc := reCut.FindStringIndex(lower(s)); loc != nil && loc[0] >= 3 {
		s = s[:loc[0]]
	}
	s = clip(s, maxIdea)
	s = strings.Trim(s, " \"'“”‘’([{<,.;:!?-—–")
	if strings.Count(s, "(") > strings.Count(s, ")") {
		s = strings.TrimSpace(s[:strings.LastIndexByte(s, '(')])
	}
	for {
		loc := reTrailStop.FindStringIndex(lower(s))
		if loc == nil || loc[0] == 0 {
			break
		}
		s = s[:loc[0]]
	}
	s = strings.Trim(s, " ,;:-—–")
	if len(s) < 3 {
		return ""
	}
	return s
}

// isPointer reports whether x only points at something ("that", "look at
// it", "this one") instead of naming it.
func isPointer(x string) bool {
	lx := strings.TrimSpace(strings.Trim(lower(oneLine(stripMD(x))), " .,;:!?()"))
	if rePointer.MatchString(lx) {
		return true
	}
	// "this (amend) observation", "add that check": a pointer with a hint.
	ws := words(lx)
	if len(ws) > 1 && reVerbOnly.MatchString(ws[0]) {
		ws = ws[1:]
	}
	return len(ws) <= 3 && len(ws) > 0 && (ws[0] == "this" || ws[0] == "that" || ws[0] == "these" || ws[0] == "those")
}

// metaWords say what to do with a thing, not what the thing is.
var metaWords = map[string]bool{"issue": true, "file": true, "todo": true, "ticket": true, "follow": true,
	"clean": true, "implement": true, "track": true, "create": true, "bug": true, "linear": true,
	"proceed": true, "tackle": true, "address": true, "look": true, "separate": true, "leave": true}

// assistantTopic names what Claude's message was about, for a prompt that
// only points at it: the thing Claude offered or asked about, else the
// last thing it said.
func assistantTopic(msg string) string {
	if q, before, ok := trailingQuestion(msg); ok {
		if idea := questionIdea(q, before); idea != "" {
			return idea
		}
	}
	var lines []string
	for _, l := range proseLines(msg) {
		if !strings.HasPrefix(l, "|") && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	// A message that ends with a list of proposals: the first one.
	n := len(lines)
	if n > 1 && reListItem.MatchString(lower(lines[n-1])) {
		i := n - 1
		for i > 0 && reListItem.MatchString(lower(lines[i-1])) {
			i--
		}
		item := reListItem.ReplaceAllString(lower(lines[i]), "")
		if p := phrase(lines[i][len(lines[i])-len(item):]); p != "" && substantive(p) {
			return p
		}
	}
	for i := len(lines) - 1; i >= 0 && i >= len(lines)-3; i-- {
		ss := sentences(stripMD(lines[i]))
		for k := len(ss) - 1; k >= 0; k-- {
			if p := phrase(ss[k]); p != "" && substantive(p) {
				return p
			}
		}
	}
	return ""
}

// questionIdea names the thing a question asks about: the offer without
// its "Would you like me to", else the clause before a dash ("I noticed X
// — want me to fix it?"), else the sentence before a bare "Which do you
// prefer?".
func questionIdea(q, before string) string {
	q = stripMD(q)
	var cands []string
	head, rest := "", q
	for _, sep := range []string{" — ", " – ", " - ", ": "} {
		if i := strings.LastIndex(rest, sep); i > 0 && i < len(rest)-10 {
			head, rest = rest[:i], rest[i+len(sep):]
			break
		}
	}
	if loc := reOpener.FindStringIndex(lower(rest)); loc != nil {
		rest = rest[loc[1]:]
	}
	// "X, or Y?" offers two things; the first is the one proposed.
	if i := strings.Index(lower(rest), ", or "); i > 0 {
		rest = rest[:i]
	}
	cands = append(cands, rest, head)
	ss := sentences(before)
	for k := len(ss) - 1; k >= 0 && k >= len(ss)-2; k-- {
		cands = append(cands, ss[k])
	}
	for _, c := range cands {
		if p := phrase(c); p != "" && substantive(p) && !isPointer(p) && !reAsks.MatchString(lower(p)) {
			return p
		}
	}
	return phrase(rest)
}

// substantive reports whether a phrase names something: a key word that
// is not only about what to do with it.
func substantive(p string) bool {
	for w := range keyWords(lower(p)) {
		if !metaWords[w] {
			return true
		}
	}
	return false
}
