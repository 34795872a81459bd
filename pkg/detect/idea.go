package detect

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// What is parked. The model decides whether a prompt holds an open loop;
// this file names it:
//
//   - deferred and side idea: the clause of the prompt that carries the
//     loop (the one whose features weigh most for the kind), reduced to the
//     thing itself. "ok, let's skip the benchmarks for now" parks
//     "benchmarks"; "drop the migration script for now, just finish the API
//     docs" parks "migration script"; "it would be nice to have a dark mode
//     someday" parks "dark mode". Openings ("ok", "let's", "we can"), the
//     words that put off or float ("skip", "hold off on", "it would be nice
//     to have"), time words ("for now", "later", "in phase 2") and a
//     leading article go, and so do a list marker, a label before a colon,
//     a condition before the main clause and a predicate's leftovers ("can
//     come later"); the rest is cut where another clause or order starts
//     and at maxIdeaWords words. In Chinese and Japanese the thing is what
//     comes before the words of putting off or a topic particle; in Korean,
//     the topic. When only a pointer is left ("let's come back to that"),
//     the thing is in the segment before ("leave the regex engine alone,
//     we come back to it"), else what Claude's question offered ("Want me
//     to add retries to the upload client?" -> "add retries to the upload
//     client"), or the sentence before an offer that only points ("The
//     parser drops newlines; want me to fix that?"); with none of these
//     nothing is parked, since a report of work done is not a thing put
//     off. A wish that is a complaint ("it would be nice if you ran the
//     tests") is no side idea.
//   - question: "User raised: <what the prompt asks for>. Pending: <the
//     question>." The first is the prompt's first clause, reduced the same
//     way; the second is Claude's question as asked.
//   - Context / Raised while: what was under way: the task in progress or
//     the last typed request (Input.Task, from the transcript), else the
//     request the loop was raised in, a clause of the prompt before it
//     (contextOf), never a later one and never the loop itself; else
//     nothing, and the item leaves the line out.

// maxIdeaWords bounds an idea, in words (Latin script) or four times that
// in characters (scripts written without spaces).
const maxIdeaWords = 9

// maxIdeaBytes bounds an idea in bytes too: a word may be of any length
// (a hash, a pasted token, a run of a script without spaces that is not
// Han or kana), and an idea is a short phrase in the item's one-line
// description.
const maxIdeaBytes = 160

// finding builds what is parked for kind k. ok is false when there is
// nothing to name.
func finding(m *Model, k Kind, x exchange, in Input) (Finding, bool) {
	if k == Question {
		raised := reduce(firstClause(x.typed), nil)
		q := strings.TrimSpace(x.pending.question)
		if !namesThing(raised) || q == "" {
			return Finding{}, false
		}
		return Finding{Kind: Question, Idea: raised, Context: clip(q, 300),
			Why: "Claude asked " + quote(clip(q, 200)) + " and the user moved on with " + quote(clip(firstClause(x.typed), 120))}, true
	}
	clause, best, cs := loopClause(m, k, x)
	if clause == "" || echoes(clause, in.Assistant) || k == Deferred && idiomOnly(clause) {
		// Claude's words quoted back, or a clause whose only words of
		// putting off are an idiom's ("drag and drop", "dejar para el
		// final"), are no loop of the user's.
		return Finding{}, false
	}
	idea, from := reduce(clause, dropFor(k)), x.typed // from: the text the idea was cut from
	if nameless(idea) {
		// "let's fix it later": the thing is what Claude offered, else
		// what the user said in the clause before.
		if o := offeredBy(x.pending); !nameless(o) {
			idea, from = o, ""
		} else if b := saidBefore(x.typed, prevClause(cs, best)); !nameless(b) {
			idea = b
		}
	}
	if k == SideIdea && (nowAct(idea) || holdsPhrase(clauseWords(clause), nowWords) || asks(x.typed, clause)) {
		// "btw, would be nice to see the diff first": work on what is at
		// hand, wanted now, is no side idea; nor is a question about it
		// ("what if we used redis instead? would that fix the stale reads?").
		return Finding{}, false
	}
	if !namesThing(idea) || noThing(idea) || isPointerPhrase(idea) {
		// "we'll see later" leaves "see"; "write that down for later"
		// only points, and pointerDeferral keeps it.
		return Finding{}, false
	}
	ctx := strings.TrimSpace(oneLine(in.Task))
	if ctx == "" {
		ctx = reduce(contextOf(cs, best, idea), nil)
	}
	f := Finding{Kind: k, Idea: idea, Context: clip(ctx, 200),
		Why: "the user said " + quote(clip(clause, 200))}
	class := refuseName(idea, from)
	if class == "" && pasted(x, in) {
		class = notNameQuoted // a translation request or a pasted email holds someone else's loop
	}
	if class != "" {
		return notAName(f, class, clause, in), true // "fix it", "the parser and": a candidate
	}
	return f, true
}

// namesThing reports an idea that can name a thing: it holds a letter or a
// digit, and in a script written with spaces it is three characters or
// more, as thing and cleanUnspaced make them. An offer Claude made ("Want
// me to ---?", "… 🚀?", "… ab?") can be any text: made of symbols alone,
// it is no idea, and the store refuses to park it.
func namesThing(idea string) bool {
	if !strings.ContainsFunc(idea, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
		return false
	}
	if strings.ContainsFunc(idea, func(r rune) bool { return unicode.Is(unicode.Hangul, r) }) {
		return utf8.RuneCountInString(strings.TrimSpace(idea)) >= 2 // "캐시": a word of two syllables
	}
	return !isLatinText(idea) || utf8.RuneCountInString(strings.TrimSpace(idea)) >= 3
}

// loopClause returns the clause that carries kind k's loop, its index in
// the prompt's clauses, and the clauses. Each clause is scored by the weights of the
// features it would give on its own; ties go to the first.
func loopClause(m *Model, k Kind, x exchange) (clause string, best int, cs []string) {
	i := m.Index(k)
	cs = clauses(x.typed)
	best, bestScore := -1, 0.0
	for j, c := range cs {
		var names []string
		clauseFeatures(c, func(n string) { names = append(names, n) })
		if len(names) == 0 {
			continue
		}
		s := 0.0
		for _, e := range Vectorize(names, m.Bits) {
			s += m.Weight(i, e.Bucket) * e.Value
		}
		if best < 0 || s > bestScore {
			best, bestScore = j, s
		}
	}
	if best < 0 && len(cs) > 0 {
		best = 0
	}
	if best < 0 {
		return "", -1, nil
	}
	return cs[best], best, cs
}

// contextOf is what was under way when the loop in clause best of cs came
// up, as the prompt says it: an earlier clause, or a part of the loop's
// own clause before the one that puts it off, that holds no loop cue,
// says something (three words), and is not the loop itself: "add
// pagination to the list endpoint; skip the caching for now". Never a
// later clause: what follows the loop is the next thing to do ("skip
// caching for now, haz el commit"), not the work it was raised in. ""
// when the prompt says nothing of it: the item then leaves its Context
// out.
func contextOf(cs []string, best int, idea string) string {
	if best < 0 || best >= len(cs) {
		return ""
	}
	before := slices.Clone(cs[:best])
	for _, part := range clauseParts(cs[best]) {
		if holdsLoopCue(part) || mentions(part, idea) {
			break
		}
		before = append(before, part)
	}
	for _, r := range before {
		if !holdsLoopCue(r) && !mentions(r, idea) && len(strings.Fields(reduce(r, nil))) >= 3 {
			return r
		}
	}
	return ""
}

// partBreaks split a clause into the parts contextOf looks at: "plan the
// recorder plugin but don't worry about the GUI for now".
var partBreaks = strings.NewReplacer(", ", "\x00", "，", "\x00", " but ", "\x00", " and ", "\x00",
	" pero ", "\x00", " mais ", "\x00", " aber ", "\x00", " mas ", "\x00", " ma ", "\x00")

// clauseParts is a clause cut at its commas and its "but" and "and".
func clauseParts(c string) []string {
	return strings.Split(partBreaks.Replace(c), "\x00")
}

// mentions reports text that holds the idea, or that the idea holds: the
// loop itself, not the work it was raised in.
func mentions(text, idea string) bool {
	t, i := strings.Join(strings.Fields(lower(text)), " "), strings.Join(strings.Fields(lower(idea)), " ")
	return i != "" && (strings.Contains(t, i) || strings.Contains(i, reduce(t, nil)) && reduce(t, nil) != "")
}

// holdsLoopCue reports text with a cue of putting off or of an idea.
func holdsLoopCue(text string) bool {
	for _, g := range cueGroups(text) {
		if loopCue.has(g) {
			return true
		}
	}
	return false
}

// firstClause is the prompt's first clause.
func firstClause(text string) string {
	if cs := clauses(text); len(cs) > 0 {
		return cs[0]
	}
	return ""
}

// Word lists for reduce. Each entry is lower-case words separated by
// spaces; a match must cover whole words.
var (
	// Openings that carry no meaning of their own.
	leadWords = phrases("no hagas", "no hagamos", "dejemos", "dejá", "deja", "vamos a", "hagamos", "on verra",
		"on fera", "ne fais pas", "lass uns", "machen wir", "vamos", "não faça", "не делай", "давай", "ok", "okay", "so", "also", "and", "but", "then", "well", "alright", "right", "now",
		"please", "just", "maybe", "perhaps", "i think", "i guess", "i feel like", "let's", "lets", "let us",
		"we can", "we could", "we should", "we'll", "we will", "we might", "we may", "we need to", "i'll",
		"i will", "i won't", "i wont", "we won't", "we wont", "won't", "wont", "i'd like to", "i want to", "i want", "you can", "can you", "could you", "can we", "could we",
		"need to", "to", "btw", "by the way", "oh", "hmm", "yes", "yeah", "sure", "fine", "good", "great",
		"cool", "thanks", "actually", "first", "for", "and then", "go ahead and", "don't", "do not", "dont",
		"not", "no", "no need to", "we don't need to", "don't need to", "we dont need to", "there's no need to",
		"i will have to", "i'll have to", "we will have to", "we'll have to", "have to", "gotta", "should", "must",
		"agreed", "sounds good", "makes sense", "oh and also", "oh and", "and also", "i'd", "we'd", "would",
		"i think we should", "having", "i'm going to", "im going to", "i am going to", "we're going to",
		"we are going to", "going to", "note to self", "good catch on", "nice catch on", "good call on",
		"good point about", "good point on", "we might want to", "might want to", "we may want to", "i need to", "i need", "we need", "i noticed", "i noticed that",
		"i realized", "i realised", "it seems like", "it seems", "seems like", "looks like", "probably", "definitely", "switch gears", "good catch", "good idea but",
		"good idea", "not this time", "nah", "meh", "k", "kk", "pls", "plz", "thats a rabbit hole",
		"lo de", "lo del", "eso de", "au fait", "one more thing", "one more thing for later",
		"по поводу", "sobre", "quanto a", "a gente", "por cierto", "кстати", "aliás", "a propósito",
		"side note", "sidenote", "on a side note", "unrelated", "unrelated but", "off topic", "on a tangent")
	// Words that put a thing off.
	putOffWords = phrases("skip", "ignore", "drop", "leave", "leave out", "hold off on", "hold off", "forget",
		"forget about", "worry about", "bother with", "bother", "put aside", "set aside", "park", "punt on", "punt",
		"defer", "postpone", "shelve", "table", "come back to", "revisit", "get back to", "circle back to",
		"circle back on", "come back on", "deprioritize", "deprioritise", "put a pin in",
		"save", "put", "make a note of", "note", "remember", "remind me to", "handle", "address",
		"tackle", "deal with", "do", "look at", "look into", "work on", "implement", "consider", "think about",
		"discuss", "keep", "comment out", "remove", "disable", "hide", "mark", "push", "move",
		"we come back to", "we get back to", "we revisit", "we return to", "te preocupes por",
		"no te preocupes por", "voltamos no", "voltamos ao", "voltamos a", "volvemos a", "volvemos con",
		"on reviendra sur", "reviendra sur", "adiar", "vamos adiar", "posponer", "pospongamos", "pospón",
		"reportons", "reporter", "on reportera", "on va reporter", "aplazar", "aplacemos", "отложить",
		"no nos preocupemos por", "ne t'inquiète pas pour", "ne vous inquiétez pas pour", "não se preocupe com",
		"não precisa se preocupar com", "не беспокойся о", "не беспокойтесь о", "ignora", "ignoremos", "omite")
	// Words that float a side idea.
	sideWords = phrases("side note", "random thought", "another idea", "one idea", "idea", "an idea",
		"it would be nice if we had", "it would be great if we had", "would be nice if we had",
		"it would be nice if", "it would be great if", "it would be cool if", "it'd be nice if",
		"be cool if", "be nice if", "be great if", "itd be nice to have",
		"would love to have", "would love to", "i'd love to have", "i'd love to", "id love to",
		"would love", "i'd love", "id love", "love a", "love to have", "would be sweet to have",
		"otra idea", "una idea", "sería bueno tener", "seria bueno tener", "estaría bueno tener",
		"ce serait bien d'avoir", "ça serait bien d'avoir", "ce serait bien de", "une idée",
		"было бы неплохо", "было бы круто", "идея", "seria bom ter", "outra ideia", "ideia",
		"i was thinking", "i wonder if", "i wonder", "it would be nice to have", "it would be nice to",
		"would be nice to have", "would be nice", "it'd be nice to have",
		"it would be cool to have", "it would be great to have", "it would be cool to", "it would be great to",
		"it'd be cool to", "it'd be great to", "it'd be nice to", "would be cool to", "would be great to",
		"would be nice to", "be cool to", "be great to", "be nice to", "nice to have", "we could also",
		"maybe we could", "what if we", "at some point we need", "at some point we should", "we need",
		"we should", "have", "add", "support", "build")
	// Time words: when, not what.
	timeWords = phrases("por ahora", "por el momento", "de momento", "más adelante", "mas adelante", "luego",
		"después", "despues", "plus tard", "pour l'instant", "pour le moment", "später", "erstmal", "vorerst",
		"depois", "por enquanto", "mais tarde", "позже", "потом", "пока", "for now", "for the moment", "right now", "at the moment", "later", "later on",
		"at a later time", "at a later point", "for a later time", "a later time", "at a later date",
		"for a later date", "a later date", "in a new chat", "in a new session", "in a new conversation",
		"in the next session", "in another session", "next session", "in a separate chat", "for time being", "some other time", "another time", "next time", "in the future",
		"eventually", "someday", "some day", "at some point", "in phase 2", "in phase two", "next sprint",
		"until next sprint", "tomorrow", "yet", "for this pr", "in a follow-up", "in a follow up",
		"as a follow-up", "in a separate pr", "for later", "to later", "can wait", "until later", "first",
		"too", "as well", "for the time being", "to the backlog", "on the backlog", "to our todo list",
		"to the todo list", "on our todo list", "on the todo list", "on my todo list", "to my todo list", "in our todo list", "in the todo list", "in the backlog", "in our backlog", "to our backlog", "on our backlog", "on the roadmap", "on our roadmap", "to the roadmap", "on hold", "on the back burner", "till later", "down the road",
		"long term", "long-term", "in the long run", "in v2", "for v2", "next week", "next", "again",
		"for a future session", "in a future session", "for next session", "for the next session",
		"for another session", "in a seperate pr", "in another pr", "for another pr", "in a later pr",
		"in a follow-up pr", "this round", "this time", "next quarter", "next month", "next release",
		"after the release", "after release", "after the holidays", "monday", "for another day",
		"to q1", "to q2", "to q3", "to q4", "in q1", "in q2", "in q3", "in q4", "as a followup",
		"as a follow up", "not in this pr", "not today", "today",
		"el proximo sprint", "el próximo sprint", "próximo sprint", "proximo sprint", "la próxima semana",
		"después del release", "despues del release", "para después", "para despues", "mañana",
		"après la release", "la semaine prochaine", "au prochain sprint", "demain",
		"до следующего спринта", "в следующем спринте", "на потом", "после релиза", "завтра",
		"depois do release", "depois da release", "no próximo sprint", "amanhã", "para despues del release",
		"para después del release", "un jour", "un de ces jours", "algún día", "algun dia", "um dia",
		"когда-нибудь", "나중에", "다음에", "일단", "지금은", "언젠가", "is out of scope", "are out of scope", "out of scope", "for this milestone",
		"in this milestone", "this milestone", "for this sprint", "this sprint", "for the mvp",
		"not needed for the mvp", "for mvp", "peut attendre", "pode esperar", "puede esperar", "может подождать",
		"à plus tard", "para depois", "pra depois", "para luego", "para más adelante", "can come later",
		"doesn't need to be a priority", "does not need to be a priority", "don't need to be a priority",
		"is not a priority", "isn't a priority", "not a priority", "not a high priority", "not a top priority",
		"not high priority", "low priority", "not urgent", "at this point", "at this stage", "at this time", "one day",
		"to the next milestone", "to the next release", "to the next sprint", "to next sprint", "to the next version",
		"to the next phase", "to v2", "to v3", "to version 2", "for this release", "for this version",
		"for another day", "another day", "some other day", "for future me", "future me", "not now",
		"pas maintenant", "pas tout de suite", "ahora no", "agora não", "не сейчас", "nicht jetzt",
		"aujourd'hui", "aujourd’hui", "hoy", "hoje", "heute", "сегодня")
	// What the user thinks of the idea, not the idea.
	judgementWords = phrases("is a very interesting idea", "is an interesting idea", "is a good idea",
		"is a great idea", "is a nice idea", "is a cool idea", "is a very good idea", "is interesting",
		"would be nice", "would be handy", "would be cool", "would be great",
		"would be useful", "would be helpful", "would help", "could be nice", "might be nice", "is a must",
		"would be neat", "would be good")
	articleWords = phrases("the", "a", "an", "this", "that", "these", "those", "our", "my", "your", "some", "any",
		"el", "la", "los", "las", "un", "una", "le", "les", "des", "der", "die", "das", "o", "os", "as")
)

// replyWords answer Claude's offer before the prompt goes on ("not now,
// …").
var replyWords = phrases("not now", "not yet", "not today", "not this time", "later", "maybe later", "no",
	"nah", "nope", "no thanks", "ahora no", "todavía no", "pas maintenant", "pas encore", "не сейчас",
	"agora não", "ainda não")

// foreignActWords put a thing off after naming it, in languages that
// put the verb last or the object first: "кэширование отложим", "lo
// retomamos", "on y reviendra".
var foreignActWords = phrases("lo vemos", "lo retomamos", "lo hacemos", "lo dejamos", "lo vemos luego",
	"lo dejamos para", "dejamos para", "dejémoslo", "on y reviendra", "on verra", "on reviendra sur",
	"отложим", "отложить", "оставим", "пропустим", "потом сделаем", "a gente faz", "a gente vê",
	"fica para", "fica pra", "deixa pra", "deixa para")

// dropFor is the list of words that name the act rather than the thing.
func dropFor(k Kind) *phraseList {
	if k == SideIdea {
		return sideWords
	}
	return putOffWords
}

// phraseList is a list of phrases, split into words on first use: most
// prompts park nothing and never need one, and the hook runs once a
// process.
type phraseList struct {
	raw   []string
	once  sync.Once
	split [][]string
}

func phrases(ps ...string) *phraseList { return &phraseList{raw: ps} }

// words returns the phrases, each split into lower-case words.
func (l *phraseList) words() [][]string {
	if l == nil {
		return nil
	}
	l.once.Do(func() {
		l.split = make([][]string, len(l.raw))
		for i, p := range l.raw {
			l.split[i] = strings.Fields(p)
		}
	})
	return l.split
}

// reduce cuts a clause down to the thing it names: openings, act words
// (verbs), time words and a leading article go, and the rest is cut at a
// clause boundary, at maxIdeaWords words and at maxIdeaBytes bytes.
func reduce(clause string, act *phraseList) string {
	return clipIdea(reduceWords(clause, act))
}

// pairClose maps the quotes and brackets that open around a thing to the
// ones that close it.
var pairClose = lazy[map[rune]rune]{build: func() map[rune]rune {
	return map[rune]rune{'"': '"', '\'': '\'', '“': '”', '‘': '’', '(': ')', '[': ']', '{': '}', '<': '>'}
}}

// trimIdea trims the characters of cut off both ends of s, and quotes and
// brackets as a pair ("'retry budget'") or when their other half is not
// in s ("retry budget)"), never one half of a pair that s holds: "'quoted'
// thing" and "$(whoami)" stay whole.
//
// At most maxTrimPasses pairs or halves go, then only cut: each pass scans
// s, and a clause of thousands of brackets must not cost their square.
func trimIdea(s, cut string) string {
	for range maxTrimPasses {
		s = strings.Trim(s, cut)
		f, fn := utf8.DecodeRuneInString(s)
		l, ln := utf8.DecodeLastRuneInString(s)
		if s == "" {
			return s
		}
		if c, ok := pairClose.get()[f]; ok {
			if l == c && len(s) > fn && wraps(s[fn:len(s)-ln], f, c) {
				s = s[fn : len(s)-ln]
				continue
			}
			if !strings.ContainsRune(s[fn:], c) {
				s = s[fn:]
				continue
			}
		}
		if o, ok := openerOf(l); ok && !strings.ContainsRune(s[:len(s)-ln], o) {
			s = s[:len(s)-ln]
			continue
		}
		return s
	}
	return strings.Trim(s, cut)
}

// maxTrimPasses bounds trimIdea's passes: "((x))" takes two.
const maxTrimPasses = 8

// wraps reports whether o and c around inner are a pair: a quote that is
// not in inner, or a bracket that inner's brackets of its kind balance
// ("(a) and (b)" is two pairs, not one).
func wraps(inner string, o, c rune) bool {
	if o == c {
		return !strings.ContainsRune(inner, c)
	}
	depth := 0
	for _, r := range inner {
		switch r {
		case o:
			depth++
		case c:
			if depth--; depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// openerOf is the quote or bracket that closer r closes.
func openerOf(r rune) (rune, bool) {
	for o, c := range pairClose.get() {
		if c == r {
			return o, true
		}
	}
	return 0, false
}

// clipIdea cuts an idea to at most maxIdeaBytes bytes, at a character
// boundary, at a space when there is one in its second half.
func clipIdea(s string) string {
	if len(s) <= maxIdeaBytes {
		return s
	}
	cut := maxIdeaBytes
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	if i := strings.LastIndexByte(s[:cut], ' '); i > maxIdeaBytes/2 {
		cut = i
	}
	return strings.TrimRight(s[:cut], " ,;:-—–")
}

// reduceWords is reduce before the cut to maxIdeaBytes.
func reduceWords(clause string, act *phraseList) string {
	clause = oneLine(stripMD(clause))
	clause = strings.TrimSpace(clause[listMarker(clause):])
	clause = afterLabel(clause)
	clause = trimIdea(clause, " ,.;:!?-—–*")
	if clause == "" {
		return ""
	}
	if !isLatinText(clause) {
		return reduceUnspaced(clause)
	}
	ws := strings.Fields(clause)
	lw := make([]string, len(ws))
	for i, w := range ws {
		lw[i] = strings.Trim(strings.ToLower(w), ",.;:!?\"'()“”‘’*")
	}
	if t, ok := hangulTopic(lw); ok {
		// "벤치마크는 나중에 하고 …": the thing is the topic, before what
		// is said of it.
		return t
	}
	strip := func() { ws, lw = stripOpenings(ws, lw, act) }
	if act == putOffWords {
		// "put caching on our todo list" keeps "caching" (before its verb
		// is taken for an opening); "…, add it to the roadmap" files a
		// pointer, and the thing is elsewhere.
		if fw, fl, ok := filed(ws, lw); ok && !isPointerPhrase(strings.Join(fl, " ")) {
			ws, lw = fw, fl
		}
	}
	if n := prefixLen(lw, replyWords.words()); n > 0 && n < len(lw) && strings.HasSuffix(ws[n-1], ",") {
		// "not now, let's finish the import first": a reply to Claude's
		// offer, then what to do instead; the thing put off is the offer,
		// unless what follows puts off something else ("not this time,
		// leave the cleanup for another PR").
		if !holdsLoopCue(strings.Join(lw[n:], " ")) && prefixLen(lw[n:], putOffWords.words()) == 0 {
			return ""
		}
		ws, lw = ws[n:], lw[n:]
	}
	// Openings and act words go first ("ok, let's skip …"); then the
	// clause is cut at its inner boundaries, and the segment that holds
	// the loop's cue is kept ("sure, we can split the module later" keeps
	// "we can split the module later"; "skip the cache because it is slow" keeps "skip the
	// cache").
	strip()
	for len(lw) > 1 && dashWord.get()[lw[0]] {
		ws, lw = ws[1:], lw[1:] // "random thought — we could …"
		strip()
	}
	if len(lw) > 0 && boundaryWord.get()[lw[0]] {
		// "once the payments PR lands we should revisit the webhook
		// handler": the thing is in the main clause, after the condition.
		ws, lw = mainClause(ws, lw)
		if len(lw) == 0 {
			return "" // "come back to that after the release": the thing is elsewhere
		}
		strip()
	}
	if act == sideWords && complaint(strings.Fields(strings.ToLower(clause))) {
		return "" // "it would be nice if you ran the tests first": a complaint, not an idea
	}
	segs := cueSegments(ws, lw)
	pick := segs.pick(lw)
	out := thing(ws[segs[pick][0]:segs[pick][1]], lw[segs[pick][0]:segs[pick][1]], act)
	if pick > 0 && whenWords.has(lw[segs[pick][0]]) {
		out = "" // "… after the launch": a time, not the thing
	}
	if out == "" || isPointerPhrase(out) {
		// "leave the regex engine alone, we come back to it when …": the
		// pointer's thing is in a segment before, past those that only
		// point ("leave the flaky test quarantined, we'll look at it after
		// the release").
		for j := pick - 1; j >= 0; j-- {
			prev := segs[j]
			if o := thing(ws[prev[0]:prev[1]], lw[prev[0]:prev[1]], act); o != "" && !isPointerPhrase(o) && !noThing(o) {
				out = o
				break
			}
		}
	}
	return out
}

// thing reduces one segment of a clause to the thing it names: time and
// judgement words go, openings and act words again, then what trails, and
// the rest is cut to maxIdeaWords.
func thing(ws, lw []string, act *phraseList) string {
	ws, lw = dropTime(ws, lw)
	ws, lw = dropAll(ws, lw, judgementWords.words())
	ws, lw = dropAll(ws, lw, foreignActWords.words())
	ws, lw = stripOpenings(ws, lw, act)
	// An opening may have hidden a time word ("but eventually we need …").
	ws, lw = dropTime(ws, lw)
	ws, lw = stripOpenings(ws, lw, act)
	ws, lw = cutAtTime(ws, lw)
	trim := func() {
		for len(lw) > 1 && (trailWords.get()[lw[len(lw)-1]] || predicateTail.get()[lw[len(lw)-1]]) {
			ws, lw = ws[:len(ws)-1], lw[:len(lw)-1]
		}
	}
	trim()
	// "colored terminal output is something (for after the release)",
	// "l'import CSV, ce n'est pas pour (aujourd'hui)": the putting off
	// said after the thing goes, and an elided article before it.
	ws, lw = cutPutOffTail(ws, lw)
	trim()
	ws, lw = dropElided(ws, lw)
	if len(ws) > maxIdeaWords {
		// Cut before the last preposition that leaves four words or more
		// ("let users pin favourite projects to the top of the list" keeps
		// "let users pin favourite projects to the top"), else at
		// maxIdeaWords.
		cut := maxIdeaWords
		for i := maxIdeaWords; i >= 4; i-- {
			if cutBefore.get()[lw[i]] {
				cut = i
				break
			}
		}
		ws, lw = ws[:cut], lw[:cut]
		trim()
	}
	ws, lw = trimFragment(ws, lw)
	if len(lw) == 1 && trailWords.get()[lw[0]] {
		return "" // "but not in this PR" leaves "but"
	}
	out := trimIdea(strings.Join(ws, " "), " ,;:-—–.!?")
	if utf8.RuneCountInString(out) < 3 {
		return ""
	}
	return out
}

// stripOpenings takes openings, act words and articles off the front of a
// phrase, over and over, leaving at least one word.
func stripOpenings(ws, lw []string, act *phraseList) ([]string, []string) {
	for changed := true; changed && len(lw) > 0; {
		changed = false
		for _, list := range [][][]string{leadWords.words(), act.words(), articleWords.words()} {
			if n := prefixLen(lw, list); n > 0 && n < len(lw) {
				ws, lw = ws[n:], lw[n:]
				changed = true
			}
		}
	}
	return ws, lw
}

// cutAtTime cuts a phrase at a time word inside it, which ends the thing
// ("auto-retry later if needed", "the filter options later in detail"),
// or drops the word when nothing before it names a thing ("continue
// tomorrow with the other phases").
func cutAtTime(ws, lw []string) ([]string, []string) {
	for i := 1; i < len(lw)-1; i++ {
		if !midTime.has(lw[i]) {
			continue
		}
		if noThing(strings.Join(lw[:i], " ")) {
			// New slices: ws and lw may be windows on the clause's words.
			return slices.Concat(ws[:i], ws[i+1:]), slices.Concat(lw[:i], lw[i+1:])
		}
		return ws[:i], lw[:i]
	}
	return ws, lw
}

// whenWords open a segment that says when, not what.
var whenWords = words("after before until till once when while")

// midTime are the time words that never belong to a thing's name.
var midTime = words("later tomorrow eventually someday")

// dropTime removes the time words of a phrase: phrases of two words or
// more wherever they are ("until next sprint"), single words only at its
// end, or at its start when they cannot be part of a name ("later",
// "now"): "the today view" and "the next button" keep theirs.
func dropTime(ws, lw []string) ([]string, []string) {
	var multi, single [][]string
	for _, p := range timeWords.words() {
		if len(p) > 1 {
			multi = append(multi, p)
		} else {
			single = append(single, p)
		}
	}
	ws, lw = dropAll(ws, lw, multi)
	for len(lw) > 0 && timeEnd.get()[lw[0]] && prefixLen(lw, single) > 0 {
		ws, lw = ws[1:], lw[1:] // "later the docs"; not "the today view"
	}
	for len(lw) > 0 && prefixLen(lw[len(lw)-1:], single) > 0 {
		ws, lw = ws[:len(ws)-1], lw[:len(lw)-1]
	}
	return ws, lw
}

// hangulTopic is the topic or object of a Korean clause that is put off or
// floated: the word before the first cue that ends in a particle (는, 은,
// 를, 을), with the words that belong to it before it and without the
// particle ("로그인 버그를 고치고 벤치마크는 나중에 하자" → "벤치마크",
// "메모리 누수 건은 이슈로 …" → "메모리 누수"). ok is false when the clause
// has no such shape; a topic that only points ("그건") is ok and "".
// startingCues are the concepts of a phrase that starts at word i of lw
// and spans up to three words ("신경 쓰지 말자": don't worry about it).
func startingCues(lw []string, i int) []string {
	here := cueGroups(strings.Join(lw[i:min(len(lw), i+3)], " "))
	if len(here) == 0 || i+1 >= len(lw) {
		return here
	}
	later := cueGroups(strings.Join(lw[i+1:min(len(lw), i+3)], " "))
	var out []string
	for _, g := range here {
		if !slices.Contains(later, g) || slices.Contains(cueGroups(lw[i]), g) {
			out = append(out, g)
		}
	}
	return out
}

func hangulTopic(lw []string) (string, bool) {
	// The first cue of putting off or floating; "지금은" ("for now") opens
	// what is done now.
	cue := -1
	for i, w := range lw {
		for _, g := range startingCues(lw, i) {
			if g != "for-now" && loopCue.has(g) && cue < 0 {
				cue = i
			}
		}
		if cue < 0 && holdsAny(w, hangulLater) {
			cue = i
		}
		if cue >= 0 {
			break
		}
	}
	for end := cue - 1; end >= 0; end-- {
		w := lw[end]
		r, size := utf8.DecodeLastRuneInString(w)
		if !strings.ContainsRune("는은를을", r) || utf8.RuneCountInString(w) < 2 || prefixLen([]string{w}, timeWords.words()) > 0 {
			continue
		}
		start := end
		for start > 0 && !hangulClauseEnd(lw[start-1]) {
			start--
		}
		words := append(append([]string(nil), lw[start:end]...), w[:len(w)-size])
		if n := len(words); n > 1 && words[n-1] == "건" {
			words = words[:n-1] // "메모리 누수 건은": the matter of the leak
		}
		t := strings.Join(words, " ")
		if isPointerPhrase(t) || utf8.RuneCountInString(t) < 2 {
			return "", true
		}
		return t, true
	}
	return "", false
}

// hangulClauseEnd reports a word that ends what comes before a topic: a
// particle or a connective ("버그를", "고치고"), or a comma.
func hangulClauseEnd(w string) bool {
	if strings.HasSuffix(w, ",") {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(w)
	return strings.ContainsRune("는은를을이가고서", r)
}

// hangulLater are Korean words of putting off the cue lists lack.
var hangulLater = []string{"스프린트", "세션에서", "끝나고", "나서", "이슈로", "넘어가", "다시 보자"}

// afterLabel returns what follows a short label and a colon: "note it
// down: rate limiting on /login", "TODO for next session: wire up the
// email flow", "idea: a slack ping". A label is at most five words and
// holds a loop cue; text with no such label is returned as it is.
func afterLabel(clause string) string {
	i := strings.Index(clause, ": ")
	if i < 0 {
		return clause
	}
	label, rest := clause[:i], strings.TrimSpace(clause[i+2:])
	if len(strings.Fields(label)) > 8 || len(strings.Fields(rest)) < 2 || !holdsLoopCue(label) {
		return clause
	}
	return rest
}

// mainClause skips a leading condition ("once the PR lands", "after v2
// ships") to the clause it governs: after its first comma, else at the
// first word that opens a main clause ("we", "let's"). It returns nothing when there
// is none.
func mainClause(ws, lw []string) ([]string, []string) {
	for i := 1; i < len(lw); i++ {
		if strings.HasSuffix(ws[i-1], ",") {
			return ws[i:], lw[i:] // "when the CI we set up is green, revisit …"
		}
	}
	for i := 2; i < len(lw); i++ {
		if mainOpener.get()[lw[i]] {
			return ws[i:], lw[i:]
		}
	}
	return nil, nil
}

// mainOpener are words that open a main clause after a condition.
var mainOpener = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"we": true, "we'll": true, "we'd": true, "let's": true, "lets": true,
		"i": true, "i'll": true, "you": true, "please": true, "pls": true}
}}

// complaint reports lower-case words that wish "nice if" of the one spoken
// to ("it would be nice if you ran the tests") or of the code at hand
// working at all ("… if this compiled"), not for a feature ("… if it
// supported yaml configs").
func complaint(lw []string) bool {
	for i := 1; i+1 < len(lw); i++ {
		if lw[i] != "if" || !niceWord.get()[strings.Trim(lw[i-1], ",.")] {
			continue
		}
		switch strings.Trim(lw[i+1], ",.") {
		case "you", "u":
			return true
		case "this", "it", "that":
			if i+2 < len(lw) && workedVerb.get()[strings.Trim(lw[i+2], ",.")] {
				return true
			}
		}
	}
	return false
}

// workedVerb say that the code at hand works ("… if this compiled").
var workedVerb = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"compiled": true, "worked": true, "built": true, "ran": true,
		"passed": true, "loaded": true, "started": true, "ever": true, "actually": true, "just": true,
		// "… if this was faster": the code at hand, as it is.
		"was": true, "were": true, "is": true, "wasn't": true, "weren't": true, "isn't": true, "didn't": true, "did": true}
}}

// niceWord come before the "if" of a wish.
var niceWord = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"nice": true, "great": true, "cool": true, "good": true, "helpful": true}
}}

// cutBefore are the words an over-long idea is best cut before.
var cutBefore = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"to": true, "in": true, "on": true, "at": true, "for": true, "with": true,
		"from": true, "of": true, "by": true, "into": true, "and": true, "or": true, "so": true, "when": true,
		"because": true, "since": true, "if": true, "but": true}
}}

// segments are the [start, end) word ranges of a clause's parts.
type segments [][2]int

// cueSegments splits words at clause boundaries: a word such as
// "because", a comma before a new clause ("…, just finish the docs",
// "…, devops is redoing it anyway"), and "and" or "then" before an order
// ("… and carry on with the export").
func cueSegments(ws, lw []string) segments {
	start := 0
	var segs segments
	for i := 1; i <= len(ws); i++ {
		if i == len(ws) || boundaryWord.get()[lw[i]] ||
			strings.HasSuffix(ws[i-1], ",") && (commaBoundary.get()[lw[i]] || timeEnd.get()[lw[i-1]] || imperative.get()[lw[i]] || finiteAhead(lw[i:])) ||
			(lw[i] == "and" || lw[i] == "then") && i+1 < len(lw) && (imperative.get()[lw[i+1]] || startsPutOff(lw[i+1:])) && i > start ||
			lw[i] == "but" && i+1 < len(lw) && (imperative.get()[lw[i+1]] || lw[i+1] == "don't" || lw[i+1] == "dont" || commaBoundary.get()[lw[i+1]]) && i > start {
			segs = append(segs, [2]int{start, i})
			start = i
		}
	}
	return segs
}

// pick is the first segment that holds a cue of putting off, filing or
// floating, else the first that holds "for now" or the like, else the
// first: in "keep going on the parser for now, we can do the lexer later"
// the lexer is put off, the parser is what goes on.
func (segs segments) pick(lw []string) int {
	weak := -1
	for i, sg := range segs {
		for _, g := range cueGroups(strings.Join(maskIdioms(lw[sg[0]:sg[1]]), " ")) {
			switch {
			case g == "for-now" && weak < 0:
				weak = i
			case g != "for-now" && loopCue.has(g):
				return i
			}
		}
	}
	return max(weak, 0)
}

// startsPutOff reports words that open with an act of putting off
// ("come back to them"): after "and" they start a clause of their own.
func startsPutOff(lw []string) bool {
	n := prefixLen(lw, putOffWords.words())
	return n > 1 || n == 1 && revisitVerbs.has(lw[0])
}

var revisitVerbs = words("revisit defer postpone shelve park punt")

// finiteAhead reports words that open a clause of their own within their
// first three: a subject and its verb ("devops is redoing the cluster").
func finiteAhead(lw []string) bool {
	for i := 1; i < len(lw) && i <= 2; i++ {
		if finiteVerb.get()[lw[i]] {
			return true
		}
	}
	return false
}

// finiteVerb are the verbs that make a clause of the words before them.
var finiteVerb = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"is": true, "are": true, "was": true, "were": true, "has": true, "have": true,
		"does": true, "doesn't": true, "isn't": true, "aren't": true, "will": true, "won't": true, "can't": true}
}}

// imperative are verbs that start an order: after a comma, "and" or
// "then" they start a new one ("… on hold, fix the navbar first").
var imperative = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"fix": true, "add": true, "finish": true, "carry": true, "continue": true,
		"keep": true, "move": true, "focus": true, "ship": true, "commit": true, "push": true, "run": true,
		"go": true, "get": true, "start": true, "write": true, "update": true, "make": true, "merge": true,
		"deploy": true, "test": true, "check": true, "look": true, "work": true, "implement": true, "build": true,
		"remove": true, "rename": true, "refactor": true, "handle": true, "use": true, "try": true,
		"open": true, "file": true, "create": true, "log": true}
}}

// filed finds a thing written down for later and returns its words: "put
// caching on our todo list", "add the flickering tooltip to the backlog" (a verb
// of putting, the thing, then on/to/in a list), or "make a ticket to add a
// logger" (a verb of making, a ticket or issue, then for/to/about: the
// rest). ok is false when the words hold neither shape.
func filed(ws, lw []string) ([]string, []string, bool) {
	for j, w := range lw {
		if !filedPlace.get()[w] || j+1 < len(lw) && !filedPlaceEnd(ws[j], lw[j+1]) {
			continue // "the README todo section" is no list
		}
		// on/to/in, then at most two words ("our todo", "the product"),
		// then the list.
		p := -1
		for k := j - 1; k >= 0 && k >= j-3; k-- {
			if filePrep.get()[lw[k]] {
				p = k
				break
			}
		}
		if p < 1 {
			continue
		}
		for v := p - 1; v >= 0 && v >= p-1-maxIdeaWords; v-- {
			if fileVerb.get()[lw[v]] {
				if v+1 < p {
					return ws[v+1 : p], lw[v+1 : p], true
				}
				break
			}
		}
	}
	for i := 0; i+2 < len(lw); i++ {
		if !ticketVerb.get()[lw[i]] {
			continue
		}
		k := i + 1
		for k < len(lw) && k <= i+3 && !ticketNoun.get()[lw[k]] {
			k++ // "a", "an", "new", "github" …
		}
		if k+2 < len(lw) && ticketNoun.get()[lw[k]] && ticketLink.get()[lw[k+1]] {
			return ws[k+2:], lw[k+2:], true
		}
	}
	return nil, nil, false
}

// filedPlaceEnd reports a list word that ends its phrase: nothing follows,
// or a comma, or a word such as "with" or "list" ("our todo list with
// less priority").
func filedPlaceEnd(w, next string) bool {
	return strings.HasSuffix(w, ",") || strings.HasSuffix(w, ".") || filedAfter.get()[next]
}

// filedAfter may follow a list's name.
var filedAfter = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"list": true, "lists": true, "board": true, "with": true, "for": true,
		"and": true, "then": true, "so": true, "please": true, "pls": true, "because": true, "as": true,
		"too": true, "now": true, "later": true, "instead": true, "but": true, "file": true, "doc": true}
}}

// The words of filed's shapes.
var (
	filedPlace = lazy[map[string]bool]{build: func() map[string]bool {
		return map[string]bool{"backlog": true, "todo": true, "to-do": true, "todos": true, "roadmap": true,
			"wishlist": true, "list": true, "issues": true, "tickets": true, "board": true}
	}}
	filePrep = lazy[map[string]bool]{build: func() map[string]bool {
		return map[string]bool{"on": true, "to": true, "in": true, "into": true, "onto": true}
	}}
	fileVerb = lazy[map[string]bool]{build: func() map[string]bool {
		return map[string]bool{"put": true, "add": true, "move": true, "note": true, "keep": true, "park": true,
			"throw": true, "stick": true, "log": true, "track": true, "save": true, "push": true, "jot": true,
			"write": true, "place": true, "file": true, "leave": true}
	}}
	ticketVerb = lazy[map[string]bool]{build: func() map[string]bool {
		return map[string]bool{"make": true, "create": true, "open": true, "file": true, "write": true,
			"add": true, "raise": true, "log": true}
	}}
	ticketNoun = lazy[map[string]bool]{build: func() map[string]bool {
		return map[string]bool{"ticket": true, "issue": true, "todo": true, "to-do": true, "task": true,
			"card": true}
	}}
	ticketLink = lazy[map[string]bool]{build: func() map[string]bool {
		return map[string]bool{"for": true, "to": true, "about": true, "tracking": true}
	}}
)

// boundaryWord starts a new clause ("skip the cache because it is slow").
var boundaryWord = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"because": true, "since": true, "until": true, "till": true, "once": true,
		"after": true, "before": true, "if": true,
		"when": true, "while": true, "unless": true, "although": true, "though": true, "so": true, "—": true,
		"–": true, "-": true, "--": true, "i.e.": true, "e.g.": true, "cause": true}
}}

// timeEnd are time words that end a clause when a comma follows ("come
// back to the cache later, auth first").
var timeEnd = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"later": true, "now": true, "first": true, "yet": true, "tomorrow": true,
		"eventually": true, "someday": true, "again": true, "moment": true, "depois": true, "luego": true,
		"después": true, "despues": true, "потом": true, "позже": true}
}}

// dashWord are the boundaries that are punctuation, not words.
var dashWord = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"—": true, "–": true, "-": true, "--": true, ":": true}
}}

// commaBoundary starts a new clause after a comma.
var commaBoundary = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"but": true, "and": true, "we": true, "i": true, "let's": true,
		"lets": true, "then": true, "just": true, "which": true, "it": true, "that": true, "or": true,
		"not": true, "no": true, "nobody": true, "its": true, "it's": true, "thats": true, "that's": true,
		"i'll": true, "ill": true, "i'm": true, "im": true, "i'd": true, "i've": true, "we'll": true,
		"we're": true, "we'd": true, "we've": true, "you": true, "you'll": true}
}}

// trailWords end a phrase badly.
var trailWords = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"the": true, "a": true, "an": true, "and": true, "or": true, "to": true,
		"of": true, "with": true, "for": true, "in": true, "on": true, "at": true, "by": true, "from": true,
		"that": true, "which": true, "is": true, "are": true, "so": true, "but": true, "then": true, "we": true,
		"our": true, "it": true, "please": true, "too": true, "now": true, "can": true, "will": true,
		"this": true, "myself": true, "ourselves": true, "yourself": true}
}}

// predicateTail is what is left of a clause's predicate once its time
// word is gone: "the export can come later" and "the reconnect logic can
// be done later" name "export" and "reconnect logic".
var predicateTail = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"could": true, "would": true, "should": true,
		"may": true, "might": true, "must": true, "shall": true, "be": true, "been": true, "come": true,
		"comes": true, "wait": true, "waits": true, "done": true, "added": true, "handled": true, "addressed": true,
		"fixed": true, "implemented": true, "considered": true, "revisited": true, "discussed": true,
		"tackled": true, "looked": true, "dealt": true, "alone": true, "anyway": true, "though": true}
}}

// prefixLen is the length, in words, of the longest phrase of list that
// starts lw.
func prefixLen(lw []string, list [][]string) int {
	best := 0
	for _, p := range list {
		if len(p) > best && len(p) <= len(lw) && equalWords(lw[:len(p)], p) {
			best = len(p)
		}
	}
	return best
}

// dropAll removes every occurrence of the phrases of list.
func dropAll(ws, lw []string, list [][]string) ([]string, []string) {
	var ow, ol []string
	for i := 0; i < len(lw); {
		if n := prefixLen(lw[i:], list); n > 0 {
			i += n
			continue
		}
		ow, ol = append(ow, ws[i]), append(ol, lw[i])
		i++
	}
	return ow, ol
}

func equalWords(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// pointerWords only point at a thing named elsewhere.
var pointerWords = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"it": true, "that": true, "this": true, "these": true, "those": true,
		"that's": true, "thats": true, "it's": true, "this's": true,
		"them": true, "one": true, "rest": true, "others": true, "everything": true, "else": true,
		"stuff": true, "things": true, "part": true, "all": true, "of": true, "other": true, "thing": true,
		"everything else": true, "idea": true, "later": true, "one too": true,
		// nouns that point when nothing names them ("this task", "that issue")
		"task": true, "tasks": true, "issue": true, "issues": true, "problem": true, "problems": true,
		"item": true, "items": true, "point": true, "points": true, "topic": true, "bit": true, "step": true,
		"steps": true, "change": true, "changes": true, "question": true, "questions": true, "suggestion": true,
		"suggestions": true, "feature": true, "now": true, "as": true, "well": true, "too": true, "also": true,
		// the same pointers in the corpus's other spaced languages
		"eso": true, "esto": true, "lo": true, "todo": true, "ça": true, "cela": true, "ceci": true,
		"tout": true, "это": true, "всё": true, "все": true, "isso": true, "isto": true, "tudo": true,
		"그거": true, "이거": true, "그것": true, "이것": true, "그건": true, "이건": true}
}}

// genericVerbs name no thing by themselves ("do that", "handle it").
var genericVerbs = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"do": true, "handle": true, "fix": true, "tackle": true, "look": true,
		"at": true, "into": true, "add": true, "implement": true, "deal": true, "with": true, "change": true,
		"address": true, "revisit": true, "discuss": true, "fixing": true, "doing": true, "handling": true,
		"changing": true, "adding": true, "implementing": true, "addressing": true, "looking": true,
		"work": true, "working": true, "on": true,
		"hacer": true, "hacemos": true, "haremos": true, "ver": true, "vemos": true, "veremos": true,
		"faire": true, "voir": true, "fazer": true, "fazemos": true, "делать": true, "сделаем": true,
		"update": true, "faz": true, "gente": true, "move": true, "put": true, "polish": true, "finish": true,
		"tidy": true, "clean": true, "optimize": true, "refine": true, "improve": true,
		// verbs of noting a thing down: "write that down", "note it", "jot this down"
		"write": true, "down": true, "note": true, "jot": true, "save": true, "keep": true, "remember": true,
		"track": true, "log": true, "record": true, "park": true, "mind": true, "in": true,
		"anota": true, "apunta": true, "notiere": true, "aufschreiben": true, "merken": true, "notez": true,
		"anote": true, "запиши": true, "запомни": true}
}}

// isPointerPhrase reports an idea made only of pointers and generic verbs
// ("that", "all of it", "do that", "fixing", "task"), in any language.
func isPointerPhrase(s string) bool {
	if !isLatinText(s) {
		return isUnspacedPointer(s)
	}
	for _, w := range strings.Fields(strings.ToLower(s)) {
		w = strings.Trim(w, ",.;:!?")
		if !pointerWords.get()[w] && !genericVerbs.get()[w] {
			return false
		}
	}
	return true
}

// Openings of an offer: what follows is the thing offered.
var offerLeads = phrases("do you want me to", "would you like me to", "want me to", "should i", "shall i",
	"do you want to", "would you like to", "should we", "shall we", "can i", "may i", "i can also", "i could also",
	"we could also", "we can also", "i can", "i could", "we could", "we can", "one option is to")

// offeredBy is what Claude offered at the end of its message: the offer
// in its question, else, when the question only points ("Want me to do
// that?"), the proposal in the sentence before it ("I could also cache the
// JWKS keys in memory").
//
// When the question offers only a pointer ("Want me to fix that?") and the
// sentence before offers nothing either, that sentence is what the pointer
// points at: "The CSV parser also ignores quoted newlines; want me to fix
// that?" parks "CSV parser also ignores quoted newlines".
func offeredBy(p pending) string {
	if o := offered(p.question); o != "" {
		return o
	}
	// The sentences before the offer, nearest last: up to three before
	// the question, then the question's own text before a ";" or a dash
	// ("The CSV parser ignores quoted newlines; want me to fix that?").
	var before []string
	if cs := clauses(p.before); len(cs) > 0 {
		before = cs[max(0, len(cs)-3):]
	}
	if i := strings.LastIndexAny(p.question, ";—"); i > 0 {
		before = append(before, p.question[:i])
	}
	// An offer among them ("I could also cache the JWKS keys. It would
	// save a call. Want me to do that?"), nearest first.
	for i := len(before) - 1; i >= 0; i-- {
		if o := offered(before[i] + "?"); o != "" {
			return reduce(o, nil)
		}
	}
	// Else, when the question offers to act on a pointer, the sentence
	// just before it is what the pointer names.
	if len(before) == 0 || !isOffer(lower(p.question)) {
		return ""
	}
	if o := reduce(before[len(before)-1], reportWords); o != "" && !isPointerPhrase(o) {
		return o
	}
	return ""
}

// reportWords open a sentence of Claude's report before its offer ("I
// noticed the README still says Node 14").
var reportWords = phrases("i noticed", "i also noticed", "i found", "i also found", "i see", "i saw",
	"it looks like", "looks like", "note", "also", "one more thing", "heads up")

// offered is the thing Claude's question offered ("Want me to add retries
// to the upload client?" -> "add retries to the upload client"), or "".
func offered(question string) string {
	q := strings.TrimRight(strings.TrimSpace(stripMD(question)), "?？ ")
	if q == "" || !isLatinText(q) {
		return ""
	}
	ws := strings.Fields(q)
	lw := make([]string, len(ws))
	for i, w := range ws {
		lw[i] = strings.Trim(strings.ToLower(w), ",.;:!\"'()")
	}
	for i := range lw {
		if n := prefixLen(lw[i:], offerLeads.words()); n > 0 && i+n < len(lw) {
			ws, lw = ws[i+n:], lw[i+n:]
			for j := range lw {
				if lw[j] == "or" || lw[j] == "now" && j == len(lw)-1 {
					ws = ws[:j]
					break
				}
			}
			if len(ws) > maxIdeaWords {
				ws = ws[:maxIdeaWords]
			}
			out := strings.Trim(strings.Join(ws, " "), " ,;:")
			if isPointerPhrase(out) {
				return ""
			}
			return clipIdea(out)
		}
	}
	return ""
}

// isLatinText reports text written mostly in a script with spaces between
// words (Latin, Cyrillic, Hangul …), as opposed to Han or kana.
func isLatinText(s string) bool {
	n, cjk := 0, 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
			if isHanKana(r) {
				cjk++
			}
		}
	}
	return n > 0 && cjk*3 < n
}

// listMarker is the length in bytes of the list marker s starts with, or
// 0: "2. ", "3) ", "(b) ", "1、", "- ", "• ", "①". A number may run into
// the text ("2.或者…"); a letter needs a space after it, so "e.g." and
// "a.b" are not markers, and a number followed by a digit ("2.5") is not
// one either.
func listMarker(s string) int {
	for _, b := range []string{"- ", "* ", "+ ", "• ", "· "} {
		if strings.HasPrefix(s, b) {
			return len(b)
		}
	}
	if r, n := utf8.DecodeRuneInString(s); r >= '①' && r <= '⑳' {
		return n
	}
	i := 0
	if strings.HasPrefix(s, "(") || strings.HasPrefix(s, "（") {
		_, i = utf8.DecodeRuneInString(s)
	}
	j := i
	for j < len(s) && j-i < 2 && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	letter := false
	if j == i && j < len(s) && (s[j] >= 'a' && s[j] <= 'h' || s[j] >= 'A' && s[j] <= 'H') {
		j, letter = j+1, true
	}
	if j == i || j >= len(s) {
		return 0
	}
	r, n := utf8.DecodeRuneInString(s[j:])
	if !strings.ContainsRune(".)、．）:", r) {
		return 0
	}
	end := j + n
	if end == len(s) {
		return 0 // "2." alone is the whole clause, not a marker
	}
	next, _ := utf8.DecodeRuneInString(s[end:])
	if next >= '0' && next <= '9' || letter && next != ' ' || r == ':' && next != ' ' {
		return 0
	}
	return end
}

// cutRunes cuts s to at most n characters, at a space or punctuation when
// one is near the end.
func cutRunes(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	cut := n
	for i := n; i > n/2; i-- {
		if unicode.IsSpace(rs[i]) || unicode.IsPunct(rs[i]) {
			cut = i
			break
		}
	}
	return strings.TrimSpace(string(rs[:cut]))
}

// unspacedStops are cut out of ideas in scripts written without spaces:
// the cue words themselves and verbs that name the act.
var unspacedStops = []string{"以后再说", "后续再说", "之后再说", "回头再说", "再说", "以后", "后续", "之后", "稍后",
	"下次", "回头", "暂时", "先不要", "先不用", "先不管", "先别管", "先不", "先别", "暂不", "不用", "不要", "别管", "考虑", "处理", "实现", "不管", "再弄", "不做", "再做", "先做",
	"一旦", "あとで", "後で", "今は", "とりあえず", "しない", "나중에", "다음에", "일단", "우선",
	"顺便说一句", "顺便", "另外", "有个想法", "要是能", "如果能", "就好了", "いつか", "あったらいいな", "あったらいい",
	"以後再說", "後續再說", "之後再說", "回頭再說", "再說", "以後", "後續", "之後", "稍後", "回頭", "暫時", "處理", "實現",
	"擱置", "推遲", "延後", "暫緩", "记一个", "记个", "記一個", "記個", "待办", "待辦", "todo"}

// reduceUnspaced is reduce for Chinese and Japanese. The clause is split at
// commas; of the parts that hold a loop cue (else the first part), the
// first that names a thing (not a pointer, not only cue words) is kept:
// "顺便说一句，以后要是能支持暗黑模式就好了" keeps the dark mode, not "by the
// way". The other parts are what to do instead, never the thing.
func reduceUnspaced(clause string) string {
	parts := strings.FieldsFunc(clause, func(r rune) bool { return strings.ContainsRune("，,、：:", r) })
	var order []string
	for _, p := range parts {
		if holdsLoopCue(p) {
			order = append(order, p)
		}
	}
	if len(order) == 0 && len(parts) > 0 {
		order = parts[:1]
	}
	for _, p := range order {
		if t := unspacedThing(p); t != "" {
			return cutRunes(t, 4*maxIdeaWords)
		}
	}
	return ""
}

// unspacedThing is the thing one part of a Chinese or Japanese clause
// names, or "". The thing comes before what is said of it: before a topic
// particle ("キャッシュの件は次のスプリントで" names "キャッシュ") or before the
// first word of putting off ("国际化的事下个迭代再说" names "国际化"); when
// nothing comes before, those words are cut out ("先不管压测了" names "压测").
func unspacedThing(p string) string {
	for _, particle := range []string{"は", "を"} {
		if i := strings.Index(p, particle); i > 0 && utf8.RuneCountInString(p[:i]) >= 2 && (holdsLoopCue(p[i:]) || holdsAny(p[i:], unspacedCuts)) {
			p = p[:i]
			break
		}
	}
	first := -1
	for _, w := range unspacedCuts {
		if i := strings.Index(p, w); i >= 0 && (first < 0 || i < first) {
			first = i
		}
	}
	if first > 0 {
		if t := cleanUnspaced(p[:first]); t != "" {
			return t
		}
	}
	return cleanUnspaced(p)
}

// cleanUnspaced cuts the words of putting off and the openings and
// particles out of a Chinese or Japanese thing; "" when nothing that
// names a thing is left.
func cleanUnspaced(p string) string {
	for _, w := range unspacedStops {
		p = strings.ReplaceAll(p, w, "")
	}
	p = strings.TrimFunc(p, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) })
	p = trimAffixes(p, unspacedLeads, unspacedTrails)
	if utf8.RuneCountInString(p) < 2 || isUnspacedPointer(p) {
		return ""
	}
	return p
}

// unspacedCuts are the words of putting off, filing and floating that a
// Chinese or Japanese thing comes before.
var unspacedCuts = append(append([]string(nil), unspacedStops...), "下个迭代", "下一个迭代", "下个版本", "下周",
	"明天", "这块", "的事", "开个", "新会话", "新对话", "再看", "再补", "再回来", "建个", "加到", "记下", "搁置", "发版", "後回し",
	"次の", "次回", "リリース後", "新しいセッション", "スプリント", "後に回", "立てて", "立てといて", "メモ", "那就")

// Openings and sentence-final particles of Chinese and Japanese clauses,
// which are not part of the thing ("那就先不管退款页面吧" names "退款页面").
var (
	unspacedLeads  = []string{"那就", "那么", "就先", "我们", "咱们", "就", "那", "先", "把", "再", "还是", "好的", "好吧", "可以", "嗯", "给", "这个", "那个", "或者", "在", "でも", "じゃあ", "この", "その", "ところで"}
	unspacedTrails = []string{"吧", "不", "先", "再", "了", "呢", "啊", "呀", "哈", "的事情", "的事", "这件事", "这块", "的件", "の件", "せず", "しない", "しなくていい", "はいい", "よ", "ね"}
)

// trimAffixes cuts the openings leads and the endings trails off s, over
// and over, as long as something is left.
func trimAffixes(s string, leads, trails []string) string {
	for changed := true; changed; {
		changed = false
		for _, l := range leads {
			if rest, ok := strings.CutPrefix(s, l); ok && rest != "" {
				s, changed = rest, true
			}
		}
		for _, t := range trails {
			if rest, ok := strings.CutSuffix(s, t); ok && rest != "" {
				s, changed = rest, true
			}
		}
	}
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) })
}

// unspacedPointers only point, in Chinese and Japanese: "这个", "其他的",
// "该问题", "それ".
var unspacedPointers = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"这个": true, "那个": true, "这些": true, "那些": true, "它": true,
		"其他": true, "其他的": true, "其它": true, "其它的": true, "别的": true, "这部分": true, "那部分": true,
		"该问题": true, "这个问题": true, "那个问题": true, "这些问题": true, "这问题": true, "此事": true, "这事": true,
		"这块": true, "那块": true, "这一块": true, "这一步": true, "这里": true, "这步": true, "这点": true,
		"这一点": true, "剩下的": true, "其余的": true, "其余": true, "这個": true, "那個": true, "這個": true,
		"這些": true, "其他問題": true, "それ": true, "これ": true, "あれ": true, "この件": true, "その件": true,
		"残り": true, "他の": true,
		// verbs that name no thing on their own ("先别开始" is "don't start yet")
		"开始": true, "执行": true, "开干": true, "动手": true, "搞": true, "改": true, "测": true, "测试": true,
		"写": true, "修": true, "修改": true, "开发": true, "处理": true, "做": true, "弄": true, "始める": true,
		"やる": true, "実行": true, "対応": true, "対応する": true, "する": true}
}}

// isUnspacedPointer reports a Chinese or Japanese idea that only points.
func isUnspacedPointer(s string) bool {
	return unspacedPointers.get()[strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) })]
}
