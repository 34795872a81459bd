package store

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// age sets an item file's time days before the test clock.
func age(t *testing.T, s *Store, file string, days float64) {
	t.Helper()
	at := testNow.Add(-time.Duration(days * float64(day)))
	if err := os.Chtimes(filepath.Join(s.Dir, file), at, at); err != nil {
		t.Fatal(err)
	}
}

// logged returns the log's lines.
func logged(t *testing.T, s *Store) []LogLine {
	t.Helper()
	var out []LogLine
	if err := s.Log.Scan(func(l LogLine) bool { out = append(out, l); return true }); err != nil {
		t.Fatal(err)
	}
	return out
}

// privateLines reads the private text file's lines.
func privateLines(t *testing.T, s *Store) []LogLine {
	t.Helper()
	var out []LogLine
	if err := s.Log.private().Scan(func(l LogLine) bool { out = append(out, l); return true }); err != nil {
		t.Fatal(err)
	}
	return out
}

// Expiry logs each item it deletes, with action "expired" and its whole
// text, so that nothing vanishes without a trace.
func TestExpireLogs(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "old idea")
	park(t, s, KindDeferred, "young idea")
	age(t, s, fileOf("old-idea"), 30)
	age(t, s, fileOf("young-idea"), 29.9)
	text, _ := os.ReadFile(filepath.Join(s.Dir, fileOf("old-idea")))
	gone, err := s.Expire()
	if err != nil || strings.Join(gone, ",") != fileOf("old-idea") {
		t.Fatalf("Expire = %v, %v", gone, err)
	}
	lines := logged(t, s)
	if len(lines) != 1 {
		t.Fatalf("%d log lines", len(lines))
	}
	want := LogLine{LogEntry: LogEntry{TS: "2026-12-02T10:00:00Z", Item: "old-idea", Action: "expired"}, ID: lines[0].ID}
	if lines[0] != want {
		t.Errorf("log line %+v\nwant %+v", lines[0], want)
	}
	want.File, want.Text = fileOf("old-idea"), string(text)
	if p := privateLines(t, s); len(p) != 1 || p[0] != want {
		t.Errorf("private lines %+v\nwant %+v", p, want)
	}
	if exists(t, s.Dir, fileOf("old-idea")) || !exists(t, s.Dir, fileOf("young-idea")) {
		t.Error("wrong items expired")
	}
	// And restore brings it back.
	if r, _, err := s.Restore("old idea"); err != nil || r.Name != "old-idea" {
		t.Fatalf("restore: %+v %v", r, err)
	}
	noTemps(t, s.Dir)
}

// Expiry never deletes an item it cannot read whole: its text could not be
// logged. An item over 1 MiB is such an item for root too.
func TestExpireTooBig(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "keep")
	big := fileOf("big")
	os.WriteFile(filepath.Join(s.Dir, big), []byte("---\nname: big\n---\n"+strings.Repeat("x", maxRead)), 0o600)
	age(t, s, big, 40)
	gone, err := s.Expire()
	if err != nil || len(gone) != 0 || !exists(t, s.Dir, big) || len(logged(t, s)) != 0 {
		t.Fatalf("Expire = %v, %v; item there: %v", gone, err, exists(t, s.Dir, big))
	}
	if _, _, err := s.Archive("big"); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("archive of a 1 MiB item: %v", err)
	}
	if !exists(t, s.Dir, big) {
		t.Error("archive deleted an item whose text it could not log")
	}
	noTemps(t, s.Dir)
}

// An item that cannot be opened is judged by its real age (from the
// directory), and never deleted, young or old. chmod 0 does not stop root:
// internal/e2etest's TestExpireUnreadableItem runs the binary as nobody.
func TestExpireUnreadable(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "young")
	park(t, s, KindDeferred, "old")
	age(t, s, fileOf("old"), 40)
	for _, n := range []string{"young", "old"} {
		p := filepath.Join(s.Dir, fileOf(n))
		os.Chmod(p, 0)
		defer os.Chmod(p, 0o600)
		if f, err := os.Open(p); err == nil {
			f.Close()
			t.Skip("chmod 0 does not stop this user (root): TestExpireUnreadableItem in internal/e2etest covers it as nobody")
		}
	}
	if gone, err := s.Expire(); err != nil || len(gone) != 0 {
		t.Fatalf("Expire = %v, %v", gone, err)
	}
	items, _ := s.List()
	if len(items) != 2 || s.Age(items[1]) != 40 {
		t.Fatalf("after Expire: %+v", items)
	}
}

// A symlink or an empty folder planted at an old item's name, with old
// times of their own, is not an item: expiry never deletes it.
func TestExpireIgnoresPlanted(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "keep")
	target := filepath.Join(t.TempDir(), "session-open-bait-2026-01-01.md")
	os.WriteFile(target, []byte("---\nname: bait\n---\n"), 0o600)
	old := testNow.Add(-90 * day)
	os.Chtimes(target, old, old)
	link := filepath.Join(s.Dir, "session-open-link-2026-01-01.md")
	if err := os.Symlink(target, link); err != nil {
		t.Skip(err)
	}
	if out, err := exec.Command("touch", "-h", "-d", fmt.Sprintf("@%d", old.Unix()), link).CombinedOutput(); err != nil {
		t.Skipf("cannot set a symlink's own time: %v %s", err, out)
	}
	dir := filepath.Join(s.Dir, "session-open-folder-2026-01-01.md")
	os.Mkdir(dir, 0o700)
	os.Chtimes(dir, old, old)
	if gone, err := s.Expire(); err != nil || len(gone) != 0 {
		t.Fatalf("Expire = %v, %v", gone, err)
	}
	for _, p := range []string{link, dir, target} {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("deleted: %v", err)
		}
	}
}

// With nothing to expire, settle or sweep, Expire does not even take the
// lock (SessionEnd's budget is 1.5 s, and a lock can be held). An old
// folder planted at an item's name is nothing to expire.
func TestExpireNothingToDo(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "fresh")
	dir := filepath.Join(s.Dir, "session-open-folder-2026-01-01.md")
	os.Mkdir(dir, 0o700)
	os.Chtimes(dir, testNow.Add(-90*day), testNow.Add(-90*day))
	os.Remove(filepath.Join(s.Dir, lockName))
	os.Symlink("/nonexistent/lock", filepath.Join(s.Dir, lockName)) // a lock that cannot be taken
	if gone, err := s.Expire(); err != nil || len(gone) != 0 {
		t.Fatalf("Expire = %v, %v", gone, err)
	}
}
