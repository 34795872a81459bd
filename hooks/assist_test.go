package hooks

import (
	"strings"
	"testing"
)

// The rule stays at MaxRuleWords or fewer and each nudge at MaxNudgeWords
// or fewer, whatever the idea, the kind or the program's path.
func TestRuleAndNudgeWordCounts(t *testing.T) {
	for _, prog := range []string{"openloop", "/usr/local/bin/openloop", "'/Users/me/My Tools/openloop'"} {
		rule := Config{Program: prog}.Rule()
		if n := len(strings.Fields(rule)); n > MaxRuleWords {
			t.Errorf("rule with %s: %d words, want %d or fewer", prog, n, MaxRuleWords)
		}
		if !strings.Contains(rule, "it leaves, once: "+prog+" park --source assist --kind ") {
			t.Errorf("rule does not name %s park: %s", prog, rule)
		}
		for _, kind := range []string{"deferred", "side-idea", "question"} {
			for _, subject := range []string{"i18n", "add a retry budget to the upload client before the release", strings.Repeat("word ", 200), "Should expired refresh tokens return 401 or 403?"} {
				n := Nudge(prog, kind, subject)
				if c := len(strings.Fields(n)); c > MaxNudgeWords {
					t.Errorf("nudge %d words, want %d or fewer: %s", c, MaxNudgeWords, n)
				}
				if strings.Contains(n, "\n") {
					t.Errorf("nudge is not one line: %q", n)
				}
				first := strings.Fields(subject)[0]
				if !strings.Contains(n, `"`+first) {
					t.Errorf("nudge does not name the candidate %q: %s", first, n)
				}
			}
		}
	}
}

func TestLastClause(t *testing.T) {
	for q, want := range map[string]string{
		"One thing before I go further: should expired refresh tokens return 401 or 403 to the client?": "should expired refresh tokens return 401 or 403 to the client?",
		"Done. Which port should it use?": "Which port should it use?",
		"Tests pass. Port?":               "Tests pass. Port?",
		"Which port should it use?":       "Which port should it use?",
	} {
		if got := lastClause(q); got != want {
			t.Errorf("lastClause(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestNudgeText(t *testing.T) {
	for _, tc := range []struct{ kind, subject, want string }{
		{"deferred", "support dark mode", `openloop: this message may leave a deferral: "support dark mode". If it does, park it (openloop park --source assist --kind deferred …); if not, ignore this.`},
		{"question", "Should expired refresh tokens return 401 or 403 to the client?", `openloop: this message may leave your question unanswered: "Should expired refresh tokens return 401…". If it does, park it (openloop park --source assist --kind question …); if not, ignore this.`},
	} {
		if got := Nudge("openloop", tc.kind, tc.subject); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}
