package cli

import (
	"fmt"

	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/candidates"
	"github.com/openloop/openloop/pkg/store"
)

// runReview lists the project's recent candidates (loops the hook was
// unsure of), or parks or dismisses one by its number. A candidate keeps
// the number a list first showed it with (candidates.Numbered): one that
// arrives after the list never takes the number the user read.
func runReview(e *Env, args []string) int {
	var c common
	fs := newFlags(e, "review", &c)
	asJSON := fs.Bool("json", false, "print JSON")
	park := fs.String("park", "", "park candidate `N` under the usual rules (cap, dedupe, names)")
	dismiss := fs.String("dismiss", "", "drop candidate `N`")
	if ok, code := parseOnlyFlags(e, fs, args); !ok {
		return code
	}
	if *park != "" && *dismiss != "" {
		errorf(e.Stderr, "review: --park and --dismiss are one at a time")
		return ExitUsage
	}
	p, err := e.paths(c)
	if err != nil {
		errorf(e.Stderr, "review: %v", err)
		return ExitFailure
	}
	if *park == "" && *dismiss == "" {
		// When the numbers cannot be kept (a read-only disk), the list is
		// still printed: a candidate numbered before keeps its #N, one
		// without is listed without, and one line says why (exit 1).
		list, err := candidates.Numbered(p.ConfigDir, p.Root, e.Now())
		code := ExitOK
		if *asJSON {
			code = writeJSON(e, candidates.JSONOf(list))
		} else {
			candidates.WriteList(e.Stdout, list, e.Now().Location(), e.cmdLine)
		}
		if err != nil {
			errorf(e.Stderr, "review: %s listed without a number (--park and --dismiss take one): %v", candidates.Unnumbered(list), err)
			return ExitFailure
		}
		return code
	}
	arg, flag := *park, "--park"
	if arg == "" {
		arg, flag = *dismiss, "--dismiss"
	}
	n, ok := candidates.ParseNumber(arg)
	if !ok {
		errorf(e.Stderr, "review: %s wants a candidate's number, got %q", flag, arg)
		hintf(e.Stderr, "'%s' lists them, numbered", e.cmdLine("review"))
		return ExitUsage
	}
	cand, found := candidates.ByNumber(candidates.Recent(p.ConfigDir, p.Root, e.Now()), n)
	if !found {
		errorf(e.Stderr, "review: no candidate %d in this project's list", n)
		hintf(e.Stderr, "'%s' lists them, numbered", e.cmdLine("review"))
		return ExitNoMatch
	}
	if *dismiss != "" {
		if err := candidates.Dismiss(p.ConfigDir, cand, e.Now()); err != nil {
			errorf(e.Stderr, "review: %v", err)
			return ExitFailure
		}
		fmt.Fprintf(e.Stdout, "Dismissed: %s %q\n", cand.Kind, termsafe.Line(cand.Idea))
		return ExitOK
	}
	s := store.Open(p.MemoryDir, e.Now).WithLog(p.Root, p.LogPath).WithPrivate(p.ConfigDir)
	res, err := candidates.Promote(p.ConfigDir, s, cand, e.Now())
	if code := printParked(e, "review", s, res); code != ExitOK {
		return code
	}
	if err != nil {
		errorf(e.Stderr, "review: %v", err)
		return ExitFailure
	}
	return ExitOK
}
