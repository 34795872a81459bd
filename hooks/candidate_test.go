package hooks

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openloop/openloop/pkg/candidates"
	"github.com/openloop/openloop/pkg/store"
)

// Candidates outlive SessionEnd's removal of the session's state, and go
// with stale state once unchanged for 30 days.
func TestCandidatesPrunedLikeStaleState(t *testing.T) {
	cfg := t.TempDir()
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	for _, s := range []string{"old", "new"} {
		if err := candidates.Add(cfg, candidates.Candidate{Kind: "deferred", Idea: "dark mode", Root: "/p", Session: s, TS: now}); err != nil {
			t.Fatal(err)
		}
	}
	dir, _ := stateFolder(cfg, false)
	old := filepath.Join(dir, "old"+candidates.Ext)
	at := now.Add(-31 * 24 * time.Hour)
	os.Chtimes(old, at, at)
	pruneStates(cfg, now)
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("a 31-day-old candidates file is still there: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "new"+candidates.Ext)); err != nil {
		t.Errorf("a fresh one was pruned: %v", err)
	}
}

// A lock file is as old as the session that made it, not as the last
// time it was held: pruning keeps it while the file it guards is there,
// and removes it once that has gone.
func TestPruneKeepsLocksOfLiveFiles(t *testing.T) {
	cfg := t.TempDir()
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	if err := candidates.Add(cfg, candidates.Candidate{Kind: "deferred", Idea: "dark mode", Root: "/p", Session: "long", TS: now}); err != nil {
		t.Fatal(err)
	}
	dir, _ := stateFolder(cfg, false)
	data := "long" + candidates.Ext
	old := now.Add(-40 * 24 * time.Hour)
	for _, n := range []string{"." + data + ".lock", ".numbers.lock", ".numbers-0123456789abcdef", ".gone" + candidates.Ext + ".lock"} {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, old, old)
	}
	os.Chtimes(filepath.Join(dir, data), now, now)
	os.Chtimes(filepath.Join(dir, ".numbers-0123456789abcdef"), now, now)
	pruneStates(cfg, now)
	for n, want := range map[string]bool{
		"." + data + ".lock": true, ".numbers.lock": true, ".numbers-0123456789abcdef": true,
		".gone" + candidates.Ext + ".lock": false, data: true,
	} {
		_, err := os.Stat(filepath.Join(dir, n))
		if got := err == nil; got != want {
			t.Errorf("%s: there after pruning = %v, want %v", n, got, want)
		}
	}
	// Once what they guard is old and gone, the locks go too.
	os.Chtimes(filepath.Join(dir, data), old, old)
	os.Chtimes(filepath.Join(dir, ".numbers-0123456789abcdef"), old, old)
	pruneStates(cfg, now)
	pruneStates(cfg, now)
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		var left []string
		for _, e := range ents {
			left = append(left, e.Name())
		}
		t.Errorf("left after the guarded files went: %v", left)
	}
}

// A lock whose guarded file has gone is pruned only when no process holds
// it: a session that took a candidates file's old lock to write its first
// candidate in a while (its file pruned since) keeps it, and a process
// that waits for it never ends up holding a file no longer in the folder
// while another locks a new one.
func TestPruneKeepsAHeldLock(t *testing.T) {
	cfg := t.TempDir()
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	dir, err := stateFolder(cfg, true)
	if err != nil {
		t.Fatal(err)
	}
	lock := filepath.Join(dir, ".back"+candidates.Ext+".lock")
	if err := os.WriteFile(lock, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	old := now.Add(-40 * 24 * time.Hour)
	os.Chtimes(lock, old, old)
	unlock, err := store.LockFile(lock, time.Second, "candidates")
	if err != nil {
		t.Fatal(err)
	}
	pruneStates(cfg, now)
	if _, err := os.Lstat(lock); err != nil {
		t.Errorf("a held lock was pruned: %v", err)
	}
	unlock()
	// The first pruning's wait for the lock may still take it when let
	// go: the second waits for that, however long the machine takes.
	defer func(w time.Duration) { pruneLockWait = w }(pruneLockWait)
	pruneLockWait = time.Minute
	pruneStates(cfg, now)
	if _, err := os.Lstat(lock); err == nil {
		t.Error("an old lock no one holds, guarding nothing, was not pruned")
	}
}

// After a compaction: this session's items only (by the session id the
// item records, not by its age: another session's item parked a minute
// ago is not this one's), 10 lines at most, the last of them counting the
// others; nothing when there are none or the session is unknown.
func TestCompactItemsBounded(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	s := store.Open(dir, func() time.Time { return now })
	if got, n := compactItems(s, nil, "s1", "/session"); got != "" || n != 0 {
		t.Fatalf("no items: %q", got)
	}
	var items []store.Item
	for i := range 14 {
		items = append(items, store.Item{File: fmt.Sprintf("session-open-i%d-2026-12-02.md", i), Name: fmt.Sprintf("i%d", i), Description: strings.Repeat("d", 1000), ModTime: now.Add(-48 * time.Hour), Session: "s1"})
	}
	items = append(items, store.Item{File: "session-open-other-2026-12-02.md", Name: "other", ModTime: now, Session: "s2"},
		store.Item{File: "session-open-unknown-2026-12-02.md", Name: "unknown", ModTime: now})
	text, n := compactItems(s, items, "s1", "/session")
	got := strings.Split(text, "\n")
	if len(got) != maxCompactLines || got[len(got)-1] != "- … and 6 more (/session resume lists them)" {
		t.Fatalf("%d lines, last %q", len(got), got[len(got)-1])
	}
	if n != 14 {
		t.Errorf("count %d, want all 14 of the session's items", n)
	}
	for _, l := range got {
		if len(l) > maxCompactLine || strings.Contains(l, "other") || strings.Contains(l, "unknown") {
			t.Errorf("line %q", l[:40])
		}
	}
	if got, _ := compactItems(s, items, "", "/session"); got != "" {
		t.Errorf("unknown session: %q", got)
	}
	if got, _ := compactItems(s, items, "s2", "/session"); !strings.HasSuffix(got, "\n- [ ] other — (no description)") {
		t.Errorf("session s2: %q", got)
	}
}
