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

// After a compaction: this session's items only, 10 lines at most, the
// last of them counting the others; nothing when there are none.
func TestCompactItemsBounded(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	s := store.Open(dir, func() time.Time { return now })
	start := now.Add(-time.Hour)
	if got := compactItems(s, nil, start, now, "/session"); got != "" {
		t.Fatalf("no items: %q", got)
	}
	var items []store.Item
	for i := range 14 {
		items = append(items, store.Item{File: fmt.Sprintf("session-open-i%d-2026-12-02.md", i), Name: fmt.Sprintf("i%d", i), Description: strings.Repeat("d", 1000), ModTime: now})
	}
	items = append(items, store.Item{File: "session-open-old-2026-12-01.md", Name: "old", ModTime: start.Add(-time.Second)})
	got := strings.Split(compactItems(s, items, start, now, "/session"), "\n")
	if len(got) != maxCompactLines || got[len(got)-1] != "- … and 6 more (/session resume lists them)" {
		t.Fatalf("%d lines, last %q", len(got), got[len(got)-1])
	}
	for _, l := range got {
		if len(l) > maxCompactLine || strings.Contains(l, "old") {
			t.Errorf("line %q", l[:40])
		}
	}
}
