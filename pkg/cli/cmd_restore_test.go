package cli

import "testing"

// someNames names at most three items, escaped, and counts the others:
// the line restore prints of items whose text is under another config
// dir goes to a terminal and, through /session, to Claude.
func TestSomeNames(t *testing.T) {
	names := []string{"a", "b\x1b[2J", "c", "d", "e"}
	for _, tt := range []struct {
		n    int
		want string
	}{
		{1, "a"},
		{3, `a, b\x1b[2J, c`},
		{4, `a, b\x1b[2J, c and 1 more`},
		{5, `a, b\x1b[2J, c and 2 more`},
	} {
		if got := someNames(names[:tt.n]); got != tt.want {
			t.Errorf("%d names: %q, want %q", tt.n, got, tt.want)
		}
	}
	if names[1] != "b\x1b[2J" {
		t.Error("someNames changed its argument")
	}
}
