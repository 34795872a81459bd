package hooks

import (
	"regexp"
	"strings"
	"testing"
)

// safeID is the loop form of ^[A-Za-z0-9_-]{1,128}$.
func TestSafeID(t *testing.T) {
	re := regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)
	for _, id := range []string{
		"", "7b1d6c1e-3f7a-4c55-9e0b-2a8c4e9f1d20", "a_b-C9", "../x", "a/b", "a b", "a.b",
		"é", "a\x00", strings.Repeat("a", 128), strings.Repeat("a", 129), "\n", "-",
	} {
		if got, want := safeID(id), re.MatchString(id); got != want {
			t.Errorf("safeID(%q) = %v, want %v", id, got, want)
		}
	}
}
