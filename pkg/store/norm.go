package store

// One normal form for every text the store keeps, names and compares.
//
// Text reaches the store from a prompt, Claude's message, the command line
// or a file. Before anything is stored (storedLine), named (Slug) or
// matched (words: Score, Match, the same-idea rule and the log's keys) it
// goes through canon, and only there: control and format characters are
// dropped (the zero-width non-joiner of Persian spelling, a bidi override,
// an ESC sequence alike; termsafe.Strip) and the rest is put in Unicode
// normalization form C ("ü" is one character whether it was typed as one
// or as "u" and a combining diaeresis). So the idea saved, the name made
// from it and the query typed to find it are the same text: "می‌خواهم"
// typed with its non-joiner finds the item that holds "میخواهم".
//
// A word is a run of letters, marks and digits. Some symbols are part of
// a word, since they make a name: "#" and "+" right after one ("C#",
// "C++", "F#", "g++") and "." right before a letter at a word's start
// (".NET"). An apostrophe inside a word joins a short ending to it
// ("don't" is "dont", "it's" is "its") and otherwise separates ("l'API"
// is "l" and "api"). Everything else separates words.

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"

	"github.com/openloop/openloop/internal/termsafe"
)

// canon is the one normal form of text the store stores, names and
// matches: control and format characters dropped, NFC.
func canon(s string) string {
	s = termsafe.Strip(s)
	if isASCII(s) {
		return s // ASCII is in every normal form
	}
	return norm.NFC.String(s)
}

// wordRune reports a rune that makes words: a letter, mark or digit.
func wordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// tokens splits s into words (the rules at the top of this file).
func tokens(s string) []string {
	var out []string
	start := -1 // where the word being read starts, -1 between words
	flush := func(end int) {
		if start >= 0 && end > start {
			out = append(out, s[start:end])
		}
		start = -1
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case wordRune(r):
			if start < 0 && unicode.IsMark(r) {
				break // a mark on nothing is dropped: no word starts with one
			}
			if start < 0 {
				start = i
			}
		case (r == '#' || r == '+') && start >= 0:
			// "c#", "c++", "g++": the run of symbols ends the word; "a+b"
			// is two words.
			j := i
			for j < len(s) && (s[j] == '#' || s[j] == '+') {
				j++
			}
			if next, _ := utf8.DecodeRuneInString(s[j:]); j < len(s) && wordRune(next) {
				flush(i)
			} else {
				flush(j)
			}
			i = j
			continue
		case r == '.' && start < 0 && dotWord(s, i):
			start = i // ".net"
		case (r == '\'' || r == '’') && start >= 0:
			// "don't", "it's", "we'll", "you're": a short ending joins
			// (the apostrophe dropped); "l'api", "o'brien": a longer one
			// is a word of its own.
			j, n := i+size, 0
			for j < len(s) {
				r2, sz := utf8.DecodeRuneInString(s[j:])
				if !wordRune(r2) {
					break
				}
				j, n = j+sz, n+1
			}
			if n > 0 && n <= 2 {
				out = append(out, s[start:i]+s[i+size:j])
				start = -1
				i = j
				continue
			}
			flush(i)
		default:
			flush(i)
		}
		i += size
	}
	flush(len(s))
	return out
}

// dotWord reports a "." at i in s that starts a word: a letter follows,
// and no word rune or dot comes before it (".NET", not "v1.net" or "..net").
func dotWord(s string, i int) bool {
	next, _ := utf8.DecodeRuneInString(s[i+1:])
	if i+1 >= len(s) || !unicode.IsLetter(next) {
		return false
	}
	prev, _ := utf8.DecodeLastRuneInString(s[:i])
	return i == 0 || !wordRune(prev) && prev != '.'
}

// foldMarks folds width (full-width Latin letters and digits are the
// ASCII ones, half-width kana the full-width ones: golang.org/x/text's
// width.Fold) and drops the marks of Latin, Greek and Cyrillic letters, which
// people often leave out when they type ("unterstutzung fur zeitzonen" is
// the idea "Unterstützung für Zeitzonen"), for the same-idea rule. The
// marks of other scripts (Kana's dakuten, Devanagari's vowel signs, the
// vowel points of Arabic and Hebrew) make another word and stay: when the
// rule is unsure, it parks.
func foldMarks(s string) string {
	s = canon(s)
	if isASCII(s) {
		return s
	}
	s = width.Fold.String(s) // "ｄｏｃｋｅｒ" is "docker", as in match.go
	var b strings.Builder
	b.Grow(len(s))
	folds := false // the last letter is one whose marks fold away
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			if folds {
				continue
			}
		case unicode.IsLetter(r):
			folds = unicode.In(r, unicode.Latin, unicode.Greek, unicode.Cyrillic)
		default:
			folds = false
		}
		b.WriteRune(r)
	}
	return norm.NFC.String(b.String())
}

// nameKey is what two names that may not both be open differ in: case
// and normal form aside ("Dark-Mode" and "dark-mode" would be one file on
// a case-insensitive disk; on macOS a name can come back from the folder
// decomposed).
func nameKey(name string) string {
	return strings.ToLower(canon(name))
}
