package cli

import (
	"errors"
	"flag"
	"fmt"

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
		l, err := s.RestoreList()
		if err != nil {
			errorf(e.Stderr, "restore: %v", err)
			return ExitFailure
		}
		store.WriteRestoreList(e.Stdout, l, e.cmdLine)
		return ExitOK
	}
	res, cands, err := s.Restore(query)
	var away *store.ErrElsewhere
	switch {
	case errors.As(err, &away):
		fmt.Fprintf(e.Stdout, "Cannot restore %s: %s; nothing restored.\n", store.SomeNames(away.Names), store.NotKeptHere(away.Private))
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
	case res.Undismissed:
		fmt.Fprintf(e.Stdout, "Restored: %s (no longer dismissed)\n", store.Show(res.Name))
	default:
		fmt.Fprintf(e.Stdout, "Restored: %s\n", store.Show(res.Name))
	}
	return ExitOK
}
