// Package textcut cuts text to a byte budget without splitting a UTF-8
// sequence: openloop bounds every piece of user text it keeps or shows.
package textcut

import "unicode/utf8"

// Head is the start of s, at most max bytes, cut on a rune boundary.
func Head(s string, max int) string {
	if len(s) <= max {
		return s
	}
	if max < 0 {
		max = 0
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// Tail is the end of s, at most max bytes, cut on a rune boundary.
func Tail(s string, max int) string {
	if len(s) <= max {
		return s
	}
	if max < 0 {
		max = 0
	}
	cut := len(s) - max
	for cut < len(s) && !utf8.RuneStart(s[cut]) {
		cut++
	}
	return s[cut:]
}
