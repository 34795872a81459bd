package cli

import (
	"flag"
	"fmt"
	"strings"

	"github.com/openloop/openloop/hooks"
	"github.com/openloop/openloop/pkg/store"
)

// runRename gives the open item that best matches the text a new name and
// description (store.Rename): its body, kind, date, age and source stay,
// no second file is written, and the committed log gets only the old and
// new names. --idea may come before or after the text ("rename
// write-design-doc --idea 'design doc for persistent carts'").
func runRename(e *Env, args []string) int {
	value, args, given := pullFlag(args, "idea")
	var idea *string
	s, query, code := itemQuery(e, "rename", args, func(fs *flag.FlagSet) func() bool {
		idea = fs.String("idea", "", "the thing the item is about, a short phrase: its new name and description are made from it")
		return func() bool { return false }
	})
	if s == nil {
		return code
	}
	if given {
		*idea = value
	}
	if strings.TrimSpace(*idea) == "" {
		errorf(e.Stderr, "rename: --idea is required: what the item is about, in a few words")
		hintf(e.Stderr, "%s", e.cmdLine("rename write-design-doc --idea 'design doc for persistent carts'"))
		return ExitUsage
	}
	r, cands, err := s.Rename(query, *idea)
	if err != nil {
		return pickFailed(e, s, "rename", "renamed", query, cands, err)
	}
	if r.Dup {
		fmt.Fprintf(e.Stdout, "Already parked: %s is that idea; nothing renamed.\n", store.Show(r.Other.Name))
		return ExitNoMatch
	}
	// A later prompt of this session that takes the item up is told by
	// its new name (hooks/takeup.go).
	if sid := e.Getenv("CLAUDE_CODE_SESSION_ID"); sid != "" {
		if p, err := e.paths(common{}); err == nil {
			hooks.NoteParked(p.ConfigDir, sid, r.To.Name)
		}
	}
	fmt.Fprintf(e.Stdout, "Renamed: %s → %s\n", store.Show(r.From.Name), store.Show(r.To.Name))
	return ExitOK
}

// pullFlag takes "--name value" or "--name=value" (one dash or two) out of
// args wherever it stands before a "--", and returns its value, the other
// args, and whether it was there: Go's flag package stops at the first
// argument that is not a flag, and the text comes first.
func pullFlag(args []string, name string) (value string, rest []string, found bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return value, append(rest, args[i:]...), found
		}
		bare := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		switch {
		case a != bare && bare == name && i+1 < len(args):
			value, found = args[i+1], true
			i++
		case a != bare && strings.HasPrefix(bare, name+"="):
			value, found = strings.TrimPrefix(bare, name+"="), true
		default:
			rest = append(rest, a)
		}
	}
	return value, rest, found
}
