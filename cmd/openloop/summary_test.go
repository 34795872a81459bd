package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/openloop/openloop/internal/gittest"
	"github.com/openloop/openloop/pkg/project"
)

// gitcommit DIR TIME MESSAGE adds a commit (author and committer time
// TIME, RFC 3339) on DIR's current branch with go-git, creating the
// repository when DIR has none. A MESSAGE in double quotes is a Go string
// literal, so a script can put control characters in it.
func cmdGitcommit(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 3 {
		ts.Fatalf("usage: gitcommit DIR TIME MESSAGE")
	}
	when, err := time.Parse(time.RFC3339, args[1])
	ts.Check(err)
	dir := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(dir, 0o755))
	g, err := gittest.Open(dir)
	ts.Check(err)
	msg := args[2]
	if strings.HasPrefix(msg, `"`) {
		msg, err = strconv.Unquote(msg)
		ts.Check(err)
	}
	_, err = g.Commit(when, msg)
	ts.Check(err)
}

// transcriptdir VAR DIR sets $VAR to the folder where Claude Code keeps
// the transcripts of sessions started in DIR:
// $HOME/.claude/projects/<Claude Code's folder name for DIR>.
func cmdTranscriptdir(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: transcriptdir VAR DIR")
	}
	ts.Setenv(args[0], filepath.Join(ts.Getenv("HOME"), ".claude", "projects", project.ClaudeFolderName(physical(ts.MkAbs(args[1])))))
}

// fixture NAME DEST copies $FIXTURES/NAME (the repository's
// testdata/fixtures, set by Params) to DEST, creating DEST's folder.
func cmdFixture(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: fixture NAME DEST")
	}
	data, err := os.ReadFile(filepath.Join(ts.Getenv("FIXTURES"), filepath.FromSlash(args[0])))
	ts.Check(err)
	dst := ts.MkAbs(args[1])
	ts.Check(os.MkdirAll(filepath.Dir(dst), 0o700))
	ts.Check(os.WriteFile(dst, data, 0o600))
}

// exits CODE PROGRAM [ARGS…] runs PROGRAM like exec and fails unless it
// exits with exactly CODE; stdout and stderr are then checked as after
// exec. (`! exec` accepts any non-zero code, and the exit codes are a
// contract: 2 in particular must never happen.)
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits CODE PROGRAM [ARGS…]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		got = ee.ExitCode()
	} else if err != nil {
		ts.Fatalf("%s: %v", args[1], err)
	}
	if got != want {
		ts.Fatalf("%s exited %d, want %d", args[1], got, want)
	}
}

// nested FILE N PREFIX SUFFIX writes PREFIX, N "[", then SUFFIX and a line
// feed: one transcript line nested N deep.
func cmdNested(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 4 {
		ts.Fatalf("usage: nested FILE N PREFIX SUFFIX")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	path := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(path), 0o700))
	data := append([]byte(args[2]), bytes.Repeat([]byte("["), n)...)
	ts.Check(os.WriteFile(path, append(append(data, args[3]...), '\n'), 0o600))
}
