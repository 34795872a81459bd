package cli

import (
	"errors"
	"flag"
	"fmt"

	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/userlabel"
)

// runDismiss drops an item that was parked by mistake: nothing goes to the
// committed log, the drop is kept as the user's own label (not a loop) in
// the private labels file, and the idea as dismissed in this project
// (store's dismissals; --list, --undo). With --source assist (Claude
// cleaning up after the hook or itself) neither is kept: only the user's
// own word is their label.
func runDismiss(e *Env, args []string) int {
	var source *string
	var list, undo *bool
	s, query, code := itemQuery(e, "dismiss", args, func(fs *flag.FlagSet) func() bool {
		source = fs.String("source", "user", "who dismisses it: user (kept as your label, and it never parks again here) or assist (Claude; neither)")
		list = fs.Bool("list", false, "list what is dismissed in this project, newest first")
		undo = fs.Bool("undo", false, "lift the dismissal that best matches the text: the idea can park again")
		return func() bool { return *list }
	})
	if s == nil {
		return code
	}
	if *list {
		all, err := s.Dismissals().List()
		if err != nil {
			return queryFailed(e, "dismiss", "", "", err)
		}
		fmt.Fprint(e.Stdout, store.DismissedList(all, e.cmdLine("dismiss --undo <text>")))
		return ExitOK
	}
	if *undo {
		x, cands, err := s.Dismissals().Lift(query)
		if errors.Is(err, store.ErrAmbiguous) || errors.Is(err, store.ErrNoMatch) {
			fmt.Fprintf(e.Stdout, "%s dismissal matches %q; nothing lifted.\n%s", map[bool]string{true: "More than one", false: "No"}[len(cands) > 0], query, store.DismissedLines(cands))
			return ExitNoMatch
		} else if err != nil {
			return queryFailed(e, "dismiss", "lifted", query, err)
		}
		fmt.Fprintf(e.Stdout, "Lifted: %s (it can park again)\n", store.Show(x.Name))
		return ExitOK
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
		return s.Dismissals().Add(store.Dismissal{Kind: string(it.Kind()), Name: it.Name, Idea: it.Idea()}, func() error {
			return userlabel.Append(p.ConfigDir, userlabel.Record{
				TS: e.Now().UTC(), Project: p.Root, Label: userlabel.NotALoop,
				Kind: string(it.Kind()), Idea: it.Idea(),
			})
		})
	})
	if err != nil {
		return pickFailed(e, s, "dismiss", "dismissed", query, cands, err)
	}
	fmt.Fprintf(e.Stdout, "Dismissed: %s (not a loop; nothing logged)\n", store.Show(it.Name))
	return ExitOK
}
