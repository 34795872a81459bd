package store

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// MaxSlug bounds the slug made from an idea, so a file name stays far
// below every filesystem's 255-byte limit whatever the user typed.
const MaxSlug = 48

// Prefix and Suffix frame every item file name.
const (
	Prefix = "session-open-"
	Suffix = ".md"
)

// Articles are dropped from slugs and idea keys ("add a retry budget" and
// "add the retry budget" name the same thing), and a leading "to" too.
var articles = map[string]bool{"a": true, "an": true, "the": true}

// keyWords drops the articles, and a leading "to", from a list of words,
// keeping at least one word.
func keyWords(words []string) []string {
	out := words[:0:0]
	for i, w := range words {
		if !articles[w] || option(words, i) {
			out = append(out, w)
		}
	}
	if len(out) > 1 && out[0] == "to" {
		out = out[1:]
	}
	if len(out) == 0 && len(words) > 0 {
		return words[len(words)-1:]
	}
	return out
}

// Slug makes a file-name-safe slug from an idea: its words in their own
// script (letters, digits and their marks, in Unicode NFC, lower case:
// "zeitzonen-unterstützung-für-reminder", "支持多仓库", "кэширование-заказов"),
// joined by "-", articles dropped (but an "a" that is an option, as in "A or
// B", is kept), cut at a character boundary to at most MaxSlug bytes.
// Nothing else reaches the name: no separator, control, format or bidi
// character, no dot, so the file name is safe on Linux, macOS and Windows.
// Only an idea with no letter or digit at all gives "item".
func Slug(idea string) string {
	// "don't" is one word: "dont".
	idea = strings.NewReplacer("'", "", "’", "").Replace(idea)
	var ws []string
	for _, w := range words(idea) {
		if w = nameMarks(w); w != "" {
			ws = append(ws, w)
		}
	}
	ws = keyWords(ws)
	var b strings.Builder
	for _, w := range ws {
		if len(w) > MaxSlug {
			w = cutRunes(w, MaxSlug)
		}
		if b.Len() > 0 && b.Len()+1+len(w) > MaxSlug {
			break
		}
		if b.Len() > 0 {
			b.WriteByte('-')
		}
		b.WriteString(w)
	}
	if b.Len() == 0 {
		return "item"
	}
	return b.String()
}

// nameMarks is a word as a name holds it: no combining mark at its start,
// and none left after a Latin, Greek or Cyrillic letter once the word is
// in NFC (NFC composes "ü" and "é"; what stays apart there is stacked
// noise, "zalgo" text). The marks of other scripts, their vowel signs,
// stay: they are part of the word.
func nameMarks(w string) string {
	w = strings.TrimLeftFunc(w, unicode.IsMark)
	if isASCII(w) {
		return w
	}
	var b strings.Builder
	var base rune
	for _, r := range w {
		if unicode.Is(unicode.Mn, r) && (unicode.In(base, unicode.Latin, unicode.Greek, unicode.Cyrillic)) {
			continue
		}
		if !unicode.IsMark(r) {
			base = r
		}
		b.WriteRune(r)
	}
	return b.String()
}

// cutRunes cuts s to at most n bytes at a character boundary (a base
// letter keeps the marks that follow it only when they fit too).
func cutRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	for i > 0 {
		r, _ := utf8.DecodeLastRuneInString(s[:i])
		if !unicode.IsMark(r) {
			break
		}
		_, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
	}
	return s[:i]
}

// FileName is the item file for a name parked on a day:
// session-open-<name>-<YYYY-MM-DD>.md.
func FileName(name string, day time.Time) string {
	return Prefix + name + "-" + day.Format("2006-01-02") + Suffix
}

// NameOfFile returns the name part of an item file name
// (session-open-<name>-<date>.md, where the date is dddd-dd-dd and the name
// is not empty), or the name without its frame when it has no date. (A
// plain function rather than a package-level regexp, which every process,
// the hook included, would compile at start-up.)
func NameOfFile(file string) string {
	const date = len("-2006-01-02")
	if mid, ok := strings.CutPrefix(file, Prefix); ok {
		if mid, ok := strings.CutSuffix(mid, Suffix); ok && len(mid) > date && isDate(mid[len(mid)-date:]) {
			return mid[:len(mid)-date]
		}
	}
	return strings.TrimSuffix(strings.TrimPrefix(file, Prefix), Suffix)
}

// isDate matches "-dddd-dd-dd".
func isDate(s string) bool {
	for i, c := range []byte(s) {
		switch i {
		case 0, 5, 8:
			if c != '-' {
				return false
			}
		default:
			if c < '0' || c > '9' {
				return false
			}
		}
	}
	return true
}

// IsItemFile reports whether a base name is one the store may list or
// delete: session-open-*.md, no path separators, no leading dot.
func IsItemFile(name string) bool {
	return strings.HasPrefix(name, Prefix) && strings.HasSuffix(name, Suffix) &&
		len(name) > len(Prefix)+len(Suffix) && !strings.ContainsAny(name, "/\\\x00")
}

// ideaKey is what makes two ideas the same idea: their words (words),
// with punctuation, spacing and leading articles ignored. The idea read
// back from a file has the same key as the one parked: both are in the
// one normal form (canon, norm.go).
func ideaKey(idea string) string {
	return strings.Join(keyWords(words(idea)), " ")
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// words splits text into lowercase words, in the one normal form (canon,
// norm.go: composed and decomposed spellings are one word, a format
// character is dropped the same way from an item and from a query), for
// comparing ideas and queries: letters, digits and marks of every script
// make words, and the symbols that make a name ("c#", "c++", ".net");
// everything else separates them: Unicode spaces (U+00A0 …), as they do
// when the text is written out (oneLine), so "budget\u00a0" is "budget",
// and punctuation and symbols outside ASCII too, so "“retry budget”",
// "retry budget…" and "retry — budget" are the words of "retry budget".
func words(s string) []string {
	s = strings.ToLower(canon(s))
	if !isASCII(s) {
		s = norm.NFC.String(s) // after ToLower: "T̈" lowers to "ẗ", which composes
	}
	return tokens(s)
}

// option reports an article that is a choice of its own: "A or B", "plan
// a vs b", a last word ("option a").
func option(words []string, i int) bool {
	choice := map[string]bool{"or": true, "and": true, "vs": true, "versus": true}
	return i == len(words)-1 || choice[words[i+1]] || i > 0 && choice[words[i-1]]
}

// baseName strips a "-N" suffix that marks the Nth idea sharing a slug.
func baseName(name string) string {
	i := strings.LastIndexByte(name, '-')
	if i < 0 || i == len(name)-1 {
		return name
	}
	for _, c := range name[i+1:] {
		if c < '0' || c > '9' {
			return name
		}
	}
	return name[:i]
}
