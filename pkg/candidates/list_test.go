package candidates

import (
	"bytes"
	"testing"
	"time"
)

// WriteList prints each candidate by its number (or "-" without one),
// escapes the text it did not write, names a rule instead of a score,
// shows Claude's question and words as such, and names the commands the
// way the reader types them.
func TestWriteList(t *testing.T) {
	list := []Candidate{
		{N: 3, Kind: "question", Idea: "cache\x1b[2J size", Context: "how big?", Score: 0.456, Excerpt: "no idea", TS: t0},
		{N: 0, Kind: "deferred", Idea: "retry budget", Rule: "later", Excerpt: "I'll do it later", TS: t0.Add(-time.Hour), By: ByClaude},
	}
	var out bytes.Buffer
	WriteList(&out, list, time.UTC, func(s string) string { return "/session " + s })
	want := `2 candidates the hook was unsure of, newest first:
#3 question: cache\x1b[2J size (2026-12-02 10:00, score 0.46)
   Claude asked: how big?
   you wrote: no idea
- deferred: retry budget (2026-12-02 09:00, rule later, no number yet)
   I'll do it later
Park one with '/session review --park N', drop one with '/session review --dismiss N': each keeps its #N.
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	out.Reset()
	WriteList(&out, nil, time.UTC, nil)
	if out.String() != "No candidates to review for this project.\n" {
		t.Errorf("empty list: %q", out.String())
	}
	if j := JSONOf(nil); j.Count != 0 || j.Candidates == nil {
		t.Errorf("JSONOf(nil) = %+v, want count 0 and an empty list", j)
	}
}

func TestUnnumbered(t *testing.T) {
	for _, tt := range []struct {
		ns   []int
		want string
	}{
		{[]int{1, 0}, "1 candidate is"},
		{[]int{0, 0, 2}, "2 candidates are"},
		{[]int{1}, "0 candidates are"},
	} {
		var list []Candidate
		for _, n := range tt.ns {
			list = append(list, Candidate{N: n})
		}
		if got := Unnumbered(list); got != tt.want {
			t.Errorf("Unnumbered(%v) = %q, want %q", tt.ns, got, tt.want)
		}
	}
}

func TestParseNumber(t *testing.T) {
	for _, tt := range []struct {
		in string
		n  int
		ok bool
	}{
		{"2", 2, true}, {"#12", 12, true}, {"0", 0, false}, {"-1", 0, false},
		{"##2", 0, false}, {"two", 0, false}, {"", 0, false}, {" 2", 0, false},
	} {
		n, ok := ParseNumber(tt.in)
		if ok != tt.ok || ok && n != tt.n {
			t.Errorf("ParseNumber(%q) = %d, %v; want %d, %v", tt.in, n, ok, tt.n, tt.ok)
		}
	}
}
