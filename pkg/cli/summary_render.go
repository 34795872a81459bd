package cli

import (
	"fmt"
	"strings"
	"time"

	"github.com/openloop/openloop/pkg/store"
)

// renderDigest is the seed's digest:
//
//	## Session Summary — <date>
//
//	### Completed
//	- <task>
//
//	### Parked / Pending (<N> items)
//	- [ ] <item> — <description>
//
//	### Archived this session
//	- <item> — <ts>
//
//	### Recent commits
//	- <hash> <message>
//
// An empty section says why in one "- " line.
func renderDigest(d *summaryData) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Session Summary — %s\n", d.Now.Format("2006-01-02"))

	b.WriteString("\n### Completed\n")
	switch done := d.completed(); {
	case d.Transcript == "" && d.SessionID != "":
		fmt.Fprintf(&b, "- no transcript found for session %s\n", d.SessionID)
	case d.Transcript == "":
		b.WriteString("- no session transcript found for this folder\n")
	case d.ReadErr != nil:
		fmt.Fprintf(&b, "- transcript unreadable: %v\n", d.ReadErr)
	case !d.Session.TaskTools:
		b.WriteString("- no tasks tracked: this session used no task tools\n")
	case len(done) == 0:
		b.WriteString("- none\n")
	default:
		for _, t := range done {
			fmt.Fprintf(&b, "- %s\n", taskSubject(t))
		}
	}
	if d.Transcript != "" && d.ReadErr == nil && !d.Session.Whole {
		fmt.Fprintf(&b, "- (read the first %d MiB and last %d MiB of a %d MiB transcript)\n",
			summaryHead>>20, summaryTail>>20, d.Session.Size>>20)
	}

	fmt.Fprintf(&b, "\n### Parked / Pending (%s)\n", plural(len(d.Items), "item"))
	if len(d.Items) == 0 {
		b.WriteString("- none\n")
	}
	for _, it := range d.Items {
		b.WriteString(d.Store.Line(it) + "\n")
	}

	b.WriteString("\n### Archived this session\n")
	if len(d.Archived) == 0 {
		b.WriteString("- none\n")
	}
	for _, le := range d.Archived {
		fmt.Fprintf(&b, "- %s — %s\n", le.Item, le.TS)
	}

	b.WriteString("\n### Recent commits\n")
	switch {
	case d.Rule == ruleNoRepo:
		b.WriteString("- not a git repository\n")
	case d.Rule == ruleGitError:
		fmt.Fprintf(&b, "- could not read commits: %v\n", d.GitErr)
	case len(d.Commits) == 0:
		fmt.Fprintf(&b, "- none since %s\n", sinceText(d))
	}
	for _, c := range d.Commits {
		fmt.Fprintf(&b, "- %s %s\n", c.Short, c.Subject)
	}
	if d.More {
		fmt.Fprintf(&b, "- … more commits; the first %d are shown\n", maxCommits)
	}
	return b.String()
}

func sinceText(d *summaryData) string {
	t := d.Since.In(d.Now.Location()).Format("2006-01-02 15:04 MST")
	if d.Rule == rulePrimary {
		return t + " (session start)"
	}
	return t + " (last 8 hours)"
}

// summaryOut is summary's --json shape. "parked" is exactly resume
// --json's object.
type summaryOut struct {
	Date            string           `json:"date"`
	SessionID       string           `json:"session_id"`
	Transcript      string           `json:"transcript"`
	TranscriptBytes int64            `json:"transcript_bytes"`
	TranscriptWhole bool             `json:"transcript_whole"`
	SessionStart    string           `json:"session_start"`
	TaskTools       bool             `json:"task_tools"`
	Completed       []taskJSON       `json:"completed"`
	Tasks           []taskJSON       `json:"tasks"`
	Parked          resumeOut        `json:"parked"`
	Archived        []store.LogEntry `json:"archived"`
	CommitsRule     string           `json:"commits_rule"`
	CommitsSince    string           `json:"commits_since"`
	Commits         []commitJSON     `json:"commits"`
	MoreCommits     bool             `json:"more_commits"`
	Lines           int              `json:"lines"`
	Digest          string           `json:"digest"`
}

type taskJSON struct {
	ID      string `json:"id"`
	Subject string `json:"subject"`
	Status  string `json:"status"`
}

type commitJSON struct {
	Hash    string `json:"hash"`
	Full    string `json:"full_hash"`
	Subject string `json:"subject"`
	Time    string `json:"time"`
}

func summaryJSON(d *summaryData, digest string, lines int) summaryOut {
	out := summaryOut{
		Date: d.Now.Format("2006-01-02"), SessionID: d.SessionID, Transcript: d.Transcript,
		TranscriptBytes: d.Session.Size, TranscriptWhole: d.Session.Whole,
		TaskTools: d.Session.TaskTools, Completed: []taskJSON{}, Tasks: []taskJSON{},
		Parked: resumeJSON(d.Store, d.MemoryDir, d.Items), Archived: d.Archived,
		CommitsRule: d.Rule, Commits: []commitJSON{}, MoreCommits: d.More, Lines: lines, Digest: digest,
	}
	if out.Archived == nil {
		out.Archived = []store.LogEntry{}
	}
	if !d.start().IsZero() {
		out.SessionStart = d.start().UTC().Format(time.RFC3339Nano)
	}
	if !d.Since.IsZero() {
		out.CommitsSince = d.Since.UTC().Format(time.RFC3339)
	}
	for _, t := range d.Session.Tasks {
		j := taskJSON{ID: t.ID, Subject: t.Subject, Status: t.Status}
		out.Tasks = append(out.Tasks, j)
		if t.Status == "completed" {
			out.Completed = append(out.Completed, j)
		}
	}
	for _, c := range d.Commits {
		out.Commits = append(out.Commits, commitJSON{Hash: c.Short, Full: c.Hash, Subject: c.Subject, Time: c.When.UTC().Format(time.RFC3339)})
	}
	return out
}
