// Package detect finds open loops in a Claude Code exchange: a question
// Claude asked that the user left behind, an idea the user put off, a side
// idea raised mid-task. It is pure (no I/O, no clock, no model) and
// deterministic: every decision comes from the lexical rules below.
package detect

/*
Detection rules

A wrongly parked item costs more than a missed one (the list holds at most
ten), so every rule needs a clear lexical cue, and when in doubt nothing
fires. Patterns are matched per sentence on ASCII-lowered text; sentences
split at line ends and at '.', '!' or '?' before a space.

Typed text (Typed)

  T1  Prompts the user did not type are skipped whole: "/cmd args",
      "!cmd", "<command-name>…", "<task-notification>…",
      "<local-command-stdout>…", "[Request interrupted by user]",
      "This session is being continued…", any leading <custom-tag>.
  T2  <system-reminder>…</system-reminder> blocks are cut out.
  T3  Pasted lines are dropped: fenced code (``` or ~~~, an unclosed fence
      runs to the end), lines indented 4 spaces or a tab, log lines
      ("2026-01-02 10:00 …", "[INFO] …", "ERROR: …"), stack frames
      ("at x.y(…)", `File "a.py", line 3`, "goroutine 1 [", "main.go:12:"),
      "TypeError: …", test output ("--- FAIL", "=== RUN"), JSON, diff
      headers, table rows, "> quotes", comments ("// TODO later"), lines
      ending in ';' '{' '}' and lines under half letters. A shell prompt
      ("$ ", "❯ ") or a "=== Step ===" header drops the block under it up to
      the next blank line.

Prompt: at most one finding per kind. After T1-T3, a prompt over 600 bytes
is long: only rules marked (explicit) fire in it.

Deferral (D): the user puts something off.

  D1  come back / circle back / revisit:
        "let's come back to retries once auth works"    -> idea "retries"
        "we will come back to it later" (explicit)       -> idea from Claude
  D2  park / shelve / postpone / defer / punt on + this, that, it, or + a
      time ("for now", "until …"): "defer locking for now until we
      migrate" -> "locking". Not "why is the defer at the top?".
      Also "put X on hold / aside / on the back burner", "hold off on X".
  D3  "remind me to rotate the key once this is deployed" -> "rotate the key".
  D4  a modal, a verb, then a time: "we'll look at it later",
      "fine to do it later", "easy to change later on", "we can pick it up
      in future"; "later, we should …"; "save X for later"; a sentence
      that is only "not now" / "maybe later". Not "taken too later",
      not "so we don't break this in the future".
  D5  filing it elsewhere: "file an issue", "add a linear issue for that",
      "create the follow-up ticket", "add gsd todos for LOW-02",
      "log X in the debug tasks", "TODO: X", "another … todo".
      Not "fix the issue", "create an issue template", "add a todo app".
  D6  "(note this also)", "make a note of X".
  D7  "implement this as a separate feature", "clean up stuff in a
      separate task", "I'll follow up with the author", "X in a follow-up",
      "X is out of scope". Not "that's in a separate PR" (no verb).
  D8  "once auth works, let's add retries" -> "add retries", but not
      sequencing: "once that's done, let's commit".
  Idea: the named thing, reduced by phrase(). When the user only points
  ("that", "look at it", "this observation"), the idea is what Claude's
  previous message offered or asked about (the offer without "Would you
  like me to"), else its last sentence. Context: "put off until <the
  condition>", else "put off while working on <task>".

Side idea (S): a new idea raised while working on something else.

  S1  (explicit) a marker, then an idea: "btw", "side note", "random
      thought", "unrelated, but", "another idea", "one suggestion:"…, and
      the rest holds a modal or a wish (could, should, would be nice, at
      some point): "side note, the API could use rate limiting at some
      point" -> "the API could use rate limiting". Not "How did we miss
      this btw?" and not "btw, why is X failing?".
  S2  without a marker: "I wonder if we …", "… which is a future
      enhancement", "(and we should change this to …)", "we could
      eventually …", "going forward, agents should …", and "it would be
      nice if …" when it is not the first sentence or says "also"/"future".
      Not "we should also add X" (a request for now).
  When both a deferral and a side idea match: S1 beats D, D beats S2.
  Context: Input.Task.

Unanswered question (Q): Claude asked, the user moved on.

  Q1  The pending question is Input.AskQuestion, else TrailingQuestion of
      Input.Assistant: a sentence ending in '?' in the last line (or the
      line before a short last line), with at most 240 bytes after it, and
      when anything follows it, addressed to the user ("you", "should I",
      "want me"); or a list whose opening line asks ("Do you want me to:").
      Code blocks and a closing "Let me know…" line are ignored.
  Q2  Not worth parking: "what would you like to do next?", check-ins
      ("Does this help?", "Any questions?"), offers to commit, push or go on.
  Q3  The prompt leaves the question (checked in this order):
        answer opening ("yes", "no", "1", "B)", "option 2", "let's go with",
        "I think") -> answer, no Q; an explicit shift ("different question
        first", "Q:", "next thing:", "actually first", "where were we",
        "before that") -> Q; then no Q for: 3 words or fewer, a reference
        to an option ("1 and 3", an AskUserQuestion label), a request to
        explain ("can you walk me through …"), a pronoun back to Claude's
        words in the first sentence ("doesn't the clone pull it down?"), a
        shared key word with the question or the 300 bytes before it
        ("the map" after "The map is just an empty container"), a question
        of 6 words or fewer. Then Q for a new request ("can you review the
        PR comments?"), a longer question, or a statement of 8 words or more
        that gives no opinion (a pasted finding). Otherwise no Q.
  Q4  No Q when the prompt defers or raises a side idea (that finding
      already covers the open loop), or in a long prompt without a shift.
  Idea: questionIdea (the offer without its opener, or the sentence before
  "Which do you prefer?"). Context: the question.
*/

import (
	"strings"

	regexp "github.com/openloop/openloop/internal/lazyre"
)

// Kind is the kind of an open loop; the strings are pkg/store's kinds.
type Kind string

// The three kinds of open loop.
const (
	Question Kind = "question"
	Deferred Kind = "deferred"
	SideIdea Kind = "side-idea"
)

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
	Idea    string // short phrase naming the thing, not the whole prompt
	Context string // Deferred: why deferred; SideIdea: what we were doing; Question: the question asked
	Why     string // one sentence on what triggered it
}

const (
	// longPrompt is the typed length above which only explicit rules fire.
	longPrompt = 600
	// maxPrompt bounds the bytes examined: nobody types more.
	maxPrompt = 256 << 10
)

// pending is a question Claude left open.
type pending struct {
	question string
	before   string // prose just before it
	options  []string
}

// Prompt finds the open loops in one user prompt. At most one finding per
// kind.
func Prompt(in Input) []Finding {
	p := in.Prompt
	if len(p) > maxPrompt {
		p = p[:maxPrompt]
	}
	text, skip := Typed(p)
	if skip || text == "" {
		return nil
	}
	long := len(text) > longPrompt
	sents := sentences(text)
	var out []Finding

	side, hasSide := findSide(sents, true)
	d, hasD := findDeferral(sents, long)
	if hasD && hasSide && d.sentence == side.sentence {
		hasD = false
	}
	if !hasSide && !long {
		if s2, ok := findSide(sents, false); ok && (!hasD || s2.sentence != d.sentence) {
			side, hasSide = s2, true
		}
	}
	if hasD {
		idea := ""
		if d.idea != "" && !isPointer(d.idea) {
			idea = phrase(d.idea)
		}
		if idea == "" {
			idea = userAntecedent(sents, d.sentence)
		}
		if idea == "" && in.Assistant != "" {
			idea = assistantTopic(in.Assistant)
		}
		if idea == "" && in.AskQuestion != "" {
			idea = questionIdea(in.AskQuestion, "")
		}
		if idea == "" {
			idea = phrase(d.idea)
		}
		if idea == "" {
			idea = phrase(d.sentence)
		}
		if idea != "" {
			out = append(out, Finding{Kind: Deferred, Idea: idea, Context: deferContext(d, in.Task),
				Why: "the user said " + quote(d.sentence)})
		}
	}
	if hasSide {
		if idea := phrase(side.idea); idea != "" {
			out = append(out, Finding{Kind: SideIdea, Idea: idea, Context: clip(oneLine(in.Task), 200),
				Why: "the user said " + quote(side.sentence)})
		}
	}
	if len(out) > 0 {
		return out
	}
	q, ok := pendingOf(in)
	if !ok || !parkable(q.question) {
		return nil
	}
	if long && !reShift.MatchString(lower(text)) {
		return nil
	}
	if !leavesQuestion(text, q) {
		return nil
	}
	idea := questionIdea(q.question, q.before)
	if idea == "" {
		return nil
	}
	return []Finding{{Kind: Question, Idea: idea, Context: clip(oneLine(stripMD(q.question)), 400),
		Why: "the user moved on with " + quote(firstSentence(text)) + " before answering"}}
}

// pendingOf returns the question Claude left open, if any.
func pendingOf(in Input) (pending, bool) {
	if q := strings.TrimSpace(in.AskQuestion); q != "" {
		return pending{question: q, before: tail(proseLines(in.Assistant), 300), options: in.AskOptions}, true
	}
	q, before, ok := trailingQuestion(in.Assistant)
	return pending{question: q, before: before}, ok
}

var reParenName = regexp.MustCompile(`\(([^()\s]+(?: [^()\s]+){0,3})\)`)

// userAntecedent finds what a pointing deferral points at in the user's own
// words: a short parenthetical in its sentence ("implement this as a
// separate feature (lastInteraction)"), else the sentence before it when
// that one names something itself.
func userAntecedent(sents []string, s string) string {
	if m := reParenName.FindStringSubmatch(s); m != nil {
		if p := phrase(m[1]); p != "" && substantive(p) {
			return p
		}
	}
	for i, t := range sents {
		if t != s || i == 0 {
			continue
		}
		prev := sents[i-1]
		lp := lower(prev)
		if reAnaphora.MatchString(lp) || reAnswerStart.MatchString(lp) || reOptionRef.MatchString(lp) {
			return ""
		}
		if p := phrase(prev); p != "" && substantive(p) && !isPointer(p) {
			return p
		}
		return ""
	}
	return ""
}

func firstSentence(text string) string {
	if ss := sentences(text); len(ss) > 0 {
		return ss[0]
	}
	return text
}
