package store

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// oldText is an item as an earlier version archived it, its text in the
// committed line.
func oldText(name, idea string) string {
	return "---\nname: " + name + "\ndescription: Deferred - " + idea + "\ntype: project\n---\n\nDeferred: " + idea + ". Context: secret-" + name + ".\n"
}

// oldLog writes a log as earlier versions left it: lines with their text
// (one not UTF-8, one with an id already), a line without text, a line
// openloop cannot read, and a line of today's format. It returns the
// texts by name.
func oldLog(t *testing.T, s *Store) map[string]string {
	t.Helper()
	texts := map[string]string{
		"lru-cache":   oldText("lru-cache", "an LRU cache for lookups"),
		"retry-queue": oldText("retry-queue", "a retry queue for uploads"),
		"latin-notes": oldText("latin-notes", "caf\xe9 notes in Latin-1"),
	}
	var lines []string
	add := func(l LogLine) {
		b, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	add(LogLine{LogEntry: LogEntry{TS: "2026-11-01T10:00:00Z", Item: "lru-cache", Action: ActionArchived}, File: "session-open-lru-cache-2026-10-30.md"}.withText(texts["lru-cache"]))
	lines = append(lines, `{"ts":"2026-11-01T11:00:00Z","item":"named-only","action":"archived"}`, `not json at all`)
	add(LogLine{LogEntry: LogEntry{TS: "2026-11-02T10:00:00Z", Item: "retry-queue", Action: ActionExpired}, File: "session-open-retry-queue-2026-10-01.md", ID: "0123456789abcdef"}.withText(texts["retry-queue"]))
	add(LogLine{LogEntry: LogEntry{TS: "2026-11-03T10:00:00Z", Item: "latin-notes", Action: ActionArchived}, File: "session-open-latin-notes-2026-11-01.md"}.withText(texts["latin-notes"]))
	lines = append(lines, `{"ts":"2026-11-04T10:00:00Z","item":"gone-elsewhere","action":"archived","id":"fedcba9876543210"}`)
	if err := os.MkdirAll(filepath.Dir(s.Log.Path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(s.Log.Path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return texts
}

// checkNoText fails when the committed log holds any of the texts, or a
// key that carries one.
func checkNoText(t *testing.T, s *Store, texts map[string]string) []byte {
	t.Helper()
	data, err := os.ReadFile(s.Log.Path)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"file":`, `"text":`, `"raw":`, "secret-", "Deferred", "session-open-"} {
		if bytes.Contains(data, []byte(k)) {
			t.Errorf("the committed log still holds %q:\n%s", k, data)
		}
	}
	return data
}

// restoreAll brings back each old item and checks its bytes.
func restoreAll(t *testing.T, s *Store, texts map[string]string) {
	t.Helper()
	gone, err := s.Restorable()
	if err != nil || len(gone) != len(texts) {
		t.Fatalf("restorable: %d items, want %d (%v)", len(gone), len(texts), err)
	}
	for name, text := range texts {
		r, _, err := s.Restore(name)
		if err != nil || r.Name != name {
			t.Fatalf("restore %s: %+v %v", name, r, err)
		}
		if got, _ := os.ReadFile(filepath.Join(s.Dir, r.File)); string(got) != text {
			t.Errorf("restored %s: %q, want %q", name, got, text)
		}
	}
}

// An earlier version's log is migrated: the committed file holds no user
// text afterwards, the lines without text are kept byte for byte, and
// restore brings back every item as it was (issue 21 §3).
func TestMigrateOldLog(t *testing.T) {
	s := newStore(t)
	texts := oldLog(t, s)
	n, err := s.MigrateLog()
	if err != nil || n != 3 {
		t.Fatalf("migrate: %d lines, %v; want 3", n, err)
	}
	data := checkNoText(t, s, texts)
	got := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(got) != 6 {
		t.Fatalf("the migrated log has %d lines, want 6:\n%s", len(got), data)
	}
	for i, want := range map[int]string{
		1: `{"ts":"2026-11-01T11:00:00Z","item":"named-only","action":"archived"}`,
		2: `not json at all`,
		3: `{"ts":"2026-11-02T10:00:00Z","item":"retry-queue","action":"expired","id":"0123456789abcdef"}`,
		5: `{"ts":"2026-11-04T10:00:00Z","item":"gone-elsewhere","action":"archived","id":"fedcba9876543210"}`,
	} {
		if got[i] != want {
			t.Errorf("line %d: %s, want %s", i+1, got[i], want)
		}
	}
	var first LogLine
	if err := json.Unmarshal([]byte(got[0]), &first); err != nil || first.ID == "" || first.Item != "lru-cache" || first.TS != "2026-11-01T10:00:00Z" {
		t.Errorf("line 1: %s (%v)", got[0], err)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(s.Log.Path), ".*")); len(left) != 0 {
		t.Errorf("files left beside the log: %v", left)
	}
	// Nothing left to move: the log is read, not rewritten.
	before, _ := os.Lstat(s.Log.Path)
	if n, err := s.MigrateLog(); n != 0 || err != nil {
		t.Errorf("second migrate: %d, %v", n, err)
	}
	if after, _ := os.Lstat(s.Log.Path); !os.SameFile(before, after) {
		t.Error("a log with nothing to move was rewritten")
	}
	restoreAll(t, s, texts)
	checkNoText(t, s, texts)
}

// The first archive after an upgrade migrates the log; the lines it
// moved are still restorable.
func TestArchiveMigrates(t *testing.T) {
	s := newStore(t)
	texts := oldLog(t, s)
	park(t, s, KindDeferred, "a fresh idea")
	if _, _, err := s.Archive("fresh idea"); err != nil {
		t.Fatal(err)
	}
	checkNoText(t, s, texts)
	gone, err := s.Restorable()
	if err != nil || len(gone) != 4 {
		t.Fatalf("restorable after archive: %d, %v", len(gone), err)
	}
}

// A log larger than restore reads is left as it is, and restore keeps
// reading its old lines.
func TestMigrateTooLarge(t *testing.T) {
	s := newStore(t)
	texts := oldLog(t, s)
	before, _ := os.ReadFile(s.Log.Path)
	old := maxRestoreScan
	maxRestoreScan = int64(len(before)) - 1
	defer func() { maxRestoreScan = old }()
	if n, err := s.MigrateLog(); n != 0 || err != nil {
		t.Fatalf("migrate of a log too large: %d, %v", n, err)
	}
	if after, _ := os.ReadFile(s.Log.Path); !bytes.Equal(before, after) {
		t.Fatal("a log too large to migrate was changed")
	}
	maxRestoreScan = old
	restoreAll(t, s, texts)
}

// A migration killed just before its rename leaves the old log, private
// lines no log line names yet, and its temp file: restore still brings
// every item back, once; the next migration sweeps the temp file and
// finishes.
func TestMigrateKilledBeforeRename(t *testing.T) {
	s := newStore(t)
	texts := oldLog(t, s)
	before, _ := os.ReadFile(s.Log.Path)
	testMigrateRename = func() { panic("killed") }
	func() {
		defer func() { recover() }()
		s.MigrateLog()
	}()
	testMigrateRename = nil
	if after, _ := os.ReadFile(s.Log.Path); !bytes.Equal(before, after) {
		t.Fatal("the log changed before the commit point")
	}
	if gone, err := s.Restorable(); err != nil || len(gone) != len(texts) {
		t.Fatalf("restorable after a killed migration: %d, %v", len(gone), err)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(s.Log.Path), migrateLead+"*")); len(left) != 1 {
		t.Fatalf("temp files of the killed migration: %v", left)
	}
	if n, err := s.MigrateLog(); n != 3 || err != nil {
		t.Fatalf("migrate after a killed one: %d, %v", n, err)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(s.Log.Path), ".*")); len(left) != 0 {
		t.Errorf("files left beside the log: %v", left)
	}
	checkNoText(t, s, texts)
	restoreAll(t, s, texts)
}

// An appender that locked the log just as a migration renamed a new one
// over it opens the log again: its line lands in the new log.
func TestAppendAfterRename(t *testing.T) {
	s := newStore(t)
	if err := s.Log.Append(LogLine{LogEntry: LogEntry{TS: "2026-12-01T10:00:00Z", Item: "first", Action: ActionArchived}}); err != nil {
		t.Fatal(err)
	}
	oldFile := s.Log.Path + ".old"
	if err := os.Link(s.Log.Path, oldFile); err != nil {
		t.Fatal(err)
	}
	renamed := false
	testLogLocked = func() {
		if renamed {
			return
		}
		renamed = true
		// What a migration does while this process waits for the lock.
		tmp := filepath.Join(filepath.Dir(s.Log.Path), migrateLead+"x")
		if err := os.WriteFile(tmp, []byte(`{"ts":"2026-12-01T10:00:00Z","item":"first","action":"archived","id":"0123456789abcdef"}`+"\n"), 0o600); err != nil {
			t.Error(err)
		}
		if err := os.Rename(tmp, s.Log.Path); err != nil {
			t.Error(err)
		}
	}
	defer func() { testLogLocked = nil }()
	if err := s.Log.Append(LogLine{LogEntry: LogEntry{TS: "2026-12-02T10:00:00Z", Item: "second", Action: ActionArchived}, ID: "aaaaaaaaaaaaaaaa"}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(s.Log.Path)
	want := `{"ts":"2026-12-01T10:00:00Z","item":"first","action":"archived","id":"0123456789abcdef"}` + "\n" +
		`{"ts":"2026-12-02T10:00:00Z","item":"second","action":"archived","id":"aaaaaaaaaaaaaaaa"}` + "\n"
	if string(got) != want {
		t.Errorf("log after the rename:\n%s\nwant:\n%s", got, want)
	}
	if old, _ := os.ReadFile(oldFile); strings.Contains(string(old), "second") {
		t.Error("the line went to the file renamed over")
	}
}

// A log migrated by another process between restore's read and its lock
// is read again: the offsets of the old file mean nothing in the new one,
// and the restore still lands.
func TestRestoreAfterMigrationMeanwhile(t *testing.T) {
	s := newStore(t)
	texts := oldLog(t, s)
	other := *s
	migrated, reads := 0, 0
	testRestoreRead = func() {
		reads++
		if migrated == 0 {
			migrated, _ = other.MigrateLog()
		}
	}
	defer func() { testRestoreRead = nil }()
	r, _, err := s.Restore("lru cache")
	if err != nil || r.Name != "lru-cache" || migrated != 3 || reads != 2 {
		t.Fatalf("restore: %+v %v (migrated %d, the log read %d times, want 2)", r, err, migrated, reads)
	}
	if got, _ := os.ReadFile(filepath.Join(s.Dir, r.File)); string(got) != texts["lru-cache"] {
		t.Errorf("restored %q", got)
	}
	checkNoText(t, s, texts)
}

// FuzzMigrateLog: whatever a committed log holds, a migration keeps every
// line it does not move byte for byte, leaves no line carrying text, and
// restore can bring back afterwards exactly what it could before.
func FuzzMigrateLog(f *testing.F) {
	f.Add([]byte(`{"ts":"2026-11-01T10:00:00Z","item":"a","action":"archived","file":"session-open-a-2026-11-01.md","text":"---\nname: a\ndescription: Deferred - a\ntype: project\n---\n\nDeferred: a.\n"}` + "\n"))
	f.Add([]byte(`{"ts":"x","item":"b","action":"expired","raw":"/w==","text":"\ufffd"}` + "\nnot json\n" + `{"text":5}` + "\n" + `{"file":"","text":"","id":"1"}`))
	f.Add([]byte(`{"ts":"2026-11-01T10:00:00Z","item":"c","action":"archived","id":"0123456789abcdef"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s := newStore(t)
		if err := os.MkdirAll(filepath.Dir(s.Log.Path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(s.Log.Path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		before, err := s.Restorable()
		if err != nil {
			t.Fatal(err)
		}
		n, err := s.MigrateLog()
		if err != nil {
			t.Fatal(err)
		}
		after, err := os.ReadFile(s.Log.Path)
		if err != nil {
			t.Fatal(err)
		}
		oldLines := strings.SplitAfter(string(data), "\n")
		newLines := strings.SplitAfter(string(after), "\n")
		if len(oldLines) != len(newLines) {
			t.Fatalf("%d lines became %d", len(oldLines), len(newLines))
		}
		moved := 0
		for i, l := range oldLines {
			if _, ok := oldLine([]byte(strings.TrimSuffix(l, "\n"))); ok {
				moved++
				if _, still := oldLine([]byte(strings.TrimSuffix(newLines[i], "\n"))); still {
					t.Errorf("line %d still carries text: %q", i+1, newLines[i])
				}
			} else if newLines[i] != l {
				t.Errorf("line %d changed: %q became %q", i+1, l, newLines[i])
			}
		}
		if moved != n {
			t.Errorf("moved %d lines, reported %d", moved, n)
		}
		got, err := s.Restorable()
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(before) {
			t.Fatalf("restorable: %d items before, %d after", len(before), len(got))
		}
		for i := range got {
			if got[i].text != before[i].text || got[i].Name != before[i].Name || got[i].Action != before[i].Action {
				t.Errorf("item %d: %q (%s) became %q (%s)", i, before[i].text, before[i].Name, got[i].text, got[i].Name)
			}
		}
	})
}
