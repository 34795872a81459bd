package detect

import "strings"

// The rule tier's side ideas. A clause parks as a side idea by rule when
// it says plainly both that it is an aside and that its thing is for some
// day, not for now (LABELS.md's S):
//
//   - an aside opens it ("btw", "by the way", "side note", "unrelated",
//     "por cierto", "au fait", "кстати", "aliás"), or it names itself an
//     idea ("random thought", "another idea", "idea for later");
//   - and it floats its thing as a wish ("it would be nice to have", "would
//     be cool", "nice to have", "I'd love"), or as a plan or a maybe for
//     some unnamed day ("we should add X at some point", "we could …
//     eventually", "down the road"). An idea mark floats its thing by
//     itself: "another idea: a quick-add command".
//
// Nothing parks from a clause that asks ("btw, could we add retries?" is
// for Claude to answer), that wants it now ("now", "first", "next",
// "please", "can you"), whose thing is an act on the work at hand ("btw
// it would be nice to see the diff", "… check the logs"), that speaks to Claude ("btw you could also …": a
// suggestion for the work at hand), that offers a way to do the current
// thing ("we could just use postgres"), that negates, or
// that complains; nor in a long prompt, a pasted text or Claude's own
// words quoted back. The corpus holds almost no side ideas (14 of 4,585
// labelled cases), so the shapes are those LABELS.md gives, kept narrow:
// every clause of the 26,000 corpus prompts that has both an aside mark
// and a wish was read when this rule was written.

// ruleSide is Finding.Rule for a side idea the rule tier parked.
const ruleSide = "explicit-side-idea"

var (
	// asideMarks open an aside.
	asideMarks = phrases("btw", "by the way", "side note", "sidenote", "on a side note", "unrelated",
		"unrelated but", "off topic", "tangent", "on a tangent", "por cierto", "au fait", "кстати", "aliás",
		"a propósito")
	// ideaMarks name the clause an idea; they float their thing by
	// themselves.
	ideaMarks = phrases("random thought", "another idea", "side idea", "one more idea", "idea for later",
		"feature idea", "future idea", "otra idea", "une autre idée", "outra ideia", "ещё идея", "еще идея")
	// wishFloats float a thing as a wish.
	wishFloats = phrases("would be nice", "would be cool", "would be great", "would be neat", "would be handy",
		"would be useful", "would be sweet", "it'd be nice", "itd be nice", "it'd be cool", "nice to have",
		"would love", "i'd love", "id love",
		"sería bueno", "seria bueno", "estaría bueno", "ce serait bien", "ça serait bien", "было бы неплохо",
		"было бы круто", "seria bom", "seria legal")
	// planFloats float a thing as a plan or a maybe, when a someday says
	// it is not for now: "btw we could check the logs" is for now.
	planFloats = phrases("we could", "we might", "maybe we", "perhaps we", "what if we", "we should", "we need to", "we'll need to", "we will need to", "we'll want to",
		"we want to", "i want to", "i'd like to", "i would like to", "we gotta", "we have to", "could use",
		"could really use", "could do with", "would benefit from", "should have", "should support", "should get")
	// somedays are times after now with no date.
	somedays = phrases("at some point", "someday", "some day", "one day", "eventually", "down the road",
		"down the line", "in the future", "sometime", "some time", "in the long run", "long term", "long-term",
		"algún día", "algun dia", "un jour", "когда-нибудь", "um dia")
	// nowWords ask for the thing now, or for Claude to act.
	nowWords = phrases("now", "right now", "first", "next", "today", "tonight", "asap", "immediately", "please", "pls",
		"can you", "could you", "would you", "will you", "you", "you're", "your", "u", "let's", "lets",
		"just", "not", "don't", "dont", "never", "no", "nothing", "why", "go ahead", "do it", "go for it",
		"before we go on", "before we continue", "before moving on", "before you continue")
)

// actsNow are verbs of work on what is at hand, not of a thing to build:
// "btw it would be nice to see the diff", "… to get this merged".
var actsNow = words("see check look debug investigate run rerun retry restart merge deploy review get " +
	"fix test try verify confirm know hear understand figure read update bump commit push rebase rename format lint " +
	"explain explanation walkthrough overview summary recap rundown")

// nowAct reports an idea that is an act on the work at hand: its first
// word, or its second after an adjective ("a quick explanation of …").
func nowAct(idea string) bool {
	ws := tokens(idea)
	return len(ws) > 0 && actsNow.has(ws[0]) || len(ws) > 1 && (ws[0] == "quick" || ws[0] == "short" || ws[0] == "brief") && actsNow.has(ws[1])
}

// explicitSideIdea is the rule tier's side idea, if the prompt floats one
// plainly.
func explicitSideIdea(x exchange, in Input) (Finding, bool) {
	if len(x.typed) >= longPrompt || quotedOrPasted(x.typed) || quotedOrPasted(in.Prompt) {
		return Finding{}, false
	}
	text := unquote(x.typed)
	cs := clauses(text)
	claude := claudeSaid{msg: in.Assistant}
	for i, c := range cs {
		mark, ok := floatsAside(c)
		if !ok || asks(text, c) || complains(c) || claude.echoes(c) {
			continue
		}
		idea := reduce(c, sideWords)
		if !namesThing(idea) || isPointerPhrase(idea) || noThing(idea) || nowAct(idea) {
			continue
		}
		return ruleFinding(SideIdea, idea, ruleSide+":"+mark, in, cs, i), true
	}
	return Finding{}, false
}

// floatsAside reports a clause that is plainly an aside floating a thing
// for some day, and which mark says so: "aside+wish", "aside+someday" or
// "idea".
func floatsAside(c string) (string, bool) {
	if strings.ContainsAny(c, "?？¿") {
		return "", false // a question inside the clause ("what if …? and …")
	}
	lw := clauseWords(c)
	if holdsPhrase(lw, nowWords) {
		return "", false
	}
	switch {
	case holdsPhrase(lw, ideaMarks):
		return "idea", true
	case !holdsPhrase(lw, asideMarks):
		return "", false
	case holdsPhrase(lw, wishFloats):
		return "aside+wish", true
	case holdsPhrase(lw, planFloats) && holdsPhrase(lw, somedays):
		return "aside+someday", true
	}
	return "", false
}

// clauseWords are the words of a clause, lower-case, without the
// punctuation around them.
func clauseWords(c string) []string {
	lw := strings.Fields(lower(c))
	for i := range lw {
		lw[i] = strings.Trim(lw[i], ",.;:!\"'()“”‘’*—–-")
	}
	return lw
}

// holdsPhrase reports whether any phrase of list occurs in lw, as whole
// words.
func holdsPhrase(lw []string, list *phraseList) bool {
	ps := list.words()
	for i := range lw {
		if prefixLen(lw[i:], ps) > 0 {
			return true
		}
	}
	return false
}
