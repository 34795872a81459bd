package candidates

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// numbers is the ideas of list with their numbers, in list order.
func numbers(list []Candidate) map[string]int {
	m := map[string]int{}
	for _, c := range list {
		m[c.Idea] = c.N
	}
	return m
}

// TestNumberedKeepsNumbers: a list numbers what it shows, oldest first,
// after the project's highest; the numbers are written, so a later list,
// a newcomer or the removal of one changes none of them; another project
// numbers its own.
func TestNumberedKeepsNumbers(t *testing.T) {
	cfg := t.TempDir()
	now := t0.Add(time.Hour)
	Add(cfg, cand("s1", "a", t0))
	Add(cfg, cand("s2", "b", t0.Add(time.Minute)))
	other := cand("s3", "elsewhere", t0)
	other.Root = "/q"
	Add(cfg, other)
	list, err := Numbered(cfg, "/p", now)
	if err != nil {
		t.Fatal(err)
	}
	if got := numbers(list); got["a"] != 1 || got["b"] != 2 || len(got) != 2 {
		t.Fatalf("numbers %v, want a 1, b 2", got)
	}
	// Unlisted, a newcomer has no number.
	Add(cfg, cand("s1", "c", t0.Add(2*time.Minute)))
	if got := numbers(Recent(cfg, "/p", now)); got["a"] != 1 || got["b"] != 2 || got["c"] != 0 {
		t.Fatalf("numbers %v before a list shows c, want a 1, b 2, c 0", got)
	}
	if err := Remove(cfg, list[1]); err != nil { // a, the older
		t.Fatal(err)
	}
	list, err = Numbered(cfg, "/p", now)
	if err != nil {
		t.Fatal(err)
	}
	if got := numbers(list); got["b"] != 2 || got["c"] != 3 || len(got) != 2 {
		t.Fatalf("numbers %v, want b 2, c 3", got)
	}
	if c, ok := ByNumber(list, 3); !ok || c.Idea != "c" {
		t.Errorf("ByNumber(3) = %+v, %v", c, ok)
	}
	if _, ok := ByNumber(list, 1); ok {
		t.Error("ByNumber(1) found the removed candidate's number")
	}
	if got := numbers(mustNumbered(t, cfg, "/q", now)); got["elsewhere"] != 1 {
		t.Errorf("the other project's numbers %v, want its own 1", got)
	}
	// The same loop raised again keeps its number.
	Add(cfg, cand("s2", "B", t0.Add(3*time.Minute)))
	if got := numbers(Recent(cfg, "/p", now)); got["B"] != 2 {
		t.Errorf("numbers %v, want the loop raised again still 2", got)
	}
}

// badNumbers are numbers no list gives: negative, past maxNumber.
var badNumbers = []string{"-1", "1073741825"}

// writeNumbered writes session s1's candidate file in cfg by hand: one
// candidate "a", numbered n.
func writeNumbered(t *testing.T, cfg, n string) {
	t.Helper()
	path := filepath.Join(cfg, "openloop", "sessions", "s1"+Ext)
	data := []byte(`{"candidates":[{"kind":"deferred","idea":"a","score":0.4,"excerpt":"x","ts":"2026-12-02T10:00:00Z","root":"/p","session":"s1","n":` + n + `}]}`)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func mustNumbered(t *testing.T, cfg, root string, now time.Time) []Candidate {
	t.Helper()
	list, err := Numbered(cfg, root, now)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// TestNumberedBadNumbers: a file with a number no list gives (negative,
// past maxNumber) is damaged or planted: not listed.
func TestNumberedBadNumbers(t *testing.T) {
	cfg := t.TempDir()
	Add(cfg, cand("s1", "a", t0))
	for _, n := range badNumbers {
		writeNumbered(t, cfg, n)
		if got := Recent(cfg, "/p", t0); len(got) != 0 {
			t.Errorf("n %s: listed %+v", n, got)
		}
	}
}

// FuzzNumbered: whatever a session's file holds (it is the user's to
// damage or plant), listing it never panics, lists only what Add could
// have written, numbers every listed candidate with a number no other
// listed candidate has, and the next list reads back what it printed.
func FuzzNumbered(f *testing.F) {
	f.Add([]byte(`{"candidates":[{"kind":"deferred","idea":"a","score":0.4,"excerpt":"x","ts":"2026-12-02T10:00:00Z","root":"/p","session":"s1","n":2},{"kind":"deferred","idea":"b","score":0.4,"excerpt":"x","ts":"2026-12-02T10:01:00Z","root":"/p","session":"s1"}]}`))
	f.Add([]byte(`{"candidates":[{"kind":"deferred","idea":"a","score":1,"ts":"2026-12-02T10:00:00Z","root":"/p","session":"s1","n":7,"rule":"x","by":"claude"},{"kind":"question","idea":"a","score":0,"ts":"2026-12-02T10:00:00Z","root":"/p","session":"s1","n":7}]}`))
	f.Add([]byte(`{"candidates":[{"kind":"side-idea","idea":"a","score":0.5,"ts":"2026-12-02T10:00:00Z","root":"/p","session":"s1","by":"someone"}]}`))
	f.Add([]byte(`{"candidates":[{"kind":"deferred","idea":"a","score":0.4,"ts":"2026-12-02T10:00:00Z","root":"/p","session":"s1","n":1073741824},{"kind":"deferred","idea":"b","score":0.4,"ts":"2026-12-02T10:01:00Z","root":"/p","session":"s1"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg := t.TempDir()
		Add(cfg, cand("s1", "seed", t0)) // makes the folder and the file
		path := filepath.Join(cfg, "openloop", "sessions", "s1"+Ext)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		list, err := Numbered(cfg, "/p", t0.Add(time.Hour))
		seen := map[int]bool{}
		for _, c := range list {
			if !c.read() {
				t.Fatalf("listed a candidate Add could not have written: %+v", c)
			}
			if err == nil && (c.N <= 0 || seen[c.N]) {
				t.Fatalf("number %d given twice or not at all in %+v", c.N, list)
			}
			seen[c.N] = true
		}
		// What a list printed, the next one reads back: the same
		// candidates, by the same numbers.
		if err == nil {
			again := Recent(cfg, "/p", t0.Add(time.Hour))
			if len(again) != len(list) {
				t.Fatalf("listed %d, then %d", len(list), len(again))
			}
			for i := range list {
				if again[i].N != list[i].N || again[i].Idea != list[i].Idea {
					t.Fatalf("listed #%d %q, then #%d %q", list[i].N, list[i].Idea, again[i].N, again[i].Idea)
				}
			}
		}
	})
}

// TestNumberedNearTheBound: a number near maxNumber (a file edited by
// hand) is still read, but the numbers after it would not be: a list
// then numbers every candidate again from 1, and the next list shows
// them all, by the numbers the first one printed.
func TestNumberedNearTheBound(t *testing.T) {
	cfg := t.TempDir()
	Add(cfg, cand("s1", "b", t0.Add(time.Minute)))
	path := filepath.Join(cfg, "openloop", "sessions", "s1"+Ext)
	data := []byte(`{"candidates":[{"kind":"deferred","idea":"a","score":0.4,"excerpt":"x","ts":"2026-12-02T10:00:00Z","root":"/p","session":"s1","n":1073741824},` +
		`{"kind":"deferred","idea":"b","score":0.4,"excerpt":"x","ts":"2026-12-02T10:01:00Z","root":"/p","session":"s1"}]}`)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	now := t0.Add(time.Hour)
	first := numbers(mustNumbered(t, cfg, "/p", now))
	if len(first) != 2 || first["a"] == first["b"] {
		t.Fatalf("first list %v, want a and b, each its own number", first)
	}
	if again := numbers(Recent(cfg, "/p", now)); len(again) != 2 || again["a"] != first["a"] || again["b"] != first["b"] {
		t.Errorf("next list %v, want %v", again, first)
	}
}

// TestAddKeepsOnlyAReadableNumber: the same loop raised again keeps the
// number a list gave it, but not a number no list gives (a file edited
// by hand): the new candidate is listed.
func TestAddKeepsOnlyAReadableNumber(t *testing.T) {
	cfg := t.TempDir()
	Add(cfg, cand("s1", "a", t0))
	for _, n := range badNumbers {
		writeNumbered(t, cfg, n)
		if err := Add(cfg, cand("s1", "a", t0.Add(time.Minute))); err != nil {
			t.Fatal(err)
		}
		if got := Recent(cfg, "/p", t0.Add(time.Hour)); len(got) != 1 || got[0].N != 0 {
			t.Errorf("n %s, raised again: listed %+v, want the new candidate, no number", n, got)
		}
	}
}

// TestNumberedKeepsTheFileReadable: a session's file made by hand near
// the bound of what review reads (maxFile) is read whole; writing the
// numbers into it must not make it larger than that, or every candidate
// in it would vanish from the next list (and the next Add would replace
// the file as if it were empty).
func TestNumberedKeepsTheFileReadable(t *testing.T) {
	cfg := t.TempDir()
	Add(cfg, cand("s1", "seed", t0))
	path := filepath.Join(cfg, "openloop", "sessions", "s1"+Ext)
	var f file
	one, _ := json.Marshal(cand("s1", "idea 1000", t0))
	for i := range (maxFile - 200) / (len(one) + 1) {
		f.Candidates = append(f.Candidates, cand("s1", fmt.Sprintf("idea %d", 1000+i), t0))
	}
	data, _ := json.Marshal(f)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	now := t0.Add(time.Hour)
	n := len(Recent(cfg, "/p", now))
	if n != len(f.Candidates) {
		t.Fatalf("the file as made lists %d of %d", n, len(f.Candidates))
	}
	Numbered(cfg, "/p", now) // may fail to write the numbers: the list stays
	if got := len(Recent(cfg, "/p", now)); got != n {
		t.Fatalf("after a list numbered them, %d of %d candidates are listed", got, n)
	}
}

// TestNumberNotReusedAfterTheHighestLeaves: a number the user read never
// comes back for another candidate, even when the candidate that held
// the project's highest number leaves (parked, dismissed): the user may
// still act on the list they read, after another list (a summary run by
// Claude, another terminal) numbered a newcomer.
func TestNumberNotReusedAfterTheHighestLeaves(t *testing.T) {
	cfg := t.TempDir()
	now := t0.Add(time.Hour)
	Add(cfg, cand("s1", "a", t0))
	Add(cfg, cand("s1", "b", t0.Add(time.Minute)))
	list := mustNumbered(t, cfg, "/p", now)
	if got := numbers(list); got["a"] != 1 || got["b"] != 2 {
		t.Fatalf("numbers %v, want a 1, b 2", got)
	}
	if err := Remove(cfg, list[0]); err != nil { // b, #2
		t.Fatal(err)
	}
	Add(cfg, cand("s2", "c", t0.Add(2*time.Minute)))
	list = mustNumbered(t, cfg, "/p", now)
	if got := numbers(list); got["a"] != 1 || got["c"] != 3 {
		t.Fatalf("numbers %v, want a 1, c 3 (2 was b's)", got)
	}
	if c, ok := ByNumber(list, 2); ok {
		t.Fatalf("#2 reaches %q", c.Idea)
	}
	// Another project counts its own.
	other := cand("s3", "elsewhere", t0)
	other.Root = "/q"
	Add(cfg, other)
	if got := numbers(mustNumbered(t, cfg, "/q", now)); got["elsewhere"] != 1 {
		t.Errorf("the other project's numbers %v, want its own 1", got)
	}
}
