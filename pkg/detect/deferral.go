package detect

import (
	"strings"

	regexp "github.com/openloop/openloop/internal/lazyre"
)

// A rule is one lexical trigger. Group "x", when present, holds the thing
// named; group "r", the condition it waits for. Explicit rules also fire in
// long prompts.
type rule struct {
	name     string
	re       *regexp.Regexp
	explicit bool
}

func mk(name string, explicit bool, expr string) rule {
	return rule{name: name, re: regexp.MustCompile(expr), explicit: explicit}
}

// Pieces shared by the deferral rules.
const (
	clause   = `[^.;!?\n]`
	laterish = `later(?: on)?|another time|some other time|down the road|next (?:time|week|sprint|phase|iteration|session|release|milestone)|in (?:the )?future|at some point|eventually|someday|separately`
	modalSub = `(?:let'?s|lets|we'?ll|we will|we can|we could|we should|we might|i'?ll|i will|i can|i might|to|can|could|we'?d)`
	laterVrb = `(?:do|handle|tackle|address|fix|look at|look into|deal with|discuss|think about|figure out|revisit|add|change|implement|clean up|pick up|pick it up|pick this up|pick that up|worry about|sort out|explore|investigate|check|test|refactor|review|optimi[sz]e|improve|support|talk about|get to|tidy|polish)`
	tracker  = `(?:(?:linear|github|gh|jira|gsd|follow[- ]?up|separate|new|research(?:[- ]oriented)?|bug|tech[- ]debt|debug|low[- ]priority|medium[- ]priority|high[- ]priority|backlog|tracking)\s+){0,3}(?:issues?|tickets?|todos?|bugs?|cards?)`
)

// deferRules are the user's deferrals (rules D1-D9 in detect.go).
var deferRules = []rule{
	// D1 come back to it.
	mk("come back", true, `(?:'ll|will|can|could|should|let'?s|lets|to|need to|must|gonna|we|i)\s+(?:\w+\s+)?(?:come|circle|get) back (?:to|on)\s+(?P<x>`+clause+`*?)\s*(?:\b(?:`+laterish+`|once|when|after|until)\b|[.;!?,(]|$)`),
	mk("come back later", true, `\b(?:come|circle) back to (?P<x>`+clause+`*?)\s+(?:`+laterish+`)\b`),
	mk("revisit", false, `\b(?:can|could|will|'ll|should|let'?s|lets|to)\s+revisit (?P<x>`+clause+`*?)\s*(?:\b(?:`+laterish+`|once|when|after|until|next)\b|[.;!?,]|$)`),
	// D2 park it / defer it for now.
	mk("park", true, `(?:^|let'?s |lets |we (?:can|could|should|'ll|will) |please |just |i'?d |i want to |can we |could we |maybe |, )(?:park|shelve|postpone|punt on|defer|backlog)\s+(?P<x>this|that|it|these|those|them)\b`),
	mk("park for now", true, `\b(?:park|shelve|postpone|punt on|defer|backlog)\s+(?P<x>`+clause+`{1,80}?)\s+(?:for (?:now|later|the moment|the time being|another day|a bit)|until|till|to (?:later|a later|another|next|the backlog))\b`),
	mk("put aside", true, `\bput (?P<x>`+clause+`{1,60}?) (?:on hold|aside|on the back ?burner|on ice|in the backlog|on the backlog|on the roadmap)\b|\bput a pin in (?P<x>`+clause+`{2,60})|\bhold off on (?P<x>`+clause+`{2,60})`),
	// D3 remind me.
	mk("remind", true, `\bremind (?:me|us) (?:to|about|of|that) (?P<x>`+clause+`{2,100}?)\s*(?:\b(?:once|when|after|before|tomorrow|later|next|in the future|at some point)\b\s*(?P<r>`+clause+`*)|[.;!?,]|$)`),
	// D4 do it later.
	mk("later", false, `\b`+modalSub+`\s+(?:(?:also|easily|probably|always|just|maybe|definitely|still|then|only)\s+)?(?P<x>`+laterVrb+`\b`+clause+`{0,60}?)\s+(?:`+laterish+`)\b`),
	mk("later we should", false, `(?:^|[,;] )(?:later|next time),? (?:we|let'?s|lets|i|you)\b(?: \w+)?? (?:should|could|can|'ll|will|need to|want to|might|ought to)\s+(?P<x>`+clause+`{3,})`),
	mk("for later", true, `\b(?:save|keep|leave|hold|note|bookmark|mark|flag|set)\s+(?P<x>`+clause+`{1,60}?)\s+(?:for (?:later|another time|next time|a follow[- ]?up|a future \w+|a later \w+|the future)|aside)\b|\bfor later\s*(?:[.!,;:)]|$)`),
	mk("not now", false, `^(?:but |maybe |ok(?:ay)?,? |hmm,? |nah,? |no,? )?(?:not (?:right )?now|maybe later|later|not today|not yet,? (?:but )?later)\s*(?:[.!,;:—-]|$)`),
	// D5 file it: an issue, a ticket, a todo.
	mk("issue", false, `\b(?:add|create|file|log|open|make|write(?: up)?|raise|put in|cut|submit)\s+(?:(?:a|an|another|some|new|one|two|three|\d)\s+`+tracker+`|`+tracker+`|the\s+(?:(?:follow[- ]?up|linear|jira|github|gh|gsd|separate|tracking)\s+){1,3}(?:issues?|tickets?|todos?|bugs?|cards?))`+`(?:\s+(?P<p>for|about|on|with|to track|covering|describing|capturing|so|in|that|and|please)\b\s*(?P<x>`+clause+`*)|\s*[.,;:!?)\-]|\s*$)`),
	mk("track as issue", true, `\btrack (?P<x>`+clause+`{1,60}?) (?:as|in) (?:a|an|the) (?:\w+ )?(?:issue|ticket|todo|follow[- ]?up)\b`),
	mk("log in tracker", false, `\b(?:log|note|record|capture|jot down|write down|put)\s+(?P<x>`+clause+`{1,60}?)\s+(?:in|to|into|on) (?:the |a |our |my )?(?:[\w-]+ )?(?:tasks|todos?|todo list|backlog|issue tracker|tracker|roadmap|linear|jira)\b`),
	mk("another todo", false, `\banother\s+(?:[\w-]+\s+){0,3}todos?\b`),
	mk("todo", true, `^(?:todo|to-do)(?: for later| later)?\s*[:\-—]\s*(?P<x>.{3,})|\btodo for later\b`),
	// D6 note this.
	mk("note", false, `\b(?:note|jot|write) (?:this|that|it)(?: down)?(?: also| too| for later)?\s*(?:[.!)]|$)|\bmake a note (?:of|to|about) (?P<x>`+clause+`+)`),
	// D7 a separate task, a follow-up.
	mk("separate", false, `\b(?:implement|do|handle|address|tackle|track|clean(?: \w+)? up|fix|leave|save|move|split|file|put|deal with|look at|cover|add|build|go back and \w+(?: \w+)?)\b(?P<x>`+clause+`{0,60}?)\b(?:in|as|for|into|to) (?:a|the|its own|another) (?:separate|later|future|next|different|follow[- ]?up) (?:pr|pull request|task|issue|ticket|feature|branch|phase|session|iteration|sprint|change)\b`),
	mk("follow up", false, `\b(?:i'?ll|we'?ll|i will|we will|let'?s|lets|can|could|we can|i can|should)\s+follow up (?:on|with|about|later)\b|\b(?P<x>`+clause+`{3,60}?)\s+(?:in|as|for) a (?:separate |later |future )?follow[- ]?up\b`),
	mk("out of scope", false, `(?P<x>`+clause+`{3,60}?)\s+(?:is|are|feels|seems)\s+(?:\w+\s+)?(?:out of scope|a separate (?:concern|issue|task))`),
	// D8 once X works, let's Y.
	mk("once", false, `^(?:once|after) (?P<r>[^,]{3,60}),\s*(?:let'?s|lets|we should|we can|we'?ll|we need to|remind me to|i want to|we could) (?:\w+ )?(?P<x>`+clause+`{3,})`),
}

// trivialAfter are the steps that follow "once X, let's …" within the
// current work: sequencing, not deferring.
var reTrivialNext = regexp.MustCompile(`^(?:\w+ )?(?:commit|push|merge|deploy|run|test|continue|proceed|move on|go|start|ship|release|tag|check|verify|clean up)\b`)

// reTrivialCond are conditions that only mean "when you are done".
var reTrivialCond = regexp.MustCompile(`^(?:that|this|it|done|you'?re done|you are done|you finish|that'?s done|this is done|it'?s done|finished|we'?re done|that works|this works)$`)

var reNegClause = regexp.MustCompile(`\b(?:so|so that|don'?t|won'?t|never|doesn'?t|isn'?t|not|if|when|because)\b`)

// match is one rule that fired on one sentence.
type match struct {
	rule     rule
	sentence string // original case
	idea     string // the thing named, original case; "" when it only points
	reason   string // the condition it waits for, original case
}

// findDeferral applies deferRules to each sentence in order.
func findDeferral(sents []string, long bool) (match, bool) {
	for _, s := range sents {
		ls := lower(s)
		for _, r := range deferRules {
			if long && !r.explicit {
				continue
			}
			m := r.re.FindStringSubmatchIndex(ls)
			if m == nil {
				continue
			}
			x, rs := group(r.re, m, s, "x"), group(r.re, m, s, "r")
			switch r.name {
			case "once":
				if reTrivialCond.MatchString(lower(strings.TrimSpace(rs))) || reTrivialNext.MatchString(lower(x)) {
					continue
				}
			case "issue":
				if i := strings.Index(lower(x), "please"); i >= 0 {
					x = x[:i]
				}
				if group(r.re, m, s, "p") == "" {
					x = ""
				}
			case "later":
				// "add tests so we don't break this in the future" is
				// not about later: the time belongs to another clause.
				if reNegClause.MatchString(lower(x)) {
					continue
				}
			}
			if r.name == "not now" || r.name == "note" && x == "" || r.name == "follow up" && x == "" {
				x = ""
			}
			if r.name == "note" && x == "" {
				// "(note this also)": the sentence it sits in is the idea.
				x = noteSentence(s)
			}
			return match{rule: r, sentence: s, idea: x, reason: rs}, true
		}
	}
	return match{}, false
}

// group returns named group g of a match, cut from the original-case text.
func group(re *regexp.Regexp, m []int, orig, g string) string {
	for i, name := range re.SubexpNames() {
		if name == g && 2*i+1 < len(m) && m[2*i] >= 0 {
			return strings.TrimSpace(orig[m[2*i]:m[2*i+1]])
		}
	}
	return ""
}

var reNoteParen = regexp.MustCompile(`(?i)\s*\(?\s*\b(?:note|jot|write) (?:this|that|it)(?: down)?(?: also| too| for later)?\s*[.!)]*\s*$`)

// noteSentence drops "(note this also)" from the sentence that holds it.
func noteSentence(s string) string {
	return strings.TrimSpace(reNoteParen.ReplaceAllString(s, ""))
}

// deferContext is the one sentence on why the item was put off.
func deferContext(m match, task string) string {
	if r := strings.TrimSpace(m.reason); r != "" {
		return "put off until " + clip(oneLine(r), 100)
	}
	ls := lower(m.sentence)
	for _, w := range []string{" until ", " once ", " after "} {
		if i := strings.Index(ls, w); i >= 0 {
			rest := strings.TrimRight(oneLine(m.sentence[i+len(w):]), ".!?")
			if len(rest) > 2 {
				return "put off until " + clip(rest, 100)
			}
		}
	}
	if task != "" {
		return "put off while working on " + clip(oneLine(task), 100)
	}
	return "the user put it off for later"
}
