package store

import "testing"

// StatusLine counts the open and the stale items, leaves the stale part
// out of the default line when none is stale, fills a format of the
// user's, and is empty when nothing is open.
func TestStatusLine(t *testing.T) {
	s := newStore(t)
	if line, err := s.StatusLine(""); err != nil || line != "" {
		t.Errorf("nothing open: %q, %v", line, err)
	}
	park(t, s, KindDeferred, "retry budget")
	park(t, s, KindSideIdea, "lru cache")
	if line, _ := s.StatusLine(""); line != "2 open" {
		t.Errorf("none stale: %q", line)
	}
	age(t, s, fileOf("lru-cache"), 14)
	for format, want := range map[string]string{
		"":                       "2 open · 1 stale",
		"{open}/{max} ({stale})": "2/10 (1)",
		"loops":                  "loops",
	} {
		if line, _ := s.StatusLine(format); line != want {
			t.Errorf("StatusLine(%q) = %q, want %q", format, line, want)
		}
	}
}
