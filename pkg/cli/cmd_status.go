package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/openloop/openloop/pkg/store"
)

// defaultStatusFormat is status's line when --format is not given; the
// stale part is left out when no item is stale.
const defaultStatusFormat = "{open} open · {stale} stale"

// runStatus prints one short line for Claude Code's statusLine: how many
// items are open and how many of them are stale. It prints nothing when
// nothing is open, so the status line stays clean; it never lists the
// items (the seed does not surface them unasked), never deletes expired
// ones and writes nothing.
func runStatus(e *Env, args []string) int {
	var c common
	fs := newFlags(e, "status", &c)
	format := fs.String("format", "", "the line, with {open}, {stale} and {max} replaced by counts (default \""+defaultStatusFormat+"\", without its stale part when none is stale)")
	if ok, code := parseOnlyFlags(e, fs, args); !ok {
		return code
	}
	p, err := e.paths(c)
	if err != nil {
		errorf(e.Stderr, "status: %v", err)
		return ExitFailure
	}
	s := store.Open(p.MemoryDir, e.Now)
	items, err := s.List()
	if err != nil {
		errorf(e.Stderr, "status: %v", err)
		return ExitFailure
	}
	if len(items) == 0 {
		return ExitOK
	}
	stale := 0
	for _, it := range items {
		if s.Stale(it) {
			stale++
		}
	}
	line := *format
	if line == "" {
		line = defaultStatusFormat
		if stale == 0 {
			line, _, _ = strings.Cut(line, " · ")
		}
	}
	fmt.Fprintln(e.Stdout, strings.NewReplacer(
		"{open}", strconv.Itoa(len(items)),
		"{stale}", strconv.Itoa(stale),
		"{max}", strconv.Itoa(store.MaxOpen),
	).Replace(line))
	return ExitOK
}
