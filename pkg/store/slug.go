package store

import (
	"github.com/openloop/openloop/internal/termsafe"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
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
	for _, w := range words {
		if !articles[w] {
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

// Slug makes a file-name-safe slug from an idea: lowercase ASCII letters and
// digits, words joined by "-", articles dropped, cut at a word
// boundary to at most MaxSlug bytes. Characters outside ASCII are dropped.
// An idea with no usable characters gives "item".
func Slug(idea string) string {
	var words []string
	var w strings.Builder
	flush := func() {
		if w.Len() > 0 {
			words = append(words, w.String())
			w.Reset()
		}
	}
	for _, r := range strings.ToLower(idea) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			w.WriteRune(r)
		case r == '\'' || r == '’':
			// "don't" → "dont"
		default:
			flush()
		}
	}
	flush()
	words = keyWords(words)
	var b strings.Builder
	for _, w := range words {
		if len(w) > MaxSlug {
			w = w[:MaxSlug]
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

// ideaKey is what makes two ideas the same idea: their words, lowercased,
// with punctuation, spacing and leading articles ignored.
func ideaKey(idea string) string {
	// As written (oneLine drops control and format characters), so the
	// idea read back from a file has the same key as the one parked.
	return strings.Join(keyWords(words(termsafe.Strip(idea))), " ")
}

// words splits text into lowercase words for comparing ideas and queries:
// letters and digits, ASCII or not (with the combining marks that go with
// them), make words; everything else separates them: Unicode spaces
// (U+00A0 …), as they do when the text is written out (oneLine), so
// "budget\u00a0" is "budget", and punctuation and symbols outside ASCII
// too, so "“retry budget”", "retry budget…" and "retry — budget" are the
// words of "retry budget".
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		if r < utf8.RuneSelf {
			return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
		}
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r))
	})
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
