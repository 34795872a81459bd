// Package sessionargs reads the text after /session into a command line:
// the command file pipes $ARGUMENTS through a quoted heredoc, so the text
// comes on stdin as typed, quotes, ";", "$(…)" and backticks included, and
// is split here, never by a shell.
package sessionargs

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// MaxBytes bounds what is read from stdin.
const MaxBytes = 64 << 10

// ErrTooLong is Read's error for text longer than MaxBytes. It is a
// constant string, not fmt.Errorf at init: the hook links this package,
// and formatting at start-up costs every hook run page faults
// (bench/hotpath.sh's init trace). TestErrTooLongNamesTheBound keeps the
// number right.
var ErrTooLong = errors.New("the arguments are longer than 64 KB; nothing was done")

// Modes are the commands /session runs, as the command table names them.
var Modes = []string{"resume", "pending", "archive", "restore", "dismiss", "rename", "review", "summary"}

// Read reads the text from r, at most MaxBytes, and splits it (Split).
func Read(r io.Reader) ([]string, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read the arguments: %w", err)
	}
	if len(data) > MaxBytes {
		return nil, ErrTooLong
	}
	return Split(string(data)), nil
}

// Split splits the text after /session into the mode word and the rest,
// kept as one argument: archive's, restore's and dismiss's query is the
// whole rest of the line, exactly as typed ("restore --list" and "dismiss
// --list" alone are their flag; "dismiss --undo <text>" lifts).
func Split(s string) []string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	mode, rest, _ := strings.Cut(s, " ")
	if i := strings.IndexAny(mode, "\t\n"); i >= 0 {
		mode, rest = mode[:i], mode[i+1:]+" "+rest
	}
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return []string{mode}
	}
	if (strings.EqualFold(mode, "restore") || strings.EqualFold(mode, "dismiss")) && rest == "--list" ||
		strings.EqualFold(mode, "dismiss") && rest == "--undo" {
		return []string{mode, rest} // the command's own error: "--undo" with nothing to lift
	}
	if u, ok := strings.CutPrefix(rest, "--undo "); ok && strings.EqualFold(mode, "dismiss") {
		return []string{mode, "--undo", "--", strings.TrimSpace(u)}
	}
	if strings.EqualFold(mode, "archive") || strings.EqualFold(mode, "restore") || strings.EqualFold(mode, "dismiss") {
		return []string{mode, "--", rest}
	}
	if strings.EqualFold(mode, "rename") {
		// "rename <text> --idea <thing>": the text up to --idea, the thing
		// after it, each as typed (quotes around the thing dropped).
		query, idea, ok := cutIdea(rest)
		if !ok {
			return []string{mode, "--", rest}
		}
		return []string{mode, "--idea", idea, "--", query}
	}
	return append([]string{mode}, strings.Fields(rest)...)
}

// cutIdea splits rename's text at its --idea (or --idea=): the query
// before, the new idea after, one pair of quotes around it dropped.
func cutIdea(rest string) (query, idea string, ok bool) {
	i := strings.Index(" "+rest, " --idea")
	if i < 0 {
		return "", "", false
	}
	after := rest[i+len("--idea"):]
	if after != "" && after[0] != ' ' && after[0] != '=' && after[0] != '\t' {
		return "", "", false // "--ideas": not the flag
	}
	query = strings.TrimSpace(rest[:i])
	idea = strings.TrimSpace(strings.TrimPrefix(after, "="))
	for _, q := range []string{"'", "\"", "“", "‘"} {
		closing := map[string]string{"'": "'", "\"": "\"", "“": "”", "‘": "’"}[q]
		if len(idea) >= len(q)+len(closing) && strings.HasPrefix(idea, q) && strings.HasSuffix(idea, closing) {
			idea = idea[len(q) : len(idea)-len(closing)]
			break
		}
	}
	return query, idea, true
}
