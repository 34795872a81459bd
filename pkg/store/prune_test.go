package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// privLine is a private line as a step writes it: ts, the id, a text.
func privLine(ts, id, extra string) string {
	return fmt.Sprintf(`{"ts":%q,"item":"x","action":"archived","file":"session-open-x-2026-11-01.md","text":"---\nname: x\n---\n"%s,"id":%q}`, ts, extra, id) + "\n"
}

// Pruning keeps exactly the private lines restore can still reach (their
// id in the log's last 16 MiB) and those whose log line is missing for
// less than 90 days (counted from the later of the step and its
// migration), and drops every other line; it rewrites the file only when
// what it drops is a quarter of it or more.
func TestPrunePrivate(t *testing.T) {
	const (
		logged  = "00000000000000a1"
		logged2 = "00000000000000a2"
		orphan  = "00000000000000b1"
		recent  = "2026-11-30T10:00:00Z" // 2 days before testNow
		old     = "2026-08-01T10:00:00Z" // 123 days before
		edge    = "2026-09-03T10:00:01Z" // 1 second under 90 days
		over    = "2026-09-03T10:00:00Z" // exactly 90 days
	)
	pad := strings.Repeat("p", 2000) // makes one dropped line weigh a quarter
	tests := []struct {
		name    string
		log     []string // ids in the committed log
		private []string
		want    []int // indexes of the private lines that remain
	}{
		{"logged, any age", []string{logged}, []string{privLine(old, logged, ""), privLine(old, orphan, "")}, []int{0}},
		{"orphan under 90 days", nil, []string{privLine(edge, orphan, ""), privLine(old, orphan, "")}, []int{0}},
		{"orphan of 90 days", nil, []string{privLine(over, orphan, ""), privLine(recent, logged, "")}, []int{1}},
		{"migrated lately", nil, []string{privLine(old, orphan, `,"kept":"`+recent+`"`), privLine(old, logged, "")}, []int{0}},
		{"migrated long ago", nil, []string{privLine(old, orphan, `,"kept":"`+old+`"`), privLine(recent, logged, "")}, []int{1}},
		{"not JSON", []string{logged}, []string{"not json " + pad + "\n", privLine(old, logged, "")}, []int{1}},
		{"no id", []string{logged}, []string{privLine(recent, "", ""), privLine(old, logged, "")}, []int{1}},
		{"undated orphan", nil, []string{privLine("yesterday", orphan, ""), privLine(recent, logged, "")}, []int{1}},
		{"cut short by a kill", []string{logged}, []string{privLine(old, logged, ""), `{"ts":"` + recent + `","item":"x","id":"` + logged2 + `","text":"` + pad}, []int{0}},
		{"longer than any line", []string{logged}, []string{privLine(old, logged, ""), `{"id":"` + orphan + `","ts":"` + recent + `","text":"` + strings.Repeat("y", maxLogLine) + "\"}\n"}, []int{0}},
		{"nothing to drop", []string{logged, logged2}, []string{privLine(old, logged, ""), privLine(old, logged2, "")}, []int{0, 1}},
		{"less than a quarter to drop", []string{logged, logged2}, []string{privLine(old, logged, `,"pad":"`+pad[:1000]+`"`), privLine(old, orphan, ""), privLine(old, logged2, `,"pad":"`+pad[:1000]+`"`)}, []int{0, 1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore(t)
			for _, id := range tt.log {
				if err := s.Log.Append(LogLine{LogEntry: LogEntry{TS: old, Item: "x", Action: ActionArchived}, ID: id}); err != nil {
					t.Fatal(err)
				}
			}
			writePrivate(t, s, strings.Join(tt.private, ""))
			before, _ := os.Stat(s.Log.Private)
			if _, err := s.prunePrivate(); err != nil {
				t.Fatal(err)
			}
			var want string
			for _, i := range tt.want {
				want += tt.private[i]
			}
			got, err := os.ReadFile(s.Log.Private)
			if err != nil || string(got) != want {
				t.Fatalf("kept\n%.300q\nwant\n%.300q (%v)", got, want, err)
			}
			after, _ := os.Stat(s.Log.Private)
			if rewritten := !os.SameFile(before, after); rewritten != (len(tt.want) < len(tt.private)) {
				t.Errorf("rewritten: %v", rewritten)
			}
			if after.Mode().Perm() != 0o600 {
				t.Errorf("mode %v", after.Mode().Perm())
			}
			if left, _ := filepath.Glob(filepath.Join(filepath.Dir(s.Log.Private), ".*")); len(left) != 0 {
				t.Errorf("temp files left: %v", left)
			}
		})
	}
}

// writePrivate makes the private file hold data.
func writePrivate(t *testing.T, s *Store, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(s.Log.Private), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(s.Log.Private, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

// The bounds of what restore reads: a text whose log line is older than
// the log's last maxRestoreScan bytes is dropped (restore cannot reach
// it), and of the rest only the last maxPrivateScan bytes are kept.
func TestPruneBounds(t *testing.T) {
	defer func(r, p int64) { maxRestoreScan, maxPrivateScan = r, p }(maxRestoreScan, maxPrivateScan)
	s := newStore(t)
	var priv []string
	for i := range 6 {
		id := fmt.Sprintf("%016x", i+1)
		if err := s.Log.Append(LogLine{LogEntry: LogEntry{TS: "2026-08-01T10:00:00Z", Item: "x", Action: ActionArchived}, ID: id}); err != nil {
			t.Fatal(err)
		}
		priv = append(priv, privLine("2026-08-01T10:00:00Z", id, ""))
	}
	writePrivate(t, s, strings.Join(priv, ""))
	fi, _ := os.Stat(s.Log.Path)
	maxRestoreScan = fi.Size() / 2             // the last 3 log lines (less a cut one)
	maxPrivateScan = int64(2*len(priv[0]) + 1) // 2 private lines
	if n, err := s.prunePrivate(); err != nil || n != 4 {
		t.Fatalf("pruned %d, %v", n, err)
	}
	got, _ := os.ReadFile(s.Log.Private)
	if want := priv[4] + priv[5]; string(got) != want {
		t.Fatalf("kept\n%s\nwant\n%s", got, want)
	}
	// What is kept is what restore reads.
	if l, err := s.RestoreList(); err != nil || len(l.Items) != 1 {
		t.Fatalf("restorable after pruning: %+v %v", l, err)
	}
}

// Archive and restore prune; a text restore can bring back survives
// every archive, restore and pruning, byte for byte.
func TestArchivePrunes(t *testing.T) {
	s := newStore(t)
	var junk strings.Builder
	for i := range 50 {
		junk.WriteString(privLine("2026-01-01T10:00:00Z", fmt.Sprintf("%016x", i+1), ""))
	}
	writePrivate(t, s, junk.String())
	park(t, s, KindDeferred, "retry budget for uploads")
	want, _ := os.ReadFile(filepath.Join(s.Dir, fileOf("retry-budget-for-uploads")))
	if _, _, err := s.Archive("retry budget"); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(s.Log.Private)
	if strings.Contains(string(got), "2026-01-01") || strings.Count(string(got), "\n") != 1 {
		t.Fatalf("archive left the private file\n%s", got)
	}
	if _, _, err := s.Restore("retry budget"); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(s.Dir, fileOf("retry-budget-for-uploads"))); string(got) != string(want) {
		t.Fatalf("restored %q, want %q", got, want)
	}
}

// A pruning killed just before its rename leaves the old file, whole,
// and its temp file, which the next pruning removes; killed just after,
// the new one. Either way restore brings back the same.
func TestPruneKilled(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "retry budget for uploads")
	if _, _, err := s.Archive("retry budget"); err != nil {
		t.Fatal(err)
	}
	kept, _ := os.ReadFile(s.Log.Private)
	junk := strings.Repeat(privLine("2026-01-01T10:00:00Z", "00000000000000ff", ""), 20)
	writePrivate(t, s, junk+string(kept))
	testPruneRename = func() { panic("killed") }
	func() {
		defer func() { recover() }()
		s.prunePrivate()
	}()
	testPruneRename = nil
	if got, _ := os.ReadFile(s.Log.Private); string(got) != junk+string(kept) {
		t.Fatal("the old file changed before the rename")
	}
	temps, _ := filepath.Glob(filepath.Join(filepath.Dir(s.Log.Private), pruneLead+"*"))
	if len(temps) != 1 {
		t.Fatalf("temp files: %v", temps)
	}
	if l, _ := s.RestoreList(); len(l.Items) != 1 {
		t.Fatalf("restorable with the old file: %+v", l)
	}
	if _, err := s.prunePrivate(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(s.Log.Private); string(got) != string(kept) {
		t.Fatalf("after the next pruning\n%s", got)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(s.Log.Private), ".*")); len(left) != 0 {
		t.Fatalf("temp files left: %v", left)
	}
	if l, _ := s.RestoreList(); len(l.Items) != 1 {
		t.Fatalf("restorable with the new file: %+v", l)
	}
}

// A log that cannot be read (a symlink planted at .claude/logs) prunes
// nothing: without it nothing can be decided.
func TestPruneUnreadableLog(t *testing.T) {
	s := newStore(t)
	data := strings.Repeat(privLine("2026-01-01T10:00:00Z", "00000000000000ff", ""), 5)
	writePrivate(t, s, data)
	if err := os.MkdirAll(filepath.Join(s.Log.Root, ".claude"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(t.TempDir(), filepath.Join(s.Log.Root, ".claude", "logs")); err != nil {
		t.Skip(err)
	}
	if _, err := s.prunePrivate(); err == nil {
		t.Error("pruned with a log it refused to read")
	}
	if got, _ := os.ReadFile(s.Log.Private); string(got) != data {
		t.Fatal("the private file changed")
	}
}

// A migration dates its copies (kept): a text migrated today from a line
// of long ago is kept 90 days even when the log no longer names it (the
// migrated log on another branch), while an equally old orphan goes.
func TestPruneKeepsLatelyMigrated(t *testing.T) {
	s := newStore(t)
	text := "---\nname: lru-cache\ndescription: Side idea - an LRU cache\ntype: project\n---\n\nSide idea: an LRU cache. Raised while: profiling.\n"
	old := LogLine{LogEntry: LogEntry{TS: "2025-01-20T10:00:00Z", Item: "lru-cache", Action: ActionArchived}, File: "session-open-lru-cache-2025-01-01.md"}.withText(text)
	if err := s.Log.Append(old); err != nil {
		t.Fatal(err)
	}
	if n, err := s.MigrateLog(); err != nil || n != 1 {
		t.Fatalf("migrated %d, %v", n, err)
	}
	migrated, _ := os.ReadFile(s.Log.Private)
	junk := strings.Repeat(privLine("2025-01-20T10:00:00Z", "00000000000000ff", ""), 4)
	writePrivate(t, s, junk+string(migrated))
	if err := os.WriteFile(s.Log.Path, nil, 0o600); err != nil { // the log as on a branch without it
		t.Fatal(err)
	}
	if _, err := s.prunePrivate(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(s.Log.Private); string(got) != string(migrated) {
		t.Fatalf("kept\n%s\nwant\n%s", got, migrated)
	}
}

// FuzzPrivateFields: the fields a pruning reads of a line (of the
// committed log, which a cloned repository can fill, or of the private
// file) are the ones encoding/json reads, whenever it reads the line as
// an object. A line it cannot read is read only when shaped as openloop
// writes its lines: restore skips it, so keeping its text costs room,
// never a text.
func FuzzPrivateFields(f *testing.F) {
	f.Add([]byte(privLine("2026-12-02T10:00:00Z", "00000000000000a1", "")))
	f.Add([]byte(`{"ts":"2026-12-02T10:00:00Z","item":"x","action":"archived","id":"3f9a0c2d41b7e866"}`))
	f.Add([]byte(`{"ts":"2026-12-02T10:00:00Z","item":"x","action":"archived","text":"a","id":"a1","kept":"2026-12-02T11:00:00Z"}` + "\n"))
	f.Add([]byte(`{"ts":"a","kept":"b","id":"c"}`))
	f.Add([]byte(`{"ts":"a","ts":"b","id":"c"}`))
	f.Add([]byte(`{"ts":"a","text":"\",\"id\":\"x","id":"c"}`))
	f.Add([]byte(`{"ts":"a","id":"c","id":"d"}`))
	f.Add([]byte(`{"ts":"a","id":"c\u0041"}`))
	f.Add([]byte(`not json`))
	f.Fuzz(func(t *testing.T, line []byte) {
		id, ts, kept, ok := privateFields(line)
		var l LogLine
		err := json.Unmarshal(line, &l)
		if err != nil {
			if ok && !bytes.HasPrefix(line, []byte(`{"ts":"`)) {
				t.Fatalf("read %q, which is not JSON", line)
			}
			return
		}
		if !bytes.HasPrefix(bytes.TrimLeft(line, " \t\r\n"), []byte("{")) {
			return // JSON, but not an object: restore reads nothing in it
		}
		if !ok || id != l.ID || ts != l.TS || kept != l.Kept {
			t.Fatalf("read id %q ts %q kept %q (%v), encoding/json %q %q %q", id, ts, kept, ok, l.ID, l.TS, l.Kept)
		}
	})
}

// An append that waited for the private file's lock while a pruning
// replaced the file lands in the new file, not in the one renamed over
// (the same lock discipline as the log's: lockLog).
func TestPruneAppendWaits(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "retry budget for uploads")
	if _, _, err := s.Archive("retry budget"); err != nil {
		t.Fatal(err)
	}
	kept, _ := os.ReadFile(s.Log.Private)
	writePrivate(t, s, strings.Repeat(privLine("2026-01-01T10:00:00Z", "00000000000000ff", ""), 20)+string(kept))
	late := logLine(testNow, Item{Name: "late", File: fileOf("late")}, ActionArchived, "---\nname: late\n---\n", "00000000000000ee")
	done := make(chan error, 1)
	testPruneRename = func() {
		go func() { done <- s.Log.appendPrivate(late) }()
		time.Sleep(50 * time.Millisecond) // lets the append reach the lock; the result does not depend on it
	}
	defer func() { testPruneRename = nil }()
	if _, err := s.prunePrivate(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(s.Log.Private)
	if !strings.HasPrefix(string(got), string(kept)) || !strings.Contains(string(got), `"id":"00000000000000ee"`) || strings.Contains(string(got), "00000000000000ff") {
		t.Fatalf("after the pruning and the append:\n%s", got)
	}
}

// A log line restore reads is one pruning reads too: the committed log
// is anyone's to edit, and a line indented by hand, or ending in a
// carriage return (a checkout with CRLF line ends), still names its text
// to restore (encoding/json skips the whitespace), so pruning keeps it.
func TestPruneReadsLogLinesAsRestoreDoes(t *testing.T) {
	const (
		id     = "00000000000000a1"
		orphan = "00000000000000b1"
		old    = "2026-08-01T10:00:00Z" // 123 days before testNow
	)
	for name, line := range map[string]string{
		"indented":  `  {"ts":"` + old + `","item":"x","action":"archived","id":"` + id + `"}` + "\n",
		"tabbed":    "\t" + `{"ts":"` + old + `","item":"x","action":"archived","id":"` + id + `"}` + "\n",
		"crlf":      `{"ts":"` + old + `","item":"x","action":"archived","id":"` + id + `"}` + "\r\n",
		"spaced in": `{ "ts": "` + old + `", "item": "x", "action": "archived", "id": "` + id + `" }` + "\n",
	} {
		t.Run(name, func(t *testing.T) {
			s := newStore(t)
			if err := os.MkdirAll(filepath.Dir(s.Log.Path), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(s.Log.Path, []byte(line), 0o600); err != nil {
				t.Fatal(err)
			}
			writePrivate(t, s, privLine(old, id, "")+privLine(old, orphan, ""))
			if l, err := s.RestoreList(); err != nil || len(l.Items) != 1 {
				t.Fatalf("before pruning, restore reads %+v, %v; want the one item", l.Items, err)
			}
			if _, err := s.prunePrivate(); err != nil {
				t.Fatal(err)
			}
			if l, err := s.RestoreList(); err != nil || len(l.Items) != 1 {
				got, _ := os.ReadFile(s.Log.Private)
				t.Fatalf("after pruning, restore reads %+v, %v; the private file holds %q", l.Items, err, got)
			}
		})
	}
}
