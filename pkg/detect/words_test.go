package detect

import (
	"strings"
	"testing"
)

func TestWordsHas(t *testing.T) {
	set := words("abc can't do so-so дай")
	for _, c := range []struct {
		w    string
		want bool
	}{
		{"abc", true}, {"can't", true}, {"do", true}, {"so-so", true}, {"дай", true},
		{"bc", false}, {"ab", false}, {"so", false}, {"d", false}, {"да", false},
		{"", false}, {" ", false}, {"abc can't", false}, {"c c", false}, {"abc ", false},
	} {
		if got := set.has(c.w); got != c.want {
			t.Errorf("words(%q).has(%q) = %v, want %v", set, c.w, got, c.want)
		}
	}
	if words("").has("a") {
		t.Error(`words("").has("a") = true`)
	}
}

// The sets are written by hand as one string: a doubled or stray space
// would make a word of "", and a tab or newline would glue two words.
func TestWordSetsAreWellFormed(t *testing.T) {
	for name, set := range map[string]words{
		"afterList": afterList, "fileLists": fileLists, "doerWords": doerWords, "modalWords": modalWords,
		"purposeWords": purposeWords, "laterVerbs": laterVerbs, "openVerbs": openVerbs, "fileVerbs": fileVerbs,
		"emptyIdeaWords": emptyIdeaWords, "blameVerbs": blameVerbs, "loopCue": loopCue, "askWords": askWords,
		"predicateWords": predicateWords, "sureInLong": sureInLong, "ifWords": ifWords, "newWords": newWords,
		"actOrTime": actOrTime,
	} {
		ws := strings.Split(string(set), " ")
		for _, w := range ws {
			if w == "" || strings.ContainsAny(w, "\t\n\r") {
				t.Errorf("%s: malformed word %q in %q", name, w, set)
			} else if !set.has(w) {
				t.Errorf("%s.has(%q) = false", name, w)
			}
		}
	}
}

func FuzzWordsHas(f *testing.F) {
	f.Add("abc can't do", "bc")
	f.Add("a b a", "a")
	f.Fuzz(func(t *testing.T, list, w string) {
		if strings.ContainsAny(list, "\t\n\r") {
			return
		}
		want := false
		for _, x := range strings.Split(list, " ") {
			if x != "" && x == w {
				want = true
			}
		}
		if got := words(list).has(w); got != want {
			t.Fatalf("words(%q).has(%q) = %v, want %v", list, w, got, want)
		}
	})
}
