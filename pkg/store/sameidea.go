package store

// When two ideas are the same idea (Park's and Restore's dedupe).
//
// Two ideas are the same when they name the same thing, not only when they
// use the same words. Each idea is reduced to its content words: its words
// (as ideaKey splits them), lowercased, without English function words
// ("the", "for", "to", "of" …) except as the last word ("idea number a"),
// a plural "s" dropped from words of four letters or more ("budgets" is
// "budget"). Then two ideas are the same when
//
//   - they have the same content words, in any order ("upload client
//     retry budget", "retry budget for the upload client"); or
//   - the shorter one's content words, two or more, stand in a row, in
//     order, in the longer one's, either at its start or right after a
//     function word: "retry budget" in "retry budget for the upload
//     client", "dark mode" in "dark mode toggle" and in "a toggle for dark
//     mode", but not "cache layer" in "auth cache layer" (a word that
//     qualifies it makes another thing); or
//   - the shorter one is one content word, and the longer one starts with
//     it: "i18n" and "i18n for the settings page".
//
// So "retry budget" and "retry queue" stay two ideas (neither holds the
// other), as do "tests" and "flaky tests" (one word that is not the
// other's first). An idea with no content words (all function words:
// "do it") is compared by its whole key.

import (
	"slices"
	"strings"
	"sync"

	"github.com/openloop/openloop/internal/termsafe"
)

// functionWords are the words that do not name anything in an idea.
var functionWords = sync.OnceValue(func() map[string]bool {
	return wordSet("a an the and or but nor not no of to in on at by for from with without into onto over under " +
		"about after before as is are was were be been being it its this that these those there here " +
		"than then so if all any some my our your their his her we you they me us them i do does did " +
		"can will would should could may might must have has had just also very too lets let s")
})

// contentWords is an idea's content words, in order, and for each whether
// a run may start there: the first, and any that follows a function word.
func contentWords(idea string) (content []string, starts []bool) {
	after := true
	ws := words(termsafe.Strip(idea))
	for i, w := range ws {
		// The last word is kept even when it is a function word: there it
		// is a label ("idea number a", "plan b"), not an article.
		if functionWords()[w] && i < len(ws)-1 {
			after = true
			continue
		}
		content, starts = append(content, singular(w)), append(starts, after || len(content) == 0)
		after = false
	}
	return content, starts
}

// singular drops a plural "s" from a word of four letters or more
// ("budgets" → "budget", "retries" → "retry"), never from "-ss", "-us" or
// "-is" ("access", "status", "analysis").
func singular(w string) string {
	switch {
	case len(w) < 4 || !strings.HasSuffix(w, "s"):
		return w
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	}
	return w[:len(w)-1]
}

// ideaWords is an idea as sameIdeas compares it.
type ideaWords struct {
	key     string   // ideaKey
	content []string // contentWords
	starts  []bool
}

func ideaOf(idea string) ideaWords {
	c, st := contentWords(idea)
	return ideaWords{key: ideaKey(idea), content: c, starts: st}
}

// sameIdeas reports whether two ideas name the same thing (the rule at the
// top of this file).
func sameIdeas(a, b ideaWords) bool {
	if a.key != "" && a.key == b.key {
		return true
	}
	if len(a.content) == 0 || len(b.content) == 0 {
		return false
	}
	if len(a.content) > len(b.content) {
		a, b = b, a // a is the shorter
	}
	if sameSet(a.content, b.content) {
		return true
	}
	if len(a.content) == 1 {
		return b.content[0] == a.content[0]
	}
	for i := 0; i+len(a.content) <= len(b.content); i++ {
		if b.starts[i] && slices.Equal(b.content[i:i+len(a.content)], a.content) {
			return true
		}
	}
	return false
}

// sameSet reports whether two lists hold the same words.
func sameSet(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(slices.Compact(x), slices.Compact(y))
}
