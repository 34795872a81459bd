package explain

import (
	"bytes"
	"strings"
	"testing"
	"unicode"

	"github.com/openloop/openloop/pkg/config"
	"github.com/openloop/openloop/pkg/detect"
)

// TestExplainEscapesEveryLine: explain prints text it did not write (the
// prompt, Claude's question, feature names, the idea and its context)
// with every control and format character escaped, the context line
// included: an escape sequence, a bidi override, a tag character or a line
// break in any of them reaches the terminal as text, never as itself.
func TestExplainEscapesEveryLine(t *testing.T) {
	hostile := "a\x1b]0;pwn\x07b\u202ec\u2066d\U000E0041e\u0085f\nforged line\u2028g\x7fh"
	x := detect.Explanation{
		Typed:    "prompt " + hostile,
		Question: "question " + hostile,
		Kinds: []detect.KindScore{
			{Kind: detect.Deferred, Scored: true, P: 0.9, Threshold: 0.5, Top: []detect.Contribution{{Feature: "w:" + hostile, Weight: 1.5}}},
			{Kind: detect.SideIdea, Scored: true, P: 0.1, Threshold: 0.5},
			{Kind: detect.Question, Scored: true, P: 0.2, Threshold: 0.9},
		},
		Finding: &detect.Finding{Kind: detect.Deferred, Idea: "idea " + hostile, Context: "context " + hostile},
	}
	var out bytes.Buffer
	st := config.Defaults()
	Report{Explanation: x, settings: st, out: outcomeOf(x, st)}.Print(&out)
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	for i, l := range lines {
		for _, r := range l {
			if r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Cf, r) {
				t.Errorf("line %d holds %U unescaped: %q", i+1, r, l)
			}
		}
		if strings.HasPrefix(l, "forged line") {
			t.Errorf("line %d was started by the text: %q", i+1, l)
		}
	}
	const esc = `a\x1b]0;pwn\x07b\u202ec\u2066d\U000e0041e\u0085f\x0aforged line\u2028g\x7fh`
	want := []string{
		`Prompt (as read): prompt a\x1b]0;pwn\x07b\u202ec\u2066d\U000e0041e f forged line g\x7fh`, // white space folded
		"Claude asked: question " + esc,
		"  +1.50  w:" + esc,
		"  context: context " + esc,
	}
	for _, w := range want {
		found := false
		for _, l := range lines {
			found = found || l == w
		}
		if !found {
			t.Errorf("no line %q in\n%s", w, out.String())
		}
	}
	if n := len(lines); n != 13 {
		t.Errorf("%d lines, want 13:\n%s", n, out.String())
	}
}
