package store

// How archive (and restore) picks an item.
//
// The query is the user's text, as typed after "archive". Both the query
// and each item are folded first: lowercase, and every run of characters
// other than letters and digits becomes one space, so "Retry-Budget",
// "retry budget" and "retry_budget" are the same query.
//
// A query must be meaningful, or it matches nothing but an item it names
// whole (see scoreExact): it needs one
// significant word, a word of three or more characters, holding a letter,
// that is not a stop word. Stop words are common English function words
// ("the", "of", "for" …), the words of every item file name ("session",
// "open", "md") and every word of the templates openloop fills in an item
// ("deferred", "side", "idea", "context", "pending", "why", "how",
// "apply", "something", "whether", "take", "now" …; read from the templates).
// So "s", "the", "of the", "session", "2026-12-02", "deferred", "something"
// and "take this up now" archive nothing, whatever is open: they would pick
// an item by chance.
//
// Each open item is then scored on its name, its file name and its content
// (description and body):
//
//	scoreExact    (100)  the query is the whole name or file name,
//	                     with or without ".md" ("retry-budget-2")
//	scorePrefix   ( 80)  the name starts with the query ("retry")
//	scoreName     ( 60)  the name or file name holds the query as whole
//	                     words ("budget", "budget-2" but not "budg")
//	scoreWords    ( 40)  every query word that is not a stop word starts
//	                     a word of the name, in any order ("budget
//	                     retry", "budg ret"); a word of one or two
//	                     characters must be a whole word ("budget 2")
//	scoreContent  ( 30)  the content holds the query as whole words
//	                     ("upload client")
//	scoreContentW ( 20)  as scoreWords, on the content
//
// An item's score is the best rule it meets. The item with the highest
// score wins. When two or more items share the highest score, the query is
// ambiguous: they are listed and nothing changes. When no item scores, the
// query matches nothing and nothing changes. There is no similarity
// scoring of meaning: a query either contains the words or it does not.
//
// Examples, with items "retry-budget" and "retry-budget-2":
//
//	"retry-budget"   → retry-budget (exact beats the prefix match of -2)
//	"retry"          → ambiguous (both names start with it)
//	"budget-2"       → retry-budget-2 (only it contains "budget 2")
//	"the", "s", "md" → nothing: not meaningful
//
// Only files the store lists (regular session-open-*.md files inside the
// memory dir) can be chosen, so a query such as "../../etc/passwd" can at
// most match an item's text; it is never used as a path.

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

const (
	scoreExact    = 100
	scorePrefix   = 80
	scoreName     = 60
	scoreWords    = 40
	scoreContent  = 30
	scoreContentW = 20
)

// stopWords never make a query meaningful, and are not required to match.
// Built on first use: a hook that only parks never needs them.
var stopWords = sync.OnceValue(func() map[string]bool {
	m := wordSet(
		// English function words
		"a an the and or but nor not no of to in on at by for from with without into onto over under "+
			"about after before as is are was were be been being it its this that these those there here "+
			"than then so if all any some my our your their his her we you they me us them i do does did "+
			"can will would should could may might must have has had just also very too",
		// the frame of every item file name
		"session open md",
		// what openloop writes into items: see init below for the rest
		"project item items",
		// the words of the hooks' **Why:** lines (pkg/detect writes them;
		// "the user said …", "Claude asked … and the user moved on with …")
		"said asked moved answering claude",
	)
	// The words of every template openloop fills in an item (the kind's
	// lead, clause and description, the default **Why:** and **How to
	// apply:** lines, "(none given)") are stop words too, read from the
	// templates themselves so that a new template cannot leave a word that
	// picks every item of a kind: "archive something" must not match "it
	// came up while the session was busy with something else".
	var texts []string
	for _, k := range kinds {
		e := Entry{Kind: k.kind}
		texts = append(texts, k.lead, k.clause, k.desc, e.defaultWhy(), e.defaultHow(""), sentence(""),
			"**Why:** **How to apply:**")
	}
	for _, w := range words(strings.Join(texts, " ")) {
		m[w] = true
	}
	return m
})

func wordSet(lists ...string) map[string]bool {
	m := map[string]bool{}
	for _, l := range lists {
		for _, w := range strings.Fields(l) {
			m[w] = true
		}
	}
	return m
}

// significant reports a word that can make a query meaningful: three
// characters, or two in a script written without spaces ("缓存"), where a
// word is a few characters of a longer run.
func significant(w string) bool {
	n := utf8.RuneCountInString(w)
	return (n >= 3 || n == 2 && unspaced(w)) && !stopWords()[w] && strings.IndexFunc(w, unicode.IsLetter) >= 0
}

// unspaced reports a word of a script written without spaces between
// words (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar): there a query
// word may sit inside a longer run of letters ("多仓库" in "支持多仓库").
func unspaced(w string) bool {
	return strings.IndexFunc(w, func(r rune) bool {
		return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
	}) >= 0
}

// unmarked is s without its combining marks, so that matching finds
// "Unterstützung" by "unterstutzung" and "réécrire" by "reecrire" (names
// and files keep their marks).
func unmarked(s string) string {
	if isASCII(s) {
		return s
	}
	s = width.Fold.String(s) // full-width Latin is ASCII, half-width kana full-width
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, norm.NFD.String(s))
}

// Meaningful reports whether a query can match anything: it holds at least
// one significant word.
func Meaningful(query string) bool {
	for _, w := range words(query) {
		if significant(w) {
			return true
		}
	}
	return false
}

// fold lowercases s and turns every run of non-alphanumerics into a space.
// Marks are folded away too (unmarked).
func fold(s string) string { return strings.Join(words(unmarked(s)), " ") }

// hasWords reports whether folded text in holds the folded query q as a
// run of whole words; a query in a script without spaces anywhere inside
// a word.
func hasWords(in, q string) bool {
	if unspaced(q) {
		return strings.Contains(in, q)
	}
	return strings.Contains(" "+in+" ", " "+q+" ")
}

// allWords reports whether every query word starts some word of in (a
// word of one or two characters must be one of them).
func allWords(words []string, in string) bool {
	have := strings.Fields(in)
	for _, w := range words {
		found := false
		for _, h := range have {
			if h == w || len(w) >= 3 && strings.HasPrefix(h, w) || unspaced(w) && strings.Contains(h, w) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// Score is how well an item matches a query; 0 is no match. A query that
// is not Meaningful matches only an item it names whole (its name or file
// name): an idea with no ASCII letter has the slug "item", "item-2" …,
// which resume tells the user to archive it by, and "item" is a stop word.
func Score(it Item, query string) int {
	q := fold(query)
	name := fold(it.Name)
	fileName := fold(NameOfFile(it.File))
	file := fold(it.File)
	if q != "" && (q == name || q == fileName || q == file || q == fold(strings.TrimSuffix(it.File, Suffix))) {
		return scoreExact
	}
	if !Meaningful(query) {
		return 0
	}
	var want []string // the query's words that must match, stop words aside
	for _, w := range strings.Fields(q) {
		if !stopWords()[w] {
			want = append(want, w)
		}
	}
	switch {
	case strings.HasPrefix(name, q) || strings.HasPrefix(fileName, q),
		// Without spaces, where a word starts is not written: a word
		// inside the name is as good as one that starts it.
		unspaced(q) && (strings.Contains(name, q) || strings.Contains(fileName, q)):
		return scorePrefix
	case hasWords(name, q) || hasWords(file, q):
		return scoreName
	case allWords(want, name) || allWords(want, fileName):
		return scoreWords
	}
	content := fold(it.Description + " " + it.Body)
	switch {
	case hasWords(content, q):
		return scoreContent
	case allWords(want, content):
		return scoreContentW
	}
	return 0
}

// Match returns the items that share the best score for query (none when
// nothing matches; more than one when the query is ambiguous).
func Match(items []Item, query string) []Item {
	return bestBy(items, func(it Item) Item { return it }, query)
}

// bestBy is Match for anything that holds an item.
func bestBy[T any](xs []T, item func(T) Item, query string) []T {
	best, out := 0, []T(nil)
	for _, x := range xs {
		switch sc := Score(item(x), query); {
		case sc == 0 || sc < best:
		case sc > best:
			best, out = sc, []T{x}
		default:
			out = append(out, x)
		}
	}
	return out
}
