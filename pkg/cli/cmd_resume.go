package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/openloop/openloop/pkg/store"
)

func runResume(e *Env, args []string) int {
	var c common
	fs := newFlags(e, "resume", &c)
	asJSON := fs.Bool("json", false, "print JSON")
	if ok, code := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		errorf(e.Stderr, "resume takes no arguments, got %q", strings.Join(fs.Args(), " "))
		return ExitUsage
	}
	p, err := e.paths(c)
	if err != nil {
		errorf(e.Stderr, "%v", err)
		return ExitFailure
	}
	s := store.Open(p.MemoryDir, e.Now)
	if _, err := s.Expire(); err != nil {
		errorf(e.Stderr, "delete expired items: %v", err)
		// Listing still helps; go on.
	}
	items, err := s.List()
	if err != nil {
		errorf(e.Stderr, "%v", err)
		return ExitFailure
	}
	if *asJSON {
		return writeJSON(e, s.View(items))
	}
	renderResume(e.Stdout, s, items)
	return ExitOK
}

// renderResume prints the seed's list:
//
//	## Session Pending — <today>
//
//	### This session
//	- [ ] <name> — <description>
//
//	### Earlier (<YYYY-MM-DD>)
//	- [ ] ⚠ stale — <name> — <description>
//
//	→ /session archive <slug> to close an item
//	→ /session summary for a full session digest
//
// "This session" holds items modified today; older ones are grouped by their
// modification date, newest first. With no items it prints
// "No pending session items."
func renderResume(w io.Writer, s *store.Store, items []store.Item) {
	if len(items) == 0 {
		fmt.Fprintln(w, "No pending session items.")
		return
	}
	today := s.Now().Format("2006-01-02")
	fmt.Fprintf(w, "## Session Pending — %s\n", today)
	group := ""
	for _, it := range items { // newest first, so dates come out in order
		g := "### This session"
		if d := it.ModTime.In(s.Now().Location()).Format("2006-01-02"); d != today {
			g = "### Earlier (" + d + ")"
		}
		if g != group {
			fmt.Fprintf(w, "\n%s\n", g)
			group = g
		}
		fmt.Fprintln(w, s.Line(it))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "→ /session archive <slug> to close an item")
	fmt.Fprintln(w, "→ /session summary for a full session digest")
}

func writeJSON(e *Env, v any) int {
	enc := json.NewEncoder(e.Stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		errorf(e.Stderr, "write json: %v", err)
		return ExitFailure
	}
	return ExitOK
}
