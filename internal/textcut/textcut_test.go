package textcut

import (
	"testing"
	"unicode/utf8"
)

func TestHeadTail(t *testing.T) {
	tests := []struct {
		s          string
		max        int
		head, tail string
	}{
		{"hello", 10, "hello", "hello"},
		{"hello", 3, "hel", "llo"},
		{"héllo", 2, "h", "lo"},
		{"日本語", 4, "日", "語"},
		{"日本語", 6, "日本", "本語"},
		{"abc", 0, "", ""},
		{"abc", -1, "", ""},
	}
	for _, tt := range tests {
		if got := Head(tt.s, tt.max); got != tt.head {
			t.Errorf("Head(%q, %d) = %q, want %q", tt.s, tt.max, got, tt.head)
		}
		if got := Tail(tt.s, tt.max); got != tt.tail {
			t.Errorf("Tail(%q, %d) = %q, want %q", tt.s, tt.max, got, tt.tail)
		}
	}
}

func FuzzHeadTail(f *testing.F) {
	f.Add("héllo wörld", 3)
	f.Fuzz(func(t *testing.T, s string, max int) {
		h, tl := Head(s, max), Tail(s, max)
		if len(h) > len(s) || len(tl) > len(s) || max >= 0 && (len(h) > max || len(tl) > max) {
			t.Fatalf("over budget: %q %q", h, tl)
		}
		if utf8.ValidString(s) && (!utf8.ValidString(h) || !utf8.ValidString(tl)) {
			t.Fatalf("split a rune: %q %q", h, tl)
		}
	})
}
