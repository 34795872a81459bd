package doctor

import (
	"bytes"
	"testing"
)

// Write lines the rows up, escapes what they show, and lists each problem
// with its fix and how many there are.
func TestWrite(t *testing.T) {
	for _, tt := range []struct {
		r    Report
		want string
	}{
		{Report{Rows: []Row{{"project root", "/p"}, {"memory dir", "/m\x1b[2J (flat)"}}},
			"project root       /p\nmemory dir         /m\\x1b[2J (flat)\nOK: nothing wrong\n"},
		{Report{Rows: []Row{{"project root", "/p"}}, Problems: []Problem{{"no hooks\nregistered", "run 'openloop install'"}, {"a", "b"}}},
			"project root       /p\n\nproblem: no hooks\\x0aregistered\n  fix: run 'openloop install'\nproblem: a\n  fix: b\n2 problem(s) found\n"},
	} {
		var out bytes.Buffer
		tt.r.Write(&out)
		if out.String() != tt.want {
			t.Errorf("got %q, want %q", out.String(), tt.want)
		}
	}
}
