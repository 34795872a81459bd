package detect

import (
	"slices"
	"testing"
)

// The ASCII fast path splits words exactly as the general one.
func FuzzASCIITokens(f *testing.F) {
	f.Add("Let's punt on i18n! it's 'quoted' -- x")
	f.Fuzz(func(t *testing.T, s string) {
		if !isASCII(s) {
			return
		}
		var out []string
		a := asciiTokens(s)
		out = runeTokens(s)
		if !slices.Equal(a, out) {
			t.Fatalf("%q: ascii %q, general %q", s, a, out)
		}
	})
}
