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
	"strings"
	"time"

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
}

// System is the Env of the real process.
func System() *Env {
	cwd, _ := os.Getwd()
	exe, _ := os.Executable()
	return &Env{
		Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Getenv: os.Getenv, Now: time.Now, Cwd: cwd, Exe: exe,
	}
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
		{name: "hook", memdir: true, args: "", summary: "handle one Claude Code hook event from stdin (UserPromptSubmit, Stop, SessionEnd)", run: runHook},
		{name: "resume", memdir: true, aliases: []string{"pending"}, args: "[--json]", summary: "list open items by age; deletes items 30 days old or older first", run: runResume},
		{name: "archive", memdir: true, args: "<text…>", summary: "close the item that best matches the text and log it", run: runArchive},
		{name: "park", memdir: true, args: "--kind K --idea TEXT --context TEXT [--why TEXT] [--how TEXT] [--name SLUG]", summary: "park an item by hand (kinds: question, deferred, side-idea)", run: runPark},
		{name: "summary", memdir: true, args: "[--session ID] [--json]", summary: "digest of the session: completed tasks, parked and archived items, commits since it started", run: runSummary},
		{name: "session", args: "[mode args…]", summary: "run a /session mode (from args or stdin); always exits 0", run: runSession},
		{name: "install", args: "[--scope project|local|user] [--bin PATH] [--dry-run]", summary: "register the hooks in Claude Code's settings and write the /session command", run: runInstall},
		{name: "uninstall", args: "[--scope project|local|user] [--dry-run]", summary: "remove exactly what install added", run: runUninstall},
		{name: "doctor", memdir: true, args: "", summary: "show the resolved paths and registrations, what is wrong, and how to fix it", run: runDoctor},
		{name: "plugin", args: "--out DIR [--bin PATH]", summary: "write a Claude Code plugin marketplace (hooks, /session, this binary) to DIR", run: runPlugin},
		{name: "demo", args: "[--keep]", summary: "run a short session in a throwaway home folder and show what openloop does", run: runDemo},
		{name: "help", summary: "show this help", run: runHelp},
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
	case "-h", "--help":
		name = "help"
	case "-v", "--version", "version":
		fmt.Fprintln(e.Stdout, "openloop", Version)
		return ExitOK
	}
	c := lookup(name)
	if c == nil {
		errorf(e.Stderr, "unknown command %q", name)
		hintf(e.Stderr, "run 'openloop help' for the list of commands")
		return ExitUsage
	}
	return c.run(e, rest)
}

// Version is set at build time with -ldflags "-X …cli.Version=…".
var Version = "dev"

func runHelp(e *Env, _ []string) int {
	usage(e.Stdout)
	return ExitOK
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
	fmt.Fprintln(w, "Run 'openloop <command> -h' for a command's flags; 'openloop version' prints the version.")
}

// errorf prints the one error line: "openloop: error: …", no capital, no
// full stop (age's rule).
func errorf(w io.Writer, format string, a ...any) {
	fmt.Fprintf(w, "openloop: error: "+format+"\n", a...)
}

// hintf prints an optional follow-up line: "openloop: hint: …".
func hintf(w io.Writer, format string, a ...any) {
	fmt.Fprintf(w, "openloop: hint: "+format+"\n", a...)
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
			c := lookup(fs.Name())
			fmt.Fprintf(e.Stdout, "Usage: openloop %s %s\n\n%s\n", fs.Name(), c.args, c.summary)
			if hasFlags(fs) {
				fmt.Fprintln(e.Stdout, "\nFlags:")
				fs.SetOutput(e.Stdout)
				fs.PrintDefaults()
			}
			return false, ExitOK
		}
		errorf(e.Stderr, "%s: %v", fs.Name(), err)
		hintf(e.Stderr, "run 'openloop %s -h' for usage", fs.Name())
		return false, ExitUsage
	}
	return true, ExitOK
}

// paths resolves the project's paths for this Env.
func (e *Env) paths(c common) (project.Paths, error) {
	return project.Resolve(project.Options{Cwd: e.Cwd, Getenv: e.Getenv, MemoryDir: c.memoryDir})
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}
