package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/openloop/openloop/pkg/cli"
)

// TestEveryHelp is the help check .ci/run names: every command's --help
// exits 0 and prints its usage, and every --flag it names exists (giving
// it to the command is not "flag provided but not defined").
func TestEveryHelp(t *testing.T) {
	list := run(t, "help")
	names := regexp.MustCompile(`(?m)^  ([a-z]+)`).FindAllStringSubmatch(list, -1)
	if len(names) < 10 {
		t.Fatalf("help lists %d commands:\n%s", len(names), list)
	}
	flagRE := regexp.MustCompile(`--[a-z][a-z-]*`)
	for _, m := range names {
		name := m[1]
		help := run(t, name, "--help")
		if !strings.HasPrefix(help, "Usage: openloop "+name) {
			t.Errorf("%s --help:\n%s", name, help)
		}
		if other := run(t, "help", name); other != help {
			t.Errorf("help %s differs from %s --help:\n%s\n%s", name, name, other, help)
		}
		for _, flag := range flagRE.FindAllString(help, -1) {
			if flag == "--help" {
				continue
			}
			var out, errb bytes.Buffer
			e := env(&out, &errb)
			// With --help after it, a flag that exists parses and the
			// command only prints its help: nothing runs.
			cli.Run(e, []string{name, flag + "=1", "--help"})
			if strings.Contains(errb.String(), "not defined") {
				t.Errorf("%s --help names %s, which it does not take: %s", name, flag, errb.String())
			}
		}
	}
}

func env(out, errb *bytes.Buffer) *cli.Env {
	return &cli.Env{
		Stdin: strings.NewReader(""), Stdout: out, Stderr: errb,
		Getenv: func(string) string { return "" }, Now: time.Now, Cwd: "/nonexistent",
	}
}

// run runs a help command that must exit 0 and returns what it printed
// (the hook prints its help on stderr: its stdout is Claude Code's).
func run(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := cli.Run(env(&out, &errb), args); code != 0 {
		t.Fatalf("openloop %s: exit %d\n%s%s", strings.Join(args, " "), code, out.String(), errb.String())
	}
	return out.String() + errb.String()
}
