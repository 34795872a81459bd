package cli

import (
	"github.com/openloop/openloop/hooks"
	"github.com/openloop/openloop/pkg/store"
)

func runPark(e *Env, args []string) int {
	var c common
	fs := newFlags(e, "park", &c)
	kind := fs.String("kind", "", "question, deferred or side-idea")
	idea := fs.String("idea", "", "the idea, a short phrase")
	ctx := fs.String("context", "", "the pending question, why it was deferred, or what was being done")
	why := fs.String("why", "", "why it was parked (optional)")
	how := fs.String("how", "", "how to apply it when revisiting (optional)")
	name := fs.String("name", "", "short slug for the item (optional; made from --idea when empty)")
	source := fs.String("source", "", "who parks it, written to the frontmatter as source: assist (Claude, under the assist rule), user, hook or review (optional)")
	if ok, code := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		errorf(e.Stderr, "park: unexpected argument %q (quote the text of each flag)", fs.Arg(0))
		return ExitUsage
	}
	k, err := store.ParseKind(*kind)
	if err != nil {
		errorf(e.Stderr, "park: %v", err)
		return ExitUsage
	}
	if !validSource(*source) {
		errorf(e.Stderr, "park: unknown source %q (want assist, user, hook or review)", *source)
		return ExitUsage
	}
	if *idea == "" || *ctx == "" {
		errorf(e.Stderr, "park: --idea and --context are required")
		hintf(e.Stderr, "openloop park --kind deferred --idea 'retry budget for uploads' --context 'fixing auth first'")
		return ExitUsage
	}
	p, err := e.paths(c)
	if err != nil {
		errorf(e.Stderr, "park: %v", err)
		return ExitFailure
	}
	s := store.Open(p.MemoryDir, e.Now).WithLog(p.Root, p.LogPath).WithPrivate(p.ConfigDir)
	// Claude Code names the session in its commands' environment: the
	// item records it, and after a compaction that session gets it back.
	sid := e.Getenv("CLAUDE_CODE_SESSION_ID")
	res, err := s.Park(store.Entry{Name: *name, Kind: k, Idea: *idea, Context: *ctx, Why: *why, HowTo: *how, Source: *source, Session: sid})
	if err != nil {
		errorf(e.Stderr, "park: %v", err)
		return ExitFailure
	}
	if res.Parked {
		// Claude Code names the session in its commands' environment: a
		// later prompt of it that takes this item up is told (hooks/takeup.go).
		if sid != "" {
			hooks.NoteParked(p.ConfigDir, sid, res.Name)
		}
	}
	return printParked(e, "park", s, res)
}

// printParked says what a park did (store.WriteParked); at the cap it
// adds an error line and returns ExitFailure.
func printParked(e *Env, cmd string, s *store.Store, res store.Result) int {
	s.WriteParked(e.Stdout, res, e.cmdLine)
	if res.Capped {
		errorf(e.Stderr, "%s: not parked: %d items are open", cmd, len(res.Open))
		return ExitFailure
	}
	return ExitOK
}

// validSource reports a --source value park accepts ("" writes no key).
func validSource(s string) bool {
	switch s {
	case "", "assist", "user", "hook", "review":
		return true
	}
	return false
}
