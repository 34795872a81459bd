package e2etest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// plant makes a symlink at link pointing to target, creating link's folder.
func plant(t *testing.T, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
}

// A symlink named like an old item, pointing at a file outside: expiry
// (resume) and archive never delete the target or write through it.
func TestSymlinkedOldItem(t *testing.T) {
	p := newProj(t)
	link := filepath.Join(p.Mem, "session-open-bait-2026-01-01.md")
	plant(t, filepath.Join(p.Outside, "session-open-bait-2026-01-01.md"), link)
	old := time.Now().Add(-90 * 24 * time.Hour)
	os.Chtimes(filepath.Join(p.Outside, "session-open-bait-2026-01-01.md"), old, old)
	before := snapshot(t, p.Outside)
	p.run(nil, "resume")
	if r := p.run(nil, "archive", "bait"); r.Code != 3 {
		t.Errorf("archive: exit %d %s%s", r.Code, r.Stdout, r.Stderr)
	}
	sameSnapshot(t, before, snapshot(t, p.Outside))
}

// A symlink at the log's path pointing outside: archive refuses, the item
// stays, and the outside file is untouched.
func TestSymlinkAtLogPath(t *testing.T) {
	for _, target := range []string{"precious.txt", "new-log.jsonl"} {
		t.Run(target, func(t *testing.T) {
			p := newProj(t)
			if r := p.park("retry budget"); r.Code != 0 {
				t.Fatalf("park: %d %s%s", r.Code, r.Stdout, r.Stderr)
			}
			plant(t, filepath.Join(p.Outside, target), p.LogPath())
			before := snapshot(t, p.Outside)
			r := p.run(nil, "archive", "retry")
			if r.Code != 1 || !strings.HasPrefix(r.Stderr, "openloop: error: archive: refusing to write the log: ") {
				t.Errorf("archive: exit %d\nstdout: %s\nstderr: %s", r.Code, r.Stdout, r.Stderr)
			}
			if files := p.itemFiles(); len(files) != 1 {
				t.Errorf("item lost when the log was refused: %v", files)
			}
			noTemps(t, p.Mem)
			sameSnapshot(t, before, snapshot(t, p.Outside))
		})
	}
}

// A symlink at the memory dir's lock file pointing outside: parking is
// refused and the target is neither created nor changed.
func TestSymlinkAtLockPath(t *testing.T) {
	for _, target := range []string{"precious.txt", "new-lock"} {
		t.Run(target, func(t *testing.T) {
			p := newProj(t)
			plant(t, filepath.Join(p.Outside, target), filepath.Join(p.Mem, ".openloop.lock"))
			before := snapshot(t, p.Outside)
			r := p.park("retry budget")
			if r.Code != 1 || !strings.HasPrefix(r.Stderr, "openloop: error: park: lock memory dir: ") {
				t.Errorf("park: exit %d\nstdout: %s\nstderr: %s", r.Code, r.Stdout, r.Stderr)
			}
			sameSnapshot(t, before, snapshot(t, p.Outside))
		})
	}
}
