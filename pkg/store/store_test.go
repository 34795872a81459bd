package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var testNow = time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)

// newStore is a store in a temp folder, with the log of a project there.
func newStore(t testing.TB) *Store {
	tmp := t.TempDir()
	root := filepath.Join(tmp, "proj")
	if err := os.Mkdir(root, 0o700); err != nil {
		t.Fatal(err)
	}
	return Open(filepath.Join(tmp, "memory"), func() time.Time { return testNow }).
		WithLog(root, filepath.Join(root, ".claude", "logs", "session-archive.jsonl")).
		WithPrivate(filepath.Join(tmp, "config"))
}

func park(t *testing.T, s *Store, kind Kind, idea string) Result {
	t.Helper()
	res, err := s.Park(Entry{Kind: kind, Idea: idea, Context: "ctx"})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestParkNamesAndDedupe(t *testing.T) {
	s := newStore(t)
	a := park(t, s, KindDeferred, "retry budget")
	if !a.Parked || a.Name != "retry-budget" || a.File != "session-open-retry-budget-2026-12-02.md" {
		t.Fatalf("first park: %+v", a)
	}
	// Same idea, other punctuation and kind: never twice.
	if b := park(t, s, KindSideIdea, "Retry-budget!"); !b.Dup || b.Name != "retry-budget" {
		t.Fatalf("duplicate park: %+v", b)
	}
	c := park(t, s, KindDeferred, "the retry budget")
	if !c.Dup {
		t.Fatalf("an article-only difference is the same idea: %+v", c)
	}
	// Same slug, another idea: -2 (in a store where "retry budget",
	// which both name, is not open).
	long := "retry budget " + strings.Repeat("x", 60)
	s3 := newStore(t)
	d := park(t, s3, KindDeferred, long+" alpha")
	e := park(t, s3, KindDeferred, long+" beta")
	if d.Name != "retry-budget" && !strings.HasPrefix(d.Name, "retry-budget-") {
		t.Fatalf("long idea name %q", d.Name)
	}
	if d.Name == e.Name || !d.Parked || !e.Parked {
		t.Fatalf("two ideas sharing a slug: %+v %+v", d, e)
	}
	// A day later the same idea is still a duplicate.
	s2 := Open(s.Dir, func() time.Time { return testNow.Add(48 * time.Hour) })
	if r := park(t, s2, KindDeferred, "retry budget"); !r.Dup {
		t.Fatalf("same idea two days later: %+v", r)
	}
}

func TestParkCap(t *testing.T) {
	s := newStore(t)
	for i := 0; i < MaxOpen; i++ {
		if r := park(t, s, KindDeferred, fmt.Sprintf("idea number %d", i)); !r.Parked {
			t.Fatalf("park %d: %+v", i, r)
		}
	}
	r := park(t, s, KindDeferred, "one too many")
	if !r.Capped || len(r.Open) != MaxOpen || r.Parked {
		t.Fatalf("11th park: %+v", r)
	}
	// A duplicate at the cap is still reported as a duplicate.
	if r := park(t, s, KindDeferred, "idea number 3"); !r.Dup {
		t.Fatalf("dup at cap: %+v", r)
	}
	items, _ := s.List()
	if len(items) != MaxOpen {
		t.Fatalf("%d items", len(items))
	}
}

func TestParkConcurrentGoroutines(t *testing.T) {
	s := newStore(t)
	var wg sync.WaitGroup
	for i := 0; i < 30; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.Park(Entry{Kind: KindSideIdea, Idea: fmt.Sprintf("concurrent idea %d", i), Context: "x"}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	items, _ := s.List()
	if len(items) != MaxOpen {
		t.Fatalf("%d items, want %d", len(items), MaxOpen)
	}
	for _, it := range items {
		if it.Damaged != nil {
			t.Errorf("%s: %v", it.File, it.Damaged)
		}
	}
}

func TestListAndExpire(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "fresh")
	write := func(name, body string, age time.Duration) {
		p := filepath.Join(s.Dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, testNow.Add(-age), testNow.Add(-age))
	}
	write("session-open-damaged.md", "not yaml at all", time.Hour)
	write("session-open-old-2026-11-02.md", "---\nname: old\n---\n", 30*day)
	write("session-open-almost-2026-11-03.md", "---\nname: almost\n---\n", 30*day-time.Minute)
	write("notes.md", "---\nname: not ours\n---\n", 40*day)
	write(tempLead+"abc", "half", 11*time.Minute)
	write(tempLead+"new", "half", time.Minute)
	os.Symlink("/etc/passwd", filepath.Join(s.Dir, "session-open-link.md"))

	items, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, it := range items {
		names = append(names, it.Name)
	}
	if got := strings.Join(names, ","); got != "fresh,session-open-damaged.md,almost,old" {
		t.Fatalf("List = %s", got)
	}
	if items[1].Damaged == nil || !errors.Is(items[1].Damaged, ErrNoFrontmatter) {
		t.Errorf("damaged item: %v", items[1].Damaged)
	}
	if !s.Stale(items[2]) || s.Stale(items[0]) || s.Age(items[2]) != 29 {
		t.Errorf("stale/age wrong: %d", s.Age(items[2]))
	}
	gone, err := s.Expire()
	if err != nil || strings.Join(gone, ",") != "session-open-old-2026-11-02.md" {
		t.Fatalf("Expire = %v, %v", gone, err)
	}
	for name, want := range map[string]bool{"notes.md": true, tempLead + "abc": false, tempLead + "new": true, "session-open-link.md": true} {
		if _, err := os.Lstat(filepath.Join(s.Dir, name)); (err == nil) != want {
			t.Errorf("%s exists = %v, want %v", name, err == nil, want)
		}
	}
}

func TestMatch(t *testing.T) {
	items := []Item{
		{File: "session-open-retry-budget-2026-12-02.md", Name: "retry-budget", Description: "Deferred - a retry budget", Body: "Deferred: a retry budget for the upload client."},
		{File: "session-open-retry-budget-2-2026-12-02.md", Name: "retry-budget-2", Description: "Deferred - retry budget for downloads"},
		{File: "session-open-dark-mode-2026-11-20.md", Name: "dark-mode", Description: "Side idea - dark mode toggle", Body: "Side idea: dark mode. Raised while: fixing the upload client."},
	}
	tests := []struct {
		q     string
		want  string // names joined by ","; "" for no match
		score int    // score of the first item
	}{
		{"retry-budget", "retry-budget", scoreExact},
		{"Retry Budget", "retry-budget", scoreExact},
		{"session-open-dark-mode-2026-11-20.md", "dark-mode", scoreExact},
		{"retry", "retry-budget,retry-budget-2", scorePrefix},
		{"budget-2", "retry-budget-2", scoreName},
		{"2026 11 20", "", 0}, // numbers alone are not meaningful
		{"mode 2026 11 20", "dark-mode", scoreName},
		{"s", "", 0},
		{"the", "", 0},
		{"t", "", 0},
		{"of the", "", 0},
		{"session", "", 0},
		{"session open md", "", 0},
		{"deferred", "", 0},
		{"idea", "", 0},
		{"2", "", 0},
		{"bu", "", 0}, // a short word alone
		{"retry the budget", "retry-budget,retry-budget-2", scoreWords}, // stop words need not match
		{"ret", "retry-budget,retry-budget-2", scorePrefix},
		{"dark mo", "dark-mode", scorePrefix},
		{"dark m", "dark-mode", scorePrefix},
		{"mode da", "", 0}, // "da" is short: a whole word only
		{"mode dark", "dark-mode", scoreWords},
		{"budget retry", "retry-budget,retry-budget-2", scoreWords},
		{"upload client", "retry-budget,dark-mode", scoreContent},
		{"downloads", "retry-budget-2", scoreContent},
		{"toggle dark", "dark-mode", scoreWords - 20}, // content words only
		{"../../etc/passwd", "", 0},
		{"“dark mode”", "dark-mode", scoreExact}, // punctuation outside ASCII separates words too
		{"downloads…", "retry-budget-2", scoreContent},
		{"— …", "", 0},
		{"   ", "", 0},
		{"nothing like it", "", 0},
	}
	for _, tt := range tests {
		m := Match(items, tt.q)
		var names []string
		for _, it := range m {
			names = append(names, it.Name)
		}
		if got := strings.Join(names, ","); got != tt.want {
			t.Errorf("Match(%q) = %q, want %q", tt.q, got, tt.want)
			continue
		}
		if len(m) > 0 {
			if got := Score(m[0], tt.q); got != tt.score {
				t.Errorf("Score(%s, %q) = %d, want %d", m[0].Name, tt.q, got, tt.score)
			}
		}
	}
}

func TestArchive(t *testing.T) {
	s := newStore(t)
	log := s.Log.Path
	park(t, s, KindDeferred, "retry budget")
	park(t, s, KindDeferred, "retry queue")
	if _, c, err := s.Archive("retry"); !errors.Is(err, ErrAmbiguous) || len(c) != 2 {
		t.Fatalf("ambiguous: %v %d", err, len(c))
	}
	if _, _, err := s.Archive("nope"); !errors.Is(err, ErrNoMatch) {
		t.Fatalf("no match: %v", err)
	}
	for _, q := range []string{"s", "the", "of the", "session open md", "2026-12-02", "deferred"} {
		if _, _, err := s.Archive(q); !errors.Is(err, ErrVague) {
			t.Fatalf("vague %q: %v", q, err)
		}
	}
	if _, err := os.Stat(log); err == nil {
		t.Fatal("refusals wrote the log")
	}
	it, _, err := s.Archive("queue")
	if err != nil || it.Name != "retry-queue" {
		t.Fatalf("archive: %+v %v", it, err)
	}
	data, _ := os.ReadFile(log)
	var line LogLine
	if err := json.Unmarshal(data, &line); err != nil || !strings.HasSuffix(string(data), "}\n") || strings.Count(string(data), "\n") != 1 {
		t.Fatalf("log = %q (%v)", data, err)
	}
	text, _ := Render("retry-queue", "Deferred - retry queue", Entry{Kind: KindDeferred, Idea: "retry queue", Context: "ctx"}.Body())
	// The committed log keeps no user text: the seed's three keys and the
	// step's id. The text restore needs is in the private file.
	if want := `{"ts":"2026-12-02T10:00:00Z","item":"retry-queue","action":"archived","id":"` + line.ID + "\"}\n"; string(data) != want || len(line.ID) != idLen {
		t.Fatalf("log line\n%s\nwant\n%s", data, want)
	}
	want := LogLine{LogEntry: LogEntry{TS: "2026-12-02T10:00:00Z", Item: "retry-queue", Action: "archived"},
		File: "session-open-retry-queue-2026-12-02.md", Text: string(text), ID: line.ID}
	if p := privateLines(t, s); len(p) != 1 || p[0] != want {
		t.Fatalf("private lines\n%+v\nwant\n%+v", p, want)
	}
	// A log that cannot be written puts the item back.
	root2 := t.TempDir()
	bad := Open(s.Dir, s.Now).WithLog(root2, filepath.Join(root2, "log"))
	os.Symlink("/dev/null", bad.Log.Path)
	if _, _, err := bad.Archive("retry budget"); err == nil {
		t.Fatal("archive with a symlinked log succeeded")
	}
	if items, _ := s.List(); len(items) != 1 || items[0].Name != "retry-budget" {
		t.Fatalf("item not put back: %+v", items)
	}
	noTemps(t, s.Dir)
}

// noTemps fails when a temp file or an aside is left in dir.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), tempLead) {
			t.Errorf("temp file left: %s", e.Name())
		}
	}
}

// place never replaces what is at the destination: park picks a free name
// under the lock, and this is the guard behind it (a name taken between
// the check and the link, by a process that does not take the lock).
func TestPlaceNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, ".tmp-new"), filepath.Join(dir, "session-open-x-2026-12-02.md")
	if err := os.WriteFile(src, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, []byte("theirs"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := place(src, dst); err == nil {
		t.Fatal("place replaced an existing file without an error")
	}
	if b, _ := os.ReadFile(dst); string(b) != "theirs" {
		t.Fatalf("the file at the name now holds %q", b)
	}
}
