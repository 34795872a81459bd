package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An item an earlier version archived (its text in the committed line)
// restores, and its later steps, whose text is in the private file, are
// the same item: restored, archived again, restored again, and never
// listed twice (issue 21 §3: migrate without losing anything).
func TestRestoreOldAndNewLines(t *testing.T) {
	s := newStore(t)
	text := "---\nname: lru-cache\ndescription: Side idea - an LRU cache for lookups\ntype: project\n---\n\nSide idea: an LRU cache for lookups. Raised while: profiling.\n"
	old := LogLine{LogEntry: LogEntry{TS: "2026-11-20T10:00:00Z", Item: "lru-cache", Action: ActionArchived}, File: "session-open-lru-cache-2026-11-01.md"}.withText(text)
	if err := s.Log.Append(old); err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 2; round++ {
		if gone, _ := s.Restorable(); len(gone) != 1 || gone[0].Name != "lru-cache" {
			t.Fatalf("round %d: restorable %+v", round, gone)
		}
		if r, _, err := s.Restore("lru cache"); err != nil || r.Name != "lru-cache" {
			t.Fatalf("round %d: restore %+v %v", round, r, err)
		}
		if got, _ := os.ReadFile(filepath.Join(s.Dir, fileOf("lru-cache"))); string(got) != text {
			t.Fatalf("round %d: restored %q", round, got)
		}
		if gone, _ := s.Restorable(); len(gone) != 0 {
			t.Fatalf("round %d: restored, still restorable: %+v", round, gone)
		}
		if _, _, err := s.Restore("lru cache"); !errors.Is(err, ErrNoMatch) && !errors.Is(err, ErrNothingLogged) {
			t.Fatalf("round %d: restore of an open item: %v", round, err)
		}
		if _, _, err := s.Archive("lru cache"); err != nil {
			t.Fatal(err)
		}
	}
	data, _ := os.ReadFile(s.Log.Path)
	if n := strings.Count(string(data), "profiling"); n != 0 {
		t.Errorf("the committed log holds the text %d times; the first archive moves the earlier version's line to the private file", n)
	}
}

// A private line whose id never reached the committed log (a step killed
// between the two) is not something restore can bring back.
func TestPrivateLineWithoutCommit(t *testing.T) {
	s := newStore(t)
	l := logLine(testNow, Item{Name: "ghost", File: fileOf("ghost")}, ActionArchived, "---\nname: ghost\ndescription: Deferred - ghost\ntype: project\n---\n\nDeferred: ghost. Context: c.\n", newID())
	if err := s.Log.appendPrivate(l); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Restore("ghost"); !errors.Is(err, ErrNothingLogged) {
		t.Fatalf("restore of an uncommitted step: %v", err)
	}
}

// Without a private file archive refuses and the item stays: its text
// would otherwise go nowhere, or into the committed log.
func TestArchiveNeedsPrivateFile(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "retry budget")
	s.Log.Private = ""
	if _, _, err := s.Archive("retry budget"); err == nil {
		t.Fatal("archived without a private file")
	}
	if !exists(t, s.Dir, fileOf("retry-budget")) {
		t.Fatal("the item is gone")
	}
	if _, err := os.Stat(s.Log.Path); err == nil {
		t.Fatal("the committed log was written")
	}
}

// A private text file that restore cannot read (a folder, a symlink
// planted at it) fails restore with one error
// that names it as the private text file, not as the log.
func TestPrivateFileNamedInErrors(t *testing.T) {
	for _, plant := range []string{"folder", "symlink"} {
		t.Run(plant, func(t *testing.T) {
			s := newStore(t)
			park(t, s, KindDeferred, "retry budget")
			if _, _, err := s.Archive("retry budget"); err != nil {
				t.Fatal(err)
			}
			p := s.Log.Private
			if err := os.Rename(p, p+".bak"); err != nil {
				t.Fatal(err)
			}
			var err error
			switch plant {
			case "folder":
				err = os.Mkdir(p, 0o700)
			case "symlink":
				err = os.Symlink(p+".bak", p)
			}
			if err != nil {
				t.Skip(err)
			}
			_, _, err = s.Restore("retry budget")
			if err == nil || !strings.HasPrefix(err.Error(), "refusing to read the private text file: ") {
				t.Fatalf("restore: %v, want refusing to read the private text file", err)
			}
			if _, err := s.RestoreList(); err == nil || !strings.Contains(err.Error(), "private text file") {
				t.Fatalf("restore --list: %v", err)
			}
		})
	}
}
