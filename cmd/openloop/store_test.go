package main

import (
	"path/filepath"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/openloop/openloop/pkg/store"
)

// privatefile VAR DIR sets $VAR to the private text file that keeps the
// item texts of the project rooted at DIR ($CLAUDE_CONFIG_DIR, else
// $HOME/.claude, then openloop/restore/<hash of the log's path>.jsonl).
func cmdPrivatefile(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: privatefile VAR DIR")
	}
	config := ts.Getenv("CLAUDE_CONFIG_DIR")
	if config == "" {
		config = filepath.Join(ts.Getenv("HOME"), ".claude")
	}
	log := filepath.Join(physical(ts.MkAbs(args[1])), ".claude", "logs", "session-archive.jsonl")
	ts.Setenv(args[0], store.PrivatePath(config, log))
}

// dismissedfile VAR DIR sets $VAR to the file that keeps what the user
// dismissed in the project rooted at DIR ($CLAUDE_CONFIG_DIR, else
// $HOME/.claude, then openloop/dismissed/<hash of the root>.jsonl).
func cmdDismissedfile(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: dismissedfile VAR DIR")
	}
	config := ts.Getenv("CLAUDE_CONFIG_DIR")
	if config == "" {
		config = filepath.Join(ts.Getenv("HOME"), ".claude")
	}
	ts.Setenv(args[0], store.DismissedPath(config, physical(ts.MkAbs(args[1]))))
}
