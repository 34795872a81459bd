package main

import (
	"strings"
	"unicode"
)

// Text as the scorer compares it: lower case, Latin marks folded, words
// separated by single spaces. Keys and names go through the same fold, so
// "Zeitzonen-Unterstützung" and "zeitzonen unterstutzung" meet.

var foldMarks = strings.NewReplacer(
	"ä", "a", "ö", "o", "ü", "u", "ß", "ss", "à", "a", "á", "a", "â", "a", "ã", "a", "å", "a",
	"ç", "c", "è", "e", "é", "e", "ê", "e", "ë", "e", "ì", "i", "í", "i", "î", "i", "ï", "i",
	"ñ", "n", "ò", "o", "ó", "o", "ô", "o", "õ", "o", "ù", "u", "ú", "u", "û", "u", "ÿ", "y",
	"œ", "oe", "æ", "ae",
)

// norm folds s for matching: words of letters and digits, one space apart.
func norm(s string) string {
	s = foldMarks.Replace(strings.ToLower(s))
	var b strings.Builder
	space := true
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.':
			b.WriteRune(r)
			space = false
		case !space:
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimSpace(b.String())
}

// hasKey reports whether text holds key, both folded (a key may be a stem:
// "recurr" finds "recurring").
func hasKey(text, key string) bool {
	k := norm(key)
	return k != "" && strings.Contains(norm(text), k)
}

// stopwords are left out of name tokens: function words of the session
// languages, which say nothing of what a thing is.
var stopwords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the of for to in on at by and or with from into about as is be it this that
		der die das den dem des ein eine einen und oder fur mit von zu im am auf ob auch soll werden
		el la los las lo un una unos de del y o en con por para al que se
		le les l un une des du et ou en avec pour par au aux sur que d
		item 的 了 和 或`) {
		stopwords[w] = true
	}
}

// tokens are the content words of s; each Han, Kana or Hangul character
// is a token of its own (those scripts have no spaces between words).
func tokens(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(strings.ReplaceAll(norm(s), ".", " ")) {
		var word []rune
		flush := func() {
			if len(word) > 0 && !stopwords[string(word)] {
				out[string(word)] = true
			}
			word = word[:0]
		}
		for _, r := range w {
			if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) {
				flush()
				if !stopwords[string(r)] {
					out[string(r)] = true
				}
				continue
			}
			word = append(word, r)
		}
		flush()
	}
	return out
}

// tokenF1 is the token F1 of got against want (0 when either is empty).
func tokenF1(got, want string) float64 {
	g, w := tokens(got), tokens(want)
	if len(g) == 0 || len(w) == 0 {
		return 0
	}
	common := 0
	for t := range g {
		if w[t] {
			common++
		}
	}
	if common == 0 {
		return 0
	}
	p, r := float64(common)/float64(len(g)), float64(common)/float64(len(w))
	return 2 * p * r / (p + r)
}
