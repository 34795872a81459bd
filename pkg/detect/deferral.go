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
	need     need // the rule can only match text that satisfies this
}

// mk makes a rule that can only match text holding one of keys.
func mk(name string, explicit bool, keys []string, expr string) rule {
	return rule{name: name, re: regexp.MustCompile(expr), explicit: explicit, need: need{keys}}
}

// mkAlso is mk for a rule whose text must also hold one of also.
func mkAlso(name string, also []string, explicit bool, keys []string, expr string) rule {
	r := mk(name, explicit, keys, expr)
	r.need = need{also, keys}
	return r
}

// need is a rule's prefilter, the cheap test run before its regexp: word
// groups the lowercased text must hold, one word of each group. It is a
// necessary condition read off the pattern (TestPrefiltersAreNecessary),
// so that text with none of a rule's words never compiles or runs it.
type need [][]string

// may reports whether ls holds a word of every group of n.
func (n need) may(ls string) bool {
	for _, g := range n {
		if !holdsAny(ls, g) {
			return false
		}
	}
	return true
}

// holdsAny reports whether ls holds one of keys; no keys is no condition.
func holdsAny(ls string, keys []string) bool {
	for _, k := range keys {
		if strings.Contains(ls, k) {
			return true
		}
	}
	return len(keys) == 0
}

// Pieces shared by the deferral rules.
const (
	clause   = `[^.;!?\n]`
	laterish = `later(?: on)?|another time|some other time|down the road|next (?:time|week|sprint|phase|iteration|session|release|milestone)|in (?:the )?future|at some point|eventually|someday|separately`
	modalSub = `(?:let'?s|lets|we'?ll|we will|we can|we could|we should|we might|i'?ll|i will|i can|i might|to|can|could|we'?d)`
	laterVrb = `(?:do|handle|tackle|address|fix|look at|look into|deal with|discuss|think about|figure out|revisit|add|change|implement|clean up|pick up|pick it up|pick this up|pick that up|worry about|sort out|explore|investigate|check|test|refactor|review|optimi[sz]e|improve|support|talk about|get to|tidy|polish)`
	tracker  = `(?:(?:linear|github|gh|jira|gsd|follow[- ]?up|separate|new|research(?:[- ]oriented)?|bug|tech[- ]debt|debug|low[- ]priority|medium[- ]priority|high[- ]priority|backlog|tracking)\s+){0,3}(?:issues?|tickets?|todos?|bugs?|cards?)`
)

// deferRules are the user's deferrals (rules D1-D8 in detect.go).
var deferRules = []rule{
	// D1 come back to it.
	mk("come back", true, []string{"back"}, `(?:\b(?:we|i|let'?s|lets)(?:'ll| will| can| could| should| need to| must| are going to| am going to| gonna| have to| want to| might| may)?|\b(?:fine|ok|okay|happy|good|want|plan|need|have) to)\s+(?:\w+\s+)?(?:come|circle) back (?:to|on)\s+(?P<x>`+clause+`*?)\s*(?:\b(?:`+laterish+`|once|when|after|until)\b|[.;!?,(]|$)`),
	mk("come back later", true, []string{"back"}, `\b(?:come|circle|get) back to (?P<x>`+clause+`*?)\s+(?:`+laterish+`)\b`),
	mk("revisit after", false, []string{"revisit"}, `\brevisit (?P<x>`+clause+`{1,60}?)\s+(?:`+laterish+`|after|once|next)\b`),
	mk("revisit", false, []string{"revisit"}, `\b(?:can|could|will|'ll)\s+(?:always\s+)?revisit (?P<x>`+clause+`*?)\s*(?:\b(?:`+laterish+`|once|when|after|until|next)\b|[.;!?,]|$)`),
	// D2 park it / defer it for now.
	mk("park", true, []string{"park", "shelve", "postpone", "punt", "defer", "backlog"}, `(?:^|let'?s |lets |we (?:can|could|should|'ll|will) |please |just |i'?d |i want to |can we |could we |maybe |, )(?:park|shelve|postpone|punt on|defer|backlog)\s+(?P<x>this|that|it|these|those|them)\b`),
	mk("park for now", true, []string{"park", "shelve", "postpone", "punt", "defer", "backlog", "table"}, `\b(?:park|shelve|postpone|punt on|defer|backlog|table)\s+(?P<x>`+clause+`{1,80}?)\s+(?:for (?:now|later|the moment|the time being|another day|a bit)|until|till|to (?:later|a later|another|next|the backlog))\b`),
	mk("put aside", true, []string{"put ", "hold off"}, `\bput (?P<x>`+clause+`{1,60}?) (?:on hold|aside|on the back ?burner|on ice|in the backlog|on the backlog|on the roadmap)\b|\bput a pin in (?P<x>`+clause+`{2,60})|\bhold off on (?P<x>`+clause+`{2,60})`),
	// D3 remind me.
	mk("remind", true, []string{"remind"}, `\bremind (?:me|us) to (?P<x>`+clause+`{2,100}?)\s*(?:\b(?:once|when|after|before|tomorrow|later|next|in the future|at some point)\b\s*(?P<r>`+clause+`*)|[.;!?,]|$)|\bremind (?:me|us) (?:about|that) (?P<x>`+clause+`{2,100}?)\s+(?:once|when|after|tomorrow|later|next week|next time|in the future|at some point)\b\s*(?P<r>`+clause+`*)`),
	mkAlso("not now x", []string{"not", "don", "no need", "won"}, false, []string{"now", "yet", "at the moment", "today"}, `\b(?:let'?s not|lets not|don'?t|no need to|we don'?t need to|not going to|won'?t) (?:worry about|bother with|focus on|deal with|do|tackle|touch|add|implement|chase|go down) (?P<x>`+clause+`{2,60}?)\s+(?:right now|for now|yet|now|at the moment|today)\b`),
	mk("not for this", false, []string{"not for", "not in this", "can wait"}, `\bnot (?:for|in) this (?:pr|release|sprint|change|iteration|milestone|version|round|phase|ticket|task)\b|^(?:(?:i think|but|ok(?:ay)?|yeah),? )?(?:that|this|it|the rest) can wait\b`),
	// D4 do it later.
	mk("later", false, []string{"later", "future", "another time", "other time", "down the road", "next ", "some point", "eventually", "someday", "some day", "separately"}, `\b`+modalSub+`\s+(?:(?:also|easily|probably|always|just|maybe|definitely|still|then|only)\s+)?(?P<x>`+laterVrb+`\b`+clause+`{0,60}?)\s+(?:`+laterish+`)\b`),
	mk("later we should", false, []string{"later", "next time"}, `(?:^|[,;] )(?:later|next time),? (?:we|let'?s|lets|i|you)\b(?: \w+)?? (?:should|could|can|'ll|will|need to|want to|might|ought to)\s+(?P<x>`+clause+`{3,})`),
	mk("todo for later", true, []string{"todo"}, `^(?:todo|to-do) (?:for later|later)\s*[:\-—]?\s*(?P<x>.{3,})|\btodo for later\b`),
	mk("todo", false, []string{"todo", "to-do"}, `^(?:todo|to-do)\s*[:\-—]\s*(?P<x>.{3,})`),
	mk("for later", true, []string{"for ", "aside"}, `\b(?:save|keep|hold|park|put|set) (?P<x>this|that|it|these|those|them)(?: one)? (?:for (?:later|another time|next time|a follow[- ]?up|a future \w+|a later \w+|the future)|aside)\b|\b(?:leave|note|bookmark|set aside)\s+(?P<x>`+clause+`{1,60}?)\s+for (?:later|another time|next time|a follow[- ]?up|a future \w+|a later \w+|the future)\b|\b(?P<x>something|one|idea|thing|note|question|thought|topic|item)s? for later\b`),
	mkAlso("not now", []string{"not", "later"}, false, []string{"now", "later", "today"}, `^(?:but |maybe |ok(?:ay)?,? |hmm,? |nah,? |no,? )?(?:not (?:right )?now|maybe later|later|not today|not yet,? (?:but )?later)\s*(?:[.!,;:—-]|$)`),
	// D5 file it: an issue, a ticket, a todo.
	mk("issue", false, []string{"issue", "ticket", "todo", "bug", "card"}, `\b(?:add|create|file|log|open|make|write(?: up)?|raise|put in|cut|submit)\s+(?:(?:a|an|another|some|new|one|two|three|\d)\s+`+tracker+`|`+tracker+`|the\s+(?:(?:follow[- ]?up|linear|jira|github|gh|gsd|separate|tracking)\s+){1,3}(?:issues?|tickets?|todos?|bugs?|cards?))`+`(?:\s+(?P<p>for|about|on|to track|covering|describing|capturing|regarding)\b\s*(?P<x>`+clause+`*)|\s+(?:with|so|in|that|and|please)\b|\s*[.,;:!?)(\-]|\s*$)`),
	mk("track as issue", true, []string{"track"}, `\btrack (?P<x>`+clause+`{1,60}?) (?:as|in) (?:a|an|the) (?:\w+ )?(?:issue|ticket|todo|follow[- ]?up)\b`),
	mk("log in tracker", false, []string{"task", "todo", "backlog", "tracker", "roadmap", "linear", "jira"}, `\b(?:log|note|record|capture|jot down|write down|put)\s+(?P<x>`+clause+`{1,60}?)\s+(?:in|to|into|on) (?:the |a |our |my )?(?:[\w-]+ )?(?:tasks|todos?|todo list|backlog|issue tracker|tracker|roadmap|linear|jira)\b`),
	mk("to backlog", false, []string{"backlog", "roadmap", "icebox", "todo list", "wishlist"}, `\b(?:add|move|put|throw|drop)\s+(?P<x>`+clause+`{1,60}?)\s+(?:to|on|in|into) (?:the |our |my )?(?:backlog|roadmap|icebox|todo list|wishlist|wish list)\b`),
	mk("another todo", false, []string{"another"}, `\banother\s+(?:[\w-]+\s+){0,3}todos?\b`),
	// D6 note this.
	mk("note", false, []string{"note", "jot", "write"}, `\b(?:note|jot|write) (?:this|that|it)(?: down)?(?: also| too| for later)?\s*(?:[.!)]|$)|\bmake a note (?:of|to|about) (?P<x>`+clause+`+)`),
	// D7 a separate task, a follow-up.
	mk("separate", false, []string{"separate", "later", "future", "next", "different", "follow"}, `\b(?:implement|do|handle|address|tackle|track|clean(?: \w+)? up|fix|leave|save|move|split|file|put|deal with|look at|cover|add|build|go back and \w+(?: \w+)?)\b(?P<x>`+clause+`{0,60}?)\b(?:in|as|for|into|to) (?:a|the|its own|another) (?:separate|later|future|next|different|follow[- ]?up) (?:pr|pull request|task|issue|ticket|feature|phase|session|iteration|sprint|change)\b`),
	mk("follow up", false, []string{"follow"}, `\b(?:i'?ll|we'?ll|i will|we will|let'?s|lets|can|could|we can|i can|should)\s+follow up (?:on|with|about|later)\b|\b(?P<x>`+clause+`{3,60}?)\s+(?:in|as|for) a (?:separate |later |future )?follow[- ]?up\b`),
	mk("out of scope", false, []string{"scope", "separate"}, `(?P<x>`+clause+`{3,60}?)\s+(?:is|are|feels|seems)\s+(?:\w+\s+)?(?:out of scope|a separate (?:concern|issue|task))`),
	// D8 once X works, let's Y.
	mk("once", false, []string{"once", "after"}, `^(?:once|after) (?P<r>[^,]{3,60}),\s*(?:let'?s|lets|we should|we can|we'?ll|we need to|remind me to|i want to|we could) (?:(?:also|then|probably|definitely|just|maybe) )?(?P<x>`+clause+`{3,})`),
}

// reTrivialNext are the steps that follow "once X, let's …" within the
// current work: sequencing, not deferring.
var reTrivialNext = regexp.MustCompile(`^(?:\w+ )?(?:commit|push|merge|deploy|run|test|continue|proceed|move on|go|start|ship|release|tag|check|verify|clean up)\b`)

// reTrivialCond are conditions that only mean "when you are done".
var reTrivialCond = regexp.MustCompile(`^(?:that|this|it|done|you'?re done|you are done|you finish|that'?s done|this is done|it'?s done|finished|we'?re done|that works|this works)$`)

// reLaterPlace follows a "later" that is a place, not a time: "handle
// errors later in the pipeline".
var reLaterPlace = regexp.MustCompile(`^(?: on)? (?:in|down|inside|within) (?:the|this|that|our|a)\b|^ (?:today|tonight|this (?:morning|afternoon|evening))\b`)

// rePurpose ends the text before "we can check it later" when the later
// belongs to a purpose ("add logs so we can check it later"), not a plan.
var rePurpose = regexp.MustCompile(`\b(?:so|so that|in order|order|able|lets us|let us|allow us|allows us|way)\s*(?:to\s*)?$`)

var reYouMe = regexp.MustCompile(`^(?:you|me|us|him|her)\b`)

// reMilestone is what a deferral waits for: a thing that works, lands or
// ships, not a step of the code ("after the loop finishes").
var reMilestone = regexp.MustCompile(`\b(?:works?|working|lands?|landed|ships?|shipped|merged?|deployed|released?|fixed|stable|launch(?:ed|es)?|demo|beta|ga|v\d+|release|migration|refactor|is in|goes (?:in|out|live)|is live|this pr|the pr|mvp|rollout|freeze|sprint|milestone|auth)\b`)

var reNegClause = regexp.MustCompile(`\b(?:so|so that|don'?t|won'?t|never|doesn'?t|isn'?t|not|if|when|because)\b`)

// match is one rule that fired on one sentence.
type match struct {
	sentence string // original case
	idea     string // the thing named, original case; "" when it only points
	reason   string // the condition it waits for, original case
}

// findDeferral applies deferRules to each sentence in order.
func findDeferral(sents []string, long bool) (match, bool) {
	for _, s := range sents {
		ls := lower(s)
		for _, r := range deferRules {
			if long && !r.explicit || !r.need.may(ls) {
				continue
			}
			m := r.re.FindStringSubmatchIndex(ls)
			if m == nil {
				continue
			}
			x, rs := group(r.re, m, s, "x"), group(r.re, m, s, "r")
			if reYouMe.MatchString(lower(x)) {
				continue // "I'll come back to you with the numbers"
			}
			switch r.name {
			case "once":
				if !reMilestone.MatchString(lower(rs)) {
					continue // "after the loop finishes, let's print a summary"
				}
				if reTrivialCond.MatchString(lower(strings.TrimSpace(rs))) || reTrivialNext.MatchString(lower(x)) {
					continue
				}
			case "issue":
				if i := strings.Index(lower(x), "please"); i >= 0 {
					x = x[:i]
				}
			case "later":
				if reLaterPlace.MatchString(ls[m[1]:]) || rePurpose.MatchString(ls[:m[0]]) {
					continue
				}
				// "add tests so we don't break this in the future" is
				// not about later: the time belongs to another clause.
				if reNegClause.MatchString(lower(x)) {
					continue
				}
			}
			if r.name == "note" && x == "" {
				// "(note this also)": the sentence it sits in is the idea.
				x = noteSentence(s)
			}
			return match{sentence: s, idea: x, reason: rs}, true
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
