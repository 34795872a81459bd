package cli

import (
	"flag"
	"fmt"

	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/userlabel"
)

// runDismiss drops an item that was parked by mistake: nothing goes to the
// committed log, and the drop is kept as the user's own label (not a
// loop) in the private labels file.
//
// With --source assist (Claude cleaning up after the hook or itself) the
// item is dropped the same way, but no label is kept: only the user's own
// word is their label.
func runDismiss(e *Env, args []string) int {
	var source *string
	s, query, code := itemQuery(e, "dismiss", args, func(fs *flag.FlagSet) func() bool {
		source = fs.String("source", "user", "who dismisses it: user (kept as your label) or assist (Claude; no label)")
		return func() bool { return false }
	})
	if s == nil {
		return code
	}
	if *source != "user" && *source != "assist" {
		errorf(e.Stderr, "dismiss: --source %q: want user or assist", *source)
		return ExitUsage
	}
	p, err := e.paths(common{memoryDir: ""})
	if err != nil {
		errorf(e.Stderr, "dismiss: %v", err)
		return ExitFailure
	}
	it, cands, err := s.Dismiss(query, func(it store.Item) error {
		if *source == "assist" {
			return nil
		}
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
