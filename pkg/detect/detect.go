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
split at line ends and at '.', '!' or '?' before a space ("e.g." does not
end one). Every rule has a few literal keys; its regexp runs only on a
sentence holding one of them.

Typed text (Typed)

  T1  Prompts the user did not type are skipped whole: "/cmd args" (but
      not "/usr/bin/env is missing"), "!cmd", "<command-name>…",
      "<task-notification>…", "<local-command-stdout>…", "[Request
      interrupted by user]", "This session is being continued…", any
      leading <custom-tag>.
  T2  <system-reminder>…</system-reminder> blocks are cut out first.
  T3  Pasted lines are dropped: fenced code (``` or ~~~; an unclosed fence
      runs to the end), lines indented 4 spaces or a tab, log lines
      ("2026-01-02 10:00 …", "[INFO] …", "ERROR: …"), stack frames
      ("at x.y(…)", `File "a.py", line 3`, "goroutine 1 [", "main.go:12:"),
      "TypeError: …", test output ("--- FAIL", "=== RUN"), JSON, diff
      headers, table rows, "> quotes", comments ("// TODO later"), lines
      ending in ';' '{' '}' or holding ":=", lines under half letters. A
      shell prompt ("$ ", "❯ ") or a "=== Step ===" header drops the block
      under it up to the next blank line.

Prompt: at most one finding per kind. Only the first 256 KiB are read.
After T1-T3, a prompt over 600 bytes is long: only rules marked (explicit)
fire in it, and Q only after an explicit shift in its first 400 bytes.

Deferral (D): the user puts something off.

  D1  (explicit) "let's come back to retries once auth works" -> "retries";
      "we will come back to it later" -> what Claude offered. "we can
      revisit this", "let's revisit the schema after the demo". A person
      comes back: not "it should come back to the main menu", not "I'll
      come back to you", not "let's get back to the parser bug" (that
      resumes it now).
  D2  (explicit) park / shelve / postpone / punt on / defer / backlog + it,
      this, that; or + a time: "defer locking for now until we migrate" ->
      "locking", "can we table the websocket idea for now?". "put X on
      hold / aside / on the back burner", "hold off on X". Not "why is the
      defer at the top?", not "defer the unlock right after the lock".
  D3  (explicit) "remind me to bump the chart after the release" -> "bump
      the chart". Not "remind me what the flag was called".
  D4  a modal, a verb, then a time: "we'll look at it later", "fine to do
      it later", "easy to change later on", "we can pick it up in future";
      "later, we should …"; "save that for later", "leave X for later";
      "let's not worry about i18n right now"; "not for this PR"; "that can
      wait"; a sentence that is only "not now" / "maybe later". Not "taken
      too later", not "so we don't break this in the future", not "handle
      errors later in the pipeline", not "add logs so we can check it
      later", not "I'll review it later today", not "cache the token for
      later".
  D5  filing it elsewhere: "file an issue", "add a linear issue for that",
      "create the follow up Linear issue", "add gsd todos for LOW-02", "log
      X in the debug tasks", "add it to the backlog", "TODO: X" (only
      "TODO for later: X" is explicit: a pasted spec has TODO lines),
      "another … todo". Not "fix the issue", "create an issue template",
      "add a TODO comment", "add an issue number".
  D6  "(note this also)", "make a note of X". Not "note that the API …".
  D7  "implement this as a separate feature", "clean up stuff in a
      separate task", "I'll follow up with the author", "X in a follow-up",
      "X is out of scope". Not "that's in a separate PR" (no verb), not "do
      it in a separate branch" (that is now).
  D8  "once auth works, let's add retries" -> "add retries": the
      condition is a milestone (works, lands, ships, is deployed, the
      beta…), so not "after the loop finishes, let's print a summary", and
      the step is not sequencing: "once that's done, let's commit".
  Idea: the thing named, reduced by phrase() (no filler opening, cut at
  its first clause or time word, at most 80 bytes). When the user only
  points ("that", "look at it", "this observation"), the idea is, in order:
  the thing put off earlier in the same sentence ("skip the benchmarks for
  now, we'll do them next sprint" -> "the benchmarks"), a short
  parenthetical ("as a separate feature (lastInteraction)"), the user's
  previous sentence when it names something, what Claude's question
  offered ("Want me to add X?" -> "add X"), the first item of a list Claude
  ended on, or Claude's last sentence. Context: "put off until <the
  condition>", else "put off while working on <task>".

Side idea (S): a new idea raised while working on something else.

  S1  (explicit) a marker, then an idea: "btw", "side note", "random
      thought", "unrelated, but", "tangent", "one suggestion:", "idea:" …
      Markers that do not name an idea need a cue in the rest: "we
      should/could" (not "you should"), "X could use Y", "would be nice", "worth adding",
      "at some point", "long term", "should we". "btw, we should support
      SSO at some point" -> "support SSO". Not "How did we miss this btw?",
      not "btw, why is CI slow?", not "btw, the tests should pass now", not
      "btw, it would be great if you could update the README" (a request).
  S2  without a marker: "I wonder if we should X", "I wonder why we still
      have X", "… which is a future enhancement", "(and we should change
      this to …)", "we could eventually …", "going forward / long term,
      agents should …", and "it would be nice if …" when it is not the
      first sentence or says "also"/"someday". Not "we should also add X"
      (a request for now), not "I wonder if it's the cache" (a guess), not
      "going forward, you should run the tests" (an instruction).
  When both match the same sentence: S1 beats D, D beats S2.
  Context: Input.Task.

Unanswered question (Q): Claude asked, the user moved on.

  Q1  The pending question is Input.AskQuestion, else TrailingQuestion of
      Input.Assistant: a sentence ending in '?' in the last line (or the
      line before a short last line), with at most 240 bytes after it, and
      when anything follows it, addressed to the user ("you", "should I",
      "want me"); or a list whose opening line asks ("Do you want me to:",
      "One question: Should X be:"). Code blocks and a closing "Let me
      know…" line are ignored; "It'll tell us:" + a list is not a question.
  Q2  Not worth parking: "What would you like to do next?", check-ins
      ("Does this help?", "Any files I'm missing?"), offers to commit,
      push or go on ("Ready to commit?", "Should I commit this?").
  Q3  The prompt leaves the question (checked in this order; "ok", "so",
      "thanks" openings are dropped first):
        an answer opening ("yes", "nah", "1.", "B)", "option 2", "let's go
        with", "I think", "the second one") -> no Q;
        an explicit shift ("different question first", "Q:", "next thing:",
        "actually first", "let's start there first", "where were we",
        "before that") -> Q;
        no Q for: 3 words or fewer ("folded in", "use postgres"), a
        reference to an option ("between 1 and 3", an AskUserQuestion
        label), a request to explain ("can you walk me through …"), a
        pronoun back to Claude's words in the first sentence ("doesn't the
        clone pull it down?"), a key word shared with the question, or two
        shared with the 300 bytes before it ("the map" + "the editor" after
        "The map is just an empty container"), a question of 6 words or
        fewer ("how big is the fix?");
        Q for a new request ("can you review the PR comments?", "add
        another option …"), a longer question, or a statement of 10 words
        or more that shares nothing with Claude's message and gives no
        opinion (a pasted review finding). Otherwise no Q.
      Key words: not stop words, 3 letters or more, endings folded
      ("patching" = "patch").
  Q4  No Q when the prompt defers or raises a side idea (that finding
      already covers the open loop).
  Idea: the offer without its opener ("Would you like me to refactor it
  into a package?" -> "refactor it into a package"), else the clause
  before a dash ("I noticed X swallows errors — want me to propagate
  them?" -> "X swallows errors"), else the sentence before a bare "Which do
  you prefer?". Context: the question.

Claude's own deferrals (AssistantDeferrals), outside code, in sentences
that neither ask nor offer ("Want me to leave X for later?" does not
count):

  C1  "I'll leave the streaming mode for a follow-up", "I've left X as a
      TODO", "I'm skipping X for now".
  C2  "X is out of scope for now / for this PR".
  C3  "X can be handled later / in a follow-up PR / separately".
  C4  "we can revisit it later"; a pointer takes the subject of the clause
      before: "Retries are out of scope for now; we can revisit them
      later" -> "Retries".
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

	side, hasSide := findSideMarker(sents)
	d, hasD := findDeferral(sents, long)
	if hasD && hasSide && d.sentence == side.sentence {
		hasD = false
	}
	if !hasSide && !long {
		if s2, ok := findSideImplicit(sents); ok && (!hasD || s2.sentence != d.sentence) {
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
		if idea == "" && in.AskQuestion != "" {
			// The open AskUserQuestion is what "that" points at.
			if p := questionIdea(in.AskQuestion, ""); substantive(p) {
				idea = p
			}
		}
		if idea == "" && in.Assistant != "" {
			idea = assistantTopic(in.Assistant)
		}
		if idea == "" && d.idea != "" {
			idea = phrase(d.idea) // "look at it later" with nothing to point at
		}
		// An idea that names nothing ("later", "do that") is not parked.
		if idea != "" && substantive(idea) {
			out = append(out, Finding{Kind: Deferred, Idea: idea, Context: deferContext(d, in.Task),
				Why: "the user said " + quote(d.sentence)})
		}
	}
	if hasSide {
		if idea := phrase(side.idea); idea != "" && substantive(idea) {
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
	if long && !shifts(text) {
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

// reSkipNow finds the thing put off earlier in the same sentence: "skip
// the benchmarks for now, we'll do them next sprint".
var reSkipNow = regexp.MustCompile(`\b(?:skip|leave out|drop|ignore|hold off on|postpone|not worry about|not bother with|not do|leave) (?P<x>[^.;!?\n,]{2,60}?) (?:for now|right now|yet|until)\b`)

var reConj = regexp.MustCompile(`^(?:or|and|but|so)\b`)

var reParenName = regexp.MustCompile(`\(([^()\s]+(?: [^()\s]+){0,3})\)`)

// userAntecedent finds what a pointing deferral points at in the user's own
// words: a short parenthetical in its sentence ("implement this as a
// separate feature (lastInteraction)"), else the sentence before it when
// that one names something itself.
func userAntecedent(sents []string, s string) string {
	if m := reSkipNow.FindStringSubmatchIndex(lower(s)); m != nil {
		i := reSkipNow.SubexpIndex("x")
		if p := phrase(s[m[2*i]:m[2*i+1]]); p != "" && substantive(p) && !isPointer(p) {
			return p
		}
	}
	if m := reParenName.FindStringSubmatch(s); m != nil {
		if p := phrase(m[1]); p != "" && substantive(p) {
			return p
		}
	}
	for i, t := range sents {
		if t != s {
			continue
		}
		// Walk back over at most two sentences: "could we dedupe the
		// agents? or is that too much effort? fine to do it later".
		for j := i - 1; j >= 0 && j >= i-2; j-- {
			lp := dropFillers(lower(sents[j]))
			if reAnswerStart.MatchString(lp) || reOptionRef.MatchString(lp) {
				return ""
			}
			if reConj.MatchString(lp) || reAnaphora.MatchString(lp) {
				continue
			}
			if p := phrase(sents[j]); p != "" && substantive(p) && !isPointer(p) {
				return p
			}
			return ""
		}
		return ""
	}
	return ""
}

// shifts reports an explicit move to another subject (reShift) at the
// start of the prompt, where people put one.
func shifts(text string) bool {
	if len(text) > 400 {
		text = clip(text, 400)
	}
	return reShift.MatchString(lower(text))
}

func firstSentence(text string) string {
	if ss := sentences(text); len(ss) > 0 {
		return ss[0]
	}
	return text
}
