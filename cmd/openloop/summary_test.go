package main

import (
	"os"
	"path/filepath"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/openloop/openloop/internal/gittest"
	"github.com/openloop/openloop/pkg/project"
)

// gitcommit DIR TIME MESSAGE adds a commit (author and committer time
// TIME, RFC 3339) on DIR's current branch with go-git, creating the
// repository when DIR has none.
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
	_, err = g.Commit(when, args[2])
	ts.Check(err)
}

// transcriptdir VAR DIR sets $VAR to the folder where Claude Code keeps
// the transcripts of sessions started in DIR:
// $HOME/.claude/projects/<Claude Code's folder name for DIR>.
func cmdTranscriptdir(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: transcriptdir VAR DIR")
	}
	ts.Setenv(args[0], filepath.Join(ts.Getenv("HOME"), ".claude", "projects", project.ClaudeFolderName(ts.MkAbs(args[1]))))
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
