package detect

import (
	"strings"

	regexp "github.com/openloop/openloop/internal/lazyre"
)

// maxIdea is the longest idea phrase, in bytes.
const maxIdea = 80

var (
	// Openings that carry no meaning of their own.
	reLead = regexp.MustCompile(`^(?:it )?(?:would|'d) be (?:nice|cool|great|good|useful|neat|helpful|handy) (?:if|to)\s+(?:we (?:could|can|would)\s+)?|^(?:and|but|so|also|then|maybe|perhaps|probably|just|really|please|that|to|ideally|honestly|actually|imo|i think|i guess|the idea (?:of|that|is)|idea|thought|hmm+|ok(?:ay)?|one|a|suggestion)\b[\s,:—–-]*|^(?:i noticed|i see|i found|i wonder|looks like|it seems|it looks like|note|going forward|already|in the future|at some point|(?:\w+ing )?(?:it|this|that) would (?:mean|require|involve|need)|we'?d need to)\b[\s,:]*|^(?:we|you|i|it|they|agents?)\s+(?:could|should|might|would|may|can|need to|ought to|want to|want|need|will|'d|'ll|really need to|must)\s+(?:also\s+|really\s+|probably\s+|maybe\s+|eventually\s+|someday\s+|at some point\s+|rather\s+|even\s+)*|^(?:let'?s|lets|let me)\s+|^(?:remember to|don'?t forget to|do not forget to|remind me to|note to self:?)\s+|^(?:can|could|would) (?:you|we)\s+|^go ahead and\s+|^(?:if|whether) (?:we|it)\s+(?:(?:should|could|want|need|can)(?: to)?\s+)?`)
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
		// Openings are short: match on a prefix, so the cost does not
		// grow with the text.
		ls := lower(prefix(s, 64))
		if !mayLead(ls) {
			break
		}
		loc := reLead.FindStringIndex(ls)
		if loc == nil || loc[1] == 0 || loc[1] >= len(s) {
			break
		}
		s = strings.TrimLeft(s[loc[1]:], " ,:")
	}
	if i := cutIndex(lower(prefix(s, maxIdea+16))); i >= 3 {
		s = s[:i]
	}
	s = clip(s, maxIdea)
	s = strings.Trim(s, " \"'“”‘’([{<,.;:!?-—–")
	if strings.Count(s, "(") > strings.Count(s, ")") {
		s = strings.TrimSpace(s[:strings.LastIndexByte(s, '(')])
	}
	for {
		i := strings.LastIndexByte(s, ' ')
		if i <= 0 || !trailStop[lower(s[i+1:])] {
			break
		}
		s = strings.TrimRight(s[:i], " ")
	}
	s = strings.Trim(s, " ,;:-—–")
	if len(s) < 3 {
		return ""
	}
	return s
}

// Where an idea phrase ends: a new clause, a reason, a time. cutIndex
// scans for these by hand; as one regexp they cost 10 µs a phrase.
var (
	cutAfterSpace = []string{"— ", "– ", "-- ", "because ", "since ", "though ", "although ", "for now", "for later",
		"later on", "later", "at some point", "in the future", "eventually", "someday", "going forward", "right now",
		"too", "as well", "or something", "or similar", "or if ", "or whether ", "e.g.", "i.e.", "etc", "instead of",
		"so that", "so it ", "and move on", "and continue", "and carry on", "and keep going", "and proceed",
		"and then move on", "and then continue", "and come back"}
	cutAfterComma = []string{"but", "so", "which", "and then", "because", "since", "as", "if", "though", "or"}
	cutVerbs      = map[string]bool{"is": true, "isn't": true, "are": true, "aren't": true, "was": true, "wasn't": true,
		"has": true, "hasn't": true, "will": true, "won't": true, "doesn't": true}
	cutConds     = []string{"until ", "once ", "after "}
	cutCondWords = map[string]bool{"the": true, "we": true, "it": true, "this": true, "that": true, "you": true,
		"i": true, "they": true, "our": true, "a": true, "an": true}
	cutCondVerbs = map[string]bool{"is": true, "are": true, "works": true, "work": true, "lands": true, "land": true,
		"ships": true, "ship": true, "passes": true, "merges": true, "merge": true, "gets": true}
)

// cutIndex returns where the first clause of lowered text ends, or -1:
// before ". ", "; ", " — ", ", but", ", X is", " because ", " for now",
// " later", " until the …", " once auth works", " e.g." and the like.
func cutIndex(ls string) int {
	for i := 0; i+1 < len(ls); i++ {
		switch c := ls[i]; c {
		case '.', '?', '!', ';':
			if ls[i+1] == ' ' {
				return i
			}
		case ',':
			if ls[i+1] != ' ' {
				continue
			}
			rest := ls[i+2:]
			for _, w := range cutAfterComma {
				if hasWordPrefix(rest, w) {
					return i
				}
			}
			w1, r1 := firstWord(rest)
			w2, _ := firstWord(r1)
			if cutVerbs[w1] || cutVerbs[w2] {
				return i
			}
		case ' ':
			rest := ls[i+1:]
			for _, w := range cutAfterSpace {
				if hasWordPrefix(rest, w) {
					return i
				}
			}
			for _, w := range cutConds {
				if strings.HasPrefix(rest, w) {
					w1, r1 := firstWord(rest[len(w):])
					w2, _ := firstWord(r1)
					if cutCondWords[w1] || cutCondVerbs[w2] {
						return i
					}
				}
			}
		}
	}
	return -1
}

// hasWordPrefix reports whether s starts with p and p ends a word there.
func hasWordPrefix(s, p string) bool {
	if !strings.HasPrefix(s, p) {
		return false
	}
	last := p[len(p)-1]
	return len(s) == len(p) || !isWordByte(last) || !isWordByte(s[len(p)])
}

// firstWord splits s after its first word (letters, digits, "'").
func firstWord(s string) (word, rest string) {
	i := 0
	for i < len(s) && (isWordByte(s[i]) || s[i] == '\'') {
		i++
	}
	return s[:i], strings.TrimLeft(s[i:], " ")
}

// leadWords are the first words reLead can match; mayLead spares the
// regexp for every other phrase.
var leadWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`it would 'd and but so also then maybe perhaps probably just really please
	that to ideally honestly actually imo i the idea thought ok okay one a suggestion looks note going already in at
	this we we'd wed you they agent agents let's lets let can could go if whether it'd
	remember don dont do remind`) {
		m[w] = true
	}
	return m
}()

func mayLead(ls string) bool {
	// The first run of ASCII word characters, as reLead's \b sees words:
	// "let's" gives "let", "a➜" gives "a".
	i := 0
	for i < len(ls) && (ls[i] >= 'a' && ls[i] <= 'z' || ls[i] >= '0' && ls[i] <= '9' || ls[i] == '_' || ls[i] >= 'A' && ls[i] <= 'Z') {
		i++
	}
	w := ls[:i]
	return leadWords[w] || strings.HasPrefix(w, "hmm") || strings.HasSuffix(w, "ing") || strings.HasPrefix(ls, "'d")
}

// prefix returns at most the first n bytes of s.
func prefix(s string, n int) string {
	if len(s) > n {
		return s[:n]
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
	if n := len(ws); n > 0 && n <= 3 && pronoun[ws[n-1]] {
		return true // "propagate them", "fix all of it"
	}
	return len(ws) <= 3 && len(ws) > 0 && (ws[0] == "this" || ws[0] == "that" || ws[0] == "these" || ws[0] == "those")
}

// trailStop are words that end a phrase badly.
var trailStop = map[string]bool{"the": true, "a": true, "an": true, "and": true, "or": true, "to": true, "of": true,
	"with": true, "for": true, "in": true, "on": true, "at": true, "by": true, "from": true, "that": true, "which": true,
	"is": true, "are": true, "this": true, "so": true, "but": true, "then": true, "we": true, "our": true, "it": true}

var pronoun = map[string]bool{"it": true, "them": true, "that": true, "this": true, "those": true, "these": true}

// metaWords say what to do with a thing, not what the thing is.
var metaWords = map[string]bool{"issue": true, "file": true, "todo": true, "ticket": true, "follow": true,
	"clean": true, "implement": true, "track": true, "create": true, "bug": true, "linear": true,
	"proceed": true, "tackle": true, "address": true, "look": true, "separate": true, "leave": true,
	"prefer": true, "preference": true, "choose": true, "choice": true, "pick": true, "option": true,
	"approach": true, "direction": true, "opinion": true, "thinking": true, "recommend": true,
	"question": true, "decision": true, "sound": true, "okay": true}

// metaStems are metaWords as keyWords returns them.
var metaStems = func() map[string]bool {
	m := map[string]bool{}
	for w := range metaWords {
		m[stem(w)] = true
	}
	return m
}()

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
	if n > 1 && isListItem(lower(lines[n-1])) {
		i := n - 1
		for i > 0 && isListItem(lower(lines[i-1])) {
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
			if !proposes(ss[k]) {
				continue // "I updated the handler." reports; there is nothing in it to come back to
			}
			if p := phrase(ss[k]); p != "" && substantive(p) {
				return p
			}
		}
	}
	return ""
}

// proposalCues mark a sentence that proposes or leaves something open,
// rather than reporting what was done.
var proposalCues = []string{"could", "should", "might", "may ", "would", "can ", "option", "suggest",
	"recommend", "propose", "consider", "idea", "next step", "alternative", "worth", "instead",
	"need", "todo", "follow-up", "follow up", "later", "not yet", "still", "remaining", "left to",
	"missing", "want", "plan", "let me", "i'll", "i will", "going to", "next"}

// proposes reports whether a sentence of Claude's proposes something.
func proposes(s string) bool { return holdsAny(lower(s), proposalCues) }

// reMetaHead is a lead-in that names no thing: "One question before I go
// on:", "Quick decision:".
var reMetaHead = regexp.MustCompile(`^(?:one|a|quick|last|another|final)?\s*(?:question|thing|decision|choice|point)\b`)

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
	} else {
		rest = dropAux(rest)
	}
	// "X, or Y?" offers two things; the first is the one proposed.
	if i := strings.Index(lower(rest), ", or "); i > 0 {
		rest = rest[:i]
	}
	cands = append(cands, rest)
	if head != "" && !reMetaHead.MatchString(lower(head)) {
		cands = append(cands, head)
	}
	ss := sentences(before)
	for k := len(ss) - 1; k >= 0 && k >= len(ss)-2; k-- {
		cands = append(cands, ss[k])
	}
	for _, c := range cands {
		if p := phrase(c); p != "" && substantive(p) && !isPointer(p) {
			return p
		}
	}
	return phrase(rest)
}

// substantive reports whether a phrase names something: a key word that
// is not only about what to do with it.
func substantive(p string) bool {
	for w := range keyWords(lower(p)) {
		if !metaStems[w] {
			return true
		}
	}
	return false
}

// questionAux are the words a yes/no question opens with.
var questionAux = map[string]bool{"should": true, "would": true, "will": true, "shall": true, "do": true,
	"does": true, "did": true, "is": true, "are": true, "can": true, "could": true}

// dropAux turns a yes/no question into the thing it asks about:
// "should expired tokens return 401 or 403" → "expired tokens return 401
// or 403". Short questions are left whole.
func dropAux(q string) string {
	w := strings.Fields(q)
	if len(w) >= 4 && questionAux[lower(w[0])] {
		return strings.Join(w[1:], " ")
	}
	return q
}
