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
