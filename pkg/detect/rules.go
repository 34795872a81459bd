package detect

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The rule tier: explicit deferrals park by rule, before the model is
// asked. A clause parks when its concepts (cues.go) say plainly that a
// thing is put off, in any corpus language:
//
//   - hold, park or postpone it (put-off: "punt on i18n", "搁置缓存",
//     "отложим кэш");
//   - it can wait, or is out of scope (can-wait, out-of-scope);
//   - skip it, or come back to it, with a time (skip or revisit, with
//     for-now, later or next-phase: "skip the benchmarks for now",
//     "先不考虑国际化", "on reviendra sur l'export plus tard");
//   - we do it later ("we'll handle retries in phase 2": later or
//     next-phase, with a first person who does it);
//   - file it (file-it with a verb that files: "put caching on our todo
//     list");
//   - remind me to do it ("remind me to rotate the keys");
//   - in Korean and Japanese, a topic put later ("벤치마크는 나중에",
//     "キャッシュは後で").
//
// and the clause names a thing (idea.go), or points at what Claude just
// offered. A parked idea is always a nameable thing, so nothing parks from
// text the user quotes or pastes rather than says (a translation request,
// an email, meeting notes, a design doc's "Non-goals", a commit message
// to write), from Claude's own words pasted back, from a complaint ("why
// did you skip the tests?"), from a time word with nothing put off ("we'll
// see later"), or from a word of putting off inside a phrase that puts
// nothing off ("drag and drop", "wait and see", "dejar para el final").

// ruleExplicit starts Finding.Rule for a deferral the rule tier parked;
// the shape that fired follows a colon ("explicit-deferral:skip+when").
const ruleExplicit = "explicit-deferral"

// explicitDeferral is the rule tier: the deferral a prompt states
// plainly, if any.
func explicitDeferral(x exchange, in Input) (Finding, bool) {
	if quotedOrPasted(x.typed) || quotedOrPasted(in.Prompt) {
		return Finding{}, false
	}
	said := unquote(x.typed)
	cs := clauses(said)
	if f, ok := notNowToOffer(x, cs); ok {
		return f, true
	}
	claude := claudeSaid{msg: in.Assistant}
	var refused Finding
	for i, c := range cs {
		why := plainDeferral(c)
		if why == "" || complains(c) || asksChoice(said, c) || offersAlternative(c) ||
			len(x.typed) >= longPrompt && !sureInLong.has(why) && !timedAct(c, why) || claude.echoes(c) {
			continue
		}
		idea, from := reduce(c, putOffWords), x.typed // from: the text the idea was cut from
		if why == "remind" {
			idea = reduce(remindObject(c), putOffWords)
		}
		if nameless(idea) {
			if o := offeredBy(x.pending); !nameless(o) || isPointerPhrase(idea) || idea == "" {
				idea, from = o, ""
			}
		}
		if nameless(idea) && i > 0 {
			if b := saidBefore(said, cs[i-1]); !nameless(b) || isPointerPhrase(idea) || idea == "" {
				idea, from = b, x.typed
			}
		}
		if nameless(idea) {
			if p := proposed(in.Assistant); !nameless(p) || isPointerPhrase(idea) || idea == "" {
				idea, from = p, ""
			}
		}
		if !namesThing(idea) || isPointerPhrase(idea) || noThing(idea) {
			continue
		}
		f := ruleFinding(Deferred, idea, ruleExplicit+":"+why, in, cs, i)
		if class := refuseName(idea, from); class != "" {
			if refused.Kind == "" {
				refused = notAName(f, class, c, in)
			}
			continue // a later clause may name its thing
		}
		return f, true
	}
	return refused, refused.Kind != ""
}

// prevClause is the clause before clause i of cs, or "".
func prevClause(cs []string, i int) string {
	if i <= 0 || i > len(cs) {
		return ""
	}
	return cs[i-1]
}

// notAName is the candidate f is when its idea is no name, of class c
// (names.go): never parked. A pointer or a bare verb names nothing, so,
// as for pointerDeferral, the candidate is named after what Claude's last
// message was about, else the clause, and the nudge asks Claude to name
// it; a fragment, the request or quoted text keeps its words.
func notAName(f Finding, c nameClass, clause string, in Input) Finding {
	f.NotAName, f.Rule = string(c), ruleNotAName+":"+string(c)
	if c == notNamePointer || c == notNameVerb {
		f.Pointer, f.Subject = true, lastSubject(in.Assistant)
		f.Idea = f.Subject
		if f.Idea == "" {
			f.Idea = clip(strings.TrimSpace(oneLine(clause)), 120)
		}
	}
	return f
}

// pointerDeferral is a deferral that only points ("write that down, we'll
// see", "add it to the backlog") at a thing nothing names: not the clause,
// not an offer of Claude's, not the sentence before. It never parks; it is
// a candidate (Finding.Pointer) whose idea is the subject of Claude's last
// message (its last heading, else its last sentence), so that the thing is
// not lost and, with assist, Claude can name it.
func pointerDeferral(x exchange, in Input) (Finding, bool) {
	if quotedOrPasted(x.typed) || quotedOrPasted(in.Prompt) {
		return Finding{}, false
	}
	said := unquote(x.typed)
	cs := clauses(said)
	for i, c := range cs {
		why := plainDeferral(c)
		if why == "" || complains(c) || asksChoice(said, c) || offersAlternative(c) || len(x.typed) >= longPrompt {
			continue
		}
		if idea := reduce(c, putOffWords); idea != "" && !isPointerPhrase(idea) {
			continue // it names a thing, or something explicitDeferral refused
		}
		subject := lastSubject(in.Assistant)
		idea := subject
		if idea == "" {
			idea = strings.TrimSpace(oneLine(c))
		}
		f := ruleFinding(Deferred, clip(idea, 120), ruleExplicit+":pointer", in, cs, i)
		f.Pointer, f.Subject, f.Score = true, subject, 0
		return f, true
	}
	return Finding{}, false
}

// lastSubject is what Claude's message was about, in a few words: its last
// Markdown heading, else its last sentence, at most eight words; "" for no
// message.
func lastSubject(msg string) string {
	lines := proseLines(msg)
	pick := ""
	for _, l := range strings.Split(msg, "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "#") {
			pick = strings.TrimSpace(strings.TrimLeft(t, "#"))
		}
	}
	if pick == "" && len(lines) > 0 {
		// The last sentence, past a lead-in ("One more thing I noticed:").
		last := strings.TrimSpace(stripMD(lines[len(lines)-1]))
		for _, sep := range []string{". ", "! ", "? "} {
			if i := strings.LastIndex(strings.TrimRight(last, ".!? "), sep); i >= 0 {
				last = last[i+len(sep):]
			}
		}
		if i := strings.LastIndex(last, ": "); i >= 0 && len(strings.Fields(last[i+2:])) >= 3 {
			last = last[i+2:]
		}
		pick = last
	}
	w := strings.Fields(pick)
	if len(w) > 8 {
		w = w[:8]
	}
	return strings.TrimRight(strings.Join(w, " "), ".!?:;,")
}

// saidBefore is the thing the user's clause before a pointer names, when
// Claude offered none: "we need a glossary for the domain terms. put that
// on the todo list" parks "glossary for the domain terms". A clause that
// asks, or holds a cue of its own, or names less than two words, names
// nothing to point at. text is the prompt the clause is from.
func saidBefore(text, c string) string {
	if asks(text, c) || holdsLoopCue(c) {
		return ""
	}
	idea := reduce(c, putOffWords)
	if len(strings.Fields(idea)) < 2 || noThing(idea) {
		return ""
	}
	return idea
}

// asks reports a clause of text that asks: clauses cuts off the question
// mark that ends it, so it is looked for in text, after the clause.
func asks(text, c string) bool {
	if strings.HasSuffix(c, "?") || strings.HasSuffix(c, "？") {
		return true
	}
	i := strings.Index(text, c)
	if i < 0 {
		return false
	}
	rest := strings.TrimLeft(text[i+len(c):], " ")
	return strings.HasPrefix(rest, "?") || strings.HasPrefix(rest, "？")
}

// ruleFinding is what a rule parks: idea, of kind k, said in clause i of
// cs. Its context is the task under way, else the request it was raised
// in (contextOf).
func ruleFinding(k Kind, idea, rule string, in Input, cs []string, i int) Finding {
	ctx := strings.TrimSpace(oneLine(in.Task))
	if ctx == "" {
		ctx = reduce(contextOf(cs, i, idea), nil)
	}
	return Finding{Kind: k, Idea: idea, Context: clip(ctx, 200), Rule: rule, Score: 1,
		Why: "the user said " + quote(clip(cs[i], 200))}
}

// laterReplies answer an offer by putting it off ("not now, …").
var laterReplies = phrases("not now", "not yet", "not today", "not this time", "maybe later", "later",
	"ahora no", "todavía no", "pas maintenant", "pas encore", "не сейчас", "agora não", "ainda não",
	"지금은 말고")

// notNowToOffer is the offer Claude made, put off by the prompt's first
// words: "not now, let's finish the export first" after "Want me to add
// retries to the upload client?".
func notNowToOffer(x exchange, cs []string) (Finding, bool) {
	if len(cs) == 0 || x.pending.question == "" || x.pending.auq || !isOffer(lower(x.pending.question)) && !proposesStep(x.pending.question) {
		return Finding{}, false
	}
	lw := strings.Fields(strings.Trim(lower(cs[0]), " ,.!"))
	for i := range lw {
		lw[i] = strings.Trim(lw[i], ",.!")
	}
	n := prefixLen(lw, laterReplies.words())
	if after := strings.TrimSpace(strings.TrimPrefix(lower(cs[0]), strings.Join(lw[:n], " "))); n > 0 && after != "" && !strings.HasPrefix(after, ",") {
		return Finding{}, false // "not yet on git bash": a report, not a reply to the offer
	}
	if n == 0 || n < len(lw) && holdsLoopCue(strings.Join(lw[n:], " ")) && prefixLen(lw[n:], putOffWords.words()) > 0 {
		return Finding{}, false // "not now, skip the cache": the other rules name it
	}
	idea := offeredBy(x.pending)
	if !namesThing(idea) || isPointerPhrase(idea) {
		return Finding{}, false
	}
	return Finding{Kind: Deferred, Idea: idea, Context: clip(reduce(contextOf(cs, 0, idea), nil), 200),
		Rule: ruleExplicit + ":not-now-to-offer", Score: 1,
		Why: "Claude offered " + quote(clip(x.pending.question, 200)) + " and the user said " + quote(clip(cs[0], 120))}, true
}

// proposesStep reports a question that proposes the next step to the
// user: "Should we start on the event bus now?", "Shall we wire up the
// retries next?". Put off by "not yet", the step is the thing. A choice
// ("Should we use postgres or sqlite?") is not put off by "not yet".
func proposesStep(q string) bool {
	lq := lower(stripMD(q))
	return (strings.HasPrefix(lq, "should we ") || strings.HasPrefix(lq, "shall we ")) && !strings.Contains(lq, " or ")
}

// statesDeferral reports a prompt with a clause the rule tier reads as a
// plain deferral, whether or not it names a thing: explain says so when
// nothing is parked ("don't bother fixing that yet"). Claude's own words
// pasted back, a complaint or a way among others state none.
func statesDeferral(x exchange, assistant string) bool {
	if quotedOrPasted(x.typed) {
		return false
	}
	for _, c := range clauses(unquote(x.typed)) {
		if plainDeferral(c) != "" && !complains(c) && !offersAlternative(c) && !echoes(c, assistant) {
			return true
		}
	}
	return false
}

// asksChoice reports a clause of text that asks which to do ("should we
// delete it or set it aside?"): nothing is decided yet.
func asksChoice(text, c string) bool {
	return asks(text, c) && (strings.Contains(lower(c), " or ") || strings.Contains(c, "还是"))
}

// offersAlternative reports a clause that opens on "or" ("或者反过来——先不管…",
// "or we skip the cache for now"): one way among others, not yet chosen.
func offersAlternative(c string) bool {
	t := strings.TrimLeft(lower(c), " -*>•")
	for _, p := range []string{"or ", "alternatively", "或者", "要不", "o bien", "ou alors", "или ", "ou então"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// echoes reports a clause that is Claude's own words, quoted back: "5.
// Repeated ssh-agent … Worth fixing later for cleanliness" pasted from
// Claude's report with "how would we fix these?" after it. Only a clause
// of some length counts: "skip the tests for now" said after Claude
// suggested it is the user's decision.
func echoes(c, assistant string) bool {
	return (&claudeSaid{msg: assistant}).echoes(c)
}

// claudeSaid is Claude's message, its spaces and case evened out on first
// use: a prompt of many clauses reads it once.
type claudeSaid struct {
	msg, norm string
	done      bool
}

func (s *claudeSaid) echoes(c string) bool {
	t := strings.Join(strings.Fields(strings.TrimLeft(c, " -*>•0123456789.)")), " ")
	if s.msg == "" || (isLatinText(t) && len(strings.Fields(t)) < 5) || utf8.RuneCountInString(t) < 8 {
		return false
	}
	if !s.done {
		s.norm, s.done = lower(strings.Join(strings.Fields(s.msg), " ")), true
	}
	return strings.Contains(s.norm, lower(t))
}

// longPrompt is the length, in bytes, from which a prompt is more often a
// spec, a review or a list of points than a turn of conversation: there
// only the shapes that name their act and their time together park
// ("skip X for now", "come back to X later", "put X on the backlog"); "we
// can do X in the next phase", "X is out of scope" or "搁置的客户" there
// is mostly a plan being written or a state described, not a thing put
// off.
const longPrompt = 500

func holdsWord(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

var sureInLong = words("skip+when revisit+when file-it but-not-now remind")

// timedAct reports a clause that puts a thing off and says until when, as
// plainly as "skip X for now": "hold off on the pop-out windows for now",
// "offline mode is out of scope for now", "the export can wait until next
// sprint", "we can remove the legacy column later". In a long prompt these
// name their act and their time together; "we can do X in the next phase"
// there is mostly a plan being written.
func timedAct(c, why string) bool {
	if why == "do-later" {
		return holdsWord(tokens(c), "later")
	}
	if why != "put-off" && why != "out-of-scope" && why != "can-wait" {
		return false
	}
	for _, g := range cueGroups(c) {
		if g == "for-now" || g == "next-phase" || g == "later" && why != "put-off" {
			return true
		}
	}
	return false
}

// plainDeferral reports a clause whose concepts put a thing off plainly,
// and which shape says so ("" for none).
func plainDeferral(c string) string {
	c = maskUnspaced(c)
	ws := maskIdioms(tokens(c))
	has := map[string]bool{}
	for _, g := range cueGroupsOf(c, ws) {
		has[g] = true
	}
	when := has["for-now"] || has["later"] || has["next-phase"]
	if has["revisit"] && !when {
		// "come back to the retry budget once auth works": a revisit tied
		// to a condition still to come is as much a time as "later".
		when = afterCondition(ws)
	}
	lc := lower(c)
	switch {
	case has["put-off"]:
		return "put-off"
	case has["can-wait"]:
		return "can-wait"
	case has["out-of-scope"]:
		return "out-of-scope"
	case len(ws) > 3 && butNotNow(lc):
		return "but-not-now" // "we should add a retry budget, but not now"
	case has["for-now"] && wontDo(ws):
		return "not-now-do" // "I won't fix the backend for now"
	case has["skip"] && when:
		return "skip+when"
	case has["revisit"] && when:
		return "revisit+when"
	case (has["later"] && !vagueLater(ws) || has["next-phase"]) && doesItLater(ws):
		return "do-later"
	case has["file-it"] && filesIt(ws, lc):
		return "file-it"
	case has["remind"] && remindsToDo(ws):
		return "remind"
	case has["later"] && topicLater(c):
		return "topic-later"
	}
	return ""
}

// notDeferring are phrases that hold a concept's word without putting
// anything off, matched as whole words: a widget ("drag and drop", "drop
// down"), an idiom ("you can wait and see"), a thing that does not come
// back ("the audio does not come back until I switch devices"), an order
// within the work ("dejar para el final": sort it last, do it last).
var notDeferring = []string{"drag and drop", "drag n drop", "drag drop", "wait and see", "wait to see",
	"not come back", "never come back", "doesn't come back", "don't come back", "didn't come back", "won't come back",
	"dejar para el final", "dejar para al final", "dejar para lo último", "dejar para lo ultimo", "deixar para o final",
	"deixar para o fim", "deixar por último", "deixa pra o final", "deixa pro final",
	"get back to you", "get back to u", "come back to you", "circle back to you", "get in touch"}

// maskIdioms blanks the words of the phrases of notDeferring in ws, and
// the verb of a clause of time still to come ("one more try before we
// drop it": the dropping is not decided): ws itself is left as it was.
func maskIdioms(ws []string) []string {
	var out []string
	mask := func(from, to int) {
		if out == nil {
			out = slices.Clone(ws)
		}
		for k := from; k < to; k++ {
			out[k] = "-"
		}
	}
	for i, w := range ws {
		if i >= 2 && (ws[i-2] == "before" || ws[i-2] == "befor" || ws[i-2] == "until") &&
			(ws[i-1] == "we" || ws[i-1] == "i" || ws[i-1] == "you") {
			mask(i, i+1)
		}
		for _, p := range notDeferring {
			first, rest, _ := strings.Cut(p, " ")
			if w != first {
				continue
			}
			n := 1
			for _, pw := range strings.Fields(rest) {
				if i+n >= len(ws) || ws[i+n] != pw {
					n = 0
					break
				}
				n++
			}
			if n > 0 {
				mask(i, i+n)
			}
		}
	}
	if out == nil {
		return ws
	}
	return out
}

// actOrTime are the concepts that put a thing off or say when; file-it
// and the rest can stand in a clause that puts nothing off ("todo" is
// Spanish for "all").
var actOrTime = words("later next-phase for-now skip put-off revisit can-wait out-of-scope remind")

// idiomOnly reports a clause whose words of putting off or of time are
// all inside the phrases maskIdioms and maskUnspaced blank: "vamos a dejar
// para el final los que no tienen tipo" sorts them last.
func idiomOnly(c string) bool {
	had := false
	for _, g := range cueGroups(c) {
		had = had || actOrTime.has(g)
	}
	if !had {
		return false
	}
	m := maskUnspaced(c)
	for _, g := range cueGroupsOf(m, maskIdioms(tokens(m))) {
		if actOrTime.has(g) {
			return false
		}
	}
	return true
}

// maskUnspaced blanks a Chinese word of putting off used as an adjective
// ("搁置的客户": the customers on hold, a state, not a thing put off now).
func maskUnspaced(c string) string {
	for _, p := range []string{"搁置的", "推迟的", "延后的", "暂缓的"} {
		if strings.Contains(c, p) {
			c = strings.ReplaceAll(c, p, " ")
		}
	}
	return c
}

// afterCondition reports a condition still to come after the clause's
// first words: "once", "after" or "until", followed by two or more words
// ("… once auth works", "… after the release ships").
func afterCondition(ws []string) bool {
	for i, w := range ws {
		if i >= 2 && (w == "once" || w == "after" || w == "until") && len(ws)-i > 2 {
			return true
		}
	}
	return false
}

// butNotNow reports a clause that floats a thing and puts it off at its
// end: "…, but not now", "… — not yet". "is it done or not yet" is a
// question.
func butNotNow(lc string) bool {
	lc = strings.TrimRight(lc, " .!")
	for _, end := range []string{"but not now", ", not now", "— not now", "- not now", "but not yet", ", not yet",
		"— not yet", "- not yet", "but not today", ", not today"} {
		if strings.HasSuffix(lc, end) {
			return true
		}
	}
	return false
}

// wontDo reports words that decline to do a thing, as a plan: "i won't
// fix the backend for now", "we don't need to set up CI yet".
func wontDo(ws []string) bool {
	for i, w := range ws {
		switch w {
		case "won't", "wont":
			return i > 0 && (ws[i-1] == "i" || ws[i-1] == "we")
		case "don't", "dont":
			return i > 0 && ws[i-1] == "we" && i+2 < len(ws) && ws[i+1] == "need" && ws[i+2] == "to"
		}
	}
	return false
}

// proposed is what Claude's message proposed in its last sentences ("I
// could also cache the JWKS keys."), for a prompt that puts it off by a
// pointer ("let's save that for later") when Claude asked nothing.
func proposed(msg string) string {
	lines := proseLines(msg)
	var cs []string
	for _, l := range lines[max(0, len(lines)-3):] {
		cs = append(cs, clauses(stripMD(l))...)
	}
	for i := len(cs) - 1; i >= 0 && i >= len(cs)-3; i-- {
		if o := offered(strings.TrimRight(cs[i], ".!") + "?"); o != "" {
			return reduce(o, nil)
		}
		if o := nextStep(cs[i]); o != "" {
			return reduce(o, nil)
		}
	}
	return ""
}

// nextStep is the step Claude said it would take next, in a sentence of
// its own: "I need to convert the guides to JSON." → "convert the guides to
// JSON". A pointer put off right after it ("let's hold off on that for
// now") puts off that step.
func nextStep(clause string) string {
	ws := strings.Fields(strings.TrimRight(strings.TrimSpace(stripMD(clause)), ".!:"))
	lw := make([]string, len(ws))
	for i, w := range ws {
		lw[i] = strings.Trim(lower(w), ",;")
	}
	if n := prefixLen(lw, nextStepLeads.words()); n > 0 && n < len(ws) {
		out := strings.Join(ws[n:min(len(ws), n+maxIdeaWords)], " ")
		if !isPointerPhrase(out) && lw[n] != "know" { // "Let me know if …" proposes nothing
			return out
		}
	}
	return ""
}

var nextStepLeads = phrases("i need to", "i'll", "i will", "i'm going to", "next i'll", "next, i'll", "next i will",
	"now i'll", "now i need to", "let me", "now let me", "next, let me", "i'll now", "i still need to", "we need to",
	"we still need to")

// vagueLater reports words whose only time is a vague one ("at some
// point we should dockerize the test db", "someday"): the corpus labels
// those side ideas, not deferrals.
func vagueLater(ws []string) bool {
	vague := false
	for i, w := range ws {
		switch {
		case w == "later" || w == "tomorrow" || w == "future" && i > 0 && ws[i-1] == "the":
			return false
		case w == "someday" || w == "eventually" || w == "point" && i > 1 && ws[i-1] == "some" && ws[i-2] == "at":
			vague = true
		}
	}
	return vague
}

// filesIt reports words that put a thing on a list: "put caching on our
// todo list", "add it to the backlog", "open a ticket for the flaky test".
// "update TODO.md" names a file, and "add a TODO comment" a comment, not
// a list to put off to.
func filesIt(ws []string, lc string) bool {
	if holdsAny(lc, fileVerbsUnspaced) {
		return true
	}
	for i, w := range ws {
		before := ws[max(0, i-6):i]
		// "create a todo list" is work; "open an issue for X" files X.
		files := holdsAnyWord(before, fileVerbs) || fileAn(before) ||
			(w == "issue" || w == "ticket") && holdsAnyWord(before, openVerbs)
		if !fileLists.has(w) || !files || holdsAnyWord(ws[:i], ifWords) {
			continue // "if the problems are significant, create an issue": a rule for what is not found yet
		}
		if (w == "issue" || w == "ticket") && !holdsAnyWord(ws[max(0, i-2):i], newWords) {
			continue // "add the checklist to the Github issue": one that exists, worked on now
		}
		if i+1 < len(ws) && !afterList.has(ws[i+1]) {
			continue // TODO.md, "a TODO comment", "an issue template"
		}
		for _, p := range ws[max(0, i-3):i] {
			if p == "to" || p == "on" || p == "in" || p == "into" || p == "onto" || p == "for" || p == "a" || p == "an" ||
				p == "al" || p == "en" || p == "à" || p == "dans" || p == "в" || p == "na" || p == "no" {
				return true
			}
		}
	}
	return false
}

// afterList may follow a list a thing is filed to: "… to the todo list",
// "a ticket for the flaky test", "on the backlog and carry on".
var afterList = words("list lists for about to so and with on in then please pls as but instead para pour " +
	"для sobre")

// fileAn reports "file a …", "file it …": "file" as a verb, not "a file
// in docs/todo".
func fileAn(ws []string) bool {
	for i := 0; i+1 < len(ws); i++ {
		if ws[i] == "file" && (ws[i+1] == "a" || ws[i+1] == "an" || ws[i+1] == "it" || ws[i+1] == "this" || ws[i+1] == "that") {
			return true
		}
	}
	return false
}

// ifWords make a filing a rule for what may come: "if you find bugs, open
// an issue for each".
var ifWords = words("if whenever si")

// newWords open a new issue or ticket: "open an issue", "a new ticket",
// "a follow-up issue".
var newWords = words("a an new follow-up followup up separate another")

var fileLists = words("backlog todo todos ticket issue roadmap wishlist pendientes бэклог")

// remindsToDo reports "remind me to …", "remind me later about …",
// "remind me with a note to …", not a feature or a menu item called
// "Remind me".
func remindsToDo(ws []string) bool {
	for i := 0; i+2 < len(ws); i++ {
		if ws[i] != "remind" || ws[i+1] != "me" || i > 0 && ws[i-1] != "please" && ws[i-1] != "and" && ws[i-1] != "pls" && ws[i-1] != "but" {
			continue
		}
		for _, w := range ws[i+2 : min(len(ws), i+7)] {
			if w == "to" || w == "about" {
				return true
			}
		}
	}
	return false
}

// remindObject is what a clause asks to be reminded of: the words after
// the "to" or "about" that follows "remind me" ("remind me with a note to
// turn the cache back on" → "turn the cache back on").
func remindObject(c string) string {
	ws := strings.Fields(c)
	for i := 0; i+2 < len(ws); i++ {
		if lower(strings.Trim(ws[i], ",.!")) != "remind" || lower(strings.Trim(ws[i+1], ",.!")) != "me" {
			continue
		}
		for j := i + 2; j < min(len(ws), i+7); j++ {
			if w := lower(strings.Trim(ws[j], ",.!")); w == "to" || w == "about" {
				return strings.Join(ws[j+1:], " ")
			}
		}
	}
	return c
}

// doesItLater reports words in which someone does the thing later: "we'll
// handle retries in phase 2", "let's do the cache later", "the export can
// come later". A time word alone ("it crashes later in the run", "we'll see
// later") is not enough.
func doesItLater(ws []string) bool {
	for i, w := range ws {
		if i > 0 && purposeWords.has(ws[i-1]) {
			continue // "so I can add more reports in the future": a purpose, not a plan
		}
		n := 0
		switch {
		case doerWords.has(w):
			n = 1
		case (w == "we" || w == "i") && i+1 < len(ws) && modalWords.has(ws[i+1]):
			n = 2
		case (w == "can" || w == "will" || w == "should") && i+2 < len(ws) && (ws[i+1] == "come" || ws[i+1] == "be") &&
			(ws[i+2] == "later" || i+3 < len(ws) && ws[i+3] == "later"):
			return true // "the export can come later", "… can be done later"
		}
		if n == 0 {
			continue
		}
		for _, v := range ws[i+n : min(len(ws), i+n+3)] {
			if laterVerbs.has(v) {
				return true
			}
		}
	}
	return false
}

var (
	doerWords    = words("let's lets we'll i'll vamos hagamos давай давайте")
	modalWords   = words("can could will should shall")
	purposeWords = words("so that to if when before after once until whether wether")
	laterVerbs   = words("do handle tackle address add implement fix build look deal revisit support come wait " +
		"work cover sort figure migrate refactor clean optimize write test continue discuss talk replace " +
		"remove get update improve polish finish integrate explore review adapt extend rewrite " +
		"redesign rework hacer " +
		"haremos hacemos ver veremos ferons faire verra сделаем займёмся займемся fazer " +
		"faremos vemos")
	openVerbs = words("create open make raise")
	fileVerbs = words("add put move filed note track log record write keep save agrega agregar añade añadir " +
		"ajoute ajouter добавь добавить adicione adicionar coloque")
	fileVerbsUnspaced = []string{"加到待办", "放到待办", "加入待办", "记到待办", "加到todo", "加入todo", "放进需求池", "加到需求池", "백로그에", "할 일에", "バックログに", "todoに",
		"记一个todo", "记个todo", "记一下todo", "记一个待办", "记个待办", "加到待辦", "放到待辦", "加入待辦", "記到待辦",
		"記一個todo", "記個todo", "記一個待辦", "記個待辦", "放進需求池", "加到需求池"}
)

func holdsAnyWord(ws []string, set words) bool {
	for _, w := range ws {
		if set.has(w) {
			return true
		}
	}
	return false
}

// topicLater reports a Korean or Japanese clause that puts its topic
// later: "벤치마크는 나중에 하자", "キャッシュは後で".
func topicLater(c string) bool {
	for _, r := range c {
		if unicode.Is(unicode.Hangul, r) {
			_, ok := hangulTopic(strings.Fields(lower(c)))
			return ok
		}
		if unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) {
			return strings.Contains(c, "は後で") || strings.Contains(c, "はあとで") || strings.Contains(c, "は今度")
		}
	}
	return hanLater(c)
}

// hanLater reports a Chinese clause that puts its topic to a later time
// and says it will be done then: "国际化以后再说", "缓存改天再弄". The
// time is right before 再 (then) and a verb of doing or discussing: "稍后再试"
// (try again shortly), "通过之后再继续" (an order of steps) and "不再使用" (no
// longer) are none.
func hanLater(c string) bool {
	for _, t := range hanLaterTimes {
		for off := 0; ; {
			i := strings.Index(c[off:], t+"再")
			if i < 0 {
				break
			}
			off += i + len(t+"再")
			for _, v := range hanLaterVerbs {
				if strings.HasPrefix(c[off:], v) {
					return true
				}
			}
		}
	}
	return false
}

var (
	hanLaterTimes = []string{"以后", "以後", "后续", "後續", "回头", "回頭", "改天", "明天", "下次", "下回"}
	hanLaterVerbs = []string{"说", "說", "弄", "做", "处理", "處理", "看", "考虑", "考慮", "讨论", "討論", "谈", "談",
		"搞", "加", "改", "实现", "實現", "优化", "優化"}
)

// noThing reports an idea that is only a verb of seeing or deciding, or a
// word of time: "we'll see later" leaves "see".
func noThing(idea string) bool {
	ws := tokens(idea)
	if len(ws) == 0 {
		return true
	}
	for _, w := range ws {
		if !emptyIdeaWords.has(w) {
			return false
		}
	}
	return true
}

var emptyIdeaWords = words("see pick look revisit come get do ignore skip least at just so for check talk think " +
	"decide discuss chat figure out it that this them those about more again continue go " +
	"on back then maybe something things stuff rest everything else all other others one " +
	"ones some here there now later today tomorrow up the a an what how why when where " +
	"which you me us we i rest remaining thing")

// complains reports a clause that blames or asks why rather than puts off:
// "why did you skip the tests", "you ignored my config again", "stop
// skipping the linter".
func complains(c string) bool {
	ws := tokens(c)
	if len(ws) == 0 {
		return false
	}
	switch ws[0] {
	case "why", "por", "pourquoi", "почему", "왜":
		if ws[0] != "por" || len(ws) > 1 && ws[1] == "qué" {
			return true
		}
	}
	for i, w := range ws {
		if (w == "you" || w == "u") && i+1 < len(ws) && (blameVerbs.has(ws[i+1]) ||
			(ws[i+1] == "just" || ws[i+1] == "didn't" || ws[i+1] == "keep" || ws[i+1] == "always" || ws[i+1] == "still") && i+2 < len(ws)) {
			return true
		}
	}
	return holdsAny(lower(c), []string{"为什么", "怎么又", "왜 ", "なぜ", "どうして"})
}

var blameVerbs = words("skipped ignored dropped deferred postponed left forgot missed skip ignore keep " +
	"always never parked")

// pasted reports an exchange whose prompt is quoted or pasted text
// (quotedOrPasted), as typed or as sent.
func pasted(x exchange, in Input) bool {
	return quotedOrPasted(x.typed) || quotedOrPasted(in.Prompt)
}

// quotedOrPasted reports a prompt whose loop words are someone else's
// text: a request to translate, to write a commit message, an email or
// meeting notes pasted in, a document with a "Non-goals" or "Out of scope"
// section.
func quotedOrPasted(t string) bool {
	lt := lower(t)
	if holdsAny(lt, quotedMarks) || holdsAny(lt, markupMarks) {
		return true
	}
	lines := strings.Split(lt, "\n")
	headers := 0
	for _, l := range lines {
		l = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "#*-> "))
		for _, h := range pastedHeaders {
			if strings.HasPrefix(l, h) {
				headers++
				break
			}
		}
	}
	return headers > 0 && len(lines) >= 2
}

// quotedMarks are requests about text, not the user's own words.
var quotedMarks = []string{"translate", "translation", "翻译", "翻譯", "traduce", "traducir", "traduis",
	"traduire", "번역", "翻訳", "переведи", "перевести", "перевод", "traduza", "traduzir", "commit message",
	"commit msg", "提交信息", "mensaje de commit", "커밋 메시지", "コミットメッセージ", "message de commit",
	"сообщение коммита", "mensagem de commit", "release notes", "changelog entry", "proofread", "rephrase",
	"reword", "grammar", "summarize this", "summarise this"}

// markupMarks are code and markup pasted in.
var markupMarks = []string{"base directory for this skill", "```", "<script", "<div", "<!doctype", "<html", "<ide_opened_file>", "<context"}

// pastedHeaders open the lines of a pasted email, meeting notes or design
// doc.
var pastedHeaders = []string{"from:", "to:", "subject:", "cc:", "dear ", "hi team", "hello team",
	"best regards", "kind regards", "regards,", "sincerely", "attendees", "action items", "meeting notes",
	"minutes", "agenda", "non-goals", "non goals", "nongoals", "goals:", "out of scope:", "motivation",
	"summary:", "background:", "## ", "asunto:", "objet :", "objet:", "тема:", "assunto:", "件名",
	// A letter's closing in the corpus languages: a reply to a supplier
	// pasted in, with "how do I answer this?" after it.
	"cordialement", "bien à vous", "salutations distinguées", "atentamente", "saludos cordiales",
	"un cordial saludo", "с уважением", "atenciosamente", "cordialmente", "此致", "敬具", "拝啓"}

// unquote blanks text between quotes: a deferral quoted ("a menu item
// called \"Remind me\"", "the label 'do this later'") is not the user's.
func unquote(t string) string {
	var b strings.Builder
	var open, prev rune
	for _, r := range t {
		switch {
		case open != 0:
			if r == open || r == '\n' {
				open = 0
				b.WriteRune(r)
			}
			prev = r
			continue
		case r == '"' || r == '“' || r == '«' || r == '「' || r == '『' || r == '`':
			open = closerOf(r)
		case (r == '\'' || r == '‘') && !unicode.IsLetter(prev) && !unicode.IsDigit(prev):
			// A quote, not an apostrophe: "a 'snooze for later' button".
			open = closerOf(r)
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

func closerOf(r rune) rune {
	switch r {
	case '“':
		return '”'
	case '«':
		return '»'
	case '「':
		return '」'
	case '『':
		return '』'
	case '‘':
		return '’'
	}
	return r
}
