package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/lockedfile"
)

// Restore brings an archived item back byte for byte, under its name and
// today's date, and logs it.
func TestRestore(t *testing.T) {
	s := newStore(t)
	if _, _, err := s.Restore("retry budget"); !errors.Is(err, ErrNothingLogged) {
		t.Fatalf("restore from an empty log: %v", err)
	}
	park(t, s, KindDeferred, "retry budget")
	park(t, s, KindSideIdea, "retry queue")
	before, _ := os.ReadFile(filepath.Join(s.Dir, fileOf("retry-budget")))
	for _, q := range []string{"retry budget", "retry queue"} {
		if _, _, err := s.Archive(q); err != nil {
			t.Fatal(err)
		}
	}
	if _, c, err := s.Restore("retry"); !errors.Is(err, ErrAmbiguous) || len(c) != 2 {
		t.Fatalf("ambiguous: %v %v", c, err)
	}
	if _, _, err := s.Restore("the"); !errors.Is(err, ErrVague) {
		t.Fatalf("vague: %v", err)
	}
	if _, _, err := s.Restore("nothing like it"); !errors.Is(err, ErrNoMatch) {
		t.Fatalf("no match: %v", err)
	}
	r, _, err := s.Restore("budget")
	if err != nil || r.File != fileOf("retry-budget") || r.Name != "retry-budget" || r.Dup || r.Capped {
		t.Fatalf("restore: %+v %v", r, err)
	}
	after, _ := os.ReadFile(filepath.Join(s.Dir, r.File))
	if string(after) != string(before) {
		t.Errorf("restored\n%s\nwas\n%s", after, before)
	}
	lines := logged(t, s)
	if l := lines[len(lines)-1]; l.Action != "restored" || l.Item != "retry-budget" || l.File != "" || l.Text != "" || len(l.ID) != idLen {
		t.Errorf("last log line %+v", l)
	}
	p := privateLines(t, s)
	if l := p[len(p)-1]; l.Action != "restored" || l.ID != lines[len(lines)-1].ID || l.File != r.File || l.Text != string(before) {
		t.Errorf("last private line %+v", l)
	}
	// Open again: a second restore is the same idea, nothing written.
	if r, _, err := s.Restore("budget"); !errors.Is(err, ErrNoMatch) {
		t.Fatalf("restore of an open item: %+v %v", r, err)
	}
	// Archived again, restored again: still one candidate.
	s.Archive("budget")
	if r, _, err := s.Restore("budget"); err != nil || r.Name != "retry-budget" {
		t.Fatalf("restore after a second archive: %+v %v", r, err)
	}
	noTemps(t, s.Dir)
}

// Restore is a park: the same idea open is not written twice, the cap
// holds, and a name another idea took gives -2 (in the frontmatter too).
func TestRestoreParkRules(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "retry budget")
	s.Archive("retry budget")
	park(t, s, KindSideIdea, "Retry-Budget!") // the same idea, parked again
	if r, _, err := s.Restore("retry budget"); err != nil || !r.Dup || r.Name != "retry-budget" {
		t.Fatalf("same idea open: %+v %v", r, err)
	}

	s = newStore(t)
	park(t, s, KindDeferred, "dark mode")
	s.Archive("dark mode")
	if r, _ := s.Park(Entry{Name: "dark mode", Kind: KindDeferred, Idea: "night theme", Context: "c"}); r.Name != "dark-mode" {
		t.Fatalf("another idea under the name: %+v", r)
	}
	r, _, err := s.Restore("dark mode")
	if err != nil || r.Name != "dark-mode-2" || r.File != fileOf("dark-mode-2") {
		t.Fatalf("restore under a taken name: %+v %v", r, err)
	}
	e := Entry{Kind: KindDeferred, Idea: "dark mode", Context: "ctx"}
	want, _ := Render("dark-mode-2", e.Description(), e.Body())
	if got, _ := os.ReadFile(filepath.Join(s.Dir, r.File)); string(got) != string(want) {
		t.Errorf("restored\n%s\nwant\n%s", got, want)
	}

	s = newStore(t)
	park(t, s, KindDeferred, "plan zero")
	s.Archive("plan zero")
	for i := range MaxOpen {
		park(t, s, KindDeferred, "plan "+fmt.Sprint(i+1))
	}
	if r, _, err := s.Restore("plan zero"); err != nil || !r.Capped || len(r.Open) != MaxOpen {
		t.Fatalf("restore at the cap: %+v %v", r, err)
	}
	if items, _ := s.List(); len(items) != MaxOpen {
		t.Fatalf("%d items open", len(items))
	}
	noTemps(t, s.Dir)
}

// A hand-written item that does not parse comes back byte for byte.
func TestRestoreDamaged(t *testing.T) {
	s := newStore(t)
	os.MkdirAll(s.Dir, 0o700)
	text := "just some notes about the flaky upload test\n"
	os.WriteFile(filepath.Join(s.Dir, "session-open-flaky-upload.md"), []byte(text), 0o600)
	if it, _, err := s.Archive("flaky upload"); err != nil || it.Name != "session-open-flaky-upload.md" {
		t.Fatalf("archive: %+v %v", it, err)
	}
	r, _, err := s.Restore("flaky upload")
	if err != nil || r.Name != "flaky-upload" || r.File != fileOf("flaky-upload") {
		t.Fatalf("restore: %+v %v", r, err)
	}
	if got, _ := os.ReadFile(filepath.Join(s.Dir, r.File)); string(got) != text {
		t.Errorf("restored %q", got)
	}
}

// The log is committed with the project, so a cloned repository chooses
// the file names its lines hold. Restore writes no name Park could not
// have made: one with control or format characters or more than
// maxRestoredName bytes is made into a slug. A name Park made, or the
// seed's, is kept.
func TestRestoreNameFromLog(t *testing.T) {
	tests := []struct{ file, want string }{
		{"session-open-e\x1b]0;pwn\x07\nvil\u202e-2026-11-30.md", "e-0-pwn-vil"},
		{"session-open-tag\U000E0041\u00ad-2026-11-30.md", "tag"},
		{"session-open-" + strings.Repeat("a", 300) + "-2026-11-30.md", strings.Repeat("a", MaxSlug)},
		{"session-open-Dark_Mode.Toggle-2026-11-30.md", "Dark_Mode.Toggle"},
		{"session-open-retry-budget-2-2026-11-30.md", "retry-budget-2"},
	}
	for _, tt := range tests {
		s := newStore(t)
		text := "---\nname: restored\ndescription: Deferred - widget cache\ntype: project\n---\n\nDeferred: widget cache. Context: x.\n"
		l := LogLine{LogEntry: LogEntry{TS: "2026-11-30T10:00:00Z", Item: "restored", Action: ActionArchived}, File: tt.file, Text: text}
		if err := s.Log.Append(l); err != nil {
			t.Fatal(err)
		}
		r, _, err := s.Restore("widget cache")
		if err != nil || r.File != fileOf(tt.want) {
			t.Errorf("restore of %q: %+v %v, want %s", tt.file, r, err, fileOf(tt.want))
			continue
		}
		if got, _ := os.ReadFile(filepath.Join(s.Dir, r.File)); string(got) != text {
			t.Errorf("restored %q", got)
		}
	}
}

// An item whose bytes are not valid UTF-8 (a file written by hand in a
// Latin-1 editor) comes back byte for byte after archive and after expiry:
// the log line's text is JSON, which holds only UTF-8, so json.Marshal
// turned each bad byte into U+FFFD and restore wrote that back instead.
func TestRestoreInvalidUTF8(t *testing.T) {
	for _, expire := range []bool{false, true} {
		s := newStore(t)
		park(t, s, KindDeferred, "retry budget")
		path := filepath.Join(s.Dir, fileOf("retry-budget"))
		before, _ := os.ReadFile(path)
		before = append(before, "Caf\xe9 notes \xff\xfe\x00end\n"...)
		if err := os.WriteFile(path, before, 0o600); err != nil {
			t.Fatal(err)
		}
		if expire {
			old := s.Now().Add(-ExpireAge - day)
			os.Chtimes(path, old, old)
			if gone, err := s.Expire(); err != nil || len(gone) != 1 {
				t.Fatalf("expire: %v %v", gone, err)
			}
		} else if _, _, err := s.Archive("retry budget"); err != nil {
			t.Fatal(err)
		}
		r, _, err := s.Restore("retry budget")
		if err != nil {
			t.Fatal(err)
		}
		after, _ := os.ReadFile(filepath.Join(s.Dir, r.File))
		if string(after) != string(before) {
			t.Errorf("expire=%v: restored\n%q\nwas\n%q", expire, after, before)
		}
		for _, l := range logged(t, s) {
			if !utf8.ValidString(l.Text) {
				t.Errorf("log text is not UTF-8: %q", l.Text)
			}
		}
	}
}

// Restore reads and matches the log before it takes the memory dir's lock
// (issue 20, break 4): a long log must not hold every hook behind it.
// Here another process holds the lock while restore reads; restore then
// waits for the lock only to write.
func TestRestoreReadsOutsideTheLock(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "retry budget")
	if _, _, err := s.Archive("retry budget"); err != nil {
		t.Fatal(err)
	}
	held, err := lockedfile.Edit(filepath.Join(s.Dir, lockName))
	if err != nil {
		t.Fatal(err)
	}
	read := make(chan bool, 1)
	testRestoreRead = func() { read <- true }
	defer func() { testRestoreRead = nil }()
	s.LockWait = time.Hour
	done := make(chan error, 1)
	go func() {
		_, _, err := s.Restore("retry budget")
		done <- err
	}()
	select {
	case <-read:
	case err := <-done:
		t.Fatalf("restore finished while the lock was held: %v", err)
	case <-time.After(time.Minute): // a failure, not a speed check
		t.Fatal("restore did not read the log while another process held the lock")
	}
	held.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !exists(t, s.Dir, fileOf("retry-budget")) {
		t.Fatal("not restored")
	}
}

// Restore reads only the log's last maxRestoreScan bytes, and a step that
// raced it on the same item (between its read and its lock) makes it
// refuse rather than restore twice.
func TestRestoreBounded(t *testing.T) {
	s := newStore(t)
	for _, idea := range []string{"retry budget", "dark mode"} {
		park(t, s, KindDeferred, idea)
		if _, _, err := s.Archive(idea); err != nil {
			t.Fatal(err)
		}
	}
	fi, err := os.Stat(s.Log.Path)
	if err != nil {
		t.Fatal(err)
	}
	old := maxRestoreScan
	defer func() { maxRestoreScan = old }()
	maxRestoreScan = fi.Size() - 10 // the first line is cut: skipped
	if _, _, err := s.Restore("retry budget"); !errors.Is(err, ErrNoMatch) {
		t.Fatalf("restore of a line before the bound: %v", err)
	}
	s2 := Open(s.Dir, s.Now)
	s2.Log = s.Log
	testRestoreRead = func() {
		testRestoreRead = nil
		if _, _, err := s2.Restore("dark mode"); err != nil {
			t.Errorf("the racing restore: %v", err)
		}
	}
	defer func() { testRestoreRead = nil }()
	if _, _, err := s.Restore("dark mode"); !errors.Is(err, ErrLogChanged) {
		t.Fatalf("restore raced by another: %v", err)
	}
	if items, _ := s.List(); len(items) != 1 {
		t.Fatalf("%d items after the race, want 1", len(items))
	}
}
