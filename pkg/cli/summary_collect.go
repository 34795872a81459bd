package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/openloop/openloop/pkg/gitlog"
	"github.com/openloop/openloop/pkg/project"
	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/transcript"
)

// Read windows of summary. A transcript that fits in head+tail (every
// "typical" session, under 10 MB) is read whole; a larger one is read in
// these two windows only, so the cost stops growing with the file.
const (
	summaryHead    = 1 << 20 // bytes read from the start: start time, early tasks
	summaryTail    = 8 << 20 // bytes read from the end: late tasks
	summaryLogTail = 256 << 10
	maxCommits     = 20 // the seed's `git log … | head -20`
	lastCommits    = 15 // the seed's `git log --oneline -15`
	fallbackWindow = 8 * time.Hour
)

// How the commit list was chosen.
const (
	rulePrimary  = "session-start"
	rule8Hours   = "last-8-hours"
	ruleLast15   = "last-15"
	ruleNoRepo   = "no-repository"
	ruleGitError = "error"
)

// summaryData is everything the digest shows.
type summaryData struct {
	Now        time.Time
	SessionID  string
	Transcript string // path; "" when none was found
	Session    transcript.Session
	ReadErr    error // the transcript exists but could not be read
	Store      *store.Store
	MemoryDir  string
	Items      []store.Item
	Archived   []store.LogEntry
	Rule       string
	Since      time.Time // commits cut-off; zero for last-15
	Commits    []gitlog.Commit
	More       bool
	GitErr     error
}

// start is the session start, zero when unknown.
func (d *summaryData) start() time.Time { return d.Session.Start }

// validSessionID accepts the ids Claude Code uses (UUIDs) and anything
// else made of letters, digits, ".", "_" and "-" that cannot name another
// folder.
func validSessionID(id string) bool {
	if id == "" || len(id) > 128 || id == "." || id == ".." {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

// findTranscript finds the session's transcript. With an id: <id>.jsonl in
// Claude Code's folder for the working directory, else in any project
// folder (the newest if several). Without: the newest .jsonl in the
// working directory's folder. It returns "" when there is none.
func findTranscript(p project.Paths, id string) (path, sessionID string) {
	if id != "" {
		want := filepath.Join(p.TranscriptDir, id+".jsonl")
		if isRegular(want) {
			return want, id
		}
		matches, _ := filepath.Glob(filepath.Join(p.ConfigDir, "projects", "*", id+".jsonl"))
		return newest(matches), id
	}
	matches, _ := filepath.Glob(filepath.Join(p.TranscriptDir, "*.jsonl"))
	if path = newest(matches); path == "" {
		return "", ""
	}
	return path, strings.TrimSuffix(filepath.Base(path), ".jsonl")
}

func isRegular(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// newest returns the most recently modified regular file of paths (the
// last by name on a tie), or "".
func newest(paths []string) string {
	best, bestT := "", time.Time{}
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if best == "" || fi.ModTime().After(bestT) || fi.ModTime().Equal(bestT) && p > best {
			best, bestT = p, fi.ModTime()
		}
	}
	return best
}

// collect gathers the digest's data. Only a failure to list the memory
// dir is an error; every other source degrades to a line in the digest.
func collect(e *Env, p project.Paths, id string) (*summaryData, error) {
	d := &summaryData{Now: e.Now(), MemoryDir: p.MemoryDir}
	d.Transcript, d.SessionID = findTranscript(p, id)
	if d.Transcript != "" {
		d.Session, d.ReadErr = transcript.ReadSession(d.Transcript, summaryHead, summaryTail)
	}
	d.Store = store.Open(p.MemoryDir, e.Now)
	items, err := d.Store.List()
	if err != nil {
		return nil, err
	}
	d.Items = items
	d.Archived = archivedSince(p.LogPath, d.start(), d.Now)
	d.commits(p.Root)
	return d, nil
}

// commits fills the commit list: since the session start, else the seed's
// fallbacks, the last 8 hours, then the last 15 commits.
func (d *summaryData) commits(root string) {
	repo, err := gitlog.Open(root)
	if errors.Is(err, gitlog.ErrNotRepository) {
		d.Rule = ruleNoRepo
		return
	}
	if err == nil {
		defer repo.Close()
	}
	if err == nil && !d.start().IsZero() {
		// Commit times are whole seconds; the transcript's are not. A
		// commit made in the session's first second is still this session's.
		d.Rule, d.Since = rulePrimary, d.start().Truncate(time.Second)
		if d.Commits, d.More, err = repo.Since(d.Since, maxCommits); err == nil {
			return
		}
	}
	if err == nil {
		d.Rule, d.Since = rule8Hours, d.Now.Add(-fallbackWindow)
		if d.Commits, d.More, err = repo.Since(d.Since, maxCommits); err == nil {
			return
		}
		d.Rule, d.Since, d.More = ruleLast15, time.Time{}, false
		if d.Commits, err = repo.Last(lastCommits); err == nil {
			return
		}
	}
	d.Rule, d.Since, d.Commits, d.More, d.GitErr = ruleGitError, time.Time{}, nil, false, err
}

// archivedSince reads the last lines of the resolution log and keeps the
// "archived" entries stamped at or after start; with no start, the seed's
// rule: entries stamped today.
func archivedSince(logPath string, start, now time.Time) []store.LogEntry {
	f, err := os.Open(logPath)
	if err != nil {
		return nil
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	off := max(fi.Size()-summaryLogTail, 0)
	buf := make([]byte, fi.Size()-off)
	n, err := f.ReadAt(buf, off)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil
	}
	buf = buf[:n]
	if off > 0 { // drop the cut first line
		if i := bytes.IndexByte(buf, '\n'); i >= 0 {
			buf = buf[i+1:]
		}
	}
	today := now.Format("2006-01-02")
	var out []store.LogEntry
	for _, line := range bytes.Split(buf, []byte("\n")) {
		var le store.LogEntry
		if json.Unmarshal(line, &le) != nil || le.Item == "" || le.Action != "archived" {
			continue
		}
		ts, err := time.Parse(time.RFC3339, le.TS)
		if err != nil {
			continue
		}
		if start.IsZero() && ts.In(now.Location()).Format("2006-01-02") == today || !start.IsZero() && !ts.Before(start) {
			out = append(out, le)
		}
	}
	return out
}

// completed is the completed tasks, in order of creation.
func (d *summaryData) completed() []transcript.Task {
	var out []transcript.Task
	for _, t := range d.Session.Tasks {
		if t.Status == "completed" {
			out = append(out, t)
		}
	}
	return out
}

func taskSubject(t transcript.Task) string {
	if t.Subject != "" {
		return t.Subject
	}
	return fmt.Sprintf("task #%s (created in the part of the transcript that was not read)", t.ID)
}
