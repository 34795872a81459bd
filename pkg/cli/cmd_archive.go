package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/openloop/openloop/pkg/store"
)

func runArchive(e *Env, args []string) int {
	var c common
	fs := newFlags(e, "archive", &c)
	if ok, code := parseFlags(e, fs, args); !ok {
		return code
	}
	query := strings.TrimSpace(strings.Join(fs.Args(), " "))
	if query == "" {
		errorf(e.Stderr, "archive: say which item, as text from its name or content")
		hintf(e.Stderr, "%s", e.cmdLine("archive retry budget"))
		return ExitUsage
	}
	p, err := e.paths(c)
	if err != nil {
		errorf(e.Stderr, "%v", err)
		return ExitFailure
	}
	s := store.Open(p.MemoryDir, e.Now)
	it, cands, err := s.Archive(query, p.LogPath)
	switch {
	case errors.Is(err, store.ErrAmbiguous):
		fmt.Fprintf(e.Stdout, "More than one item matches %q; nothing archived. Which one?\n", query)
		for _, it := range cands {
			fmt.Fprintln(e.Stdout, s.Line(it))
		}
		return ExitNoMatch
	case errors.Is(err, store.ErrNoMatch):
		fmt.Fprintf(e.Stdout, "No pending item matches %q; nothing archived.\n", query)
		return ExitNoMatch
	case err != nil:
		errorf(e.Stderr, "%v", err)
		return ExitFailure
	}
	fmt.Fprintf(e.Stdout, "Archived: %s\n", it.Name)
	return ExitOK
}
