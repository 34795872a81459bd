package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// dismissals is a store whose project has dismissed ideas, and its file.
func dismissals(t *testing.T, ideas ...string) (*Store, Dismissals) {
	t.Helper()
	s := newStore(t)
	d := s.Dismissals()
	for _, idea := range ideas {
		if err := d.Add(Dismissal{Kind: "deferred", Name: Slug(idea), Idea: idea}, nil); err != nil {
			t.Fatal(err)
		}
	}
	return s, d
}

func TestDismissedIdeaDoesNotPark(t *testing.T) {
	s, _ := dismissals(t, "retry budget for the upload client")
	for _, c := range []struct {
		idea   string
		parks  bool
		reason string
	}{
		{"retry budget for the upload client", false, "the same words"},
		{"upload client retry budget", false, "the same words in another order"},
		{"retry budget", false, "a part that starts it"},
		{"Retry Budgets", false, "case and plural"},
		{"no retry budget for the upload client", true, "a negation is another idea"},
		{"retry budget without the upload client", true, "without is another idea"},
		{"retry queue", true, "another thing"},
		{"retry budget for the download client", true, "another client"},
	} {
		res, err := s.Park(Entry{Kind: KindDeferred, Idea: c.idea, Context: "ctx"})
		if err != nil {
			t.Fatal(err)
		}
		if res.Parked != c.parks || (res.Dismissed != nil) == c.parks {
			t.Errorf("%q (%s): parked %v, dismissed %v", c.idea, c.reason, res.Parked, res.Dismissed)
		}
		if res.Parked {
			if _, _, err := s.Dismiss(res.Name, func(Item) error { return nil }); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Without a config dir there is nothing to remember: it parks.
	bare := Open(t.TempDir(), s.Now).WithLog(s.Log.Root, s.Log.Path)
	if res := park(t, bare, KindDeferred, "retry budget"); !res.Parked {
		t.Errorf("a store without a config dir refused: %+v", res)
	}
}

func TestDismissalsFile(t *testing.T) {
	_, d := dismissals(t, "retry budget", "dark mode toggle")
	fi, err := os.Lstat(d.Path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("file mode %v, want 0600", fi.Mode().Perm())
	}
	if fi, err := os.Lstat(filepath.Dir(d.Path)); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("folder: %v %v, want 0700", fi.Mode().Perm(), err)
	}
	data, _ := os.ReadFile(d.Path)
	want := `{"ts":"2026-12-02T10:00:00Z","kind":"deferred","name":"retry-budget","idea":"retry budget"}` + "\n" +
		`{"ts":"2026-12-02T10:00:00Z","kind":"deferred","name":"dark-mode-toggle","idea":"dark mode toggle"}` + "\n"
	if string(data) != want {
		t.Errorf("file:\n%s\nwant:\n%s", data, want)
	}
	// The same idea again replaces the older one: one line an idea.
	if err := d.Add(Dismissal{Name: "x", Idea: "the retry budget"}, nil); err != nil {
		t.Fatal(err)
	}
	list, err := d.List()
	if err != nil || len(list) != 2 || list[0].Idea != "the retry budget" || list[1].Idea != "dark mode toggle" {
		t.Errorf("List = %+v, %v", list, err)
	}
	// Another project has its own file.
	if DismissedPath(d.ConfigDir, "/a") == DismissedPath(d.ConfigDir, "/b") {
		t.Error("two projects share a file")
	}
}

func TestDismissalsBoundedAndPruned(t *testing.T) {
	s, d := dismissals(t)
	now := testNow
	d.Now = func() time.Time { return now }
	for i := range MaxDismissed + 5 {
		now = testNow.Add(time.Duration(i) * time.Minute)
		if err := d.Add(Dismissal{Name: fmt.Sprint("n", i), Idea: fmt.Sprintf("idea number %d", i)}, nil); err != nil {
			t.Fatal(err)
		}
	}
	list, err := d.List()
	if err != nil || len(list) != MaxDismissed {
		t.Fatalf("%d dismissals kept (%v), want %d", len(list), err, MaxDismissed)
	}
	if list[0].Idea != fmt.Sprintf("idea number %d", MaxDismissed+4) || list[len(list)-1].Idea != "idea number 5" {
		t.Errorf("kept %q … %q: the oldest should go first", list[0].Idea, list[len(list)-1].Idea)
	}
	// A year on, the old ones are forgotten: not read, and gone at the
	// next change.
	now = testNow.Add(DismissedAge + 6*time.Minute + 30*time.Second)
	list, _ = d.List()
	if len(list) != MaxDismissed-2 {
		t.Errorf("%d read a year on, want %d", len(list), MaxDismissed-2)
	}
	if err := d.Add(Dismissal{Idea: "fresh one"}, nil); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(d.Path)
	if strings.Contains(string(data), `"idea number 6"`) || !strings.Contains(string(data), `"idea number 7"`) {
		t.Errorf("the pruned file still holds what is a year old, or lost a younger one:\n%.300s", data)
	}
	s.Now = d.Now
	if res := park(t, s, KindDeferred, "idea number 6"); !res.Parked {
		t.Errorf("a dismissal older than a year still refuses: %+v", res)
	}
	// Lifting the last one removes the file.
	_, d2 := dismissals(t, "only one")
	if _, _, err := d2.Lift("only one"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(d2.Path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("file left after the last lift: %v", err)
	}
}

func TestDismissalsBrokenFile(t *testing.T) {
	for _, c := range []struct{ name, data, line string }{
		{"not JSON", `{"ts":"2026-12-02T10:00:00Z","idea":"a"}` + "\nhello\n", "line 2"},
		{"cut short", `{"ts":"2026-12-02T10:00:00Z","idea":"a"}` + "\n" + `{"ts":"2026-12`, "line 2"},
		{"no idea", `{"ts":"2026-12-02T10:00:00Z","idea":" "}` + "\n", "line 1"},
		{"no time", `{"idea":"a"}` + "\n", "line 1"},
		{"another key", `{"ts":"2026-12-02T10:00:00Z","idea":"a","x":1}` + "\n", "line 1"},
		{"two objects", `{"ts":"2026-12-02T10:00:00Z","idea":"a"}{"ts":"2026-12-02T10:00:00Z","idea":"b"}` + "\n", "line 1"},
		{"bad UTF-8", "{\"ts\":\"2026-12-02T10:00:00Z\",\"idea\":\"a\xff\"}\n", "line 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, d := dismissals(t, "retry budget")
			if err := os.WriteFile(d.Path, []byte(c.data), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := d.List()
			if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), d.Path) || !strings.Contains(err.Error(), c.line) {
				t.Errorf("List: %v; want one line naming the file and %s", err, c.line)
			}
			for name, change := range map[string]func() error{
				"Add":  func() error { return d.Add(Dismissal{Idea: "other"}, nil) },
				"Lift": func() error { _, _, err := d.Lift("retry budget"); return err },
			} {
				if err := change(); err == nil {
					t.Errorf("%s over a broken file: no error", name)
				}
			}
			committed := false
			if err := d.Add(Dismissal{Idea: "other"}, func() error { committed = true; return nil }); err == nil || committed {
				t.Errorf("Add ran its commit over a broken file (%v)", err)
			}
			if data, _ := os.ReadFile(d.Path); string(data) != c.data {
				t.Errorf("the broken file changed:\n%q", data)
			}
			// A park is not refused over it: when unsure, it parks.
			if res := park(t, s, KindDeferred, "retry budget"); !res.Parked {
				t.Errorf("a broken file refused the park: %+v", res)
			}
		})
	}
}

func TestDismissalsCommitFails(t *testing.T) {
	_, d := dismissals(t, "retry budget")
	before, _ := os.ReadFile(d.Path)
	boom := errors.New("labels: full")
	if err := d.Add(Dismissal{Idea: "dark mode"}, func() error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("Add = %v, want the commit's error", err)
	}
	if after, _ := os.ReadFile(d.Path); string(after) != string(before) {
		t.Errorf("a failed commit still wrote:\n%s", after)
	}
}

func TestDismissalsSymlinkNotFollowed(t *testing.T) {
	_, d := dismissals(t)
	elsewhere := filepath.Join(t.TempDir(), "elsewhere.jsonl")
	line := `{"ts":"2026-12-02T10:00:00Z","idea":"planted"}` + "\n"
	if err := os.WriteFile(elsewhere, []byte(line), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(d.Path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, d.Path); err != nil {
		t.Fatal(err)
	}
	if _, err := d.List(); err == nil {
		t.Error("List read through a symlink")
	}
	if err := d.Add(Dismissal{Idea: "retry budget"}, nil); err == nil {
		t.Error("Add wrote over a symlink")
	}
	if fi, err := os.Lstat(d.Path); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symlink was replaced: %v", err)
	}
	if data, _ := os.ReadFile(elsewhere); string(data) != line {
		t.Errorf("the symlink's target changed: %q", data)
	}
	// A symlink at the folder is refused too.
	_, d2 := dismissals(t)
	other := t.TempDir()
	if err := os.MkdirAll(filepath.Join(d2.ConfigDir, "openloop"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(other, filepath.Join(d2.ConfigDir, "openloop", "dismissed")); err != nil {
		t.Fatal(err)
	}
	if err := d2.Add(Dismissal{Idea: "retry budget"}, nil); err == nil {
		t.Error("Add wrote through a symlinked folder")
	}
	if _, err := d2.List(); err == nil {
		t.Error("List read through a symlinked folder")
	}
	if ents, _ := os.ReadDir(other); len(ents) != 0 {
		t.Errorf("the symlinked folder got %d files", len(ents))
	}
}

// Two processes dismissing at once lose nothing: each change holds the
// file's lock from its read to its rename.
func TestDismissalsConcurrent(t *testing.T) {
	_, d := dismissals(t)
	const n = 16
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- d.Add(Dismissal{Idea: fmt.Sprintf("idea number %d", i)}, nil)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if list, err := d.List(); err != nil || len(list) != n {
		t.Errorf("%d of %d kept (%v)", len(list), n, err)
	}
	ents, _ := os.ReadDir(filepath.Dir(d.Path))
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), dismissedLead) {
			t.Errorf("temp file left: %s", e.Name())
		}
	}
}

func TestDismissalsLift(t *testing.T) {
	_, d := dismissals(t, "retry budget", "retry queue", "dark mode")
	if _, m, err := d.Lift("retry"); !errors.Is(err, ErrAmbiguous) || len(m) != 2 || m[0].Idea != "retry queue" {
		t.Errorf("Lift(retry) = %+v, %v; want both retries, newest first", m, err)
	}
	if _, _, err := d.Lift("the"); !errors.Is(err, ErrVague) {
		t.Errorf("Lift(the) = %v", err)
	}
	if _, _, err := d.Lift("lisbon weather"); !errors.Is(err, ErrNoMatch) {
		t.Errorf("Lift(lisbon weather) = %v", err)
	}
	if list, _ := d.List(); len(list) != 3 {
		t.Errorf("a failed lift changed the file: %+v", list)
	}
	x, _, err := d.Lift("retry-budget")
	if err != nil || x.Idea != "retry budget" {
		t.Fatalf("Lift(retry-budget) = %+v, %v", x, err)
	}
	if list, _ := d.List(); len(list) != 2 || list[0].Idea != "dark mode" || list[1].Idea != "retry queue" {
		t.Errorf("after the lift: %+v", list)
	}
}

// FuzzParseDismissals: the parser never panics, and what it reads
// writes back to a file it reads the same.
func FuzzParseDismissals(f *testing.F) {
	f.Add([]byte(`{"ts":"2026-12-02T10:00:00Z","kind":"deferred","name":"retry-budget","idea":"retry budget"}` + "\n"))
	f.Add([]byte(`{"ts":"2026-12-02T10:00:00Z","idea":"a"}` + "\n" + `{"ts":"2026-12-02T10:00:00+02:00","idea":"b\u202e"}` + "\n"))
	f.Add([]byte("\n\n"))
	f.Add([]byte(`{"ts":"2026-12-02T10:00:00Z","idea":"a"}`))
	f.Add([]byte(`[1]` + "\n"))
	f.Add([]byte(`{"ts":null,"idea":"a"}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		all, err := ParseDismissals(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		out, err := marshalDismissals(all)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		back, err := ParseDismissals(out)
		if err != nil || len(back) != len(all) {
			t.Fatalf("re-parse: %v (%d of %d)\n%q", err, len(back), len(all), out)
		}
		for i := range all {
			if !back[i].TS.Equal(all[i].TS) || back[i].Idea != all[i].Idea || back[i].Name != all[i].Name || back[i].Kind != all[i].Kind {
				t.Fatalf("round trip changed line %d: %+v → %+v", i+1, all[i], back[i])
			}
		}
	})
}

// A failed commit takes back only its own dismissal: the same idea
// dismissed before stays dismissed.
func TestDismissalsCommitFailsKeepsTheEarlier(t *testing.T) {
	_, d := dismissals(t, "retry budget")
	if err := d.Add(Dismissal{Idea: "the retry budget"}, func() error { return errors.New("labels: full") }); err == nil {
		t.Fatal("Add succeeded")
	}
	if _, ok, err := d.Find("retry budget"); !ok || err != nil {
		t.Errorf("the earlier dismissal is gone: %v %v", ok, err)
	}
}

// An idea longer than a dismissal keeps (maxDismissedIdea) is still the
// dismissed idea.
func TestDismissedLongIdea(t *testing.T) {
	var w []string
	for i := range 300 {
		w = append(w, fmt.Sprintf("word%d", i))
	}
	long := strings.Join(w, " ")
	if len(long) <= maxDismissedIdea {
		t.Fatalf("the idea is only %d bytes", len(long))
	}
	s, _ := dismissals(t, long)
	if res, err := s.Park(Entry{Kind: KindDeferred, Idea: long, Context: "c"}); err != nil || res.Dismissed == nil {
		t.Errorf("Park of the dismissed %d-byte idea: %+v %v", len(long), res, err)
	}
}

// A dismiss killed after it remembered the dismissal, with the item still
// held aside: the next step finishes it (the item goes), never puts the
// item back open and dismissed at once. A held item whose idea is not
// dismissed (an archive killed before its log line) still comes back.
func TestKilledDismissFinishes(t *testing.T) {
	s := newStore(t)
	r := park(t, s, KindDeferred, "retry budget")
	park(t, s, KindDeferred, "dark mode")
	held := filepath.Join(s.Dir, archiveLead+newID()+"-"+r.File)
	if err := os.Rename(filepath.Join(s.Dir, r.File), held); err != nil {
		t.Fatal(err)
	}
	if err := s.Dismissals().Add(Dismissal{Kind: "deferred", Name: r.Name, Idea: "retry budget"}, nil); err != nil {
		t.Fatal(err)
	}
	other, _ := s.List()
	dark := other[0].File
	held2 := filepath.Join(s.Dir, archiveLead+newID()+"-"+dark)
	if err := os.Rename(filepath.Join(s.Dir, dark), held2); err != nil {
		t.Fatal(err)
	}
	park(t, s, KindDeferred, "webhook signing") // settles the asides
	items, _ := s.List()
	var names []string
	for _, it := range items {
		names = append(names, it.Name)
	}
	if got := strings.Join(names, " "); strings.Contains(got, "retry-budget") || !strings.Contains(got, "dark-mode") {
		t.Errorf("open after the killed steps: %s; want dark-mode back and retry-budget gone", got)
	}
	if _, err := os.Lstat(held); !os.IsNotExist(err) {
		t.Errorf("the dismissed item is still held: %v", err)
	}
}
