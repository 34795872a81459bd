package store

import (
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestLine(t *testing.T) {
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	s := Open(t.TempDir(), func() time.Time { return now })
	tests := []struct {
		it   Item
		want string
	}{
		{Item{Name: "a", Description: "Deferred - x", ModTime: now}, "- [ ] a — Deferred - x"},
		{Item{Name: "a", ModTime: now}, "- [ ] a — (no description)"},
		{Item{Name: "old", Description: "d", ModTime: now.Add(-14 * 24 * time.Hour)}, "- [ ] ⚠ stale — old — d"},
		{Item{Name: "young", Description: "d", ModTime: now.Add(-14*24*time.Hour + time.Minute)}, "- [ ] young — d"},
		{Item{Name: "session-open-x.md", Damaged: errors.New("no frontmatter"), ModTime: now}, "- [ ] session-open-x.md — unreadable: no frontmatter"},
		// Text openloop may not have written never reaches a terminal raw.
		{Item{Name: "a\x1b[2Jb", Description: "x\x1b]52;c;Y2xpcA==\a y", ModTime: now}, `- [ ] a\x1b[2Jb — x\x1b]52;c;Y2xpcA==\x07 y`},
		{Item{Name: "invoice\u202egnp.md", Description: "tab\there\u200b", ModTime: now}, `- [ ] invoice\u202egnp.md — tab here\u200b`},
		{Item{Name: "bad", Damaged: errors.New("frontmatter: \x1b[31m"), ModTime: now}, `- [ ] bad — unreadable: frontmatter: \x1b[31m`},
	}
	for _, tt := range tests {
		if got := s.Line(tt.it); got != tt.want {
			t.Errorf("Line = %q, want %q", got, tt.want)
		}
	}
	// A hostile 60 KB name is cut, on a rune boundary.
	long := s.Line(Item{Name: strings.Repeat("é", 30000), Description: "d", ModTime: now})
	if len(long) > 2*maxShown+40 || !utf8.ValidString(long) || !strings.Contains(long, "… — d") {
		t.Errorf("long name not clipped: %d bytes", len(long))
	}
}

func TestArchivedLine(t *testing.T) {
	a := Archived{Item: Item{Name: "retry\x07", Description: "Deferred - retry", ModTime: time.Date(2026, 11, 30, 23, 0, 0, 0, time.UTC)}, Action: "expired"}
	if got, want := a.Line(), `- retry\x07 — Deferred - retry (expired 2026-11-30)`; got != want {
		t.Errorf("Line = %q, want %q", got, want)
	}
}
