package candidates

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/store"
)

// WriteList is review's list: the candidates, newest first, each by its
// number: the kind and idea, when (in loc) and how sure, what Claude
// asked (a question) and the start of the prompt. All of it is the user's
// or the payload's text: escaped. cmdLine names a command the way the
// reader types it ("openloop review …", "/session review …").
func WriteList(w io.Writer, list []Candidate, loc *time.Location, cmdLine func(string) string) {
	if len(list) == 0 {
		fmt.Fprintln(w, "No candidates to review for this project.")
		return
	}
	fmt.Fprintf(w, "%s the hook was unsure of, newest first:\n", plural(len(list), "candidate"))
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
		fmt.Fprintf(w, "%s %s: %s (%s, %s)\n", num, c.Kind, termsafe.Line(c.Idea), c.TS.In(loc).Format("2006-01-02 15:04"), how)
		if c.Kind == string(store.KindQuestion) && c.Context != "" {
			fmt.Fprintf(w, "   Claude asked: %s\n", termsafe.Line(c.Context))
		}
		if c.By == ByClaude {
			fmt.Fprintf(w, "   %s\n", termsafe.Line(c.Excerpt)) // Claude said "…"
			continue
		}
		fmt.Fprintf(w, "   you wrote: %s\n", termsafe.Line(c.Excerpt))
	}
	fmt.Fprintf(w, "Park one with '%s', drop one with '%s': each keeps its #N.\n", cmdLine("review --park N"), cmdLine("review --dismiss N"))
}

// ListJSON is review --json's object; candidates are never null.
type ListJSON struct {
	Count      int    `json:"count"`
	Candidates []View `json:"candidates"`
}

// JSONOf is the list as review --json prints it.
func JSONOf(list []Candidate) ListJSON {
	out := ListJSON{Count: len(list), Candidates: []View{}}
	for _, c := range list {
		out.Candidates = append(out.Candidates, ViewOf(c))
	}
	return out
}

// Unnumbered is "1 candidate is", "2 candidates are": how many of list
// have no number.
func Unnumbered(list []Candidate) string {
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

// ParseNumber reads the number review --park and --dismiss take: "2", or
// "#2" as the list prints it. It reports false for anything else.
func ParseNumber(arg string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(arg, "#"))
	return n, err == nil && n >= 1
}

// plural is "1 candidate", "2 candidates".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
