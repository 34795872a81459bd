package store

import (
	"regexp"
	"testing"
)

// NameOfFile agrees with the pattern it replaced.
func TestNameOfFileMatchesPattern(t *testing.T) {
	re := regexp.MustCompile(`^session-open-(.+)-(\d{4}-\d{2}-\d{2})\.md$`)
	for _, f := range []string{
		"session-open-retry-budget-2026-12-02.md", "session-open-a-2026-12-02.md",
		"session-open--2026-12-02.md", "session-open-2026-12-02.md", "session-open-x-2026-1-02.md",
		"session-open-x-y-2026-12-02-2026-12-03.md", "session-open-x.md", "session-open-.md",
		"other-x-2026-12-02.md", "session-open-x-2026-12-02.txt", "session-open-x-2026a12-02.md",
		"session-open-é-2026-12-02.md", "", "session-open-x-２０２６-12-02.md",
	} {
		want := ""
		if m := re.FindStringSubmatch(f); m != nil {
			want = m[1]
		} else {
			want = trimFrame(f)
		}
		if got := NameOfFile(f); got != want {
			t.Errorf("NameOfFile(%q) = %q, want %q", f, got, want)
		}
	}
}

func trimFrame(f string) string {
	if len(f) >= len(Prefix) && f[:len(Prefix)] == Prefix {
		f = f[len(Prefix):]
	}
	if len(f) >= len(Suffix) && f[len(f)-len(Suffix):] == Suffix {
		f = f[:len(f)-len(Suffix)]
	}
	return f
}
