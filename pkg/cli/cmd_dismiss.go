package cli

import (
	"errors"
	"fmt"

	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/userlabel"
)

// runDismiss drops an item that was parked by mistake: nothing goes to the
// committed log, and the drop is kept as the user's own label (not a
// loop) in the private labels file.
func runDismiss(e *Env, args []string) int {
	s, query, code := itemQuery(e, "dismiss", args)
	if s == nil {
		return code
	}
	p, err := e.paths(common{memoryDir: ""})
	if err != nil {
		errorf(e.Stderr, "%v", err)
		return ExitFailure
	}
	it, cands, err := s.Dismiss(query, func(it store.Item) error {
		return userlabel.Append(p.ConfigDir, userlabel.Record{
			TS: e.Now().UTC(), Project: p.Root, Label: userlabel.NotALoop,
			Kind: string(it.Kind()), Idea: it.Idea(),
		})
	})
	switch {
	case errors.Is(err, store.ErrAmbiguous):
		fmt.Fprintf(e.Stdout, "More than one item matches %q; nothing dismissed. Which one?\n", query)
		shown, more := store.Some(cands, store.MaxListed)
		for _, it := range shown {
			fmt.Fprintln(e.Stdout, s.Line(it))
		}
		if more > 0 {
			fmt.Fprintf(e.Stdout, "… and %d more: add a word from its name to pick one\n", more)
		}
		return ExitNoMatch
	case errors.Is(err, store.ErrNoMatch):
		fmt.Fprintf(e.Stdout, "No pending item matches %q; nothing dismissed.\n", query)
		return ExitNoMatch
	case err != nil:
		return queryFailed(e, "dismiss", "dismissed", query, err)
	}
	fmt.Fprintf(e.Stdout, "Dismissed: %s (not a loop; nothing logged)\n", store.Show(it.Name))
	return ExitOK
}
