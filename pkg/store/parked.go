package store

import (
	"fmt"
	"io"
)

// capListed is how many items a refusal at the cap lists.
const capListed = 10

// WriteParked says what a park did: "Parked: <name>", "Already parked:
// <name>", "Not parked: …" for an idea the user dismissed, or, at the cap,
// the seed's pollution guard: the open list, and a request to archive
// some before anything new is parked. cmdLine names a command the way
// the reader types it.
//
// At the cap it lists the first capListed items and counts the rest, as
// the hook's refusal does: park is what Claude calls through Bash, so
// this goes into Claude's context, and a memory dir with thousands of
// stray item files must not flood it.
func (s *Store) WriteParked(w io.Writer, res Result, cmdLine func(string) string) {
	switch {
	case res.Capped:
		fmt.Fprintf(w, "Not parked: %d items are already open. Archive some first with %s:\n", len(res.Open), cmdLine("archive <text>"))
		for _, it := range res.Open[:min(len(res.Open), capListed)] {
			fmt.Fprintln(w, s.Line(it))
		}
		if n := len(res.Open) - capListed; n > 0 {
			fmt.Fprintf(w, "… and %d more\n", n)
		}
	case res.Dismissed != nil:
		fmt.Fprintf(w, "Not parked: %s.\n", res.Dismissed.Refusal(cmdLine("dismiss --undo")))
	case res.Dup:
		fmt.Fprintf(w, "Already parked: %s\n", Show(res.Name))
	case res.Parked:
		fmt.Fprintf(w, "Parked: %s\n", res.Name)
	}
}
