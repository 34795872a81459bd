package detect

import (
	"strings"

	regexp "github.com/openloop/openloop/internal/lazyre"
)

var (
	// Acknowledgements that neither answer nor ask anything.
	reFiller = regexp.MustCompile(`^(?:ok(?:ay)?|alright|hmm+|uh+|uhh+|um+|erm|so|well|cool|great|nice|thanks|thank you|thx|perfect|got it|i see|understood|wait|hey|oh|ah|btw|also|and|now|then)\b[\s,.!:;—–-]*`)
	// Openings that answer a question, however tersely.
	reAnswerStart = regexp.MustCompile(`^(?:(?:yes|yeah|yep|yup|ya|yas|sure|no|nope|nah|not really|not yet|please do|do it|do that|go ahead|go for it|proceed|sounds good|sounds right|looks good|lgtm|agreed|agree|correct|exactly|right|true|false|both|neither|either|all of (?:them|the above)|all|none|option|approach|ship it|the (?:first|second|third|fourth|last|former|latter|other|simple|simpler|quick|quicker)|first one|second one|let'?s (?:do|go with|go for|keep|stick|try|use|fix|leave|skip|drop|roll|revert|not|handle)|lets (?:do|go with|go for|keep|stick|try|use|fix|leave|skip|drop|roll|revert|not|handle)|go with|i'?d (?:go|prefer|say|rather|like|pick|choose|keep|lean)|i (?:prefer|think|agree|like|guess|believe|allow|lean|vote|choose|pick|want option)|i'?m (?:fine|ok|okay|good|happy|leaning)|i am (?:fine|ok|okay|good|happy)|i don'?t (?:think|mind|care|know|need|want|see)|keep (?:it|them|this|that|both)|leave (?:it|them|this|that)|skip (?:it|them|this|that)|drop (?:it|them|this|that)|don'?t|never ?mind|fine|good|works for me|makes sense|that works|that'?s fine|that'?s ok)\b|(?:\d{1,3}|[a-h])(?:\s*$|\s*[.):,+&/]|\s+(?:and|or|&|\+|then|but|first|-)\b)|#\d)`)
	// Mentions of a listed option: "option 2", "approach B", "1 and 3".
	reOptionRef = regexp.MustCompile(`\b(?:option|approach|choice|alternative|variant|number|plan|path|proposal|suggestion)\s*#?(?:\d{1,2}|[a-h])\b|(?:^|\s)#\d{1,3}\b|\b\d\s*(?:and|or|\+|&)\s*\d\b|\b(?:the )?(?:first|second|third|last) (?:one|option|approach)\b`)
	// Questions that ask Claude to explain what it just said.
	reClarify = regexp.MustCompile(`^(?:can|could|would|will) you (?:please )?(?:explain|clarify|elaborate|expand|walk me through|show me|tell me|give me|remind me|summari[sz]e|say more|describe|go over|break down)|^(?:please )?(?:explain|clarify|elaborate|walk me through)\b|^what (?:do|did) you mean|^i don'?t (?:understand|get|follow)|^(?:what|which)(?: is| are| would be|'s|'re) (?:the )?(?:difference|tradeoffs?|trade-offs?|pros|cons|options|risks?|downsides?|impact|implications?|effort|cost)|^how (?:big|long|hard|much|many|risky|complex|would|does|do|did|is|are)\b.{0,40}\b(?:it|that|this|the fix|the change)\b|^what (?:would|does|do|will) (?:that|this|it)\b|^why (?:would|do|did|is|does) (?:that|this|it|you)\b|^is (?:that|this|it)\b|^(?:doesn'?t|don'?t|isn'?t|wouldn'?t|won'?t|can'?t|shouldn'?t) (?:that|this|it)\b`)
	// A reference back to what Claude said.
	reAnaphora = regexp.MustCompile(`(?:^|[\s(])(?:it|its|it'?s|them|they|they'?re|those)\b|\b(?:this|that|these)\s*(?:[?.!,;:)]|$|\b(?:is|was|one|ones|part|bit|approach|option|idea|plan|fix|change|suggestion|way|would|will|does|did|means?|sounds?|seems?|looks?)\b)`)
	// Explicit moves to another subject.
	reShift = regexp.MustCompile(`\b(?:different|unrelated|separate|another|other|quick|random|new) (?:question|thing|topic|issue|matter|request|task)\b|^q:|\bnext thing\b|^next[,:]|\bbefore (?:that|we do that|we continue|you do that|we get to that|doing that|you continue|we go on)\b|\b(?:actually|but|wait),? first\b|^first[,:]|^first,? (?:let'?s|lets|can you|could you|please|look|check|fix)|\bstart (?:there|with that|here) first\b|\bwhere were we\b|\bback to (?:what we were|where we were|the main|the original|our (?:main|original))\b|\bchange of (?:topic|plan|subject)\b|\bswitching (?:gears|topics)\b|\bon (?:another|a different) note\b|\bmoving on\b|\blet'?s (?:switch|move on)\b|\bputting that aside\b`)
	// Verbs that open a new request.
	reRequest = regexp.MustCompile(`^(?:please |pls |now |can you |could you |would you |can we |could we |let'?s |lets |i want you to |i need you to |i'?d like you to |go |we need to |you need to )*(?:add|fix|review|look|check|investigate|run|implement|create|update|remove|delete|change|rename|write|make|build|refactor|move|debug|open|merge|rebase|deploy|install|set|bump|upgrade|cache|find|search|show|list|test|try|use|convert|migrate|document|generate|clean|help|figure|read|split|replace|revert|port|wire|hook|enable|disable|drop|extract|inline|optimi[sz]e|profile|benchmark|format|lint|audit|draft|prepare|publish|release|tag|setup|configure|switch|pin|do)\b`)
)

// Stop words for topic overlap: function words, chat words and verbs so
// common that sharing them says nothing about the topic.
var stop = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`the a an and or but if then else of to in on at by for from with without into onto about
	as is are was were be been being am do does did done doing have has had having can could would should will shall may might must
	i me my we us our you your he she they them their it its this that these those there here what which who whom whose when where why how
	not no yes yeah ok okay so just also too very really quite still even only more most less some any all each every both either neither
	other another such than same own again now then later first next last one two new old get got make made let lets want need like use
	using used add added fix fixed run running change changes changed do go going way thing things stuff something anything nothing
	please thanks think know see look looks maybe sure well good fine right bit lot lots much many few time times work works working
	because since while after before until once over under out up down off via per into don't doesn't isn't can't won't it's that's i'm i'd
	entire whole i'll we'll you'd you're let's there's what's would've etc e.g i.e able else ever already yet either whether might able`) {
		m[w] = true
	}
	return m
}()

// keyWords returns the content words of lowered text: no stop words, no
// numbers, at least three letters, a trailing plural "s" dropped.
func keyWords(ls string) map[string]bool {
	out := map[string]bool{}
	for _, w := range words(ls) {
		if len(w) < 3 || stop[w] || w[0] >= '0' && w[0] <= '9' || strings.ContainsRune(w, '\'') {
			continue
		}
		out[stem(w)] = true
	}
	return out
}

// stem folds the common English endings so "patching", "patched" and
// "patch", or "cached" and "cache", compare equal.
func stem(w string) string {
	for _, suf := range []string{"ing", "ed", "es", "s", "e"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 && !strings.HasSuffix(w, "ss") {
			return w[:len(w)-len(suf)]
		}
	}
	return w
}

// sharesN counts the key words of topic that the prompt names too.
func sharesN(prompt map[string]bool, topic string) int {
	n := 0
	for w := range keyWords(lower(topic)) {
		if prompt[w] {
			n++
		}
	}
	return n
}

// dropFillers removes acknowledgements from the start of lowered text.
func dropFillers(lp string) string {
	for i := 0; i < 8; i++ {
		rest := reFiller.ReplaceAllString(lp, "")
		if rest == lp {
			break
		}
		lp = rest
	}
	return lp
}

// leavesQuestion decides rule Q2: does the typed prompt move on to a new
// request instead of answering or following up on the pending question?
func leavesQuestion(typed string, q pending) bool {
	lp := dropFillers(strings.TrimSpace(lower(typed)))
	if lp == "" || reAnswerStart.MatchString(lp) {
		return false
	}
	if shifts(lp) {
		return true
	}
	ss := sentences(lp)
	first := lp
	if len(ss) > 0 {
		first = ss[0]
	}
	nw := len(words(lp))
	if nw <= 3 || reOptionRef.MatchString(lp) || reClarify.MatchString(first) || reAnaphora.MatchString(first) {
		return false
	}
	pw := keyWords(lp)
	if sharesN(pw, q.question) >= 1 || sharesN(pw, q.before) >= 2 {
		return false
	}
	for _, o := range q.options {
		o = strings.TrimSpace(strings.ReplaceAll(lower(o), "(recommended)", ""))
		if o != "" && (strings.Contains(lp, o) || sharesN(pw, o) > 0) {
			return false
		}
	}
	isQuestion := strings.HasSuffix(strings.TrimRight(lp, " )"), "?")
	switch {
	case isQuestion && nw <= 6:
		return false // "how big is the fix?": a short question back
	case reRequest.MatchString(first), isQuestion:
		return true
	}
	// A statement: a report or a pasted finding is a new request; an
	// opinion ("i think", "we should") is an answer.
	return nw >= 10 && sharesN(pw, q.before) == 0 && !reOpinion.MatchString(lp)
}

var reOpinion = regexp.MustCompile(`\b(?:i think|i'?d|i would|i prefer|i like|i agree|i guess|i feel|i'?m fine|we should|we could|let'?s|sounds|makes sense|agreed|prefer|probably|either way|as long as|is fine|are fine|good enough|for now|works for me)\b`)
