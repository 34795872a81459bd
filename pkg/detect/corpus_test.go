package detect

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusCase is one line of testdata/corpus/dev-pairs.jsonl.
type corpusCase struct {
	ID        string `json:"id"`
	Assistant string `json:"assistant"`
	Ask       *struct {
		Question string   `json:"question"`
		Options  []string `json:"options"`
	} `json:"ask_user_question"`
	Prompt string `json:"prompt"`
	Label  string `json:"label"`
	Idea   string `json:"idea"`
	Note   string `json:"note"`
}

func loadCorpus(t testing.TB) []corpusCase {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "corpus", "dev-pairs.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []corpusCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var c corpusCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("corpus line %d: %v", len(out)+1, err)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// input builds the hook's Input from a case, as the hook does.
func (c corpusCase) input() Input {
	in := Input{Prompt: c.Prompt, Assistant: c.Assistant}
	if c.Ask != nil {
		in.AskQuestion, in.AskOptions = c.Ask.Question, c.Ask.Options
	}
	return in
}

var labelKind = map[string]Kind{"Q": Question, "D": Deferred, "S": SideIdea}

// TestCorpus runs every labelled case through Prompt and reports
// precision and recall per kind. It fails below precision 0.9 or recall
// 0.75 for any kind.
func TestCorpus(t *testing.T) {
	cases := loadCorpus(t)
	if len(cases) < 80 {
		t.Fatalf("corpus has %d cases, want the full set", len(cases))
	}
	type score struct{ tp, fp, fn int }
	scores := map[Kind]*score{Question: {}, Deferred: {}, SideIdea: {}}
	var wrong []string
	for _, c := range cases {
		want := labelKind[c.Label]
		got := map[Kind]Finding{}
		for _, f := range Prompt(c.input()) {
			got[f.Kind] = f
		}
		ok := true
		for _, k := range []Kind{Question, Deferred, SideIdea} {
			_, has := got[k]
			switch {
			case has && k == want:
				scores[k].tp++
			case has:
				scores[k].fp++
				ok = false
			case k == want:
				scores[k].fn++
				ok = false
			}
		}
		if !ok {
			var kinds []string
			for k, f := range got {
				kinds = append(kinds, fmt.Sprintf("%s(%q)", k, f.Idea))
			}
			wrong = append(wrong, fmt.Sprintf("%s want %s got [%s]", c.ID, c.Label, strings.Join(kinds, " ")))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-10s %4s %4s %4s %9s %7s\n", "kind", "tp", "fp", "fn", "precision", "recall")
	for _, k := range []Kind{Question, Deferred, SideIdea} {
		s := scores[k]
		p, r := ratio(s.tp, s.tp+s.fp), ratio(s.tp, s.tp+s.fn)
		fmt.Fprintf(&b, "%-10s %4d %4d %4d %9.2f %7.2f\n", k, s.tp, s.fp, s.fn, p, r)
		if p < 0.9 || r < 0.75 {
			defer t.Errorf("%s: precision %.2f recall %.2f, want at least 0.90 and 0.75", k, p, r)
		}
	}
	fmt.Fprintf(&b, "misclassified (%d of %d):\n", len(wrong), len(cases))
	for _, w := range wrong {
		fmt.Fprintf(&b, "  %s\n", w)
	}
	t.Log(b.String())
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}
