package cli

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/openloop/openloop/hooks"
	"github.com/openloop/openloop/internal/suggest"
	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/sessionargs"
)

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
			sessionPrint(e, "openloop: error: internal error: "+termsafe.Line(fmt.Sprint(r))+"\n")
			exit = ExitOK
		}
	}()
	// The plugin's command file runs "session --plugin": its messages name
	// the plugin's command, /openloop:session.
	slash := "/session"
	if len(args) > 0 && args[0] == "--plugin" {
		slash, args = hooks.PluginSlash, args[1:]
	}
	usage := strings.Replace(sessionUsage, "/session", slash, 1)
	fromStdin := len(args) == 0
	if fromStdin && e.Stdin != nil {
		var err error
		if args, err = sessionargs.Read(e.Stdin); err != nil {
			sessionPrint(e, "openloop: error: session: "+termsafe.Line(err.Error())+"\n")
			return ExitOK
		}
	}
	if len(args) == 0 {
		sessionPrint(e, usage+"\n")
		return ExitOK
	}
	switch mode := strings.ToLower(args[0]); {
	case slices.Contains([]string{"-h", "-help", "--help", "help"}, mode):
		if fromStdin {
			sessionPrint(e, usage+"\n\n"+sessionModes)
		} else {
			c := lookup("session")
			sessionPrint(e, "Usage: openloop session "+c.args+"\n\n"+c.summary+"\n\nModes:\n"+sessionModes+"\nFlags:\n"+sessionFlags)
		}
		return ExitOK
	case slices.Contains(sessionargs.Modes, mode):
		// The mode is matched as typed in any case ("/session Resume");
		// the command table's names are lower case.
		args = append([]string{mode}, args[1:]...)
	default:
		// %q escapes control and format characters itself; through
		// termsafe first, they were escaped twice ("\\x1b").
		if s := suggest.Nearest(mode, sessionargs.Modes); s != "" {
			sessionPrint(e, fmt.Sprintf("Unknown %s mode %q: did you mean %s %s? %s\n", slash, args[0], slash, s, usage))
			return ExitOK
		}
		sessionPrint(e, fmt.Sprintf("Unknown %s mode %q. %s\n", slash, args[0], usage))
		return ExitOK
	}
	var out bytes.Buffer
	sub := *e
	sub.Stdout, sub.Stderr = &out, &out
	sub.slash = slash
	code := Run(&sub, args)
	if code != ExitOK && code != ExitNoMatch && out.Len() == 0 {
		fmt.Fprintf(&out, "%s %s failed with status %d\n", slash, args[0], code)
	}
	sessionPrint(e, out.String())
	return ExitOK
}

const sessionUsage = "Usage: /session resume | archive <text> | restore <text> | dismiss <text> | rename <text> --idea <thing> | review | summary"

// sessionFlags is the flag of `openloop session --help`.
const sessionFlags = "  --plugin          messages name the plugin's command, /openloop:session (its command file runs this)\n"

const sessionModes = `  resume            list the open items by age
  archive <text>    close the item that best matches the text
  restore <text>    bring back an archived or expired item (--list: what it can)
  dismiss <text>    drop an item parked by mistake; it never parks again here
                    (--list: what is dismissed; --undo <text>: lift one)
  rename <text> --idea <thing>
                    give the item a name that says what it is
  review            list what the hook was unsure of (--park N, --dismiss N)
  summary           digest of the session: tasks, items, commits
`

// sessionPrint writes to stdout, where Claude Code reads a /session
// command's output. When that fails there is no one left to tell but
// stderr; the exit code stays 0 (a non-zero one would abort the command).
func sessionPrint(e *Env, s string) {
	if _, err := io.WriteString(e.Stdout, s); err != nil {
		errorf(e.Stderr, "session: write the output: %v", err)
	}
}
