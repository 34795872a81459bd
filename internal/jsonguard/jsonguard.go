// Package jsonguard checks JSON from outside openloop before a recursive
// parser sees it. gjson's validator recurses once per nesting level: a few
// million "[" overflow Go's 1 GB stack, a fatal error that no recover
// catches and that exits 2 (on UserPromptSubmit, that erases the user's
// prompt). Every JSON text openloop reads (hook payloads, transcript lines,
// settings files, session state) goes through Valid first.
package jsonguard

import "github.com/tidwall/gjson"

// MaxDepth bounds how deeply arrays and objects may nest. Real hook
// payloads, transcript lines and settings files nest a handful of levels.
const MaxDepth = 1000

// TooDeep reports whether JSON text nests arrays and objects deeper than
// max. It scans once, skipping strings, and never recurses.
func TooDeep[T string | []byte](b T, max int) bool {
	depth, inStr, esc := 0, false, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '[' || c == '{':
			if depth++; depth > max {
				return true
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return false
}

// Valid reports whether b is one valid JSON value nested at most MaxDepth
// deep. It is safe on any input.
func Valid(b []byte) bool {
	return !TooDeep(b, MaxDepth) && gjson.ValidBytes(b)
}

// ValidString is Valid for a string, without copying it.
func ValidString(s string) bool {
	return !TooDeep(s, MaxDepth) && gjson.Valid(s)
}
