package cli

import (
	"fmt"
	"strconv"
	"strings"

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
			code = writeJSON(e, reviewJSON(list))
		} else {
			printReview(e, list)
		}
		if err != nil {
			errorf(e.Stderr, "review: %s listed without a number (--park and --dismiss take one): %v", unnumbered(list), err)
			return ExitFailure
		}
		return code
	}
	arg, flag := *park, "--park"
	if arg == "" {
		arg, flag = *dismiss, "--dismiss"
	}
	// The list prints "#2": that works as well as "2".
	n, err := strconv.Atoi(strings.TrimPrefix(arg, "#"))
	if err != nil || n < 1 {
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

// printReview lists the candidates, newest first, each by its number: the kind and
// idea, when and how sure, what Claude asked (a question) and the start of
// the prompt. All of it is the user's or the payload's text: escaped.
func printReview(e *Env, list []candidates.Candidate) {
	if len(list) == 0 {
		fmt.Fprintln(e.Stdout, "No candidates to review for this project.")
		return
	}
	fmt.Fprintf(e.Stdout, "%s the hook was unsure of, newest first:\n", plural(len(list), "candidate"))
	for _, c := range list {
		// A rule's find, kept because the kind's sensitivity is below 0,
		// names its rule: its score says nothing.
		how := fmt.Sprintf("score %.2f", c.Score)
		if c.Rule != "" {
			how = "rule " + termsafe.Line(c.Rule)
		}
		num := fmt.Sprintf("#%d", c.N)
		if c.N == 0 {
			num, how = "-", how+", no number yet"
		}
		fmt.Fprintf(e.Stdout, "%s %s: %s (%s, %s)\n", num, c.Kind, termsafe.Line(c.Idea), c.TS.In(e.Now().Location()).Format("2006-01-02 15:04"), how)
		if c.Kind == string(store.KindQuestion) && c.Context != "" {
			fmt.Fprintf(e.Stdout, "   Claude asked: %s\n", termsafe.Line(c.Context))
		}
		if c.By == candidates.ByClaude {
			fmt.Fprintf(e.Stdout, "   %s\n", termsafe.Line(c.Excerpt)) // Claude said "…"
			continue
		}
		fmt.Fprintf(e.Stdout, "   you wrote: %s\n", termsafe.Line(c.Excerpt))
	}
	fmt.Fprintf(e.Stdout, "Park one with '%s', drop one with '%s': each keeps its #N.\n", e.cmdLine("review --park N"), e.cmdLine("review --dismiss N"))
}

type reviewListJSON struct {
	Count      int               `json:"count"`
	Candidates []candidates.View `json:"candidates"`
}

func reviewJSON(list []candidates.Candidate) reviewListJSON {
	out := reviewListJSON{Count: len(list), Candidates: []candidates.View{}}
	for _, c := range list {
		out.Candidates = append(out.Candidates, candidates.ViewOf(c))
	}
	return out
}

// unnumbered is "1 candidate is", "2 candidates are": how many of list
// have no number.
func unnumbered(list []candidates.Candidate) string {
	n := 0
	for _, c := range list {
		if c.N == 0 {
			n++
		}
	}
	if n == 1 {
		return "1 candidate is"
	}
	return plural(n, "candidate") + " are"
}

// plural is "1 candidate", "2 candidates".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
