package summary

import (
	"fmt"
	"strings"
	"time"

	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/candidates"
	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/transcript"
)

// MaxStdoutLines is the seed's output-routing rule: a digest of this many
// lines or fewer is printed; a longer one goes to a file. Blank separator
// lines are not counted.
const MaxStdoutLines = 10

// MaxCandidates is how many candidates the digest shows; review lists
// them all.
const MaxCandidates = 5

// A Report is the rendered digest.
type Report struct {
	Digest string
	Lines  int // non-blank lines of Digest
}

// Fits reports whether the digest is short enough to print: 10 lines or
// fewer. A longer one is written with WriteFile.
func (r Report) Fits() bool { return r.Lines <= MaxStdoutLines }

// Render writes the seed's digest:
//
//	## Session Summary — <date>
//
//	### Completed
//	- <task>                                       (completed tasks, when the session used task tools)
//	- <request> — <files>; tests passed|failed|no tests run   (requests no task covered: work.go)
//
//	### Parked / Pending (<N> items)
//	- [ ] <item> — <description>
//
//	### Candidates, not parked (<N> items)     (only when there are any)
//	- <kind>: <idea> — openloop review --park <n>   (/session review … inside /session)
//
//	### Archived this session
//	- <item> — <ts>
//
//	### Recent commits
//	- <hash> <message>
//
// An empty section says why in one "- " line. Text from the transcript, the
// memory dir, the log and the repository is made safe with termsafe.Line.
func (d *Data) Render() Report {
	var b strings.Builder
	line := func(format string, a ...any) { b.WriteString(termsafe.Line(fmt.Sprintf(format, a...)) + "\n") }
	fmt.Fprintf(&b, "## Session Summary — %s\n", d.Now.Format("2006-01-02"))

	b.WriteString("\n### Completed\n")
	switch done, work := d.Completed(), d.Work(); {
	case d.Transcript == "" && d.SessionID != "":
		line("- no transcript found for session %s", d.SessionID)
	case d.Transcript == "":
		b.WriteString("- no session transcript found for this folder\n")
	case d.ReadErr != nil:
		line("- transcript unreadable: %v", d.ReadErr)
	default:
		for _, t := range done {
			line("- %s", taskSubject(t))
		}
		d.renderWork(&b, line, work, len(done))
	}
	if d.Transcript != "" && d.ReadErr == nil && !d.Session.Whole {
		fmt.Fprintf(&b, "- (read the first %d MiB and last %d MiB of a %d MiB transcript)\n",
			HeadWindow>>20, TailWindow>>20, d.Session.Size>>20)
	}

	fmt.Fprintf(&b, "\n### Parked / Pending (%s)\n", plural(len(d.Items), "item"))
	if len(d.Items) == 0 {
		b.WriteString("- none\n")
	}
	for _, it := range d.Items {
		line("%s", d.Store.Line(it))
	}

	if n := len(d.Candidates); n > 0 {
		// Only when there are any: the seed's digest has no such section.
		fmt.Fprintf(&b, "\n### Candidates, not parked (%s)\n", plural(n, "item"))
		for _, c := range d.Candidates[:min(n, MaxCandidates)] {
			if c.Kind == string(store.KindQuestion) && c.Context != "" {
				line("- %s: %s (Claude asked: %s) — %s", c.Kind, c.Idea, c.Context, candidates.ParkCommand(d.review(), c.N))
				continue
			}
			line("- %s: %s — %s", c.Kind, c.Idea, candidates.ParkCommand(d.review(), c.N))
		}
		if n > MaxCandidates {
			fmt.Fprintf(&b, "- … and %d more: %s lists them\n", n-MaxCandidates, d.review())
		}
	}

	b.WriteString("\n### Archived this session\n")
	if len(d.Archived) == 0 {
		b.WriteString("- none\n")
	}
	for _, le := range d.Archived {
		line("- %s — %s", le.Item, le.TS)
	}

	b.WriteString("\n### Recent commits\n")
	switch {
	case d.Rule == RuleNoRepository:
		b.WriteString("- not a git repository\n")
	case d.Rule == RuleError:
		line("- could not read commits: %v", d.GitErr)
	case len(d.Commits) == 0:
		fmt.Fprintf(&b, "- none since %s\n", d.sinceText())
	}
	for _, c := range d.Commits {
		line("- %s %s", c.Short, c.Subject)
	}
	if d.More {
		fmt.Fprintf(&b, "- … more commits; the first %d are shown\n", MaxCommits)
	}
	digest := b.String()
	return Report{Digest: digest, Lines: countLines(digest)}
}

// renderWork writes the completed requests after the tasks (tasks lines
// before them), at most MaxWork, and when Completed would be empty, why.
func (d *Data) renderWork(b *strings.Builder, line func(string, ...any), work []Work, tasks int) {
	n := 0
	for _, w := range work {
		if w.Status != WorkCompleted {
			continue
		}
		if n++; n <= MaxWork {
			line("- %s", w.line(d))
		}
	}
	if n > MaxWork {
		fmt.Fprintf(b, "- … and %d more: openloop summary --json lists them\n", n-MaxWork)
	}
	if e := d.Session.EarlierRequests; e > 0 {
		fmt.Fprintf(b, "- (%s that changed files not listed: only the last %d are kept)\n", plural(e, "earlier request"), transcript.MaxRequests)
	}
	switch {
	case n > 0 || tasks > 0:
	case len(work) > 0 && unread(work) == len(work):
		fmt.Fprintf(b, "- none known: %s changed files, and how %s ended is in the part of the transcript that was not read\n",
			plural(len(work), "request"), map[bool]string{true: "it", false: "they"}[len(work) == 1])
	case len(work) > 0:
		fmt.Fprintf(b, "- none: %s changed files but %s interrupted or not finished\n",
			plural(len(work), "request"), map[bool]string{true: "was", false: "were"}[len(work) == 1])
	case d.Session.TaskTools:
		b.WriteString("- none\n")
	default:
		b.WriteString("- none: no request in this session changed a file\n")
	}
}

func taskSubject(t transcript.Task) string {
	if t.Subject != "" {
		return t.Subject
	}
	return fmt.Sprintf("task #%s (created in the part of the transcript that was not read)", t.ID)
}

func (d *Data) sinceText() string {
	t := d.Since.In(d.Now.Location()).Format("2006-01-02 15:04 MST")
	if d.Rule == RuleSessionStart {
		return t + " (session start)"
	}
	return t + " (last 8 hours)"
}

// countLines counts the non-blank lines of s.
func countLines(s string) int {
	n := 0
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n
}

// Compact is the one stdout line printed when the digest goes to a file.
func (d *Data) Compact() string {
	commits := fmt.Sprint(len(d.Commits))
	if d.More {
		commits += "+"
	}
	cands := ""
	if n := len(d.Candidates); n > 0 {
		cands = ", " + plural(n, "candidate") + " (" + d.review() + ")"
	}
	return fmt.Sprintf("Session summary — %s: %d completed, %s, %d archived, %s %s%s",
		d.Now.Format("2006-01-02"), len(d.Completed())+len(d.CompletedWork()), plural(len(d.Items), "parked item"),
		len(d.Archived), commits, map[bool]string{true: "commit", false: "commits"}[commits == "1"], cands)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// JSON is summary --json's shape. Parked is exactly resume --json's
// object; lists are never null.
type JSON struct {
	Date            string            `json:"date"`
	SessionID       string            `json:"session_id"`
	Transcript      string            `json:"transcript"`
	TranscriptBytes int64             `json:"transcript_bytes"`
	TranscriptWhole bool              `json:"transcript_whole"`
	SessionStart    string            `json:"session_start"`
	TaskTools       bool              `json:"task_tools"`
	Completed       []TaskJSON        `json:"completed"`
	Tasks           []TaskJSON        `json:"tasks"`
	Work            []WorkJSON        `json:"work"`
	Parked          store.ListView    `json:"parked"`
	Candidates      []candidates.View `json:"candidates"`
	Archived        []store.LogEntry  `json:"archived"`
	CommitsRule     string            `json:"commits_rule"`
	CommitsSince    string            `json:"commits_since"`
	Commits         []CommitJSON      `json:"commits"`
	MoreCommits     bool              `json:"more_commits"`
	Lines           int               `json:"lines"`
	Digest          string            `json:"digest"`
}

// TaskJSON is one task in JSON.
type TaskJSON struct {
	ID      string `json:"id"`
	Subject string `json:"subject"`
	Status  string `json:"status"`
}

// WorkJSON is one request whose turns changed files, and that no task
// covered. Status "completed" is what the digest lists; the others are
// "interrupted", "no-reply" and "not-done".
type WorkJSON struct {
	Request     string   `json:"request"` // its name, as the digest shows it
	Named       bool     `json:"named"`   // the name is the request's own words
	At          string   `json:"at"`      // the prompt's time, "" when unknown
	Files       []string `json:"files"`   // relative to the project root when inside it
	MoreFiles   int      `json:"more_files"`
	Tests       string   `json:"tests"` // "passed", "failed", or "" when no test ran
	TestCommand string   `json:"test_command"`
	Status      string   `json:"status"`
}

// CommitJSON is one commit in JSON.
type CommitJSON struct {
	Hash    string `json:"hash"`
	Full    string `json:"full_hash"`
	Subject string `json:"subject"`
	Time    string `json:"time"`
}

// JSON is the data and the rendered report as summary --json prints them.
func (d *Data) JSON(r Report) JSON {
	out := JSON{
		Date: d.Now.Format("2006-01-02"), SessionID: d.SessionID, Transcript: d.Transcript,
		TranscriptBytes: d.Session.Size, TranscriptWhole: d.Session.Whole,
		TaskTools: d.Session.TaskTools, Completed: []TaskJSON{}, Tasks: []TaskJSON{}, Work: []WorkJSON{},
		Parked: d.Store.View(d.Items), Candidates: d.Candidates, Archived: d.Archived,
		CommitsRule: d.Rule, Commits: []CommitJSON{}, MoreCommits: d.More, Lines: r.Lines, Digest: r.Digest,
	}
	if out.Candidates == nil {
		out.Candidates = []candidates.View{}
	}
	if out.Archived == nil {
		out.Archived = []store.LogEntry{}
	}
	if !d.Start().IsZero() {
		out.SessionStart = d.Start().UTC().Format(time.RFC3339Nano)
	}
	if !d.Since.IsZero() {
		out.CommitsSince = d.Since.UTC().Format(time.RFC3339)
	}
	for _, t := range d.Session.Tasks {
		j := TaskJSON{ID: t.ID, Subject: t.Subject, Status: t.Status}
		out.Tasks = append(out.Tasks, j)
		if t.Status == "completed" {
			out.Completed = append(out.Completed, j)
		}
	}
	for _, w := range d.Work() {
		j := WorkJSON{Files: w.Rel, MoreFiles: w.MoreFiles, Tests: w.Tests, TestCommand: w.TestCommand, Status: w.Status}
		j.Request, j.Named = w.title(d)
		if !w.At.IsZero() {
			j.At = w.At.UTC().Format(time.RFC3339Nano)
		}
		out.Work = append(out.Work, j)
	}
	for _, c := range d.Commits {
		out.Commits = append(out.Commits, CommitJSON{Hash: c.Short, Full: c.Hash, Subject: c.Subject, Time: c.When.UTC().Format(time.RFC3339)})
	}
	return out
}

// review is the command that lists the candidates: Data.Review, else
// "openloop review".
func (d *Data) review() string {
	if d.Review == "" {
		return "openloop review"
	}
	return d.Review
}

// unread counts the requests whose end was not read (WorkUnread).
func unread(work []Work) int {
	n := 0
	for _, w := range work {
		if w.Status == WorkUnread {
			n++
		}
	}
	return n
}
