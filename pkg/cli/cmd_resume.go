package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/openloop/openloop/internal/termsafe"
	"strings"

	"github.com/openloop/openloop/pkg/store"
)

func runResume(e *Env, args []string) (code int) {
	var c common
	fs := newFlags(e, "resume", &c)
	asJSON := fs.Bool("json", false, "print JSON")
	if ok, code := parseOnlyFlags(e, fs, args); !ok {
		return code
	}
	p, err := e.paths(c)
	if err != nil {
		errorf(e.Stderr, "resume: %v", err)
		return ExitFailure
	}
	s := store.Open(p.MemoryDir, e.Now).WithLog(p.Root, p.LogPath).WithPrivate(p.ConfigDir)
	// Expiry first, as the seed does. When it fails the list is still
	// shown, then one error line; when listing fails too, its error is the
	// one line (the same cause: the folder cannot be read).
	expired, expireErr := s.Expire()
	// The text of an earlier version's log lines moves to the private
	// file (store.MigrateLog); a log with none is only read. A failure
	// leaves the log as it was, which restore still reads.
	s.MigrateLog()
	items, err := s.List()
	if err != nil {
		errorf(e.Stderr, "resume: %v", err)
		return ExitFailure
	}
	code = ExitOK
	defer func() {
		if expireErr != nil {
			errorf(e.Stderr, "resume: delete expired items: %v", expireErr)
			code = ExitFailure
		}
	}()
	if *asJSON {
		code = writeJSON(e, s.View(items))
		return code
	}
	renderResume(e, s, items)
	renderExpired(e, expired)
	return code
}

// renderExpired says what expiry took out just now, and how to bring it
// back, instead of deleting in silence:
//
//	Expired (30 days old, kept in the log): old-cache-idea, flaky-test
//	→ openloop restore <name> brings one back
//
// At most store.MaxListed names, then a count of the others.
func renderExpired(e *Env, files []string) {
	if len(files) == 0 {
		return
	}
	var names []string
	shown, more := store.Some(files, store.MaxListed)
	for _, f := range shown {
		names = append(names, store.Show(store.NameOfFile(f)))
	}
	if more > 0 {
		names = append(names, fmt.Sprintf("and %d more", more))
	}
	fmt.Fprintf(e.Stdout, "\nExpired (30 days old, kept in the log): %s\n", strings.Join(names, ", "))
	fmt.Fprintln(e.Stdout, "→ "+e.cmdLine("restore <name>")+" brings one back")
}

// maxResumeListed bounds the items resume prints: the cap keeps openloop's
// own to 10, but a memory dir can hold any number written by hand, and the
// list goes into Claude's context through /session.
const maxResumeListed = 50

// renderResume prints the seed's list (at most maxResumeListed items, then
// a count of the older ones):
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
// "This session" holds items modified today (or, with a skewed clock,
// later); older ones are grouped by their
// modification date, newest first. With no items it prints
// "No pending session items." In a terminal the hint lines name
// "openloop archive" and "openloop summary".
func renderResume(e *Env, s *store.Store, items []store.Item) {
	w := e.Stdout
	if len(items) == 0 {
		fmt.Fprintln(w, "No pending session items.")
		return
	}
	today := s.Now().Format("2006-01-02")
	fmt.Fprintf(w, "## Session Pending — %s\n", today)
	group := ""
	shown, more := store.Some(items, maxResumeListed)
	for _, it := range shown { // newest first, so dates come out in order
		g := "### This session"
		// An item dated after today (a clock that was ahead, a synced
		// folder) is listed with today's, not under an "Earlier" heading
		// with a date still to come.
		if d := it.ModTime.In(s.Now().Location()).Format("2006-01-02"); d < today {
			g = "### Earlier (" + d + ")"
		}
		if g != group {
			fmt.Fprintf(w, "\n%s\n", g)
			group = g
		}
		fmt.Fprintln(w, s.Line(it))
	}
	if more > 0 {
		fmt.Fprintf(w, "… and %d more, older: %s lists them all\n", more, e.cmdLine("resume --json"))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "→ "+e.cmdLine("archive <slug>")+" to close an item")
	fmt.Fprintln(w, "→ "+e.cmdLine("summary")+" for a full session digest")
}

// writeJSON prints v as indented JSON. Text from outside can hold bidi
// overrides, which encoding/json leaves raw; they are escaped
// (termsafe.JSON), so the output is safe on a terminal and decodes the same.
func writeJSON(e *Env, v any) int {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		errorf(e.Stderr, "%s: write json: %v", e.name, err)
		return ExitFailure
	}
	if _, err := e.Stdout.Write(termsafe.JSON(b.Bytes())); err != nil {
		errorf(e.Stderr, "%s: write json: %v", e.name, err)
		return ExitFailure
	}
	return ExitOK
}
