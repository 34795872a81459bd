// Package detect finds open loops in a Claude Code exchange: a question
// Claude asked that the user left behind, an idea the user put off, a side
// idea raised mid-task. It is pure (no I/O, no clock, no network) and
// deterministic: the same exchange always gives the same findings.
//
// Decisions come from a small learned model, not from phrase rules. The
// pieces, each in its own file:
//
//	typed.go     what the user typed: slash commands, envelopes, pasted
//	             logs, stack traces and code are removed first
//	features.go  named features of the prompt and of Claude's last message
//	cues.go      the cue lists some features count (in eight languages)
//	question.go  the question Claude's message ended on, if any
//	model.go     one logistic regression per kind over hashed features,
//	             weights embedded from model.bin
//	idea.go      what to park: the thing put off, the side idea, the
//	             question left behind
//	claude.go    deferrals Claude itself states on Stop
//
// The weights are trained by `go run ./internal/train` on the labelled
// corpus in ../shared/corpus and judged there by repository-grouped
// cross-validation (docs/detection.md has the figures). `openloop explain`
// prints a prompt's scores, the features that weighed most and the
// thresholds.
//
// What the model decides, per prompt, following the seed's parking rule:
//
//   - deferred: the prompt puts an identifiable thing off ("skip the
//     benchmarks for now", "let's punt on i18n", "we'll tackle retries in
//     phase 2");
//   - side idea: the prompt floats a new idea while other work is under way
//     ("it would be nice to have a dark mode someday");
//   - question: Claude's message ended on a question the work needs
//     answered, and the prompt neither answers it nor follows it up but
//     moves on ("now add request logging" after "Should expired tokens
//     return 401 or 403?"). Offers ("Want me to commit?") and menus of next
//     steps are not such questions. The features describe form only: no
//     score compares the question's topic with the prompt's. A dismissed
//     AskUserQuestion counts as a clarifying question whenever the prompt
//     after it is not an answer by its form (an option's label or number,
//     a yes or no, three words or fewer).
//
// At most one finding per prompt: a deferral over a side idea, and a
// question only when the prompt leaves no other loop (the corpus labels it
// the same way). A wrong park costs more than a miss (the list holds ten),
// so each threshold was chosen for precision.
package detect

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Kind is the kind of an open loop; the strings are pkg/store's kinds.
type Kind string

// The three kinds of open loop.
const (
	Question Kind = "question"
	Deferred Kind = "deferred"
	SideIdea Kind = "side-idea"
)

// Kinds lists the kinds in the order findings are preferred.
var Kinds = []Kind{Deferred, SideIdea, Question}

// Input is what the hook knows when a prompt arrives.
type Input struct {
	Prompt      string   // the text the user submitted (UserPromptSubmit "prompt")
	Assistant   string   // Claude's previous message text ("" if unknown)
	AskQuestion string   // an AskUserQuestion question still open with no answer recorded ("" if none)
	AskOptions  []string // that question's option labels
	Task        string   // what we were doing: task in progress, else last top-level request ("" if unknown)
}

// Finding is one open loop to park.
type Finding struct {
	Kind    Kind
	Idea    string  // short phrase naming the thing, not the whole prompt
	Context string  // Deferred: why deferred; SideIdea: what we were doing; Question: the question asked
	Why     string  // one sentence on what triggered it
	Score   float64 // the model's score for the kind (1 for a rule's finding)
	// Rule names the deterministic rule that parked it ("" for the
	// model): an explicit deferral, a dismissed AskUserQuestion, a
	// deferral Claude stated.
	Rule string
	// Pointer marks a deferral that only points ("write that down for
	// later") at a thing the prompt does not name: always a candidate,
	// never parked, its Idea taken from Claude's last message.
	Pointer bool
	// Subject is what Claude's last message was about (its last heading
	// or sentence, a few words), for a Pointer; "" when unknown.
	Subject string
	// NotAName is why the name the prompt gave is no name of a thing
	// (names.go: "pointer", "bare-verb", "fragment", "request",
	// "quoted"); such a finding is a candidate, never parked.
	NotAName string
}

// Assessment is what one prompt leaves: the loops to park, and those the
// model is unsure of (a score between the kind's candidate and park
// thresholds), to keep as candidates for the user's review. A candidate
// gets no memory file and does not count toward the cap.
type Assessment struct {
	Parks      []Finding
	Candidates []Finding
}

// maxPrompt bounds the bytes examined: nobody types more.
const maxPrompt = 256 << 10

// prepare cleans the prompt and reads the exchange; ok is false when the
// prompt is not the user's typing (a slash command, an envelope, only
// pasted text).
// valid is in with Claude's side made valid UTF-8 (a byte that is not
// is dropped): what is parked is cut from it, and an idea must be text.
// The prompt is made valid by Typed.
func (in Input) valid() Input {
	in.Assistant = strings.ToValidUTF8(in.Assistant, "")
	in.AskQuestion = strings.ToValidUTF8(in.AskQuestion, "")
	in.Task = strings.ToValidUTF8(in.Task, "")
	if slices.ContainsFunc(in.AskOptions, func(o string) bool { return !utf8.ValidString(o) }) {
		opts := make([]string, len(in.AskOptions))
		for i, o := range in.AskOptions {
			opts[i] = strings.ToValidUTF8(o, "")
		}
		in.AskOptions = opts
	}
	return in
}

func prepare(in Input) (exchange, bool) {
	p := in.Prompt
	if len(p) > maxPrompt {
		p = clip(p, maxPrompt)
	}
	text, skip := Typed(p)
	text = stripControls(text)
	if skip || strings.TrimSpace(text) == "" {
		return exchange{}, false
	}
	return newExchange(in, text), true
}

// stripControls drops terminal escape sequences (ESC [ … letter, ESC ] …
// BEL or ESC \) and other C0 control characters but line ends and tabs:
// they are no part of what the user said, and a ';' inside "ESC ]0;title
// BEL" would split a clause. Bidi controls stay, a part of the words they
// sit in; whatever prints them escapes them (internal/termsafe).
func stripControls(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == 0x1b && i+1 < len(s) {
			switch s[i+1] {
			case '[':
				j := i + 2
				for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
					j++
				}
				i = min(j+1, len(s))
				continue
			case ']':
				j := i + 2
				for j < len(s) && s[j] != 0x07 && !(s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\') {
					j++
				}
				if j < len(s) && s[j] == 0x1b {
					j++
				}
				i = min(j+1, len(s))
				continue
			}
		}
		if !isControl(r) {
			b.WriteRune(r)
		}
		i += size
	}
	return b.String()
}

func isControl(r rune) bool {
	return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f
}

// Features returns the names of an exchange's features, in the order they
// are found, or nil for a prompt that is skipped. The trainer and explain
// use it; Prompt hashes the same names.
func Features(in Input) []string {
	in = in.valid()
	x, ok := prepare(in)
	if !ok {
		return nil
	}
	var names []string
	x.extract(func(n string) { names = append(names, n) })
	return names
}

// Scores are a prompt's probabilities per kind, and the thresholds.
type Scores struct {
	P         map[Kind]float64
	Threshold map[Kind]float64
	Asks      bool // Claude's message ended on a question (else Q is 0)
}

// score runs the model over an exchange.
func score(m *Model, x exchange) (Scores, Vector) {
	var names []string
	x.extract(func(n string) { names = append(names, n) })
	v := Vectorize(names, m.Bits)
	s := Scores{P: map[Kind]float64{}, Threshold: map[Kind]float64{}, Asks: x.asks}
	for i, k := range m.Kinds {
		s.Threshold[k.Kind] = k.Threshold
		if k.Kind == Question && !x.asks {
			continue // no question, no question left behind
		}
		s.P[k.Kind] = m.Score(i, v)
	}
	return s, v
}

// Decide picks the finding's kind from scores: the first kind, in Kinds
// order, at or over its threshold.
func (s Scores) Decide() (Kind, bool) {
	for _, k := range Kinds {
		if t, ok := s.Threshold[k]; ok && s.P[k] >= t {
			return k, true
		}
	}
	return "", false
}

// Prompt finds the open loop in one user prompt, if any, with the model
// shipped in the binary.
func Prompt(in Input) []Finding {
	return Assess(in).Parks
}

// Assess finds what one user prompt leaves, with the model shipped in the
// binary: the loop to park, or a candidate.
func Assess(in Input) Assessment {
	m, err := shipped()
	if err != nil {
		return Assessment{}
	}
	return m.Assess(in)
}

// Prompt finds the open loop in one user prompt, if any: at most one
// finding.
func (m *Model) Prompt(in Input) []Finding {
	return m.Assess(in).Parks
}

// Assess finds what one user prompt leaves: at most one finding to park
// and, when nothing parks, at most one candidate, the kind that scored
// highest over its candidate threshold with a thing to name.
func (m *Model) Assess(in Input) Assessment {
	in = in.valid()
	x, ok := prepare(in)
	if !ok {
		return Assessment{}
	}
	s, _ := score(m, x)
	return m.decide(x, in, s)
}

// decide is Assess on an exchange already scored: the rule tier first,
// then m's thresholds (which Tuned moves) applied to the scores s. Every
// path to a decision (Assess, AssessTuned, AssessLazy) goes through here,
// so none of them can skip the rules.
func (m *Model) decide(x exchange, in Input, s Scores) Assessment {
	var refused []Finding // a rule's deferral whose name is no name: a candidate, unless the model parks
	if f, ok := explicitDeferral(x, in); ok {
		if f.NotAName == "" {
			return Assessment{Parks: []Finding{f}}
		}
		refused = []Finding{f}
	}
	for _, k := range m.Kinds {
		s.Threshold[k.Kind] = k.Threshold
	}
	k, ok := s.Decide()
	if !ok || k == SideIdea {
		// A side idea floated plainly parks by rule, unless the model
		// parks a deferral or a question: LABELS.md puts those first.
		if f, side := explicitSideIdea(x, in); side {
			return Assessment{Parks: []Finding{f}}
		}
	}
	p, rule := s.P[k], ""
	if !ok && x.pending.auq && !x.answersByForm() && !x.takesUp() {
		// A dismissed AskUserQuestion is a clarifying question by
		// definition (LABELS.md); the prompt that follows it is judged by
		// form alone. The corpus has no such case to learn from.
		k, ok, p, rule = Question, true, 1, "ask-user-question"
	}
	if ok {
		if f, named := finding(m, k, x, in); named {
			f.Score = p
			if f.NotAName != "" {
				return Assessment{Candidates: append(refused, f)[:1]}
			}
			f.Rule = rule
			return Assessment{Parks: []Finding{f}}
		}
		if refused != nil {
			return Assessment{Candidates: refused}
		}
		if f, ok := pointerDeferral(x, in); ok {
			return Assessment{Candidates: []Finding{f}} // heard, but nothing it can name
		}
		return Assessment{}
	}
	var best Finding
	for i, km := range m.Kinds {
		sc, scored := s.P[km.Kind]
		if !scored || sc < m.CandidateAt(i) || sc <= best.Score {
			continue
		}
		if km.Kind == Question && (x.answersByForm() || x.takesUp()) {
			continue // "403, and log it": an answer is no question left behind
		}
		if f, named := finding(m, km.Kind, x, in); named {
			if f.NotAName == string(notNameQuoted) && pasted(x, in) {
				continue // someone else's text, and the model unsure: nothing to review
			}
			f.Score = sc
			best = f
		}
	}
	if refused != nil {
		return Assessment{Candidates: refused}
	}
	if best.Kind == "" {
		if f, ok := pointerDeferral(x, in); ok {
			return Assessment{Candidates: []Finding{f}}
		}
		return Assessment{}
	}
	return Assessment{Candidates: []Finding{best}}
}
