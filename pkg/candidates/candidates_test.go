package candidates

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)

func cand(session, idea string, at time.Time) Candidate {
	return Candidate{Kind: "deferred", Idea: idea, Score: 0.4, Excerpt: "later: " + idea, TS: at, Root: "/p", Session: session}
}

func TestAddKeepsTheNewestTwenty(t *testing.T) {
	cfg := t.TempDir()
	for i := range 25 {
		if err := Add(cfg, cand("s1", fmt.Sprintf("idea %d", i), t0.Add(time.Duration(i)*time.Minute))); err != nil {
			t.Fatal(err)
		}
	}
	got := Recent(cfg, "/p", t0.Add(time.Hour))
	if len(got) != MaxPerSession {
		t.Fatalf("%d kept, want %d", len(got), MaxPerSession)
	}
	if got[0].Idea != "idea 24" || got[len(got)-1].Idea != "idea 5" {
		t.Errorf("kept %q … %q, want idea 24 … idea 5", got[0].Idea, got[len(got)-1].Idea)
	}
}

func TestAddSameLoopOnce(t *testing.T) {
	cfg := t.TempDir()
	Add(cfg, cand("s1", "dark mode", t0))
	Add(cfg, cand("s1", "Dark  mode", t0.Add(time.Minute)))
	Add(cfg, cand("s2", "dark mode", t0.Add(2*time.Minute)))
	got := Recent(cfg, "/p", t0.Add(time.Hour))
	if len(got) != 2 || got[1].TS != t0.Add(time.Minute) {
		t.Fatalf("got %+v, want one per session, the later in s1", got)
	}
}

func TestRecentFiltersProjectAndAge(t *testing.T) {
	cfg := t.TempDir()
	Add(cfg, cand("s1", "old", t0.Add(-31*24*time.Hour)))
	Add(cfg, cand("s1", "new", t0))
	other := cand("s2", "elsewhere", t0)
	other.Root = "/q"
	Add(cfg, other)
	got := Recent(cfg, "/p", t0)
	if len(got) != 1 || got[0].Idea != "new" {
		t.Fatalf("got %+v, want only the recent one of /p", got)
	}
}

func TestNoSessionID(t *testing.T) {
	cfg := t.TempDir()
	if err := Add(cfg, cand("", "dark mode", t0)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(cfg, "openloop", "sessions", "nosession~"+Ext)); err != nil {
		t.Fatal(err)
	}
	got := Recent(cfg, "/p", t0)
	if len(got) != 1 {
		t.Fatalf("got %+v", got)
	}
	if err := Remove(cfg, got[0]); err != nil {
		t.Fatal(err)
	}
	if got := Recent(cfg, "/p", t0); len(got) != 0 {
		t.Fatalf("not removed: %+v", got)
	}
}

func TestRemoveOnlyThatOne(t *testing.T) {
	cfg := t.TempDir()
	Add(cfg, cand("s1", "a", t0))
	Add(cfg, cand("s1", "b", t0.Add(time.Minute)))
	list := Recent(cfg, "/p", t0.Add(time.Hour))
	if err := Remove(cfg, list[1]); err != nil {
		t.Fatal(err)
	}
	got := Recent(cfg, "/p", t0.Add(time.Hour))
	if len(got) != 1 || got[0].Idea != "b" {
		t.Fatalf("got %+v, want only b", got)
	}
}

func TestSymlinkedFolderRefused(t *testing.T) {
	cfg := t.TempDir()
	target := t.TempDir()
	os.MkdirAll(filepath.Join(cfg, "openloop"), 0o700)
	os.Symlink(target, filepath.Join(cfg, "openloop", "sessions"))
	if err := Add(cfg, cand("s1", "a", t0)); err == nil {
		t.Fatal("wrote through a symlinked sessions folder")
	}
	if ents, _ := os.ReadDir(target); len(ents) != 0 {
		t.Fatalf("wrote %d files through the symlink", len(ents))
	}
	if got := Recent(cfg, "/p", t0); got != nil {
		t.Fatalf("read through the symlink: %+v", got)
	}
}

func TestBoundsAndStripsText(t *testing.T) {
	cfg := t.TempDir()
	c := cand("s1", "dark\x1b[31m mode\u202e"+strings.Repeat("x", 5000), t0)
	c.Excerpt = Excerpt("  a\n\tb " + strings.Repeat("y", 1000))
	Add(cfg, c)
	got := Recent(cfg, "/p", t0)[0]
	if strings.ContainsAny(got.Idea, "\x1b\u202e") || len(got.Idea) > maxIdea {
		t.Errorf("idea not bounded and stripped: %q", got.Idea[:40])
	}
	if !strings.HasPrefix(got.Excerpt, "a b yyy") || !strings.HasSuffix(got.Excerpt, "…") || len(got.Excerpt) > MaxExcerpt {
		t.Errorf("excerpt %q", got.Excerpt)
	}
	fi, _ := os.Stat(filepath.Join(cfg, "openloop", "sessions", "s1"+Ext))
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode().Perm())
	}
}

func TestDamagedFileReadsEmpty(t *testing.T) {
	cfg := t.TempDir()
	Add(cfg, cand("s1", "a", t0))
	path := filepath.Join(cfg, "openloop", "sessions", "s1"+Ext)
	os.WriteFile(path, []byte(`{"candidates":[{`), 0o600)
	if got := Recent(cfg, "/p", t0); len(got) != 0 {
		t.Fatalf("got %+v", got)
	}
	if err := Add(cfg, cand("s1", "b", t0)); err != nil {
		t.Fatal(err)
	}
	if got := Recent(cfg, "/p", t0); len(got) != 1 {
		t.Fatalf("got %+v", got)
	}
}

// Two hooks of one session keeping candidates at once, and review
// dropping one meanwhile, lose none of each other's: Add and Remove read,
// change and write the session's file under its lock.
func TestConcurrentAddsKeepEvery(t *testing.T) {
	cfg := t.TempDir()
	Add(cfg, cand("s1", "to remove", t0))
	gone := Recent(cfg, "/p", t0)[0]
	const n = 12
	errs := make(chan error, n+1)
	for i := range n {
		go func() {
			errs <- Add(cfg, cand("s1", fmt.Sprintf("idea %d", i), t0.Add(time.Duration(i+1)*time.Second)))
		}()
	}
	go func() { errs <- Remove(cfg, gone) }()
	for range n + 1 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	got := Recent(cfg, "/p", t0.Add(time.Hour))
	if len(got) != n {
		t.Fatalf("%d candidates kept, want %d: %+v", len(got), n, got)
	}
	for _, c := range got {
		if c.Idea == "to remove" {
			t.Fatal("the removed candidate came back")
		}
	}
}

// TestAddKeepsTheFileReadable: candidates whose text JSON escapes to six
// times its bytes (a project path of '&'s) can make a session's twenty
// candidates more than review reads of the file; Add then drops the
// oldest, as it does past MaxPerSession, so the file stays readable and
// the newest is listed.
func TestAddKeepsTheFileReadable(t *testing.T) {
	cfg := t.TempDir()
	root := "/" + strings.Repeat("&", 4000)
	var last Candidate
	for i := range MaxPerSession {
		c := cand("s1", fmt.Sprintf("idea %d", i), t0.Add(time.Duration(i)*time.Minute))
		c.Root, c.Context, c.Why = root, strings.Repeat("<", maxContext), strings.Repeat(">", maxContext)
		if err := Add(cfg, c); err != nil {
			t.Fatalf("add %d: %v", i, err)
		}
		last = c
	}
	got := Recent(cfg, root, t0.Add(time.Hour))
	if len(got) == 0 || got[0].Idea != last.Idea {
		t.Fatalf("listed %d candidates, the newest %+v; want the newest, %q", len(got), got, last.Idea)
	}
}
