package settings

import (
	"errors"
	"path"
	"strings"
)

// safeWord matches text that sh reads as one literal word without quotes.
func safeWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		case strings.ContainsRune("_/.:@%+=,-", r):
		default:
			return false
		}
	}
	return true
}

// Quote writes s as one sh word in single quotes; each ' in s closes the
// quotes, is escaped with a backslash, and opens them again.
func Quote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// QuoteIfNeeded is s itself when sh reads it as one literal word, and
// Quote(s) otherwise.
func QuoteIfNeeded(s string) string {
	if safeWord(s) {
		return s
	}
	return Quote(s)
}

var errQuote = errors.New("unterminated quote")

// Words splits a shell command line into words the way sh does for simple
// commands: blanks separate words; single quotes keep everything literal;
// double quotes keep everything but \" \\ \$ \` literal; a backslash
// outside quotes escapes the next character. Expansions ($VAR, ${VAR},
// globs) are kept as text, not expanded.
func Words(line string) ([]string, error) {
	var (
		words []string
		cur   strings.Builder
		in    bool // inside a word
	)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, errQuote
			}
			cur.WriteString(line[i+1 : i+1+j])
			i += j + 1
			in = true
		case c == '"':
			i++
			for ; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' && i+1 < len(line) && strings.IndexByte("\"\\$`", line[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(line[i])
			}
			if i >= len(line) {
				return nil, errQuote
			}
			in = true
		case c == '\\' && i+1 < len(line):
			i++
			cur.WriteByte(line[i])
			in = true
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}

// HookCommand is the hook command line for a binary: the path quoted for
// sh, then "hook". Windows paths are written with forward slashes, which
// Git Bash (the shell Claude Code uses for hooks there) reads.
func HookCommand(exe string) string {
	if exe == PluginExe {
		return `"` + exe + `" hook`
	}
	return Quote(toSlash(exe)) + " hook"
}

// toSlash turns a Windows path's backslashes into forward slashes; other
// paths are unchanged (a "\" is a legal file-name byte on Unix).
func toSlash(p string) string {
	if len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') {
		return strings.ReplaceAll(p, `\`, "/")
	}
	return p
}

// IsHookCommand reports whether a hook command line runs an openloop
// binary's hook command: exactly two words, a program whose base name is
// openloop (or openloop.exe), then "hook". It returns the program word.
func IsHookCommand(line string) (program string, ok bool) {
	w, err := Words(line)
	if err != nil || len(w) != 2 || w[1] != "hook" {
		return "", false
	}
	base := path.Base(strings.ReplaceAll(w[0], `\`, "/"))
	if base != "openloop" && base != "openloop.exe" {
		return "", false
	}
	return w[0], true
}
