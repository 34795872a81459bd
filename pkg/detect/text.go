package detect

import (
	"github.com/openloop/openloop/internal/textcut"
	"strings"
	"unicode"
	"unicode/utf8"
)

// lower lowers ASCII letters only, so byte offsets in the result are the
// offsets in s. Every pattern in this package is written in lower case and
// matched against lower(text).
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// sentences splits text into sentences: at line ends, and after '.', '!' or
// '?' followed by a space. The terminator stays with its sentence. Blank
// results are dropped; each sentence is trimmed.
func sentences(text string) []string {
	var out []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		start := 0
		for i := 0; i < len(line); i++ {
			c := line[i]
			if c != '.' && c != '!' && c != '?' {
				continue
			}
			// Take the whole run of terminators ("?!", "...").
			j := i
			for j+1 < len(line) && (line[j+1] == '.' || line[j+1] == '!' || line[j+1] == '?') {
				j++
			}
			if j+1 < len(line) && line[j+1] != ' ' && line[j+1] != '\t' && line[j+1] != '*' && line[j+1] != ')' {
				i = j
				continue // "v1.2", "a.b", "....sooooo"
			}
			if c == '.' && j == i && isAbbrev(line[start:i]) {
				continue
			}
			end := j + 1
			for end < len(line) && (line[end] == '*' || line[end] == ')') {
				end++
			}
			add(line[start:end])
			start = end
			i = end - 1
		}
		add(line[start:])
	}
	return out
}

// isAbbrev reports whether the text before a '.' ends in an abbreviation
// such as "e.g" or "i.e" that does not end a sentence.
func isAbbrev(before string) bool {
	b := lower(before)
	for _, a := range []string{"e.g", "i.e", "etc", "vs", "cf", "approx", "mr", "dr"} {
		if strings.HasSuffix(b, a) && (len(b) == len(a) || !isWordByte(b[len(b)-len(a)-1])) {
			return true
		}
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

// oneLine collapses every run of white space (newlines included) to one
// space, drops control characters, format characters (bidi overrides,
// zero-width marks) and invalid UTF-8, and trims.
func oneLine(s string) string {
	s = strings.ToValidUTF8(s, "")
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if r == utf8.RuneError || r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Cf, r) {
			if r == '\n' || r == '\t' || r == '\r' || r == '\u2028' || r == '\u2029' {
				space = true
			}
			continue
		}
		if r == ' ' || r == '\u00a0' {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// clip shortens s to at most max bytes, cutting at a word boundary when
// there is one in the second half, and never inside a UTF-8 sequence.
func clip(s string, max int) string {
	if len(s) <= max {
		return s
	}
	head := textcut.Head(s, max)
	cut := len(head)
	if sp := strings.LastIndexByte(head, ' '); sp > max/2 {
		cut = sp
	}
	return strings.TrimRight(s[:cut], " ,;:-—")
}

// quote renders the trigger sentence for Finding.Why, trimmed to 120 bytes.
func quote(s string) string {
	s = oneLine(s)
	if len(s) > 120 {
		s = clip(s, 117) + "…"
	}
	return `"` + s + `"`
}
