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
//
// Words compare as words makes them (norm.go): composed and decomposed,
// in any case, with or without a format character, one word; "c#", "c++",
// "f#" and ".net" are words of their own, so "C# bindings" and "C++
// bindings" are two ideas.
//
// Some words turn an idea into another, and two ideas are never the same
// unless they hold the same of them (their senses): a negation ("not",
// "don't", "never", "nicht", "no", "pas", "não", "не" …), "with" or
// "without", "before" or "after" (and their kin in the corpus languages).
// So "deploy with docker" and "deploy without docker", "retry" and "do
// not retry", "before deploy" and "after deploy" are two ideas. And where
// an idea says which way something goes ("to", "from", "into", "vs",
// "before", "after", an arrow …), the order of its words counts: "redis
// to postgres" and "postgres to redis" are two ideas, though they hold the
// same words. When the rule is unsure, it parks: a near-copy costs a
// line, a lost idea costs the user's words.

import (
	"slices"
	"strings"
	"sync"
)

// functionWords are the words that do not name anything in an idea.
var functionWords = sync.OnceValue(func() map[string]bool {
	return wordSet("a an the and or but nor not no of to in on at by for from with without into onto over under " +
		"about after before as is are was were be been being it its this that these those there here " +
		"than then so if all any some my our your their his her we you they me us them i do does did " +
		"can will would should could may might must have has had just also very too lets let s")
})

// senseWords are the words that turn an idea into another (the rule at
// the top of this file), each with its sense, as words writes them.
var senseWords = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for sense, list := range map[string]string{
		"not": "not no never nothing none non nor dont doesnt didnt cant cannot wont wouldnt shouldnt isnt arent wasnt werent havent hasnt " +
			"nicht kein keine keinen keinem keiner keines nie niemals nunca ni ne pas jamais não nao mai не нет никогда ни",
		"with":    "with mit con avec com с",
		"without": "without ohne sin sans sem senza без",
		"before":  "before vor antes avant prima до",
		"after":   "after nach después despues après apres depois dopo после",
	} {
		for _, w := range strings.Fields(list) {
			m[w] = sense
		}
	}
	return m
})

// wayWords say which way something goes: where an idea holds one, the
// order of its words counts.
var wayWords = sync.OnceValue(func() map[string]bool {
	return wordSet("to from into onto vs versus than before after von nach desde hacia vers depuis из в")
})

// arrows say it too, in symbols that words drops.
var arrows = []string{"->", "=>", "<-", "→", "←", "⇒", "⇐", "⟶"}

// contentWords is an idea's content words, in order, and for each whether
// a run may start there: the first, and any that follows a function word.
func contentWords(idea string) (content []string, starts []bool) {
	content, starts, _, _ = ideaParts(words(idea))
	return content, starts
}

// ideaParts is contentWords, and the idea's senses (sorted, once each) and
// whether it says which way something goes, from its words.
func ideaParts(ws []string) (content []string, starts []bool, senses []string, way bool) {
	after := true
	for i, w := range ws {
		if s, ok := senseWords()[w]; ok {
			senses = append(senses, s)
		}
		if wayWords()[w] && (i > 0 || w != "to") { // not a leading "to": "to add …"
			way = true
		}
		// The last word is kept even when it is a function word: there it
		// is a label ("idea number a", "plan b"), not an article.
		// So is an article that is an option ("A or B").
		if functionWords()[w] && i < len(ws)-1 && !(articles[w] && option(ws, i)) {
			after = true
			continue
		}
		content, starts = append(content, singular(w)), append(starts, after || len(content) == 0)
		after = false
	}
	slices.Sort(senses)
	return content, starts, slices.Compact(senses), way
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
	senses  []string // the senses of its senseWords, sorted, once each
	way     bool     // it says which way something goes: order counts
}

func ideaOf(idea string) ideaWords {
	ws := words(foldMarks(idea))
	c, st, senses, way := ideaParts(ws)
	for _, a := range arrows {
		way = way || strings.Contains(idea, a)
	}
	return ideaWords{key: strings.Join(keyWords(ws), " "), content: c, starts: st, senses: senses, way: way}
}

// sameIdeas reports whether two ideas name the same thing (the rule at the
// top of this file).
func sameIdeas(a, b ideaWords) bool {
	if a.key != "" && a.key == b.key {
		return true
	}
	if len(a.content) == 0 || len(b.content) == 0 || !slices.Equal(a.senses, b.senses) {
		return false
	}
	if len(a.content) > len(b.content) {
		a, b = b, a // a is the shorter
	}
	if a.way || b.way {
		if slices.Equal(a.content, b.content) {
			return true
		}
	} else if sameSet(a.content, b.content) {
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
