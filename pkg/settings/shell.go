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

// PortableExe is the binary as a file a team commits names it: the bare
// word openloop, found on each machine's PATH. See HookCommand.
const PortableExe = "openloop"

// portableHook is the hook command for PortableExe: it runs openloop when
// the machine has it on PATH and otherwise does nothing and exits 0, so a
// teammate without openloop sees no hook error on any prompt. exec keeps
// openloop's own exit code and stdout.
const portableHook = "if command -v openloop >/dev/null 2>&1; then exec openloop hook; fi"

// portableAssistHook is portableHook for install --assist.
const portableAssistHook = "if command -v openloop >/dev/null 2>&1; then exec openloop hook --assist; fi"

// HookMarker ends every hook command install writes for a path, as an sh
// comment: it is how openloop recognises its own entries whatever the
// binary is called (install --bin ~/bin/ol).
const HookMarker = "# openloop"

// HookCommand is the hook command line for a binary: the path quoted for
// sh, then "hook", then HookMarker. Windows paths are written with forward
// slashes, which Git Bash (the shell Claude Code uses for hooks there)
// reads. PortableExe gives a command that finds openloop on PATH and is
// silent where it is missing; PluginExe the plugin's form.
func HookCommand(exe string) string {
	switch exe {
	case PluginExe:
		return `"` + exe + `" hook`
	case PortableExe:
		return portableHook
	}
	return Quote(toSlash(exe)) + " hook " + HookMarker
}

// AssistHookCommand is HookCommand for install --assist: the hook runs
// "hook --assist", which gives Claude the parking rule at session start
// and a nudge for a candidate.
func AssistHookCommand(exe string) string {
	switch exe {
	case PluginExe:
		return `"` + exe + `" hook --assist`
	case PortableExe:
		return portableAssistHook
	}
	return Quote(toSlash(exe)) + " hook --assist " + HookMarker
}

// toSlash turns a Windows path's backslashes into forward slashes; other
// paths are unchanged (a "\" is a legal file-name byte on Unix).
func toSlash(p string) string {
	if len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') {
		return strings.ReplaceAll(p, `\`, "/")
	}
	return p
}

// IsHookCommand reports whether a hook command line is one of openloop's,
// and returns the program it runs:
//
//   - what HookCommand writes for a path: one word, "hook", HookMarker (any
//     program name: it is the marker that says whose entry this is);
//   - the portable command (program "openloop");
//   - each of these with "hook --assist" for "hook" (AssistHookCommand),
//     and with --plugin (the plugin's hooks run "hook --plugin"), each
//     flag at most once, in either order;
//   - as written before the marker existed: exactly two words, a program
//     whose base name is openloop (or openloop.exe), then "hook" (this
//     covers the plugin's form too).
func IsHookCommand(line string) (program string, ok bool) {
	program, _, ok = hookCommand(line)
	return program, ok
}

// hookCommand is IsHookCommand, and whether the command runs the hook
// with --assist (what AssistHookCommand writes).
func hookCommand(line string) (program string, assist, ok bool) {
	switch line {
	case portableHook:
		return PortableExe, false, true
	case portableAssistHook:
		return PortableExe, true, true
	}
	body, marked := strings.CutSuffix(line, " "+HookMarker)
	w, err := Words(body)
	if err != nil || len(w) < 2 || w[1] != "hook" {
		return "", false, false
	}
	// The hook's own flags, each at most once, in either order: --assist
	// (AssistHookCommand) and --plugin (the plugin's hooks, pkg/plugin).
	seen := map[string]bool{}
	for _, f := range w[2:] {
		if (f != "--assist" && f != "--plugin") || seen[f] {
			return "", false, false
		}
		seen[f] = true
	}
	assist = seen["--assist"]
	if marked {
		return w[0], assist, true
	}
	base := path.Base(strings.ReplaceAll(w[0], `\`, "/"))
	if base != "openloop" && base != "openloop.exe" {
		return "", false, false
	}
	return w[0], assist, true
}
