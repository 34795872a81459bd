// Package termsafe makes text that openloop did not write safe to print on
// a terminal or to hand to Claude. Item names and descriptions, commit
// subjects, hand-written items and hook payloads can hold ESC sequences
// (clear the screen, move the cursor over list lines, set the window
// title, write the clipboard through OSC 52), BEL, C1 controls, or
// Unicode format characters that reorder or hide text (bidi overrides such
// as U+202E, zero-width characters). None of those reach the output: each
// is replaced by a visible escape (`\x1b`, `\u202e`), so what was there is
// still shown, and a user reporting it can quote it.
package termsafe

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// unsafeRune reports the runes that are escaped: C0 controls, DEL, C1
// controls, and the format characters that change how the text around
// them is shown.
func unsafeRune(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c, // Arabic letter mark
		r >= 0x200b && r <= 0x200f, // zero-width space/joiners, LRM, RLM
		r >= 0x2028 && r <= 0x202e, // line/paragraph separators, bidi embeddings and overrides
		r >= 0x2060 && r <= 0x2064, // word joiner, invisible operators
		r >= 0x2066 && r <= 0x2069, // bidi isolates
		r == 0xfeff:                // zero-width no-break space
		return true
	}
	return false
}

func escape(b *strings.Builder, r rune) {
	if r < 0x80 {
		fmt.Fprintf(b, `\x%02x`, r)
	} else {
		fmt.Fprintf(b, `\u%04x`, r)
	}
}

// Line is s made safe for one line of output: every control and format
// character is escaped, a tab becomes a space, and invalid UTF-8 becomes
// U+FFFD.
func Line(s string) string { return clean(s, line) }

// Text is s made safe for multi-line output: like Line, but line feeds and
// tabs are kept.
func Text(s string) string { return clean(s, text) }

// Strip is s with every control and format character removed, for text
// that is stored rather than shown (a parked item's idea, made from a
// prompt): a line feed or tab becomes a space, the others are dropped, and
// invalid UTF-8 becomes U+FFFD.
func Strip(s string) string { return clean(s, strip) }

type mode int

const (
	line  mode = iota // escape; a tab becomes a space
	text              // escape; keep line feeds and tabs
	strip             // drop; a line feed or tab becomes a space
)

func clean(s string, m mode) string {
	if isSafe(s, m == text) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case (r == '\n' || r == '\t') && m == text:
			b.WriteRune(r)
		case r == '\t' || r == '\n' && m == strip:
			b.WriteByte(' ')
		case unsafeRune(r):
			if m != strip {
				escape(&b, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isSafe is the fast path: most text needs no change.
func isSafe(s string, multiline bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return !strings.ContainsFunc(s[i:], func(r rune) bool {
				return r == utf8.RuneError || unsafeRune(r) && !(multiline && (r == '\n' || r == '\t'))
			}) && utf8.ValidString(s[i:])
		}
		if c < 0x20 || c == 0x7f {
			if multiline && (c == '\n' || c == '\t') {
				continue
			}
			return false
		}
	}
	return true
}

// JSON escapes, in encoded JSON, the characters encoding/json leaves raw
// that reorder or hide text on a terminal: C1 controls and format
// characters (bidi overrides, zero-width marks) become \uXXXX. They can
// only stand inside strings, so the result decodes to the same values.
func JSON(b []byte) []byte {
	safe := true
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r >= 0x80 && unsafeRune(r) {
			safe = false
			break
		}
		i += size
	}
	if safe {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r >= 0x80 && unsafeRune(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}
