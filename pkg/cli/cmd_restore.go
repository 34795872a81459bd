package cli

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/store"
)

// runRestore brings back an archived or expired item from the text the
// resolution log kept, under the cap and naming rules of a new park.
func runRestore(e *Env, args []string) int {
	var list *bool
	s, query, code := itemQuery(e, "restore", args, func(fs *flag.FlagSet) func() bool {
		list = fs.Bool("list", false, "list what restore can bring back, newest first")
		return func() bool { return *list }
	})
	if s == nil {
		return code
	}
	if *list {
		return restoreList(e, s)
	}
	res, cands, err := s.Restore(query)
	var away *store.ErrElsewhere
	switch {
	case errors.As(err, &away):
		fmt.Fprintf(e.Stdout, "Cannot restore %s: %s; nothing restored.\n", someNames(away.Names), notKeptHere(away.Private))
		return ExitNoMatch
	case errors.Is(err, store.ErrAmbiguous):
		fmt.Fprintf(e.Stdout, "More than one archived item matches %q; nothing restored. Which one?\n", query)
		shown, more := store.Some(cands, store.MaxListed)
		for _, a := range shown {
			fmt.Fprintln(e.Stdout, a.Line())
		}
		if more > 0 {
			fmt.Fprintf(e.Stdout, "… and %d more: add a word from its name to pick one\n", more)
		}
		return ExitNoMatch
	case errors.Is(err, store.ErrNoMatch):
		fmt.Fprintf(e.Stdout, "No archived item matches %q; nothing restored.\n", query)
		return ExitNoMatch
	case errors.Is(err, store.ErrNothingLogged):
		fmt.Fprintf(e.Stdout, "Nothing to restore: %s.\n", err)
		return ExitNoMatch
	case err != nil:
		return queryFailed(e, "restore", "restored", query, err)
	case res.Capped:
		fmt.Fprintf(e.Stdout, "Not restored: %d items are already open. Archive some first with %s:\n", len(res.Open), e.cmdLine("archive <text>"))
		for _, it := range res.Open {
			fmt.Fprintln(e.Stdout, s.Line(it))
		}
		errorf(e.Stderr, "restore: not restored: %d items are open", len(res.Open))
		return ExitFailure
	case res.Dup:
		fmt.Fprintf(e.Stdout, "Already open: %s\n", store.Show(res.Name))
	default:
		fmt.Fprintf(e.Stdout, "Restored: %s\n", store.Show(res.Name))
	}
	return ExitOK
}

// restoreList prints what restore can bring back, newest first, at most
// store.MaxListed lines and a count of the others, and in one line the
// items it cannot bring back here (their text is under another config
// dir):
//
//	Restore can bring back (newest first):
//	- retry-budget — Deferred - retry budget (archived 2026-12-02)
//	→ openloop restore <name> brings one back
//	Not here: lru-cache: the text is not in /home/me/.claude/openloop/restore/….jsonl (kept under another CLAUDE_CONFIG_DIR?)
func restoreList(e *Env, s *store.Store) int {
	l, err := s.RestoreList()
	if err != nil {
		errorf(e.Stderr, "restore: %v", err)
		return ExitFailure
	}
	if len(l.Items) == 0 {
		if len(l.Elsewhere) > 0 {
			fmt.Fprintf(e.Stdout, "Nothing to restore here: %s: %s.\n", someNames(l.Elsewhere), notKeptHere(l.Private))
			return ExitOK
		}
		if l.OpenAgain > 0 {
			// The log has archived items, but each is open again: saying
			// the log has none would send the user looking for lost items.
			fmt.Fprintf(e.Stdout, "Nothing to restore: every item archived or expired is open again (%s lists them).\n", e.cmdLine("resume"))
			return ExitOK
		}
		fmt.Fprintf(e.Stdout, "Nothing to restore: %s.\n", store.ErrNothingLogged)
		return ExitOK
	}
	fmt.Fprintln(e.Stdout, "Restore can bring back (newest first):")
	shown, more := store.Some(l.Items, store.MaxListed)
	for _, a := range shown {
		fmt.Fprintln(e.Stdout, a.Line())
	}
	if more > 0 {
		fmt.Fprintf(e.Stdout, "… and %d more\n", more)
	}
	fmt.Fprintln(e.Stdout, "→ "+e.cmdLine("restore <name>")+" brings one back")
	if len(l.Elsewhere) > 0 {
		fmt.Fprintf(e.Stdout, "Not here: %s: %s.\n", someNames(l.Elsewhere), notKeptHere(l.Private))
	}
	return ExitOK
}

// maxNamed bounds the names someNames prints.
const maxNamed = 3

// someNames is the first maxNamed names (escaped) and a count of the
// others: "lru-cache, retry-budget and 2 more".
func someNames(names []string) string {
	some, more := store.Some(names, maxNamed)
	shown := make([]string, len(some))
	for i, n := range some {
		shown[i] = store.Show(n)
	}
	out := strings.Join(shown, ", ")
	if more > 0 {
		out += fmt.Sprintf(" and %d more", more)
	}
	return out
}

// notKeptHere says where restore looked for a text it did not find.
func notKeptHere(private string) string {
	return "the text is not in " + termsafe.Line(private) + " (kept under another CLAUDE_CONFIG_DIR?)"
}
