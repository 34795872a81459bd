package store

import (
	"fmt"
	"io"
	"strings"
)

// Resumed is what resume shows: the open items, and what expiry took out
// just before.
type Resumed struct {
	Items []Item
	// Expired are the files expiry deleted just now (kept in the log).
	Expired []string
	// ExpireErr says why expiry failed: the list is still shown.
	ExpireErr error
}

// Resume expires the items 30 days old or older first, as the seed does,
// moves an earlier version's log text to the private file (MigrateLog; a
// failure leaves the log as it was, which restore still reads), and lists
// the open items. When expiry fails the list is still returned, with
// ExpireErr; when listing fails too, its error is the one returned (the
// same cause: the folder cannot be read).
func (s *Store) Resume() (Resumed, error) {
	expired, expireErr := s.Expire()
	s.MigrateLog()
	items, err := s.List()
	if err != nil {
		return Resumed{}, err
	}
	return Resumed{Items: items, Expired: expired, ExpireErr: expireErr}, nil
}

// maxResumeListed bounds the items resume prints: the cap keeps openloop's
// own to 10, but a memory dir can hold any number written by hand, and the
// list goes into Claude's context through /session.
const maxResumeListed = 50

// WriteResume prints the seed's list (at most maxResumeListed items, then
// a count of the older ones), then what expiry took out:
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
// "No pending session items." cmdLine names a command the way the reader
// types it: in a terminal the hint lines name "openloop archive" and
// "openloop summary".
func (s *Store) WriteResume(w io.Writer, r Resumed, cmdLine func(string) string) {
	s.writeItems(w, r.Items, cmdLine)
	writeExpired(w, r.Expired, cmdLine)
}

func (s *Store) writeItems(w io.Writer, items []Item, cmdLine func(string) string) {
	if len(items) == 0 {
		fmt.Fprintln(w, "No pending session items.")
		return
	}
	today := s.Now().Format("2006-01-02")
	fmt.Fprintf(w, "## Session Pending — %s\n", today)
	group := ""
	shown, more := Some(items, maxResumeListed)
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
		fmt.Fprintf(w, "… and %d more, older: %s lists them all\n", more, cmdLine("resume --json"))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "→ "+cmdLine("archive <slug>")+" to close an item")
	fmt.Fprintln(w, "→ "+cmdLine("summary")+" for a full session digest")
}

// writeExpired says what expiry took out just now, and how to bring it
// back, instead of deleting in silence:
//
//	Expired (30 days old, kept in the log): old-cache-idea, flaky-test
//	→ openloop restore <name> brings one back
//
// At most MaxListed names, then a count of the others.
func writeExpired(w io.Writer, files []string, cmdLine func(string) string) {
	if len(files) == 0 {
		return
	}
	var names []string
	shown, more := Some(files, MaxListed)
	for _, f := range shown {
		names = append(names, Show(NameOfFile(f)))
	}
	if more > 0 {
		names = append(names, fmt.Sprintf("and %d more", more))
	}
	fmt.Fprintf(w, "\nExpired (30 days old, kept in the log): %s\n", strings.Join(names, ", "))
	fmt.Fprintln(w, "→ "+cmdLine("restore <name>")+" brings one back")
}
