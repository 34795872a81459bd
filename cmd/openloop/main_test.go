package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/openloop/openloop/pkg/cli"
	"github.com/openloop/openloop/pkg/project"
)

// testNow is the clock the scripts see, so that dates in expected output
// are fixed: 2026-12-02 10:00 UTC unless OPENLOOP_TEST_NOW says otherwise.
const testNow = "2026-12-02T10:00:00Z"

// fixturesDir is the repository's testdata/fixtures, found from the test
// binary's starting folder (the package folder) before scripts change it.
// Scripts see it as $FIXTURES.
var fixturesDir, _ = filepath.Abs(filepath.Join("..", "..", "testdata", "fixtures"))

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"openloop": func() {
			e := cli.System()
			now := os.Getenv("OPENLOOP_TEST_NOW")
			if now == "" {
				now = testNow
			}
			t, err := time.Parse(time.RFC3339, now)
			if err != nil {
				fmt.Fprintln(os.Stderr, "bad OPENLOOP_TEST_NOW:", err)
				os.Exit(1)
			}
			e.Now = func() time.Time { return t }
			e.Rand = testRand()
			os.Exit(cli.Run(e, os.Args[1:]))
		},
	})
}

// TestScripts runs testdata/script. OPENLOOP_UPDATE_SCRIPTS=1 rewrites a
// script's files that a failing cmp compares against (testscript's
// UpdateScripts): review the diff before committing it.
func TestScripts(t *testing.T) {
	p := Params()
	p.UpdateScripts = os.Getenv("OPENLOOP_UPDATE_SCRIPTS") != ""
	testscript.Run(t, p)
}

// Params is the shared testscript set-up: HOME in $WORK, the fixed clock
// in UTC, and the helper commands below.
func Params() testscript.Params {
	return testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("HOME", filepath.Join(env.WorkDir, "home"))
			env.Setenv("TZ", "UTC")
			env.Setenv("OPENLOOP_TEST_NOW", testNow)
			env.Setenv("FIXTURES", fixturesDir)
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"age":    cmdAge,
			"memdir": cmdMemdir,
			// the private text file of restore (store_test.go)
			"privatefile": cmdPrivatefile,
			// what the user dismissed (store_test.go)
			"dismissedfile": cmdDismissedfile,
			"perm":          cmdPerm,
			// exact exit codes and hook commands (install_test.go)
			"exitcode": cmdExitcode,
			"hookcmd":  cmdHookcmd,
			"deepjson": cmdDeepjson,
			// summary's helpers (summary_test.go)
			"gitcommit":     cmdGitcommit,
			"transcriptdir": cmdTranscriptdir,
			"fixture":       cmdFixture,
			"payload":       cmdPayload,
			"bigfile":       cmdBigfile,
			"exits":         cmdExits,
			"nested":        cmdNested,
		},
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		RequireExplicitExec: true,
	}
}

// testRand makes install's heredoc nonce fixed in scripts: 0x5a bytes,
// so the terminator is OPENLOOP_ARGS_5a5a5a5a5a5a.
func testRand() io.Reader {
	return strings.NewReader(strings.Repeat("\x5a", 64))
}

// age FILE DAYS sets FILE's modification time DAYS days before the test
// clock (fractions allowed: "0.5").
func cmdAge(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: age FILE DAYS")
	}
	days, err := strconv.ParseFloat(args[1], 64)
	ts.Check(err)
	now, err := time.Parse(time.RFC3339, ts.Getenv("OPENLOOP_TEST_NOW"))
	ts.Check(err)
	at := now.Add(-time.Duration(days * float64(24*time.Hour)))
	ts.Check(os.Chtimes(ts.MkAbs(args[0]), at, at))
}

// memdir VAR DIR sets $VAR to the seed layout's memory dir for the
// project rooted at DIR ($HOME/.claude/projects/<slug>/memory).
func cmdMemdir(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: memdir VAR DIR")
	}
	slug := project.SeedSlug(physical(ts.MkAbs(args[1])))
	ts.Setenv(args[0], filepath.Join(ts.Getenv("HOME"), ".claude", "projects", slug, "memory"))
}

// physical is path with its symlinks resolved, as openloop resolves the
// project's folder ($WORK is below a symlink on macOS), or path itself
// when it does not exist yet.
func physical(path string) string {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real
	}
	return path
}

// perm MODE PATH checks a file's permission bits (octal).
func cmdPerm(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: perm MODE PATH")
	}
	want, err := strconv.ParseUint(args[0], 8, 32)
	ts.Check(err)
	fi, err := os.Stat(ts.MkAbs(args[1]))
	ts.Check(err)
	got := uint64(fi.Mode().Perm())
	if (got == want) == neg {
		ts.Fatalf("%s: mode %o, want %s%o", args[1], got, map[bool]string{true: "not ", false: ""}[neg], want)
	}
}
