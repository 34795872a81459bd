package cli

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// maxSessionArgs bounds what the session command reads from stdin.
const maxSessionArgs = 64 << 10

// runSession backs the /session slash command. Claude Code aborts a whole
// command when a `!` pre-execution exits non-zero, so this path always
// exits 0 and prints every message, errors included, on stdout, where the
// model reads it.
//
// The mode and its text come from the arguments, or, when there are none,
// from stdin: the command file pipes $ARGUMENTS through a quoted heredoc so
// that quotes, ";", "$(…)" and backticks in it reach openloop as text and
// are never run by a shell.
func runSession(e *Env, args []string) (exit int) {
	// A panic would exit 2 and abort the slash command: say what happened
	// on stdout and exit 0 like every other path here.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(e.Stdout, "openloop: error: internal error: %v\n", r)
			exit = ExitOK
		}
	}()
	if len(args) == 0 && e.Stdin != nil {
		data, _ := io.ReadAll(io.LimitReader(e.Stdin, maxSessionArgs))
		args = splitSessionArgs(string(data))
	}
	if len(args) == 0 {
		fmt.Fprintln(e.Stdout, "Usage: /session resume | archive <text> | summary")
		return ExitOK
	}
	mode := strings.ToLower(args[0])
	switch mode {
	case "resume", "pending", "archive", "summary":
	default:
		fmt.Fprintf(e.Stdout, "Unknown /session mode %q. Usage: /session resume | archive <text> | summary\n", args[0])
		return ExitOK
	}
	var errBuf bytes.Buffer
	sub := *e
	sub.Stderr = &errBuf
	code := Run(&sub, args)
	if errBuf.Len() > 0 {
		e.Stdout.Write(errBuf.Bytes())
	}
	if code != ExitOK && code != ExitNoMatch && errBuf.Len() == 0 {
		fmt.Fprintf(e.Stdout, "openloop %s exited with status %d\n", mode, code)
	}
	return ExitOK
}

// splitSessionArgs splits the text after /session into the mode word and
// the rest, kept as one argument: archive's query is the whole rest of the
// line, exactly as typed.
func splitSessionArgs(s string) []string {
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
	if strings.EqualFold(mode, "archive") {
		return []string{mode, "--", rest}
	}
	return append([]string{mode}, strings.Fields(rest)...)
}
