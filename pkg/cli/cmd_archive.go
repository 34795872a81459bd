package cli

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/openloop/openloop/pkg/store"
)

func runArchive(e *Env, args []string) int {
	s, query, code := itemQuery(e, "archive", args)
	if s == nil {
		return code
	}
	it, cands, err := s.Archive(query)
	if err != nil {
		return pickFailed(e, s, "archive", "archived", query, cands, err)
	}
	fmt.Fprintf(e.Stdout, "Archived: %s\n", store.Show(it.Name))
	return ExitOK
}

// itemQuery parses the flags and the query text of archive, restore and
// dismiss, and opens the project's store with its log and private text
// file. more adds a command's own flags; noQuery, when it returns true
// after parsing, lets the command run without a query (restore --list). A
// nil store means stop with the exit code.
func itemQuery(e *Env, name string, args []string, more ...func(*flag.FlagSet) (noQuery func() bool)) (*store.Store, string, int) {
	var c common
	fs := newFlags(e, name, &c)
	var noQuery []func() bool
	for _, m := range more {
		noQuery = append(noQuery, m(fs))
	}
	if ok, code := parseFlags(e, fs, args); !ok {
		return nil, "", code
	}
	query := strings.TrimSpace(strings.Join(fs.Args(), " "))
	for _, n := range noQuery {
		if n() {
			if query != "" {
				errorf(e.Stderr, "%s: --list takes no text", name)
				return nil, "", ExitUsage
			}
			query = " " // no query needed
		}
	}
	if query == "" {
		errorf(e.Stderr, "%s: say which item, as text from its name or content", name)
		hintf(e.Stderr, "%s", e.cmdLine(name+" retry budget"))
		return nil, "", ExitUsage
	}
	p, err := e.paths(c)
	if err != nil {
		errorf(e.Stderr, "%s: %v", name, err)
		return nil, "", ExitFailure
	}
	return store.Open(p.MemoryDir, e.Now).WithLog(p.Root, p.LogPath).WithPrivate(p.ConfigDir), query, ExitOK
}

// pickFailed reports why archive or dismiss (cmd; done: "archived",
// "dismissed") picked no open item for the query: several matched (the
// first few are listed), none did, it was too vague, or an error.
func pickFailed(e *Env, s *store.Store, cmd, done, query string, cands []store.Item, err error) int {
	switch {
	case errors.Is(err, store.ErrAmbiguous):
		fmt.Fprintf(e.Stdout, "More than one item matches %q; nothing %s. Which one?\n", query, done)
		shown, more := store.Some(cands, store.MaxListed)
		for _, it := range shown {
			fmt.Fprintln(e.Stdout, s.Line(it))
		}
		if more > 0 {
			fmt.Fprintf(e.Stdout, "… and %d more: add a word from its name to pick one\n", more)
		}
		return ExitNoMatch
	case errors.Is(err, store.ErrNoMatch):
		fmt.Fprintf(e.Stdout, "No pending item matches %q; nothing %s.\n", query, done)
		return ExitNoMatch
	}
	return queryFailed(e, cmd, done, query, err)
}

// queryFailed reports a query that archive, restore or dismiss (cmd, and
// done: "archived", "restored", "dismissed") refused as too vague, or an
// error, which names cmd.
func queryFailed(e *Env, cmd, done, query string, err error) int {
	if errors.Is(err, store.ErrVague) {
		fmt.Fprintf(e.Stdout, "Nothing %s: %q is too vague to pick an item. Use a word of three or more letters from its name or content.\n", done, query)
		return ExitNoMatch
	}
	errorf(e.Stderr, "%s: %v", cmd, err)
	return ExitFailure
}
