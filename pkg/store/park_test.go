package store

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The same idea is parked once, whatever name either park gave it: the
// bare slug, "-N", or --name.
func TestParkDedupeAnyName(t *testing.T) {
	long := "retry budget " + strings.Repeat("x", 60) + " alpha" // the slug is cut: the long ideas share it
	other := "retry budget " + strings.Repeat("x", 60) + " beta"
	tests := []struct {
		name   string
		first  []Entry
		again  Entry
		wantAs string
	}{
		{"named, then not", []Entry{{Name: "uploads", Idea: "retry budget"}}, Entry{Idea: "Retry budget!"}, "uploads"},
		{"not, then named", []Entry{{Idea: "retry budget"}}, Entry{Name: "other", Idea: "the retry budget"}, "retry-budget"},
		{"the -2 idea", []Entry{{Idea: long}, {Idea: other}}, Entry{Idea: other + "."}, "retry-budget-2"},
		{"the -2 idea, named as the first", []Entry{{Idea: long}, {Idea: other}}, Entry{Name: "retry budget", Idea: other}, "retry-budget-2"},
		{"the -3 idea, named", []Entry{{Idea: long}, {Idea: other}, {Name: "retry budget", Idea: "retry budget " + strings.Repeat("x", 60) + " gamma"}}, Entry{Idea: "retry budget " + strings.Repeat("x", 60) + " gamma"}, "retry-budget-3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore(t)
			for _, e := range tt.first {
				e.Kind, e.Context = KindDeferred, "c"
				if r, err := s.Park(e); err != nil || !r.Parked {
					t.Fatalf("park %+v: %+v %v", e, r, err)
				}
			}
			tt.again.Kind, tt.again.Context = KindSideIdea, "other"
			r, err := s.Park(tt.again)
			if err != nil || !r.Dup || r.Name != tt.wantAs {
				t.Fatalf("park again: %+v %v, want a duplicate of %s", r, err, tt.wantAs)
			}
			if items, _ := s.List(); len(items) != len(tt.first) {
				t.Errorf("%d items for %d ideas", len(items), len(tt.first))
			}
		})
	}
}

// Punctuation outside ASCII separates words as ASCII punctuation does: an
// idea in curly quotes, with an ellipsis, a dash or a typographic
// apostrophe is the idea without them, and parked once. A real word
// outside ASCII still counts.
func TestParkDedupeUnicodePunctuation(t *testing.T) {
	tests := []struct {
		first, again string
		dup          bool
	}{
		{"retry budget", "“retry budget”", true},
		{"retry budget", "retry budget…", true},
		{"retry budget", "retry — budget", true},
		{"retry budget", "«retry» ¿budget?", true},
		{"don't cache tokens", "don’t cache tokens", true},
		{"日本語のテスト", "「日本語のテスト」。", true},
		// The same idea parks once across the marks of Latin letters
		// (issue 29 §2): "cafe" typed without its accent is "café".
		{"café menu", "cafe menu", true},
		{"café menu", "cafe terrace", false},
		{"retry budget ünïcode", "retry budget ascii", false},
		// Line breaks other than \n (a lone CR, U+2028, U+2029, NEL,
		// vertical tab, form feed) separate words too: they were dropped,
		// so "retry\rbudget" was the one word "retrybudget", another idea.
		{"retry budget", "retry\rbudget", true},
		{"retry\u2028budget", "retry budget", true},
		{"retry budget", "retry\u2029budget\u0085", true},
		{"retry budget", "retry\vbudget\f", true},
	}
	for _, tt := range tests {
		s := newStore(t)
		if r := park(t, s, KindDeferred, tt.first); !r.Parked {
			t.Fatalf("park %q: %+v", tt.first, r)
		}
		if r := park(t, s, KindSideIdea, tt.again); r.Dup != tt.dup || r.Parked == tt.dup {
			t.Errorf("park %q after %q: %+v, want duplicate %v", tt.again, tt.first, r, tt.dup)
		}
	}
	// An idea of punctuation and symbols alone has no words, in or out of
	// ASCII.
	for _, idea := range []string{"?!", "“…”", "— → ★", "\xff\xfe"} {
		if _, err := newStore(t).Park(Entry{Kind: KindDeferred, Idea: idea, Context: "c"}); err == nil || !strings.Contains(err.Error(), "no words") {
			t.Errorf("park %q: %v, want no words", idea, err)
		}
	}
}

// The same deferral parks once when one idea names the other: Claude's
// "I'll leave the retry budget for the upload client for a follow-up" and
// the user's "let's come back to the retry budget later" (issue 20, break
// 1), either first. Clearly different ideas stay apart.
func TestParkDedupeNamesTheSameThing(t *testing.T) {
	tests := []struct {
		first, again string
		dup          bool
	}{
		{"retry budget for the upload client", "retry budget", true},
		{"retry budget", "the retry budget for the upload client", true},
		{"dark mode toggle", "dark mode", true},
		{"dark mode", "a toggle for dark mode", true},
		{"upload client retry budget", "retry budget for the upload client", true},
		{"retry budgets", "retry budget", true},
		{"i18n", "i18n for the settings page", true},
		{"retry budget", "retry queue", false},
		{"dark mode", "dark theme", false},
		{"tests", "flaky tests", false},
		{"retry budget for uploads", "retry budget for downloads", false},
		{"budget review", "retry budget", false},
		{"auth cache layer", "cache layer", false},
		{"cache layer", "a cache layer for auth", true},
		{"idea number a", "idea number b", false},
	}
	for _, tt := range tests {
		s := newStore(t)
		if r := park(t, s, KindSideIdea, tt.first); !r.Parked {
			t.Fatalf("park %q: %+v", tt.first, r)
		}
		r := park(t, s, KindDeferred, tt.again)
		if r.Dup != tt.dup || r.Parked == tt.dup {
			t.Errorf("park %q after %q: %+v, want duplicate %v", tt.again, tt.first, r, tt.dup)
		}
		if items, _ := s.List(); tt.dup && len(items) != 1 {
			t.Errorf("%q and %q: %d items, want 1", tt.first, tt.again, len(items))
		}
	}
}

// A symlink, a folder or any other entry planted at the name an idea would
// get takes that name: the idea is parked as -2, and nothing is written
// through the planted entry.
func TestParkPlantedName(t *testing.T) {
	for _, kind := range []string{"symlink", "dangling", "folder", "old item"} {
		t.Run(kind, func(t *testing.T) {
			s := newStore(t)
			os.MkdirAll(s.Dir, 0o700)
			outside := filepath.Join(t.TempDir(), "precious")
			os.WriteFile(outside, []byte("keep"), 0o600)
			at := filepath.Join(s.Dir, fileOf("retry-budget"))
			switch kind {
			case "symlink":
				os.Symlink(outside, at)
			case "dangling":
				os.Symlink(outside+"-missing", at)
			case "folder":
				os.Mkdir(at, 0o700)
			case "old item": // another idea, another day, same name
				at = filepath.Join(s.Dir, "session-open-retry-budget-2026-01-01.md")
				os.WriteFile(at, []byte("---\nname: retry-budget\ndescription: Deferred - other\n---\nDeferred: other. Context: c.\n"), 0o600)
			}
			r := park(t, s, KindDeferred, "retry budget")
			if !r.Parked || r.Name != "retry-budget-2" {
				t.Fatalf("park: %+v", r)
			}
			if r := park(t, s, KindDeferred, "retry budget"); !r.Dup || r.Name != "retry-budget-2" {
				t.Fatalf("park again: %+v", r)
			}
			if data, _ := os.ReadFile(outside); string(data) != "keep" {
				t.Errorf("written through the planted entry: %q", data)
			}
			if _, err := os.Stat(outside + "-missing"); err == nil {
				t.Error("created the dangling symlink's target")
			}
		})
	}
}

// failingTemp is a temp file whose step named fail fails.
type failingTemp struct {
	*os.File
	fail string
}

func (f failingTemp) err(step string) error {
	if f.fail == step {
		return errors.New(step + " failed")
	}
	return nil
}
func (f failingTemp) Chmod(m fs.FileMode) error {
	if err := f.err("chmod"); err != nil {
		return err
	}
	return f.File.Chmod(m)
}
func (f failingTemp) Write(b []byte) (int, error) {
	if err := f.err("write"); err != nil {
		f.File.Write(b[:len(b)/2])
		return len(b) / 2, err
	}
	return f.File.Write(b)
}
func (f failingTemp) Sync() error {
	if err := f.err("sync"); err != nil {
		return err
	}
	return f.File.Sync()
}
func (f failingTemp) Close() error {
	cerr := f.File.Close()
	if err := f.err("close"); err != nil {
		return err
	}
	return cerr
}

// A temp file is removed whichever step of writing it fails.
func TestWriteTempRemovesOnFailure(t *testing.T) {
	for _, step := range []string{"chmod", "write", "sync", "close"} {
		dir := t.TempDir()
		f, err := os.CreateTemp(dir, tempLead+"*")
		if err != nil {
			t.Fatal(err)
		}
		if path, err := finishTemp(failingTemp{f, step}, []byte("data"), testNow); err == nil || path != "" {
			t.Errorf("%s: finishTemp = %q, %v", step, path, err)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("%s failed: temp file left: %s", step, ents[0].Name())
		}
	}
	// And a missing folder fails before anything exists.
	if _, err := WriteTemp(filepath.Join(t.TempDir(), "missing"), tempLead, nil, testNow); err == nil {
		t.Error("WriteTemp into a missing folder")
	}
}

// The folder is synced after an item's name is linked into place, and
// archive syncs it after the item is moved aside, before the log line.
func TestFolderSynced(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "warm up")
	var events []string
	testSyncDir = func(dir string) {
		ents, _ := os.ReadDir(dir)
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		_, err := os.Stat(s.Log.Path)
		events = append(events, strings.Join(names, " ")+map[bool]string{true: " +log", false: ""}[err == nil])
	}
	defer func() { testSyncDir = nil }()
	park(t, s, KindDeferred, "retry budget")
	if len(events) == 0 || !strings.Contains(events[len(events)-1], fileOf("retry-budget")) {
		t.Fatalf("park: folder syncs %q, want one after the item is in place", events)
	}
	events = nil
	if _, _, err := s.Archive("retry budget"); err != nil {
		t.Fatal(err)
	}
	if len(events) < 2 || !strings.Contains(events[0], archiveLead) || strings.HasSuffix(events[0], "+log") {
		t.Fatalf("archive: folder syncs %q, want the first with the item aside and no log yet", events)
	}
}
