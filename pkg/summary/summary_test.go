package summary

import (
	"encoding/json"
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

func TestValidSessionID(t *testing.T) {
	for id, want := range map[string]bool{
		"7b1d6c1e-3f7a-4c55-9e0b-2a8c4e9f1d20": true,
		"agent_1.v2":                           true,
		"":                                     false,
		".":                                    false,
		"..":                                   false,
		"../x":                                 false,
		"a/b":                                  false,
		`a\b`:                                  false,
		"*":                                    false,
		"a b":                                  false,
		strings.Repeat("a", 129):               false,
	} {
		if got := ValidSessionID(id); got != want {
			t.Errorf("ValidSessionID(%q) = %v", id, got)
		}
	}
}

func touch(t *testing.T, path string, age time.Duration) {
	t.Helper()
	os.MkdirAll(filepath.Dir(path), 0o700)
	if err := os.WriteFile(path, []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(-age)
	os.Chtimes(path, at, at)
}

func TestFindTranscript(t *testing.T) {
	cfg := t.TempDir()
	p := Transcripts{ConfigDir: cfg, Dir: filepath.Join(cfg, "projects", "-work-repo")}
	if path, id := p.Find(""); path != "" || id != "" {
		t.Errorf("empty: %q %q", path, id)
	}
	touch(t, filepath.Join(p.Dir, "old.jsonl"), time.Hour)
	touch(t, filepath.Join(p.Dir, "new.jsonl"), time.Minute)
	touch(t, filepath.Join(p.Dir, "newer-but-not-jsonl.txt"), 0)
	os.MkdirAll(filepath.Join(p.Dir, "dir.jsonl"), 0o700) // not a file
	touch(t, filepath.Join(cfg, "projects", "-other", "moved.jsonl"), time.Hour)
	tests := []struct{ id, wantPath, wantID string }{
		{"", filepath.Join(p.Dir, "new.jsonl"), "new"},
		{"old", filepath.Join(p.Dir, "old.jsonl"), "old"},
		{"moved", filepath.Join(cfg, "projects", "-other", "moved.jsonl"), "moved"},
		{"missing", "", "missing"},
		{"dir", "", "dir"},
	}
	for _, tt := range tests {
		if path, id := p.Find(tt.id); path != tt.wantPath || id != tt.wantID {
			t.Errorf("Find(%q) = %q, %q; want %q, %q", tt.id, path, id, tt.wantPath, tt.wantID)
		}
	}
}

func TestArchivedSince(t *testing.T) {
	dir := t.TempDir()
	log := store.Log{Root: dir, Path: filepath.Join(dir, "session-archive.jsonl")}
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	var b strings.Builder
	// More than the 256 KiB read window of old lines, so the read starts
	// inside a line.
	old := `{"ts":"2026-11-01T00:00:00Z","item":"old","action":"archived"}` + "\n"
	for b.Len() < logTail+1000 {
		b.WriteString(old)
	}
	b.WriteString(`{"ts":"2026-12-02T08:00:00Z","item":"early","action":"archived"}` + "\n")
	b.WriteString(`{"ts":"2026-12-02T09:30:00Z","item":"in-session","action":"archived","by":"x"}` + "\n")
	b.WriteString(`{"ts":"2026-12-02T09:40:00Z","item":"other","action":"restored"}` + "\n")
	// Archived, then restored under another name and file: open again.
	line := func(ts, item, action, file, desc string) {
		text, err := store.Render(item, desc, "body\n")
		if err != nil {
			t.Fatal(err)
		}
		l, _ := json.Marshal(store.LogLine{LogEntry: store.LogEntry{TS: ts, Item: item, Action: action}, File: file, Text: string(text)})
		b.Write(append(l, '\n'))
	}
	line("2026-12-02T09:31:00Z", "retries", "archived", "session-open-retries-2026-12-01.md", "Deferred: add retries. Context: uploads.")
	line("2026-12-02T09:32:00Z", "retries-2", "restored", "session-open-retries-2-2026-12-02.md", "Deferred: add retries. Context: uploads.")
	// Archived, restored and archived again: once.
	for i, act := range []string{"archived", "restored", "archived"} {
		line(fmt.Sprintf("2026-12-02T09:3%d:00Z", 3+i), "cache", act, "session-open-cache-2026-12-02.md", "Deferred: cache the index. Context: search.")
	}
	// A hand-written line whose text is not a string, and one without.
	b.WriteString(`{"ts":"2026-12-02T09:36:00Z","item":"odd","action":"archived","text":5}` + "\n")
	b.WriteString(`{"ts":"2026-12-02T09:37:00Z","item":"legacy","action":"archived"}` + "\n")
	b.WriteString(`{"ts":"2026-12-02T09:38:00Z","item":"legacy","action":"restored"}` + "\n")
	b.WriteString("garbage\n")
	b.WriteString(`{"ts":"2026-12-02T09:50:00Z","item":"partial"`) // being written
	os.WriteFile(log.Path, []byte(b.String()), 0o600)

	items := func(start time.Time) string {
		var s []string
		for _, le := range ArchivedSince(log, start, now) {
			s = append(s, le.Item)
		}
		return strings.Join(s, ",")
	}
	if got := items(time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)); got != "in-session,cache,odd" {
		t.Errorf("since 09:00: %q", got)
	}
	if got := items(time.Time{}); got != "early,in-session,cache,odd" {
		t.Errorf("today: %q", got)
	}
	if got := ArchivedSince(store.Log{Root: dir, Path: filepath.Join(dir, "none")}, time.Time{}, now); got != nil {
		t.Errorf("missing log: %v", got)
	}
	// A log reached through a symlinked folder (a cloned repository can
	// commit .claude/logs as a link to another project's) is not read, nor
	// is a log that is itself a symlink.
	other := t.TempDir()
	if err := os.Symlink(dir, filepath.Join(other, "logs")); err != nil {
		t.Skip("symlink:", err)
	}
	if got := ArchivedSince(store.Log{Root: other, Path: filepath.Join(other, "logs", "session-archive.jsonl")}, time.Time{}, now); got != nil {
		t.Errorf("a log below a symlinked folder was read: %v", got)
	}
	if err := os.Symlink(log.Path, filepath.Join(other, "session-archive.jsonl")); err != nil {
		t.Fatal(err)
	}
	if got := ArchivedSince(store.Log{Root: other, Path: filepath.Join(other, "session-archive.jsonl")}, time.Time{}, now); got != nil {
		t.Errorf("a symlinked log was read: %v", got)
	}
}

func TestWriteFileNeverOverwrites(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, ".temp")
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	os.MkdirAll(dir, 0o700)
	first := filepath.Join(dir, "output-session-summary-2026-12-02.md")
	os.WriteFile(first, []byte("mine"), 0o644)
	for i, want := range []string{"-2.md", "-3.md"} {
		path, err := WriteFile(root, now, []byte(fmt.Sprintf("digest %d\n", i)))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(path, want) {
			t.Errorf("write %d: %s", i, path)
		}
		if b, _ := os.ReadFile(path); string(b) != fmt.Sprintf("digest %d\n", i) {
			t.Errorf("content %q", b)
		}
		if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
			t.Errorf("mode %o", fi.Mode().Perm())
		}
	}
	if b, _ := os.ReadFile(first); string(b) != "mine" {
		t.Errorf("existing file changed: %q", b)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".openloop-tmp-*")); len(left) != 0 {
		t.Errorf("temp files left: %v", left)
	}
}

func TestCountLines(t *testing.T) {
	for s, want := range map[string]int{"": 0, "a\n\nb\n": 2, "## x\n\n### y\n- z\n  \n": 3} {
		if got := countLines(s); got != want {
			t.Errorf("countLines(%q) = %d, want %d", s, got, want)
		}
	}
}

// A transcript larger than the read windows: the digest says so, and a
// task whose creation was not read is named by its id.
func TestRenderPartialAndMore(t *testing.T) {
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	d := &Data{
		Now: now, SessionID: "s", Transcript: "/t/s.jsonl",
		Session: transcript.Session{
			Tail:  transcript.Tail{TaskTools: true, Tasks: []transcript.Task{{ID: "4", Status: "completed"}, {ID: "5", Subject: "Ship it", Status: "completed"}, {ID: "6", Subject: "Later", Status: "pending"}}},
			Start: now.Add(-time.Hour), Size: 200 << 20,
		},
		Store: store.Open(t.TempDir(), func() time.Time { return now }),
		Rule:  RuleSessionStart, Since: now.Add(-time.Hour), More: true,
		Commits: []gitlog.Commit{{Short: "abcdef1", Subject: "one"}},
	}
	want := `## Session Summary — 2026-12-02

### Completed
- task #4 (created in the part of the transcript that was not read)
- Ship it
- (read the first 1 MiB and last 8 MiB of a 200 MiB transcript)

### Parked / Pending (0 items)
- none

### Archived this session
- none

### Recent commits
- abcdef1 one
- … more commits; the first 20 are shown
`
	if got := d.Render().Digest; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := d.Compact(); got != "Session summary — 2026-12-02: 2 completed, 0 parked items, 0 archived, 1+ commits" {
		t.Errorf("compact: %q", got)
	}
}

// FuzzArchivedSince: any log content reads without panic, and only
// "archived" entries with a parseable ts and an item come out.
func FuzzArchivedSince(f *testing.F) {
	f.Add([]byte(`{"ts":"2026-12-02T09:30:00Z","item":"x","action":"archived"}` + "\n"))
	f.Add([]byte("{\"ts\":1}\n\n{"))
	dir := f.TempDir()
	log := store.Log{Root: dir, Path: filepath.Join(dir, "log.jsonl")}
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(log.Path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		for _, le := range ArchivedSince(log, time.Time{}, now) {
			if le.Action != "archived" || le.Item == "" {
				t.Fatalf("bad entry %+v", le)
			}
		}
	})
}
