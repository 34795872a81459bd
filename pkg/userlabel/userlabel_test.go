package userlabel

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestAppend(t *testing.T) {
	dir := t.TempDir()
	ts := time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC)
	for _, l := range []string{Promoted, Dismissed} {
		if err := Append(dir, Record{TS: ts, Project: "/p", Label: l, Kind: "deferred", Idea: "i18n"}); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(Path(dir))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"ts":"2026-12-02T08:00:00Z","project":"/p","label":"promoted","kind":"deferred","idea":"i18n"}
{"ts":"2026-12-02T08:00:00Z","project":"/p","label":"dismissed","kind":"deferred","idea":"i18n"}
`
	if string(data) != want {
		t.Fatalf("got\n%s\nwant\n%s", data, want)
	}
	if fi, _ := os.Stat(Path(dir)); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
}

func TestAppendRefusesSymlink(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "openloop"), 0o700)
	target := filepath.Join(dir, "elsewhere")
	os.WriteFile(target, nil, 0o600)
	os.Symlink(target, Path(dir))
	if err := Append(dir, Record{Label: Dismissed}); err == nil {
		t.Fatal("a symlink at the labels file was followed")
	}
	if data, _ := os.ReadFile(target); len(data) != 0 {
		t.Fatalf("wrote through the symlink: %q", data)
	}
}

func TestAppendBoundsText(t *testing.T) {
	dir := t.TempDir()
	if err := Append(dir, Record{Label: Dismissed, Idea: strings.Repeat("x", 1<<20)}); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(Path(dir)); fi.Size() > 4*maxField {
		t.Fatalf("a record of %d bytes", fi.Size())
	}
}

// A label cut short by a full disk or a crash leaves a line without its
// newline: the next label starts a line of its own rather than being glued
// to it, so a reader loses the broken line and not the good one after.
func TestAppendAfterAPartialLine(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "openloop"), 0o700)
	os.WriteFile(Path(dir), []byte(`{"ts":"2026-12-02T08:00:00Z","proj`), 0o600)
	ts := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	if err := Append(dir, Record{TS: ts, Project: "/p", Label: Dismissed, Kind: "deferred", Idea: "i18n"}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(Path(dir))
	lines := strings.Split(string(data), "\n")
	want := `{"ts":"2026-12-02T09:00:00Z","project":"/p","label":"dismissed","kind":"deferred","idea":"i18n"}`
	if len(lines) != 3 || lines[1] != want || lines[2] != "" {
		t.Fatalf("got %q, want the label on a line of its own", data)
	}
}

// A symlink (or a file) at openloop/ is not the labels' folder: nothing
// is written through it, and the error names the folder. The sessions'
// folder has the same rule (privdir; hooks' TestStateFolderRefusesSymlinks).
func TestAppendRefusesSymlinkedFolder(t *testing.T) {
	for _, kind := range []string{"symlink", "file"} {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			target := t.TempDir()
			at := filepath.Join(dir, "openloop")
			if kind == "symlink" {
				if err := os.Symlink(target, at); err != nil {
					t.Skipf("symlink: %v", err)
				}
			} else if err := os.WriteFile(at, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			err := Append(dir, Record{Label: Dismissed, Idea: "i18n"})
			if err == nil || err.Error() != "labels: "+at+" is not a folder" {
				t.Fatalf("Append = %v", err)
			}
			if ents, _ := os.ReadDir(target); len(ents) != 0 {
				t.Fatalf("wrote through the symlink: %v", ents)
			}
		})
	}
}
