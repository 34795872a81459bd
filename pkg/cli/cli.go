// Package cli is openloop's command line: a table of commands, one file
// each, run with injected I/O, environment and clock so that every command
// can be driven from tests exactly as a user drives the binary.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/openloop/openloop/internal/hint"
	"github.com/openloop/openloop/internal/suggest"
	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/internal/textcut"
	"github.com/openloop/openloop/internal/version"
	"github.com/openloop/openloop/pkg/project"
)

// Exit codes are a contract: scripts and Claude Code read them. No command
// ever exits 2, the code that makes Claude Code block or erase a prompt.
const (
	ExitOK      = 0  // success
	ExitFailure = 1  // something went wrong; the message is on stderr
	ExitNoMatch = 3  // archive: nothing matched, or more than one did
	ExitProblem = 4  // doctor: something is wrong with the set-up
	ExitUsage   = 64 // bad flags or arguments (EX_USAGE)
)

// Env is everything a command may touch outside its arguments.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string
	Now    func() time.Time
	Cwd    string
	// Exe is the absolute path of the running binary, for install.
	Exe string
	// Rand is the source of random bytes (install's heredoc nonce); nil
	// means crypto/rand.
	Rand io.Reader

	// cwdErr and exeErr say why Cwd or Exe is empty: the commands that
	// need them report it.
	cwdErr, exeErr error
	// slash is the slash command a command runs inside ("/session", or
	// the plugin's "/openloop:session"), "" in a terminal: messages then
	// name "/session …" rather than "openloop …".
	slash string
	// name is the command running (set by Run), for the error lines of
	// code that commands share.
	name string
}

// System is the Env of the real process. A folder that cannot be read
// (deleted under the shell) or a binary whose path cannot be found leaves
// Cwd or Exe empty, and the commands that need them say why.
func System() *Env {
	cwd, cwdErr := os.Getwd()
	exe, exeErr := os.Executable()
	return &Env{
		Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Getenv: os.Getenv, Now: time.Now, Cwd: cwd, Exe: exe,
		cwdErr: cwdErr, exeErr: exeErr,
	}
}

// cmdLine names a command the way the reader types it: "/session archive
// <text>" inside /session ("/openloop:session archive <text>" inside the
// plugin's), "openloop archive <text>" in a terminal.
func (e *Env) cmdLine(rest string) string {
	if e.slash != "" {
		return e.slash + " " + rest
	}
	return "openloop " + rest
}

// command is one row of the command table; help is made from the table.
type command struct {
	name    string
	aliases []string
	args    string // argument synopsis for help
	summary string
	memdir  bool // takes --memory-dir
	run     func(e *Env, args []string) int
}

// commands is filled in init to break the reference cycle between the
// table and the help command that prints it.
var commands []command

func init() {
	commands = []command{
		{name: "hook", memdir: true, args: "[--assist] [--plugin]", summary: "handle one Claude Code hook event from stdin (UserPromptSubmit, Stop, SessionEnd, SessionStart)", run: runHook},
		{name: "resume", memdir: true, aliases: []string{"pending"}, args: "[--json]", summary: "list open items by age; deletes items 30 days old or older first", run: runResume},
		{name: "archive", memdir: true, args: "<text…>", summary: "close the item that best matches the text and log it", run: runArchive},
		{name: "restore", memdir: true, args: "<text…> | --list", summary: "bring back an archived or expired item from the log, under the cap; --list shows what it can", run: runRestore},
		{name: "dismiss", memdir: true, args: "[--source user|assist] <text…>", summary: "drop an item parked by mistake (not a loop): nothing is logged; kept as your own label", run: runDismiss},
		{name: "rename", memdir: true, args: "<text…> --idea TEXT", summary: "give the item that best matches the text a new name and description; its body, kind, date and age stay; the log gets the two names", run: runRename},
		{name: "park", memdir: true, args: "--kind K --idea TEXT --context TEXT [--why TEXT] [--how TEXT] [--name SLUG] [--source assist|user]", summary: "park an item by hand (kinds: question, deferred, side-idea)", run: runPark},
		{name: "review", memdir: true, args: "[--json] [--park N | --dismiss N]", summary: "list the loops the hook was unsure of (candidates), newest first; park or drop one by its number", run: runReview},
		{name: "summary", memdir: true, args: "[--session ID] [--json]", summary: "digest of the session: completed tasks, parked and archived items, commits since it started", run: runSummary},
		{name: "session", args: "[--plugin] [mode args…]", summary: "run a /session mode (from args or stdin); always exits 0", run: runSession},
		{name: "status", memdir: true, args: "[--format TEXT]", summary: "one short line for Claude Code's statusLine (\"3 open · 1 stale\"); nothing when no item is open", run: runStatus},
		{name: "install", args: "[--scope user|project|local] [--bin PATH] [--assist|--no-assist] [--force] [--dry-run]", summary: "register the hooks in Claude Code's settings and write the /session command", run: runInstall},
		{name: "uninstall", args: "[--scope user|project|local] [--dry-run]", summary: "remove exactly what install added", run: runUninstall},
		{name: "doctor", memdir: true, summary: "show the resolved paths and registrations, what is wrong, and how to fix it", run: runDoctor},
		{name: "plugin", args: "--out DIR [--bin PATH]", summary: "write a Claude Code plugin marketplace (hooks, /session, this binary) to DIR", run: runPlugin},
		{name: "explain", args: "[--assistant TEXT] [--top N] [--json] [prompt…]", summary: "show why a prompt (or a UserPromptSubmit payload on stdin) parks what it parks: scores, thresholds, top features", run: runExplain},
		{name: "demo", args: "[--keep]", summary: "run a short session in a throwaway home folder and show what openloop does", run: runDemo},
		{name: "version", summary: "print the version and the VCS revision it was built from", run: runVersion},
		{name: "help", args: "[command]", summary: "show this help, or a command's", run: runHelp},
	}
}

func lookup(name string) *command {
	for i, c := range commands {
		if c.name == name {
			return &commands[i]
		}
		for _, a := range c.aliases {
			if a == name {
				return &commands[i]
			}
		}
	}
	return nil
}

// Run runs one command line (without the program name) and returns the
// exit code.
func Run(e *Env, args []string) int {
	if len(args) == 0 {
		usage(e.Stderr)
		return ExitUsage
	}
	name, rest := args[0], args[1:]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	case "-v", "-version", "--version":
		name = "version"
	}
	c := lookup(name)
	if c == nil {
		errorf(e.Stderr, "unknown command %q", name)
		var names []string
		for _, c := range commands {
			names = append(names, append([]string{c.name}, c.aliases...)...)
		}
		if s := suggest.Nearest(name, names); s != "" {
			hintf(e.Stderr, "did you mean 'openloop %s'? 'openloop help' lists the commands", s)
		} else {
			hintf(e.Stderr, "run 'openloop help' for the list of commands")
		}
		return ExitUsage
	}
	if c.name == "session" {
		return c.run(e, rest) // always 0: it reports a failed write itself
	}
	// A command whose output could not be written (stdout on a full disk)
	// did not do what it was run for: it fails, with one line on stderr,
	// rather than exit 0 with an empty or cut listing.
	out := &stdoutWriter{w: e.Stdout}
	sub := *e
	sub.Stdout = out
	sub.name = c.name
	code := c.run(&sub, rest)
	if out.err != nil && code == ExitOK {
		errorf(e.Stderr, "%s: %v", c.name, out.err)
		return ExitFailure
	}
	return code
}

// stdoutWriter keeps the first error writing stdout; a write after it is
// not tried.
type stdoutWriter struct {
	w   io.Writer
	err error
}

func (s *stdoutWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	s.err = err
	return n, err
}

// Version is set at build time with -ldflags "-X …cli.Version=…"; when it
// is not, the version comes from the build info (see version.Line).
var Version = "dev"

func runVersion(e *Env, args []string) int {
	fs := newFlags(e, "version", nil)
	if ok, code := parseOnlyFlags(e, fs, args); !ok {
		return code
	}
	info, _ := debug.ReadBuildInfo()
	fmt.Fprintln(e.Stdout, version.Line(Version, info))
	return ExitOK
}

// runHelp prints the list of commands, or one command's help.
func runHelp(e *Env, args []string) int {
	fs := newFlags(e, "help", nil)
	if ok, code := parseFlags(e, fs, args); !ok {
		return code
	}
	switch fs.NArg() {
	case 0:
		usage(e.Stdout)
		return ExitOK
	case 1:
		c := lookup(fs.Arg(0))
		if c == nil {
			errorf(e.Stderr, "help: unknown command %q", fs.Arg(0))
			hintf(e.Stderr, "run 'openloop help' for the list of commands")
			return ExitUsage
		}
		// A command prints its own help for --help; the hook's goes to
		// its stderr (its stdout is Claude Code's), so point that here.
		sub := *e
		sub.Stderr = e.Stdout
		return c.run(&sub, []string{"--help"})
	}
	errorf(e.Stderr, "help: one command at a time, got %q", strings.Join(fs.Args(), " "))
	return ExitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "openloop keeps the open loops of a Claude Code session: deferred ideas,")
	fmt.Fprintln(w, "side ideas and unanswered questions, parked as memory files.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: openloop <command> [flags]")
	fmt.Fprintln(w)
	for _, c := range commands {
		name := c.name
		if len(c.aliases) > 0 {
			name += " (" + strings.Join(c.aliases, ", ") + ")"
		}
		fmt.Fprintf(w, "  %-20s %s\n", name, c.summary)
	}
	var md []string
	for _, c := range commands {
		if c.memdir {
			md = append(md, c.name)
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%s take --memory-dir DIR (or OPENLOOP_MEMORY_DIR=DIR) to use another memory dir.\n", strings.Join(md, ", "))
	fmt.Fprintln(w, "Run 'openloop help <command>' or 'openloop <command> --help' for a command's flags;")
	fmt.Fprintln(w, "'openloop version' (or -version, --version, -v) prints the version.")
}

// errorf prints the one error line: "openloop: error: …", no capital, no
// full stop (age's rule). The whole line goes through termsafe: an error
// can quote a path, an argument or a payload field, and a control
// character or a line break in them must neither reach the terminal nor
// make a second line.
func errorf(w io.Writer, format string, a ...any) {
	fmt.Fprintln(w, "openloop: error: "+message(format, a...))
}

// warnf prints a warning: something worked, but not as the user likely
// wants ("openloop: warning: …", an optional hint after it).
func warnf(w io.Writer, format string, a ...any) {
	fmt.Fprintln(w, "openloop: warning: "+message(format, a...))
}

// fail prints err as the command's error line ("<command>: …"), and its
// hint (internal/hint) if it has one, and returns code.
func fail(e *Env, err error, code int) int {
	errorf(e.Stderr, "%s: %v", e.name, err)
	if h := hint.Of(err); h != "" {
		hintf(e.Stderr, "%s", h)
	}
	return code
}

// hintf prints an optional follow-up line: "openloop: hint: …".
func hintf(w io.Writer, format string, a ...any) {
	fmt.Fprintln(w, "openloop: hint: "+message(format, a...))
}

// maxMessage bounds the text of an error or hint line, before escaping:
// what it quotes (an argument, a session id, a path) can be as long as
// the user or a file made it, and one line must stay one readable line.
const maxMessage = 1000

// message formats an error or hint: cut to maxMessage bytes, with
// control and format characters escaped.
func message(format string, a ...any) string {
	msg := fmt.Sprintf(format, a...)
	if len(msg) > maxMessage {
		msg = textcut.Head(msg, maxMessage) + "…"
	}
	return termsafe.Line(msg)
}

// common holds the flags every command shares.
type common struct {
	memoryDir string
}

// newFlags makes a FlagSet that reports errors through the error rule.
func newFlags(e *Env, name string, c *common) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if c != nil {
		fs.StringVar(&c.memoryDir, "memory-dir", "", "memory dir to use instead of the project's")
	}
	return fs
}

// parseFlags parses, printing a usage error on failure. It returns false
// when the command should stop with ExitUsage (or ExitOK for -h).
func parseFlags(e *Env, fs *flag.FlagSet, args []string) (ok bool, code int) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			commandHelp(e.Stdout, fs)
			return false, ExitOK
		}
		errorf(e.Stderr, "%s: %s", fs.Name(), strings.ReplaceAll(err.Error(), " -", " --"))
		hintf(e.Stderr, "run '%s --help' for usage", e.cmdLine(fs.Name()))
		return false, ExitUsage
	}
	return true, ExitOK
}

// commandHelp prints a command's help from the table and its flags, each
// flag spelled "--name", as the usage lines spell them.
func commandHelp(w io.Writer, fs *flag.FlagSet) {
	c := lookup(fs.Name())
	fmt.Fprintf(w, "Usage: openloop %s\n\n%s\n", strings.TrimSpace(c.name+" "+c.args), c.summary)
	if !hasFlags(fs) {
		return
	}
	fmt.Fprintln(w, "\nFlags:")
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		line += "\n    \t" + usage
		if f.DefValue != "" && f.DefValue != "false" {
			if name == "string" {
				line += fmt.Sprintf(" (default %q)", f.DefValue)
			} else { // a number: as flag's own help prints it
				line += fmt.Sprintf(" (default %s)", f.DefValue)
			}
		}
		fmt.Fprintln(w, line)
	})
}

// parseOnlyFlags is parseFlags for the commands that take flags and no
// arguments: anything left after the flags is a usage error.
func parseOnlyFlags(e *Env, fs *flag.FlagSet, args []string) (ok bool, code int) {
	if ok, code := parseFlags(e, fs, args); !ok {
		return false, code
	}
	if !noArgs(e, fs) {
		return false, ExitUsage
	}
	return true, ExitOK
}

// noArgs reports a usage error for arguments left after the flags, for
// the commands that take none.
func noArgs(e *Env, fs *flag.FlagSet) bool {
	if fs.NArg() == 0 {
		return true
	}
	errorf(e.Stderr, "%s: takes no arguments, got %q", fs.Name(), strings.Join(fs.Args(), " "))
	hintf(e.Stderr, "run '%s --help' for usage", e.cmdLine(fs.Name()))
	return false
}

// usageAtTerminal prints a command's help to stderr when stdin is a
// terminal: a command that would read its input from stdin (explain or
// hook with no arguments) would otherwise wait, silently, for text nobody
// means to type. It reports whether it did.
func usageAtTerminal(e *Env, fs *flag.FlagSet) bool {
	f, ok := e.Stdin.(interface{ Fd() uintptr })
	if !ok || !isTerminal(f.Fd()) {
		return false
	}
	commandHelp(e.Stderr, fs)
	return true
}

// paths resolves the project's paths for this Env.
func (e *Env) paths(c common) (project.Paths, error) {
	if e.Cwd == "" && e.cwdErr != nil {
		return project.Paths{}, fmt.Errorf("cannot tell the current folder: %w", e.cwdErr)
	}
	return project.Resolve(project.Options{Cwd: e.Cwd, Getenv: e.Getenv, MemoryDir: c.memoryDir})
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}
