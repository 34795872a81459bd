package cli

import (
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
		errorf(e.Stderr, "dismiss: %v", err)
		return ExitFailure
	}
	it, cands, err := s.Dismiss(query, func(it store.Item) error {
		return userlabel.Append(p.ConfigDir, userlabel.Record{
			TS: e.Now().UTC(), Project: p.Root, Label: userlabel.NotALoop,
			Kind: string(it.Kind()), Idea: it.Idea(),
		})
	})
	if err != nil {
		return pickFailed(e, s, "dismiss", "dismissed", query, cands, err)
	}
	fmt.Fprintf(e.Stdout, "Dismissed: %s (not a loop; nothing logged)\n", store.Show(it.Name))
	return ExitOK
}
