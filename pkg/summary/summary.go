// Package summary builds the session digest that `openloop summary` and
// `/session summary` print: the tasks completed in the session, the items
// parked and archived, and the commits made since it started.
//
// Collect gathers the data from values it is given (a transcript source, a
// store, the resolution log's path, a commit source and the time); Render
// writes the digest; WriteFile routes a long digest to the project's
// .temp/ folder. Nothing here parses flags or prints: pkg/cli does that.
//
// Every source is outside input and every read is bounded: the transcript
// is read in two windows (the first 1 MiB and the last 8 MiB), the log's
// last 256 KiB, and the commit walk stops at the session start. Text that
// openloop did not write (task subjects, commit subjects, item names, log
// entries) goes through internal/termsafe before it reaches the digest.
package summary

import (
	"errors"
	"fmt"
	"time"

	"github.com/openloop/openloop/pkg/candidates"
	"github.com/openloop/openloop/pkg/gitlog"
	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/transcript"
)

// Read windows and the commit rules. A transcript that fits in head+tail
// (every typical session, under 10 MB) is read whole; a larger one is read
// in these two windows only, so the cost stops growing with the file.
const (
	HeadWindow     = 1 << 20 // bytes read from the transcript's start: start time, early tasks
	TailWindow     = 8 << 20 // bytes read from its end: late tasks
	logTail        = 256 << 10
	MaxCommits     = 20 // the seed's `git log … | head -20`
	LastCommits    = 15 // the seed's `git log --oneline -15`
	FallbackWindow = 8 * time.Hour
)

// How the commit list was chosen (summary --json's commits_rule).
const (
	RuleSessionStart = "session-start"
	RuleLast8Hours   = "last-8-hours"
	RuleLast15       = "last-15"
	RuleNoRepository = "no-repository"
	RuleError        = "error"
)

// ErrNoTranscript is returned by Collect when Input.Explicit is set and
// the session named has no transcript.
var ErrNoTranscript = errors.New("no transcript found")

// A CommitSource lists a repository's first-parent commits, newest first.
// *gitlog.Repo is one.
type CommitSource interface {
	// Since returns the commits at or after since, at most max, and
	// whether there were more.
	Since(since time.Time, max int) ([]gitlog.Commit, bool, error)
	// Last returns the last n commits.
	Last(n int) ([]gitlog.Commit, error)
	Close() error
}

// OpenCommits opens the commit source; an error wrapping
// gitlog.ErrNotRepository means there is no repository.
type OpenCommits func() (CommitSource, error)

// Git is the OpenCommits of the repository at root.
func Git(root string) OpenCommits {
	return func() (CommitSource, error) {
		r, err := gitlog.Open(root)
		if err != nil {
			return nil, err
		}
		return r, nil
	}
}

// Input is everything Collect reads.
type Input struct {
	Now time.Time
	// SessionID is the session to digest; "" means the newest transcript
	// of the folder.
	SessionID string
	// Explicit reports that the user named SessionID (--session): then a
	// session with no transcript is ErrNoTranscript rather than a digest
	// made from the fallbacks.
	Explicit bool
	// Root is the project root: the files a request changed are shown
	// relative to it.
	Root        string
	Transcripts TranscriptSource
	Store       *store.Store
	Log         store.Log // the resolution log
	Commits     OpenCommits
	// Candidates is the project's review list (candidates.Numbered), in
	// its order: the digest shows this session's, by the numbers review
	// --park takes (one without a number is left out).
	Candidates []candidates.Candidate
	// Review is the command that lists the candidates, as the reader
	// types it: "openloop review" ("" too), "/session review" inside the
	// slash command.
	Review string
}

// Data is everything the digest shows.
type Data struct {
	Now        time.Time
	Root       string // the project root
	SessionID  string
	Transcript string // path; "" when none was found
	Session    transcript.Session
	ReadErr    error // the transcript exists but could not be read
	Store      *store.Store
	Items      []store.Item
	Archived   []store.LogEntry
	Candidates []candidates.View // this session's candidates, numbered as in review
	Rule       string            // one of the Rule constants
	Since      time.Time         // commits cut-off; zero for RuleLast15
	Commits    []gitlog.Commit
	More       bool // there were more than MaxCommits
	GitErr     error
	Review     string // Input.Review
	work       []Work // Work(), built on first use
}

// Start is the session start, zero when unknown.
func (d *Data) Start() time.Time { return d.Session.Start }

// Collect gathers the digest's data. Only a failure to list the memory dir
// (and ErrNoTranscript) is an error; every other source degrades to a line
// in the digest.
func Collect(in Input) (*Data, error) {
	d := &Data{Now: in.Now, Root: in.Root, Store: in.Store, Review: in.Review}
	d.Transcript, d.SessionID = in.Transcripts.Find(in.SessionID)
	if d.Transcript == "" && in.Explicit {
		return nil, fmt.Errorf("%w for session %q", ErrNoTranscript, in.SessionID)
	}
	if d.Transcript != "" {
		d.Session, d.ReadErr = in.Transcripts.Read(d.Transcript)
	}
	items, err := in.Store.List()
	if err != nil {
		return nil, err
	}
	d.Items = items
	d.Archived = ArchivedSince(in.Log, d.Start(), d.Now)
	for _, c := range in.Candidates {
		if c.N != 0 && (d.SessionID == "" || c.Session == d.SessionID) {
			d.Candidates = append(d.Candidates, candidates.ViewOf(c))
		}
	}
	d.commits(in.Commits)
	return d, nil
}

// commits fills the commit list: since the session start, else the seed's
// fallbacks, the last 8 hours, then the last 15 commits.
func (d *Data) commits(open OpenCommits) {
	repo, err := open()
	if errors.Is(err, gitlog.ErrNotRepository) {
		d.Rule = RuleNoRepository
		return
	}
	if err == nil {
		defer repo.Close()
	}
	if err == nil && !d.Start().IsZero() {
		// Commit times are whole seconds; the transcript's are not. A
		// commit made in the session's first second is still this session's.
		d.Rule, d.Since = RuleSessionStart, d.Start().Truncate(time.Second)
		if d.Commits, d.More, err = repo.Since(d.Since, MaxCommits); err == nil {
			return
		}
	}
	if err == nil {
		d.Rule, d.Since = RuleLast8Hours, d.Now.Add(-FallbackWindow)
		if d.Commits, d.More, err = repo.Since(d.Since, MaxCommits); err == nil {
			return
		}
		d.Rule, d.Since, d.More = RuleLast15, time.Time{}, false
		if d.Commits, err = repo.Last(LastCommits); err == nil {
			return
		}
	}
	d.Rule, d.Since, d.Commits, d.More, d.GitErr = RuleError, time.Time{}, nil, false, err
}

// Completed is the completed tasks, in order of creation. CompletedWork
// is the rest of what Completed lists.
func (d *Data) Completed() []transcript.Task {
	var out []transcript.Task
	for _, t := range d.Session.Tasks {
		if t.Status == "completed" {
			out = append(out, t)
		}
	}
	return out
}
