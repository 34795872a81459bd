package detect

import (
	"strings"
	"unicode/utf8"

	"github.com/openloop/openloop/internal/textcut"
)

// pending is the question Claude's message left open: a dismissed
// AskUserQuestion, else the last sentence ending in '?' among the last
// lines of prose. Whether it is a clarifying question or an offer ("Want me
// to commit?") is not decided here: its words are features (q:…), and the
// model has learned which ones offer.
type pending struct {
	question string // the asking sentence, markdown marks removed
	before   string // up to 300 bytes of prose just before it
	after    int    // prose lines after the one that asks
	auq      bool   // it is an AskUserQuestion the user dismissed
}

// questionWindow is how many of the last prose lines may hold the
// question: Claude often asks, then adds a line ("Let me know …") or a
// short list of the choices.
const questionWindow = 6

// pendingOf returns the question Claude left open, if any.
func pendingOf(in Input) (pending, bool) {
	if q := strings.TrimSpace(in.AskQuestion); q != "" {
		return pending{question: oneLine(q), before: tail(proseLines(in.Assistant), 300), auq: true}, true
	}
	lines := proseLines(in.Assistant)
	for i := len(lines) - 1; i >= 0 && i >= len(lines)-questionWindow; i-- {
		line := stripMD(lines[i])
		q, ok := lastAsking(line)
		if !ok {
			continue
		}
		before := append(append([]string(nil), lines[:i]...), strings.TrimSpace(line[:strings.Index(line, q)]))
		return pending{question: q, before: tail(before, 300), after: len(lines) - 1 - i}, true
	}
	return pending{}, false
}

// lastAsking returns the last sentence of line that ends in a question
// mark ('?' or the full-width '？').
func lastAsking(line string) (string, bool) {
	end := lastQuestionMark(line)
	if end < 0 {
		return "", false
	}
	_, size := utf8.DecodeRuneInString(line[end:])
	end += size
	start := 0
	for i := end - size - 1; i >= 0; i-- {
		if c := line[i]; (c == '.' || c == '!' || c == '?') && i+1 < len(line) && line[i+1] == ' ' {
			start = i + 1
			break
		}
		if r, _ := utf8.DecodeLastRuneInString(line[:i+1]); r == '。' || r == '！' || r == '？' {
			start = i + 1
			break
		}
	}
	q := strings.TrimSpace(line[start:end])
	if len(q) < 2 {
		return "", false
	}
	return clip(q, 400), true
}

// lastQuestionMark is the index of the last '?' or '？' that ends a
// sentence: at the end of the line or before a space, a closing quote or
// bracket. "?page=" in "(?page= and ?limit=)" asks nothing.
func lastQuestionMark(line string) int {
	for i := len(line) - 1; i >= 0; i-- {
		if strings.HasPrefix(line[i:], "？") {
			return i
		}
		if line[i] != '?' {
			continue
		}
		if i+1 == len(line) || strings.IndexByte(" \t)\"'*_]`.!,:;", line[i+1]) >= 0 || line[i+1] >= 0x80 {
			return i
		}
	}
	return -1
}

// proseLines returns the trimmed non-empty lines of msg outside fenced
// code, at most the last 60. The hook keeps only the end of a long
// message (and the corpus an excerpt), which may start inside a code
// block: an odd number of fence lines means the first one closes a block
// already open.
func proseLines(msg string) []string {
	var out []string
	fence := false
	lines := strings.Split(msg, "\n")
	for _, l := range lines {
		if isFence(strings.TrimSpace(l)) {
			fence = !fence
		}
	}
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if isFence(t) {
			fence = !fence
			continue
		}
		if fence || t == "" || t == "[code]" || t == "---" {
			continue
		}
		out = append(out, t)
	}
	if len(out) > 60 {
		out = out[len(out)-60:]
	}
	return out
}

func isFence(t string) bool { return strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") }

// stripMD removes emphasis, inline-code marks and heading hashes.
func stripMD(s string) string {
	s = strings.NewReplacer("**", "", "__", "", "`", "").Replace(s)
	return strings.TrimSpace(strings.TrimLeft(s, "# "))
}

// tail joins lines and keeps the last max bytes, cut on a rune boundary.
func tail(lines []string, max int) string {
	return textcut.Tail(strings.Join(lines, "\n"), max)
}

// isListItem reports whether a line starts like a list item: "- x", "1. x",
// "2) x", "a) x", "(b) x", "• x".
func isListItem(s string) bool {
	s = strings.TrimLeft(s, "*_")
	if s == "" {
		return false
	}
	if strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "* ") || strings.HasPrefix(s, "+ ") || strings.HasPrefix(s, "• ") {
		return true
	}
	i := 0
	if s[0] == '(' {
		i = 1
	}
	j := i
	for j < len(s) && j-i < 2 && (s[j] >= '0' && s[j] <= '9' || s[j] >= 'a' && s[j] <= 'h' || s[j] >= 'A' && s[j] <= 'H') {
		j++
	}
	return j > i && j < len(s) && (s[j] == '.' || s[j] == ')') && (j+1 == len(s) || s[j+1] == ' ' || s[j+1] == '*')
}
