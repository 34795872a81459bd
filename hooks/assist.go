package hooks

import (
	"fmt"
	"strings"

	"github.com/openloop/openloop/pkg/candidates"
	"github.com/openloop/openloop/pkg/project"
	"github.com/openloop/openloop/pkg/store"
)

// The assist tier (docs/assist.md): with `openloop hook --assist`, Claude
// is given the parking rule at every SessionStart and, on a prompt the
// detector was unsure of, a one-line nudge naming the candidate. Claude
// judges; it parks with `openloop park --source assist`, under the store's
// rules, which `openloop install --assist` lets it run without a prompt.

// ParkingRule is the rule Claude is given at SessionStart, 120 words or
// fewer (TestRuleAndNudgeWordCounts). It is the wording measured with
// independent readers on held-out labelled cases (docs/assist.md): an
// earlier one that ended "When unsure, don't" was as precise and caught
// far fewer loops. "openloop park" in it is replaced by
// how the hook itself was invoked (Config.Program), so that the command
// matches the permission rule install wrote.
const ParkingRule = `openloop: before replying, read the user's whole message; park each open loop it leaves, once: openloop park --source assist --kind deferred|side-idea|question --idea '<thing, 2-6 words>' --context '<work under way>'. Open loops: a named thing or topic put off or filed away ("skip X for now", "won't fix Y yet", "Z next time", "make an issue for W"); a distinct new idea floated mid-task, not asked for now; your question the work needs (a choice, a value or result only they have, approval of your plan) left unanswered as they move on. Not loops: your offers or menus of next steps, ordering within the task, scoping with nothing left for later ("for now just print it"), handoff notes.`

// Word limits of what assist adds to Claude's context.
const (
	MaxRuleWords  = 120
	MaxNudgeWords = 30
	nudgeIdea     = 6 // words of the idea or question a nudge quotes
)

// assisting reports whether the assist tier is on: the hook runs with
// --assist and the user's settings do not turn it off ("assist": false,
// docs/settings.md). The file is read only for a hook run with --assist.
func (cfg Config) assisting() bool {
	if !cfg.Assist {
		return false
	}
	cfgDir, err := project.ConfigDir(cfg.Getenv)
	if err != nil {
		return true
	}
	return cfg.settings(cfgDir).Assist
}

// program is how the park command is named for Claude: Config.Program,
// else "openloop".
func (cfg Config) program() string {
	if cfg.Program == "" {
		return "openloop"
	}
	return cfg.Program
}

// Rule is ParkingRule with the park command named as this hook was run.
func (cfg Config) Rule() string {
	return strings.Replace(ParkingRule, "openloop park ", cfg.program()+" park ", 1)
}

// nudge is what Claude is told about a candidate: nothing unless the hook
// runs with --assist; then one line of additionalContext naming it (the
// question left behind, for a question), MaxNudgeWords or fewer.
func (cfg Config) nudge(c candidates.Candidate) *Output {
	if !cfg.assisting() {
		return nil
	}
	return &Output{Specific: &Context{HookEventName: "UserPromptSubmit", AdditionalContext: Nudge(cfg.program(), c.Kind, nudgeSubject(c))}}
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

// Nudge is the one-line nudge for a candidate of kind naming subject (cut
// to a few words). With a program whose path has spaces the command would
// push it past MaxNudgeWords; it then leaves the command to the rule.
func Nudge(program, kind, subject string) string {
	words := strings.Fields(subject)
	if len(words) > nudgeIdea {
		words = append(words[:nudgeIdea:nudgeIdea], "…")
		words[nudgeIdea-1] += words[nudgeIdea]
		words = words[:nudgeIdea]
	}
	what := map[string]string{"question": "your question unanswered", "deferred": "a deferral", "side-idea": "a side idea"}[kind]
	if what == "" {
		what = "an open loop"
	}
	quoted := strings.Join(words, " ")
	n := fmt.Sprintf("openloop: this message may leave %s: %q. If it does, park it (%s park --source assist --kind %s …); if not, ignore this.", what, quoted, program, kind)
	if len(strings.Fields(n)) > MaxNudgeWords {
		n = fmt.Sprintf("openloop: this message may leave %s: %q. If it does, park it as the openloop rule says; if not, ignore this.", what, quoted)
	}
	return n
}
