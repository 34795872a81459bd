package hooks

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/openloop/openloop/pkg/candidates"
	"github.com/openloop/openloop/pkg/detect"
	"github.com/openloop/openloop/pkg/project"
	"github.com/openloop/openloop/pkg/settings"
	"github.com/openloop/openloop/pkg/store"
)

// The assist tier (docs/assist.md): with `openloop hook --assist`, Claude
// is given the parking rule at every SessionStart and, on a prompt the
// detector was unsure of, a one-line nudge naming the candidate. Claude
// judges; it parks with `openloop park --source assist`, under the store's
// rules, which `openloop install --assist` lets it run without a prompt.

// ParkingRule is the rule Claude is given at SessionStart, 120 words or
// fewer (TestRuleAndNudgeWordCounts). It states facts about the session
// and the tool, not orders: Claude Code's hooks guide asks that what a hook
// adds to Claude's context be written so, since imperative system-style
// text can trip Claude's defences against prompt injection. Its list of
// loops grew from what the simulations missed (docs/assist.md): the user's
// own later action, "not now" to Claude's offer, a deferral inside a long
// request, a question half answered; and quoted or translated text is
// named as no loop. "openloop park" in it is replaced by
// how the hook itself was invoked (Config.Program), so that the command
// matches the permission rule install wrote.
const ParkingRule = `openloop is installed: it keeps this session's open loops through compaction. An open loop is a named thing put off or filed away ("skip X for now", "Z next time", "an issue for W", "I'll do V myself", "not now" to your offer), even one clause of a long request; a new idea floated mid-task, not wanted now; or your question the work needs (a choice, value, approval) left unanswered or half answered as the user moves on. Not loops: offers, next-step menus, ordering, scoping that leaves nothing for later ("for now, X is enough"), handoff notes, quoted or translated text. openloop park --source assist --kind deferred|side-idea|question --idea '<thing, 2-6 words>' --context '<work under way>' saves one, once.`

// Word limits of what assist adds to Claude's context.
const (
	MaxRuleWords  = 120
	MaxNudgeWords = 30
	nudgeIdea     = 6  // words of the idea a nudge quotes
	nudgeQuestion = 12 // words of a question a nudge quotes
)

// assisting reports whether the assist tier is on: the hook runs with
// --assist and the user's settings do not turn it off ("assist": false,
// docs/settings.md). The file is read only for a hook run with --assist.
func (cfg Config) assisting(ev Event) bool {
	if !cfg.Assist {
		return false
	}
	cfgDir, err := project.ConfigDir(cfg.Getenv)
	if err != nil {
		return true
	}
	return cfg.eventSettings(ev, cfgDir).Assist
}

// program is how the park command is named for Claude: Config.Program,
// else "openloop".
func (cfg Config) program() string {
	if cfg.Program == "" {
		return "openloop"
	}
	return cfg.Program
}

// ProgramOf is Config.Program for a hook invoked as arg0 (os.Args[0]),
// so that the park command the rule names matches the permission rule
// install wrote (Bash(<program> park:*)). A path is shell-quoted when it
// needs it; a bare name (found on PATH) is kept as it is.
func ProgramOf(arg0 string) string {
	if arg0 == "" {
		return "openloop"
	}
	if strings.ContainsRune(arg0, '/') || strings.ContainsRune(arg0, filepath.Separator) {
		return settings.QuoteIfNeeded(arg0)
	}
	return arg0
}

// Rule is ParkingRule with the park command named as this hook was run.
func (cfg Config) Rule() string {
	return strings.Replace(ParkingRule, "openloop park ", cfg.program()+" park ", 1)
}

// nudge is what Claude is told about a candidate: nothing unless the hook
// runs with --assist; then one line of additionalContext naming it (the
// question left behind, for a question), MaxNudgeWords or fewer.
//
// A pointer deferral ("write that down for later", detect.Finding.Pointer)
// names no thing of its own: its nudge names the subject of Claude's last
// message, so that Claude, who knows what it said, names the thing.
func (cfg Config) nudge(ev Event, c candidates.Candidate, f detect.Finding) *Output {
	if !cfg.assisting(ev) {
		return nil
	}
	text := Nudge(cfg.program(), c.Kind, nudgeSubject(c))
	if f.Pointer {
		text = PointerNudge(cfg.program(), f.Subject)
	}
	return &Output{Specific: &Context{HookEventName: "UserPromptSubmit", AdditionalContext: text}}
}

// PointerNudge is the nudge for a deferral that points at what Claude's
// last message named (subject: that message's heading or last sentence, a
// few words; "" when unknown), MaxNudgeWords or fewer.
func PointerNudge(program, subject string) string {
	about := ""
	if w := strings.Fields(subject); len(w) > 0 {
		about = fmt.Sprintf(" (%q)", strings.Join(w[:min(len(w), 7)], " "))
	}
	n := fmt.Sprintf("openloop: possible deferral of what your last message named%s; %s park --source assist --kind deferred … saves it, if it is one.", about, program)
	if len(strings.Fields(n)) > MaxNudgeWords {
		n = fmt.Sprintf("openloop: possible deferral of what your last message named%s; the openloop rule says how it is parked, if it is one.", about)
	}
	return n
}

// nudgeSubject is what a nudge names: the question Claude asked for a
// question, else the idea.
func nudgeSubject(c candidates.Candidate) string {
	if c.Kind == string(store.KindQuestion) && c.Context != "" {
		return lastClause(c.Context)
	}
	return c.Idea
}

// lastClause is the question itself, without what led up to it: the text
// after the last ": ", ". ", "? " or "! " ("One thing first: should expired
// tokens return 401 or 403?" names "should expired tokens …"), unless that
// leaves fewer than three words.
func lastClause(q string) string {
	q = strings.TrimSpace(q)
	cut := -1
	for _, sep := range []string{": ", ". ", "? ", "! "} {
		if i := strings.LastIndex(q, sep); i > cut {
			cut = i + len(sep)
		}
	}
	if cut < 0 || len(strings.Fields(q[cut:])) < 3 {
		return q
	}
	return q[cut:]
}

// maxQuestionIdea bounds the words of a question item's idea.
const maxQuestionIdea = 14

// questionIdea is what a question item is named after: the question itself
// (lastClause), without its question mark, at most maxQuestionIdea words
// (the first ones: the slug is cut at its byte limit anyway).
func questionIdea(q string) string {
	q = strings.TrimSpace(lastClause(strings.Join(strings.Fields(q), " ")))
	q = strings.TrimRight(q, "?？¿ ")
	if w := strings.Fields(q); len(w) > maxQuestionIdea {
		q = strings.Join(w[:maxQuestionIdea], " ")
	}
	return q
}

// Nudge is the one-line nudge for a candidate of kind naming subject,
// stated as a fact about the message, not an order. A question is quoted
// at up to nudgeQuestion words, its head and its end (where the choice
// is); anything else at nudgeIdea. With a program whose path has spaces
// the command would push it past MaxNudgeWords; it then leaves the command
// to the rule.
func Nudge(program, kind, subject string) string {
	words := strings.Fields(subject)
	switch {
	case kind == "question" && len(words) > nudgeQuestion:
		head, tail := words[:4:4], words[len(words)-(nudgeQuestion-4):]
		words = append(head, "…"+tail[0])
		words = append(words, tail[1:]...)
	case kind != "question":
		words = []string{quoteWords(subject, nudgeIdea)}
	}
	what := map[string]string{"question": "skipped question", "deferred": "deferral", "side-idea": "side idea"}[kind]
	if what == "" {
		what = "open loop"
	}
	quoted := strings.Join(words, " ")
	n := fmt.Sprintf("openloop: possible %s: %q; %s park --source assist --kind %s … saves it, if it is one.", what, quoted, program, kind)
	if len(strings.Fields(n)) > MaxNudgeWords {
		n = fmt.Sprintf("openloop: possible %s: %q; the openloop rule says how it is parked, if it is one.", what, quoted)
	}
	return n
}
