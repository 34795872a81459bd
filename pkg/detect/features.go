package detect

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/openloop/openloop/internal/textcut"
)

// Feature extraction. Every feature has a name, made of a template and a
// value ("w:later", "fq:ends-question"), so explain can print it; the model
// sees it as a bucket of a hash of that name (see model.go). The templates:
//
//	w:<word>        a word of the typed prompt (lower-cased; Han and kana
//	                runs become their single characters and pairs)
//	b:<w1>_<w2>     two adjacent words of the prompt
//	c:<abc>         a character trigram inside a prompt word ("_la", "ter")
//	con:<concept>   a concept of the lexicon (later, skip, file-it, side,
//	                yes …; cues.go), from a phrase in any corpus language
//	f:<form>        the prompt's form: its length in words, the first word
//	                and the first two, a question mark, an option number or
//	                label, several lines
//	a:<form>        Claude's last message: ends with a question, offers
//	                numbered options, an AskUserQuestion was dismissed, empty
//	q:<word>        a word of the question Claude ended on (offers such as
//	                "want me to commit?" and clarifying questions such as
//	                "401 or 403?" use different words)
//	qb:<w1>_<w2>    two adjacent words of that question
//	x:<a>&<f>       a form of the message paired with a form of the prompt
//	                ("x:asks&f:first=yes")
//
// Nothing here compares what the question is about with what the prompt is
// about: for questions the seed's rule is behavioural (did the user answer,
// or send a new request?), and the features describe form only.

// maxFeatureText bounds the typed prompt the features read, in bytes.
// Prompts longer than this are rare and have no training data.
const maxFeatureText = 4000

// maxAssistantTail is how much of the end of Claude's message the features
// read, in bytes: the corpus holds about the last 1,200 characters.
const maxAssistantTail = 1600

// features extracts the named features of an exchange. emit is called
// once per feature occurrence (a word twice is emitted twice).
type featureSet struct {
	emit func(name string)
}

// Context is what the features read of an exchange, prepared once: the
// typed prompt and the question Claude left open.
type exchange struct {
	typed    string   // the prompt after Typed, cut to maxFeatureText
	words    []string // its words, lower-cased
	pending  pending  // the question Claude ended on, if any
	asks     bool     // Claude's message ends by asking something
	auq      bool     // an AskUserQuestion was dismissed
	options  []string // option labels: AskUserQuestion's, or a numbered list's
	numbered bool     // Claude's message ends with a numbered or lettered list
	empty    bool     // no message from Claude is known
}

func newExchange(in Input, typed string) exchange {
	if len(typed) > maxFeatureText {
		typed = clip(typed, maxFeatureText)
	}
	x := exchange{typed: typed, words: tokens(typed)}
	msg := in.Assistant
	if len(msg) > maxAssistantTail {
		msg = textcut.Tail(msg, maxAssistantTail)
	}
	x.empty = strings.TrimSpace(msg) == "" && in.AskQuestion == ""
	x.pending, x.asks = pendingOf(Input{Assistant: msg, AskQuestion: in.AskQuestion, AskOptions: in.AskOptions})
	x.auq = strings.TrimSpace(in.AskQuestion) != ""
	x.options = in.AskOptions
	if lines := proseLines(msg); len(lines) > 0 {
		n := 0
		for i := len(lines) - 1; i >= 0 && i >= len(lines)-8; i-- {
			if isListItem(lower(lines[i])) {
				n++
			}
		}
		x.numbered = n >= 2
	}
	return x
}

// extract emits every feature of the exchange.
func (x exchange) extract(emit func(string)) {
	// Words, word pairs and character trigrams of the prompt.
	prev := "^"
	for _, w := range x.words {
		emit("w:" + w)
		emit("b:" + prev + "_" + w)
		prev = w
		if utf8.RuneCountInString(w) >= 3 && !isIdeographic(w) {
			trigrams("_"+w+"_", func(g string) { emit("c:" + g) })
		}
	}
	if len(x.words) > 0 {
		emit("b:" + prev + "_$")
	}
	for _, c := range cueGroupsOf(x.typed, x.words) {
		emit("con:" + c)
	}
	// The words of the clauses that hold a cue of putting off or of an
	// idea: "later" in "let's do the cache later" and in "it fails later
	// in the run" differ by the words around it.
	for _, c := range clauses(x.typed) {
		clauseFeatures(c, emit)
	}
	form := x.promptForm()
	for _, f := range form {
		emit(f)
	}
	msg := x.messageForm()
	for _, a := range msg {
		emit(a)
	}
	if x.asks {
		qw := tokens(stripMD(x.pending.question))
		p := "^"
		for _, w := range qw {
			emit("q:" + w)
			emit("qb:" + p + "_" + w)
			p = w
		}
		for _, c := range cueGroups(x.pending.question) {
			emit("qcon:" + c)
		}
		for _, f := range form {
			emit("x:asks&" + f)
		}
		if x.takesUp() {
			emit("x:takes-up-question")
		}
	}
}

// clauseFeatures emits the features of one clause that holds a cue of a
// loop (a time word, a putting-off word, a side-idea marker): the cue
// groups (sg:), its words (s:) and word pairs (sb:), and the words next to
// each cue (sn:). A clause with no such cue gives none.
func clauseFeatures(sent string, emit func(string)) {
	ws := tokens(sent)
	hit := false
	for _, g := range cueGroupsOf(sent, ws) {
		if loopCue.has(g) {
			hit = true
			emit("sg:" + g)
		}
	}
	if !hit {
		return
	}
	p := "^"
	for _, w := range ws {
		emit("s:" + w)
		emit("sb:" + p + "_" + w)
		p = w
	}
	emit("sb:" + p + "_$")
	for _, h := range cueHits(ws) {
		if !loopCue.has(h.group) {
			continue
		}
		before, after := "^", "$"
		if h.start > 0 {
			before = ws[h.start-1]
		}
		if h.end < len(ws) {
			after = ws[h.end]
		}
		emit("sn:" + h.group + "<" + before)
		emit("sn:" + h.group + ">" + after)
		if h.start > 1 {
			emit("sn:" + h.group + "<<" + ws[h.start-2])
		}
	}
}

// loopCue are the cue groups that say a thing is put off or floated.
var loopCue = words("later next-phase for-now skip put-off revisit can-wait out-of-scope separate remind " +
	"file-it side")

// clauses splits text at line ends and sentence ends, in any script.
func clauses(text string) []string {
	var out []string
	start := 0
	for i, r := range text {
		end := -1
		switch r {
		case '\n', '。', '！', '？', '；', ';':
			end = i
		case '.', '!', '?':
			if j := i + 1; j == len(text) || text[j] == ' ' || text[j] == '\n' {
				end = i
			}
		}
		if end < 0 {
			continue
		}
		if t := strings.TrimSpace(text[start:end]); t != "" {
			out = append(out, t)
		}
		start = end + utf8.RuneLen(r)
	}
	if t := strings.TrimSpace(text[start:]); t != "" {
		out = append(out, t)
	}
	return out
}

// promptForm names the form of the prompt: its length, how it opens, and
// whether it looks like an answer.
func (x exchange) promptForm() []string {
	n := len(x.words)
	out := []string{"f:len=" + lengthBucket(n)}
	if n > 0 {
		out = append(out, "f:first="+x.words[0])
		if n > 1 {
			out = append(out, "f:first2="+x.words[0]+"_"+x.words[1])
		}
	}
	t := strings.TrimSpace(x.typed)
	if strings.ContainsAny(t, "?？") {
		out = append(out, "f:has-question")
	}
	if strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？") {
		out = append(out, "f:ends-question")
	}
	if strings.Count(t, "\n") >= 2 {
		out = append(out, "f:lines")
	}
	if n > 0 && isNumberWord(x.words[0]) {
		out = append(out, "f:first-is-number")
	}
	if x.refersToOption() {
		out = append(out, "f:option-ref")
	}
	return out
}

// messageForm names the form of Claude's last message.
func (x exchange) messageForm() []string {
	var out []string
	switch {
	case x.empty:
		out = append(out, "a:empty")
	case x.asks:
		out = append(out, "a:asks")
	default:
		out = append(out, "a:no-question")
	}
	if x.auq {
		out = append(out, "a:ask-user-question")
	}
	if x.numbered {
		out = append(out, "a:numbered")
	}
	return out
}

// answersByForm reports a prompt shaped like an answer: it names an
// option, opens with a yes or a no, or is three words or fewer.
func (x exchange) answersByForm() bool {
	if len(x.words) <= 3 || x.refersToOption() {
		return true
	}
	for _, g := range cueGroups(strings.Join(x.words[:min(2, len(x.words))], " ")) {
		if g == "yes" || g == "no" {
			return true
		}
	}
	return false
}

// takesUp reports a prompt whose first words take up a word of Claude's
// question, as an answer does ("403, and log it" after "401 or 403?",
// "the staging port is 8443" after "which port does staging use?"). It is
// evidence of an answer, not a measure of topic: a new request that
// shares no word with the question opening is not an answer by this.
func (x exchange) takesUp() bool {
	if x.pending.question == "" {
		return false
	}
	q := map[string]bool{}
	for _, w := range tokens(x.pending.question) {
		if (len(w) >= 4 || strings.ContainsAny(w, "0123456789")) && !askWords.has(w) {
			q[w] = true
		}
	}
	for _, w := range x.words[:min(4, len(x.words))] {
		if q[w] {
			return true
		}
	}
	return false
}

// askWords are the words any question uses, which no answer takes up.
var askWords = words("should would could want like this that with what which there your have make then " +
	"them they will from into also just need does prefer rather keep instead these those " +
	"when where done")

// refersToOption reports a prompt that names one of the options offered:
// an AskUserQuestion label, or "option 2" / "B" / "2." when the message
// ended on a list.
func (x exchange) refersToOption() bool {
	lt := lower(x.typed)
	for _, o := range x.options {
		if lo := lower(strings.TrimSpace(o)); len(lo) >= 2 && strings.Contains(lt, lo) {
			return true
		}
	}
	if !x.numbered && len(x.options) == 0 {
		return false
	}
	for i, w := range x.words {
		if i > 3 {
			break
		}
		if isNumberWord(w) || len(w) == 1 && w[0] >= 'a' && w[0] <= 'h' {
			return true
		}
	}
	return false
}

func lengthBucket(n int) string {
	switch {
	case n <= 3:
		return strconv.Itoa(n)
	case n <= 6:
		return "4-6"
	case n <= 12:
		return "7-12"
	case n <= 25:
		return "13-25"
	case n <= 50:
		return "26-50"
	}
	return "51+"
}

func isNumberWord(w string) bool {
	if w == "" || len(w) > 2 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

// tokens splits text into lower-case words: runs of letters, digits and
// inner apostrophes. Han and kana have no spaces between words, so a run of
// them gives each character and each adjacent pair instead; Hangul is
// spaced like Latin text and stays whole.
func tokens(s string) []string {
	if isASCII(s) {
		return asciiTokens(s)
	}
	return runeTokens(s)
}

// runeTokens is tokens for any text.
func runeTokens(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	var cjk []rune
	flushCJK := func() {
		for i, r := range cjk {
			out = append(out, string(r))
			if i+1 < len(cjk) {
				out = append(out, string(cjk[i:i+2]))
			}
		}
		cjk = cjk[:0]
	}
	for _, r := range s {
		switch {
		case isHanKana(r):
			flush()
			cjk = append(cjk, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			flushCJK()
			cur = append(cur, unicode.ToLower(r))
		case (r == '\'' || r == '’') && len(cur) > 0:
			cur = append(cur, '\'')
		default:
			flush()
			flushCJK()
		}
	}
	flush()
	flushCJK()
	for i, w := range out {
		out[i] = strings.TrimRight(w, "'")
	}
	return out
}

// asciiTokens is tokens for ASCII text, without decoding runes.
func asciiTokens(s string) []string {
	out := make([]string, 0, len(s)/5+1)
	var b []byte
	flush := func() {
		for len(b) > 0 && b[len(b)-1] == '\'' {
			b = b[:len(b)-1]
		}
		if len(b) > 0 {
			out = append(out, string(b))
			b = b[:0]
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			b = append(b, c)
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		case c == '\'' && len(b) > 0:
			b = append(b, c)
		default:
			flush()
		}
	}
	flush()
	return out
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func isHanKana(r rune) bool {
	if r < 0x2e80 { // below the CJK radicals: no Han or kana
		return false
	}
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r)
}

func isIdeographic(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return isHanKana(r)
}

// trigrams calls f with each run of three characters of w.
func trigrams(w string, f func(string)) {
	idx := make([]int, 0, len(w)+1)
	for i := range w {
		idx = append(idx, i)
	}
	idx = append(idx, len(w))
	for i := 0; i+3 < len(idx); i++ {
		f(w[idx[i]:idx[i+3]])
	}
}
