package explain

import (
	"bytes"
	"strings"
	"testing"

	"github.com/openloop/openloop/pkg/config"
	"github.com/openloop/openloop/pkg/detect"
)

// Under reaches the hook's outcome under the settings, and says what the
// defaults would do only when the settings change it.
func TestUnder(t *testing.T) {
	in := detect.Input{Prompt: "let's do the retry budget for uploads later, fix the login bug first"}
	def, err := Under(in, 3, config.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	if def.Parks() == nil || def.Parks().Kind != detect.Deferred {
		t.Fatalf("defaults: parks %+v, want a deferred item", def.Parks())
	}
	off := config.Defaults()
	off.Off = map[string]bool{string(detect.Deferred): true}
	r, err := Under(in, 3, off)
	if err != nil {
		t.Fatal(err)
	}
	if r.Parks() != nil {
		t.Errorf("deferred off: parks %+v, want nothing", r.Parks())
	}
	var out bytes.Buffer
	r.Print(&out)
	for _, want := range []string{
		"Your settings: ",
		"no: off in your settings",
		"Parks: nothing: it would park deferred ",
		"Under the defaults it parks: deferred ",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
	out.Reset()
	def.Print(&out)
	if strings.Contains(out.String(), "Under the defaults") {
		t.Errorf("the defaults compared with themselves:\n%s", out.String())
	}
}

// An outcome's first line says what happens; the rest name the rule and
// the context.
func TestOutcomeLines(t *testing.T) {
	f := &detect.Finding{Kind: detect.Deferred, Idea: "retry budget", Context: "auth first", Rule: "later"}
	cand := &detect.Finding{Kind: detect.Question, Idea: "cache size", Context: "how big?", Score: 0.4}
	for _, tt := range []struct {
		name string
		o    outcome
		x    detect.Explanation
		want []string
	}{
		{"park", outcome{park: f}, detect.Explanation{Finding: f}, []string{`Parks: deferred "retry budget"`, "  rule: later", "  context: auth first"}},
		{"off", outcome{off: f}, detect.Explanation{Finding: f}, []string{`Parks: nothing: it would park deferred "retry budget", but deferred is turned off in your settings`}},
		{"candidate", outcome{cand: cand}, detect.Explanation{Candidate: cand}, []string{`Parks: nothing; kept for review as a candidate: question "cache size" (score 0.400)`, "  question: how big?"}},
		{"candidate off", outcome{off: cand}, detect.Explanation{Candidate: cand}, []string{`Parks: nothing; question is turned off in your settings, so "cache size" is not kept for review either`}},
		{"nothing", outcome{}, detect.Explanation{}, []string{"Parks: nothing"}},
	} {
		got := tt.o.lines(tt.x)
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
