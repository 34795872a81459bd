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
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// unsafeRune reports the runes that are escaped: C0 controls, DEL, C1
// controls, the line and paragraph separators, and every format character
// (Unicode category Cf): those change how the text around them is shown
// or hide text. Besides the bidi controls (U+202A–U+202E, U+2066–U+2069)
// and zero-width characters (U+200B–U+200F, U+2060–U+2064, U+FEFF), Cf
// holds the tag characters (U+E0000–U+E007F), invisible on a terminal
// yet read by a model as ASCII, which would let a commit subject or a
// hand-written item hide an instruction to Claude; the soft hyphen; the
// interlinear annotation marks (U+FFF9–U+FFFB); and the deprecated
// shaping and swapping controls (U+206A–U+206F).
func unsafeRune(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r < 0xad:
		return false // the fast path: ASCII and Latin-1 letters
	case r == 0x2028, r == 0x2029: // line/paragraph separators
		return true
	}
	return unicode.Is(unicode.Cf, r)
}

// escape writes r the way Go spells it in a string: \x1b, \u202e, and
// \U000e0041 beyond U+FFFF (four hex digits there would read as another
// character followed by a digit).
func escape(b *strings.Builder, r rune) {
	switch {
	case r < 0x80:
		fmt.Fprintf(b, `\x%02x`, r)
	case r <= 0xffff:
		fmt.Fprintf(b, `\u%04x`, r)
	default:
		fmt.Fprintf(b, `\U%08x`, r)
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
// prompt): a line feed, tab or other line break (CR, U+2028, U+2029, NEL,
// VT, FF) becomes a space, the others are dropped, and invalid UTF-8
// becomes U+FFFD.
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
		case m == strip && unicode.IsSpace(r) && unsafeRune(r):
			// A lone CR, U+2028, U+2029, NEL, VT, FF: line breaks, and
			// word breaks, like \n; dropped, they glued the words around
			// them into one ("retry\rbudget" was "retrybudget", another
			// idea than "retry budget").
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
			// JSON spells a character beyond U+FFFF as a surrogate pair.
			for _, u := range utf16.Encode([]rune{r}) {
				out = fmt.Appendf(out, `\u%04x`, u)
			}
		} else {
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}
