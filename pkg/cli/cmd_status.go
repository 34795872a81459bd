package cli

import (
	"fmt"

	"github.com/openloop/openloop/pkg/store"
)

// runStatus prints one short line for Claude Code's statusLine
// (store.StatusLine): how many items are open and how many of them are
// stale, nothing when nothing is open. It never lists the items (the seed
// does not surface them unasked), never deletes expired ones and writes
// nothing.
func runStatus(e *Env, args []string) int {
	var c common
	fs := newFlags(e, "status", &c)
	format := fs.String("format", "", "the line, with {open}, {stale} and {max} replaced by counts (default \""+store.DefaultStatusFormat+"\", without its stale part when none is stale)")
	if ok, code := parseOnlyFlags(e, fs, args); !ok {
		return code
	}
	p, err := e.paths(c)
	if err != nil {
		errorf(e.Stderr, "status: %v", err)
		return ExitFailure
	}
	line, err := store.Open(p.MemoryDir, e.Now).StatusLine(*format)
	if err != nil {
		errorf(e.Stderr, "status: %v", err)
		return ExitFailure
	}
	if line != "" {
		fmt.Fprintln(e.Stdout, line)
	}
	return ExitOK
}
