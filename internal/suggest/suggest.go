// Package suggest finds the name a mistyped word most likely meant, for
// "did you mean …?" lines.
package suggest

import "unicode/utf8"

// Nearest is the name among names nearest to a mistyped word ("resum" ->
// "resume"): at most two edits away, or the one name it starts; "" when
// none is close or two are equally close.
func Nearest(word string, names []string) string {
	best, bestD, tie := "", 3, false
	for _, n := range names {
		d := distance(word, n)
		if len(word) >= 3 && len(word) < len(n) && n[:len(word)] == word {
			d = min(d, 1)
		}
		switch {
		case d < bestD:
			best, bestD, tie = n, d, false
		case d == bestD && n != best:
			tie = true
		}
	}
	if tie || utf8.RuneCountInString(word) < 2 {
		return ""
	}
	return best
}

// distance is the Levenshtein distance between a and b, by runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}
