package summary

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openloop/openloop/pkg/gitlog"
	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/transcript"
)

var now = time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)

// fakeTranscripts is a TranscriptSource with one transcript, or none.
type fakeTranscripts struct {
	path    string // "" for none
	session transcript.Session
	err     error
}

func (f fakeTranscripts) Find(id string) (string, string) {
	if f.path == "" {
		return "", id
	}
	if id == "" {
		id = strings.TrimSuffix(filepath.Base(f.path), ".jsonl")
	}
	return f.path, id
}

func (f fakeTranscripts) Read(string) (transcript.Session, error) { return f.session, f.err }

// fakeCommits is a CommitSource over a fixed history, newest first; the
// errors make Since or Last fail.
type fakeCommits struct {
	history           []gitlog.Commit
	sinceErr, lastErr error
	sinceCalls        *[]time.Time
}

func (f fakeCommits) Since(t time.Time, max int) ([]gitlog.Commit, bool, error) {
	if f.sinceCalls != nil {
		*f.sinceCalls = append(*f.sinceCalls, t)
	}
	if f.sinceErr != nil {
		return nil, false, f.sinceErr
	}
	var out []gitlog.Commit
	for _, c := range f.history {
		if c.When.Before(t) {
			break
		}
		if len(out) == max {
			return out, true, nil
		}
		out = append(out, c)
	}
	return out, false, nil
}

func (f fakeCommits) Last(n int) ([]gitlog.Commit, error) {
	if f.lastErr != nil {
		return nil, f.lastErr
	}
	return f.history[:min(n, len(f.history))], nil
}

func (fakeCommits) Close() error { return nil }

func opener(f fakeCommits, err error) OpenCommits {
	return func() (CommitSource, error) {
		if err != nil {
			return nil, err
		}
		return f, nil
	}
}

// history is n commits, one a minute, the newest at newestAt.
func history(n int, newestAt time.Time) []gitlog.Commit {
	var out []gitlog.Commit
	for i := range n {
		out = append(out, gitlog.Commit{Short: fmt.Sprintf("%07x", i+1), Subject: fmt.Sprintf("commit %d", i+1), When: newestAt.Add(-time.Duration(i) * time.Minute)})
	}
	return out
}

func input(t *testing.T, ts TranscriptSource, commits OpenCommits) Input {
	dir := t.TempDir()
	return Input{
		Now: now, Transcripts: ts, Store: store.Open(filepath.Join(dir, "memory"), func() time.Time { return now }),
		Log: store.Log{Root: dir, Path: filepath.Join(dir, "log.jsonl")}, Commits: commits,
	}
}

// section returns the lines of the digest's section that starts with head.
func section(digest, head string) []string {
	_, rest, ok := strings.Cut(digest, head+"\n")
	if !ok {
		return nil
	}
	rest, _, _ = strings.Cut(rest, "\n\n")
	return strings.Split(strings.TrimSuffix(rest, "\n"), "\n")
}

func TestCompletedTaskStates(t *testing.T) {
	noRepo := opener(fakeCommits{}, gitlog.ErrNotRepository)
	tasks := func(tt ...transcript.Task) transcript.Session {
		return transcript.Session{Tail: transcript.Tail{TaskTools: true, Tasks: tt}, Whole: true}
	}
	tests := []struct {
		name string
		ts   fakeTranscripts
		id   string
		want []string
	}{
		{"only completed tasks, in order of creation", fakeTranscripts{path: "/t/s.jsonl", session: tasks(
			transcript.Task{ID: "1", Subject: "Reproduce the bug", Status: "completed"},
			transcript.Task{ID: "2", Subject: "Still going", Status: "in_progress"},
			transcript.Task{ID: "3", Subject: "Not started", Status: "pending"},
			transcript.Task{ID: "4", Subject: "Dropped", Status: "deleted"},
			transcript.Task{ID: "5", Subject: "Fix it", Status: "completed"},
		)}, "", []string{"- Reproduce the bug", "- Fix it"}},
		{"tasks, none completed", fakeTranscripts{path: "/t/s.jsonl", session: tasks(transcript.Task{ID: "1", Subject: "a", Status: "pending"})}, "", []string{"- none"}},
		{"no task tools, no request changed a file", fakeTranscripts{path: "/t/s.jsonl", session: transcript.Session{Whole: true}}, "", []string{"- none: no request in this session changed a file"}},
		{"no transcript for the folder", fakeTranscripts{}, "", []string{"- no session transcript found for this folder"}},
		{"no transcript for the session", fakeTranscripts{}, "abc", []string{"- no transcript found for session abc"}},
		{"unreadable", fakeTranscripts{path: "/t/s.jsonl", err: errors.New("permission denied")}, "", []string{"- transcript unreadable: permission denied"}},
		{"read in two windows", fakeTranscripts{path: "/t/s.jsonl", session: transcript.Session{Tail: transcript.Tail{TaskTools: true}, Size: 30 << 20}}, "",
			[]string{"- none", "- (read the first 1 MiB and last 8 MiB of a 30 MiB transcript)"}},
		{"a subject with terminal controls is escaped", fakeTranscripts{path: "/t/s.jsonl", session: tasks(transcript.Task{ID: "1", Subject: "a\x1b]52;c;eA==\x07b\u202ec", Status: "completed"})}, "",
			[]string{`- a\x1b]52;c;eA==\x07b\u202ec`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := input(t, tt.ts, noRepo)
			in.SessionID = tt.id
			wantCompleted(t, in, tt.want)
		})
	}
}

// wantCompleted checks the digest's Completed section for in.
func wantCompleted(t *testing.T, in Input, want []string) {
	t.Helper()
	d, err := Collect(in)
	if err != nil {
		t.Fatal(err)
	}
	if got := section(d.Render().Digest, "### Completed"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestExplicitSessionWithoutTranscript(t *testing.T) {
	in := input(t, fakeTranscripts{}, opener(fakeCommits{}, gitlog.ErrNotRepository))
	in.SessionID, in.Explicit = "nope", true
	if _, err := Collect(in); !errors.Is(err, ErrNoTranscript) || err.Error() != `no transcript found for session "nope"` {
		t.Errorf("err = %v", err)
	}
}

func TestArchiveWindow(t *testing.T) {
	log := strings.Join([]string{
		`{"ts":"2026-12-01T23:59:59Z","item":"yesterday","action":"archived"}`,
		`{"ts":"2026-12-02T08:59:59Z","item":"before-start","action":"archived"}`,
		`{"ts":"2026-12-02T09:00:00Z","item":"at-start","action":"archived"}`,
		`{"ts":"2026-12-02T09:30:00Z","item":"restored","action":"restored"}`,
		`{"ts":"2026-12-02T09:31:00+01:00","item":"other-zone","action":"archived"}`,
		`{"ts":"2026-12-02T09:40:00Z","item":"","action":"archived"}`,
		`{"ts":"not a time","item":"bad-ts","action":"archived"}`,
		`{"ts":"2026-12-02T09:45:00Z","item":"x\u001b[2Jy","action":"archived"}`,
		strings.Repeat("[", 100000),
		`{"ts":"2026-12-02T09:50:00Z","item":"last","action":"archived"}`,
	}, "\n") + "\n"
	start := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		start time.Time
		want  []string
	}{
		{"since the session start", start, []string{"- at-start — 2026-12-02T09:00:00Z", `- x\x1b[2Jy — 2026-12-02T09:45:00Z`, "- last — 2026-12-02T09:50:00Z"}},
		{"no start: stamped today", time.Time{}, []string{"- before-start — 2026-12-02T08:59:59Z", "- at-start — 2026-12-02T09:00:00Z", "- other-zone — 2026-12-02T09:31:00+01:00", `- x\x1b[2Jy — 2026-12-02T09:45:00Z`, "- last — 2026-12-02T09:50:00Z"}},
		{"nothing since", now.Add(time.Hour), []string{"- none"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := fakeTranscripts{path: "/t/s.jsonl", session: transcript.Session{Start: tt.start, Whole: true}}
			if tt.start.IsZero() {
				ts = fakeTranscripts{}
			}
			in := input(t, ts, opener(fakeCommits{}, gitlog.ErrNotRepository))
			if err := os.WriteFile(in.Log.Path, []byte(log), 0o600); err != nil {
				t.Fatal(err)
			}
			d, err := Collect(in)
			if err != nil {
				t.Fatal(err)
			}
			if got := section(d.Render().Digest, "### Archived this session"); strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestCommitRules(t *testing.T) {
	start := time.Date(2026, 12, 2, 9, 0, 7, 7e6, time.UTC) // transcript times have milliseconds
	withStart := fakeTranscripts{path: "/t/s.jsonl", session: transcript.Session{Start: start, Whole: true}}
	boom := errors.New("object not found")
	tests := []struct {
		name      string
		ts        fakeTranscripts
		open      OpenCommits
		wantRule  string
		wantSince time.Time
		want      []string
	}{
		{"since the session start, to the second", withStart, opener(fakeCommits{history: history(3, start.Truncate(time.Second).Add(2*time.Minute))}, nil),
			RuleSessionStart, start.Truncate(time.Second), []string{"- 0000001 commit 1", "- 0000002 commit 2", "- 0000003 commit 3"}},
		{"none since the start", withStart, opener(fakeCommits{history: history(3, start.Add(-time.Hour))}, nil),
			RuleSessionStart, start.Truncate(time.Second), []string{"- none since 2026-12-02 09:00 UTC (session start)"}},
		{"more than 20", withStart, opener(fakeCommits{history: history(25, now)}, nil),
			RuleSessionStart, start.Truncate(time.Second), nil},
		{"no start: the last 8 hours", fakeTranscripts{}, opener(fakeCommits{history: history(3, now.Add(-8*time.Hour+time.Minute))}, nil),
			RuleLast8Hours, now.Add(-8 * time.Hour), []string{"- 0000001 commit 1", "- 0000002 commit 2"}},
		{"nothing in the last 8 hours", fakeTranscripts{}, opener(fakeCommits{history: history(3, now.Add(-9*time.Hour))}, nil),
			RuleLast8Hours, now.Add(-8 * time.Hour), []string{"- none since 2026-12-02 02:00 UTC (last 8 hours)"}},
		{"no start and the walk fails: the last 15", fakeTranscripts{}, opener(fakeCommits{history: history(16, now), sinceErr: boom}, nil),
			RuleLast15, time.Time{}, nil},
		{"the walk from the start fails", withStart, opener(fakeCommits{history: history(16, now), sinceErr: boom}, nil),
			RuleError, time.Time{}, []string{"- could not read commits: object not found"}},
		{"everything fails", withStart, opener(fakeCommits{sinceErr: boom, lastErr: boom}, nil),
			RuleError, time.Time{}, []string{"- could not read commits: object not found"}},
		{"the repository does not open", withStart, opener(fakeCommits{}, boom), RuleError, time.Time{}, []string{"- could not read commits: object not found"}},
		{"no repository", withStart, opener(fakeCommits{}, fmt.Errorf("open: %w", gitlog.ErrNotRepository)), RuleNoRepository, time.Time{}, []string{"- not a git repository"}},
		{"a subject with terminal controls is escaped", withStart, opener(fakeCommits{history: []gitlog.Commit{{Short: "abcdef1", Subject: "fix\x1b[2J\x1b]0;pwned\x07", When: now}}}, nil),
			RuleSessionStart, start.Truncate(time.Second), []string{`- abcdef1 fix\x1b[2J\x1b]0;pwned\x07`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Collect(input(t, tt.ts, tt.open))
			if err != nil {
				t.Fatal(err)
			}
			if d.Rule != tt.wantRule || !d.Since.Equal(tt.wantSince) {
				t.Errorf("rule %s since %v; want %s since %v", d.Rule, d.Since, tt.wantRule, tt.wantSince)
			}
			got := section(d.Render().Digest, "### Recent commits")
			switch tt.wantRule {
			case RuleLast15:
				if len(d.Commits) != 15 || d.More || len(got) != 15 {
					t.Errorf("last 15: %d commits, more %v, %d lines", len(d.Commits), d.More, len(got))
				}
				return
			}
			if tt.want == nil { // more than 20
				if len(d.Commits) != 20 || !d.More || got[20] != "- … more commits; the first 20 are shown" {
					t.Errorf("more: %d commits, more %v, last line %q", len(d.Commits), d.More, got[len(got)-1])
				}
				if c := d.Compact(); !strings.HasSuffix(c, ", 20+ commits") {
					t.Errorf("compact: %q", c)
				}
				return
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// The routing rule: 10 non-blank lines are printed, 11 go to a file. With
// no transcript and no repository the digest has 8 lines besides the
// parked items (one "- none" line when there are none).
func TestRoutingAt10And11Lines(t *testing.T) {
	for _, tt := range []struct {
		items, lines int
		fits         bool
	}{{0, 9, true}, {2, 10, true}, {3, 11, false}} {
		t.Run(fmt.Sprintf("%d lines", tt.lines), func(t *testing.T) {
			in := input(t, fakeTranscripts{}, opener(fakeCommits{}, gitlog.ErrNotRepository))
			for i := range tt.items {
				if _, err := in.Store.Park(store.Entry{Kind: store.KindDeferred, Idea: fmt.Sprintf("idea number %c", 'a'+i), Context: "testing"}); err != nil {
					t.Fatal(err)
				}
			}
			d, err := Collect(in)
			if err != nil {
				t.Fatal(err)
			}
			r := d.Render()
			if r.Lines != tt.lines || r.Fits() != tt.fits {
				t.Errorf("lines %d fits %v; want %d %v\n%s", r.Lines, r.Fits(), tt.lines, tt.fits, r.Digest)
			}
			if j := d.JSON(r); j.Lines != tt.lines || j.Parked.Count != tt.items || len(j.Parked.Items) != tt.items {
				t.Errorf("json: lines %d, parked %d/%d", j.Lines, j.Parked.Count, len(j.Parked.Items))
			}
		})
	}
}

// A .temp that is a symlink is refused, wherever it points, and nothing is
// written through it.
func TestWriteFileRefusesSymlinkedTemp(t *testing.T) {
	for _, target := range []string{"outside", "inside"} {
		t.Run(target, func(t *testing.T) {
			root := t.TempDir()
			dest := filepath.Join(t.TempDir(), "elsewhere")
			if target == "inside" {
				dest = filepath.Join(root, "docs")
			}
			if err := os.Mkdir(dest, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(dest, filepath.Join(root, ".temp")); err != nil {
				t.Skip("no symlinks:", err)
			}
			_, err := WriteFile(root, now, []byte("digest\n"))
			want := filepath.Join(root, ".temp") + " is a symlink; refusing to write the summary through it"
			if !errors.Is(err, ErrSymlink) || err.Error() != want {
				t.Errorf("err = %v", err)
			}
			if ents, _ := os.ReadDir(dest); len(ents) != 0 {
				t.Errorf("written through the symlink: %v", ents)
			}
		})
	}
}

// A .temp that is a file is an error, and the file is left alone.
func TestWriteFileTempIsAFile(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, ".temp"), []byte("mine"), 0o600)
	if _, err := WriteFile(root, now, []byte("digest\n")); err == nil || !strings.Contains(err.Error(), "not a folder") {
		t.Errorf("err = %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(root, ".temp")); string(b) != "mine" {
		t.Errorf("file changed: %q", b)
	}
}

// The same digest written twice is one file; a different one gets -2.
func TestWriteFileSameDigestOnce(t *testing.T) {
	root := t.TempDir()
	a, err := WriteFile(root, now, []byte("digest one\n"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := WriteFile(root, now, []byte("digest one\n"))
	if err != nil || b != a {
		t.Fatalf("second write: %q, %v; want %q", b, err, a)
	}
	c, err := WriteFile(root, now, []byte("digest two\n"))
	if err != nil || filepath.Base(c) != "output-session-summary-2026-12-02-2.md" {
		t.Fatalf("a new digest: %q, %v", c, err)
	}
	d, err := WriteFile(root, now, []byte("digest two\n"))
	if err != nil || d != c {
		t.Fatalf("the second digest again: %q, %v; want %q", d, err, c)
	}
	ents, _ := os.ReadDir(filepath.Join(root, Dir))
	if len(ents) != 2 {
		t.Fatalf("%d files in .temp, want 2", len(ents))
	}
}
