package cli

import (
	"errors"
	"fmt"

	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/candidates"
	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/summary"
)

type summaryOptions struct {
	common
	json     bool
	session  string
	explicit bool // --session was given
}

// runSummary prints the session digest (pkg/summary): 10 lines or fewer
// on stdout, a longer one to <root>/.temp/ with a one-line pointer.
func runSummary(e *Env, args []string) int {
	var o summaryOptions
	fs := newFlags(e, "summary", &o.common)
	fs.BoolVar(&o.json, "json", false, "print JSON")
	fs.StringVar(&o.session, "session", "", "session id (default $CLAUDE_CODE_SESSION_ID, else the newest transcript)")
	if ok, code := parseFlags(e, fs, args); !ok {
		return code
	}
	if !noArgs(e, fs) {
		return ExitUsage
	}
	o.explicit = o.session != ""
	if o.session == "" {
		o.session = e.Getenv("CLAUDE_CODE_SESSION_ID")
	}
	if o.session != "" && !summary.ValidSessionID(o.session) {
		if !o.explicit { // not the command line's fault: exit 1, not 64
			errorf(e.Stderr, "summary: bad session id %q in CLAUDE_CODE_SESSION_ID", o.session)
			hintf(e.Stderr, "name the session with --session, or unset CLAUDE_CODE_SESSION_ID")
			return ExitFailure
		}
		errorf(e.Stderr, "summary: bad session id %q", o.session)
		hintf(e.Stderr, "a session id is made of letters, digits, '-', '_' and '.', like the name of a transcript file")
		return ExitUsage
	}
	p, err := e.paths(o.common)
	if err != nil {
		errorf(e.Stderr, "summary: %v", err)
		return ExitFailure
	}
	// Numbered as review numbers them. The digest never fails over them:
	// one that could not be numbered is left out of it (review says why).
	cands, _ := candidates.Numbered(p.ConfigDir, p.Root, e.Now())
	d, err := summary.Collect(summary.Input{
		Now: e.Now(), SessionID: o.session, Explicit: o.explicit, Root: p.Root,
		Transcripts: summary.Transcripts{Dir: p.TranscriptDir, ConfigDir: p.ConfigDir},
		Store:       store.Open(p.MemoryDir, e.Now), Log: store.Log{Root: p.Root, Path: p.LogPath}, Commits: summary.Git(p.Root),
		Candidates: cands, Review: e.cmdLine("review"),
	})
	if errors.Is(err, summary.ErrNoTranscript) {
		errorf(e.Stderr, "summary: %v", err)
		hintf(e.Stderr, "'%s' without --session digests this folder's newest session", e.cmdLine("summary"))
		return ExitFailure
	}
	if err != nil {
		errorf(e.Stderr, "summary: %v", err)
		return ExitFailure
	}
	r := d.Render()
	if o.json {
		return writeJSON(e, d.JSON(r))
	}
	if r.Fits() {
		fmt.Fprint(e.Stdout, r.Digest)
		return ExitOK
	}
	path, err := summary.WriteFile(p.Root, d.Now, []byte(r.Digest))
	if err != nil {
		// The digest is not lost: print it whole, then the error.
		fmt.Fprint(e.Stdout, r.Digest)
		errorf(e.Stderr, "summary: %v", err)
		return ExitFailure
	}
	fmt.Fprintln(e.Stdout, d.Compact())
	// The project's folder name is not openloop's text either.
	fmt.Fprintln(e.Stdout, "→ "+termsafe.Line(path))
	return ExitOK
}
