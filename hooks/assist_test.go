package hooks

import (
	"strings"
	"testing"

	"github.com/openloop/openloop/pkg/settings"
)

// The rule stays at MaxRuleWords or fewer and each nudge at MaxNudgeWords
// or fewer, whatever the idea, the kind or the program's path.
func TestRuleAndNudgeWordCounts(t *testing.T) {
	for _, prog := range []string{"openloop", "/usr/local/bin/openloop", "'/Users/me/My Tools/openloop'"} {
		rule := Config{Program: prog}.Rule()
		if n := len(strings.Fields(rule)); n > MaxRuleWords {
			t.Errorf("rule with %s: %d words, want %d or fewer", prog, n, MaxRuleWords)
		}
		if !strings.Contains(rule, ". "+prog+" park --source assist --kind ") {
			t.Errorf("rule does not name %s park: %s", prog, rule)
		}
		for _, kind := range []string{"deferred", "side-idea", "question"} {
			for _, subject := range []string{"i18n", "add a retry budget to the upload client before the release", strings.Repeat("word ", 200), "Should expired refresh tokens return 401 or 403?"} {
				n := Nudge(prog, kind, subject)
				if kind == "deferred" {
					if p := PointerNudge(prog, subject); len(strings.Fields(p)) > MaxNudgeWords || strings.Contains(p, "\n") {
						t.Errorf("pointer nudge %d words, want %d or fewer: %s", len(strings.Fields(p)), MaxNudgeWords, p)
					}
				}
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
		{"deferred", "support dark mode", `openloop: possible deferral: "support dark mode"; openloop park --source assist --kind deferred … saves it, if it is one.`},
		{"deferred", "support dark mode in the settings page before the release", `openloop: possible deferral: "support dark mode in the settings…"; openloop park --source assist --kind deferred … saves it, if it is one.`},
		// A question keeps its choice: its head and its end.
		{"question", "Should expired refresh tokens return 401 or 403 to the client?", `openloop: possible skipped question: "Should expired refresh tokens return 401 or 403 to the client?"; openloop park --source assist --kind question … saves it, if it is one.`},
		{"question", "Given the retry budget we discussed, should expired refresh tokens return 401 or 403 to the client?", `openloop: possible skipped question: "Given the retry budget …tokens return 401 or 403 to the client?"; openloop park --source assist --kind question … saves it, if it is one.`},
	} {
		if got := Nudge("openloop", tc.kind, tc.subject); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}

// The rule and the nudges state facts; no sentence or clause of them is an
// order to Claude (Claude Code's hooks guide: imperative system-style text
// in a hook's context can trip Claude's defences against prompt
// injection).
func TestRuleAndNudgesAreFacts(t *testing.T) {
	orders := []string{"park", "read", "ask", "do", "don't", "never", "always", "ignore", "use", "run", "call", "before", "when", "if it does, park", "carry", "after", "archive"}
	texts := []string{Config{}.Rule(), PointerNudge("openloop", "Order global ID counter"), Nudge("openloop", "deferred", "support dark mode"), Nudge("openloop", "question", "Which port?"), Nudge("'/a b/openloop'", "side-idea", "a plugin API"),
		RenameHint("openloop", []string{"deferred"}, []string{"write design doc"}, []string{"write-design-doc"}),
		RenameHint("'/a b c d e f g h i j k l m n o p/openloop'", []string{"deferred", "deferred"}, []string{"a", "b"}, []string{"a", "b"})}
	for _, text := range texts {
		for _, clause := range strings.FieldsFunc(text, func(r rune) bool { return r == '.' || r == ';' || r == ':' }) {
			first := strings.ToLower(strings.Trim(strings.Fields(clause + " x")[0], `"'(`))
			for _, o := range orders {
				if first == o {
					t.Errorf("a clause starts with the order %q: %q", o, clause)
				}
			}
		}
	}
}

// The line Claude is given when the hook parks on its own, with the
// assist tier on, says how to rename the item, and stays at MaxNudgeWords
// or fewer whatever the idea, the number of parks or the program's path
// (issue 29 §3).
func TestRenameHintWords(t *testing.T) {
	long := "add a retry budget to the upload client before the release"
	tests := []struct {
		prog                string
		kinds, ideas, names []string
		want                string // the exact line, when not ""
	}{
		{"openloop", []string{"deferred"}, []string{"write design doc"}, []string{"write-design-doc"},
			`openloop parked deferred "write design doc" as write-design-doc; openloop rename write-design-doc --idea '<thing>' renames it if the name misses the thing.`},
		{"openloop", []string{"side-idea"}, []string{long}, []string{"add-retry-budget-to-upload-client-before"},
			`openloop parked side-idea "add a retry budget to the…" as add-retry-budget-to-upload-client-before; openloop rename add-retry-budget-to-upload-client-before --idea '<thing>' renames it if the name misses the thing.`},
		{"'/Users/me/My Tools/openloop'", []string{"deferred"}, []string{long}, []string{"x"}, ""},
		{"openloop", []string{"deferred", "side-idea"}, []string{"a b", "c d"}, []string{"a-b", "c-d"},
			`openloop parked a-b, c-d; openloop rename <name> --idea '<thing>' renames one if the name misses the thing.`},
		{"'/a b c d e f g h i j k l m n o p/openloop'", []string{"deferred", "deferred", "deferred", "deferred"}, []string{"a", "b", "c", "d"}, []string{"a", "b", "c", "d"}, ""},
	}
	for _, tt := range tests {
		got := RenameHint(tt.prog, tt.kinds, tt.ideas, tt.names)
		if n := len(strings.Fields(got)); n > MaxNudgeWords {
			t.Errorf("%d words, want %d or fewer: %s", n, MaxNudgeWords, got)
		}
		if tt.want != "" && got != tt.want {
			t.Errorf("RenameHint = %s\nwant          %s", got, tt.want)
		}
		if !strings.Contains(got, "rename") && len(strings.Fields(tt.prog)) < 5 {
			t.Errorf("no rename in %s", got)
		}
	}
}

func TestProgramOf(t *testing.T) {
	for _, tc := range []struct{ arg0, want string }{
		{"openloop", "openloop"},
		{"", "openloop"},
		{"/usr/local/bin/openloop", "/usr/local/bin/openloop"},
		{"/Users/me/My Tools/openloop", "'/Users/me/My Tools/openloop'"},
		{"./bin/open'loop", `'./bin/open'\''loop'`},
	} {
		if got := ProgramOf(tc.arg0); got != tc.want {
			t.Errorf("ProgramOf(%q) = %q, want %q", tc.arg0, got, tc.want)
		}
		// What the rule names is one shell word that is the program.
		if w, err := settings.Words(ProgramOf(tc.arg0)); err != nil || len(w) != 1 || tc.arg0 != "" && w[0] != tc.arg0 {
			t.Errorf("ProgramOf(%q) splits to %q, %v", tc.arg0, w, err)
		}
	}
}
