package e2etest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// today is the date in item file names parked now (the e2e clock is real).
func today() string { return time.Now().UTC().Format("2006-01-02") }

// logLines reads the resolution log and fails unless every line is a JSON
// object with ts, item and action.
func logLines(t *testing.T, path string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		t.Errorf("log does not end with a newline: %q", tail(data))
	}
	var out []map[string]any
	for i, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			t.Errorf("log line %d is not JSON (%v): %q", i+1, err, line)
			continue
		}
		for _, k := range []string{"ts", "item", "action"} {
			if s, _ := m[k].(string); s == "" {
				t.Errorf("log line %d has no %s: %q", i+1, k, line)
			}
		}
		out = append(out, m)
	}
	return out
}

func tail(b []byte) []byte { return b[max(0, len(b)-200):] }

// An archive killed after it moved the item aside (the state a SIGKILL
// leaves, written here by hand in the aside name openloop uses): the item
// still counts towards the cap, so a park meanwhile cannot make 11; and
// once its log line is written, it never comes back.
func TestKilledArchiveAside(t *testing.T) {
	t.Run("not logged: counts, and comes back", func(t *testing.T) {
		p := newProj(t)
		for i := range 10 {
			if r := p.park("capped idea " + words(i)); r.Code != 0 {
				t.Fatalf("park: %d %s%s", r.Code, r.Stdout, r.Stderr)
			}
		}
		file := "session-open-capped-idea-zero-" + today() + ".md"
		moveAside(t, p.Mem, file)
		r := p.park("one idea too many")
		if r.Code != 1 || !strings.HasPrefix(r.Stdout, "Not parked: ") {
			t.Errorf("park with 9 listed and 1 aside: exit %d\n%s%s", r.Code, r.Stdout, r.Stderr)
		}
		p.run(nil, "resume")
		if n := len(p.itemFiles()); n != 10 {
			t.Errorf("%d items open after resume, want 10: %v", n, p.itemFiles())
		}
		if _, err := os.Stat(filepath.Join(p.Mem, file)); err != nil {
			t.Errorf("the unlogged archive was not undone: %v", err)
		}
	})
	t.Run("logged: stays archived", func(t *testing.T) {
		p := newProj(t)
		p.park("keep this one")
		p.park("archive this one")
		file := "session-open-archive-this-one-" + today() + ".md"
		moveAside(t, p.Mem, file)
		writeFile(t, p.LogPath(), `{"ts":"2026-01-01T00:00:00Z","item":"archive-this-one","action":"archived"}`+"\n")
		for _, args := range [][]string{{"resume"}, {"park", "--kind", "deferred", "--idea", "a third one", "--context", "c"}, {"resume"}} {
			p.run(nil, args...)
			if _, err := os.Stat(filepath.Join(p.Mem, file)); err == nil {
				t.Fatalf("after %v: an item logged as archived came back", args)
			}
		}
		if n := len(temps(p.Mem)); n != 0 {
			t.Errorf("aside not removed: %v", temps(p.Mem))
		}
	})
}

// moveAside does what a killed archive of the earlier version left: the
// item renamed to .openloop-tmp-archive-<file>.
func moveAside(t *testing.T, dir, file string) {
	t.Helper()
	if err := os.Rename(filepath.Join(dir, file), filepath.Join(dir, ".openloop-tmp-archive-"+file)); err != nil {
		t.Fatal(err)
	}
}

// A symlink at .claude or at .claude/logs (a cloned repository can commit
// one) does not send the log anywhere: archive, restore and expiry refuse,
// the item stays, nothing outside changes.
func TestSymlinkedLogParent(t *testing.T) {
	for _, link := range []string{".claude", filepath.Join(".claude", "logs")} {
		t.Run(link, func(t *testing.T) {
			p := newProj(t)
			if r := p.park("retry budget"); r.Code != 0 {
				t.Fatalf("park: %d %s%s", r.Code, r.Stdout, r.Stderr)
			}
			plant(t, p.Outside, filepath.Join(p.Root, link))
			before := snapshot(t, p.Outside)
			r := p.run(nil, "archive", "retry budget")
			if r.Code != 1 || !strings.HasPrefix(r.Stderr, "openloop: error: archive: refusing to write the log: ") || strings.Count(r.Stderr, "\n") != 1 {
				t.Errorf("archive: exit %d\nstdout: %s\nstderr: %s", r.Code, r.Stdout, r.Stderr)
			}
			if files := p.itemFiles(); len(files) != 1 {
				t.Fatalf("item lost: %v", files)
			}
			// Expiry logs too: an old item is kept rather than logged outside.
			old := time.Now().Add(-40 * 24 * time.Hour)
			os.Chtimes(filepath.Join(p.Mem, p.itemFiles()[0]), old, old)
			p.run(nil, "resume")
			if files := p.itemFiles(); len(files) != 1 {
				t.Errorf("expired item deleted without its log line: %v", files)
			}
			noTemps(t, p.Mem)
			sameSnapshot(t, before, snapshot(t, p.Outside))
		})
	}
}

// The same idea parked with and without --name is one item.
func TestDedupeAcrossNames(t *testing.T) {
	p := newProj(t)
	a := p.run(nil, "park", "--kind", "deferred", "--idea", "retry budget for uploads", "--context", "c", "--name", "uploads")
	b := p.run(nil, "park", "--kind", "side-idea", "--idea", "Retry budget for uploads!", "--context", "other")
	if a.Stdout != "Parked: uploads\n" || b.Code != 0 || b.Stdout != "Already parked: uploads\n" {
		t.Errorf("named then unnamed:\n%s%s\n%s%s", a.Stdout, a.Stderr, b.Stdout, b.Stderr)
	}
	q := newProj(t)
	a = q.run(nil, "park", "--kind", "deferred", "--idea", "dark mode toggle", "--context", "c")
	b = q.run(nil, "park", "--kind", "deferred", "--idea", "dark mode toggle", "--context", "c", "--name", "theme")
	if a.Stdout != "Parked: dark-mode-toggle\n" || b.Code != 0 || b.Stdout != "Already parked: dark-mode-toggle\n" {
		t.Errorf("unnamed then named:\n%s%s\n%s%s", a.Stdout, a.Stderr, b.Stdout, b.Stderr)
	}
	if n := len(p.itemFiles()) + len(q.itemFiles()); n != 2 {
		t.Errorf("%d files for 2 ideas", n)
	}
}

// A symlink or a folder planted at the name an idea would get does not
// block that idea: the name counts as taken and the item is parked as -2.
func TestPlantedEntryTakesTheName(t *testing.T) {
	for _, kind := range []string{"symlink", "folder", "dangling symlink"} {
		t.Run(kind, func(t *testing.T) {
			p := newProj(t)
			at := filepath.Join(p.Mem, "session-open-retry-budget-"+today()+".md")
			switch kind {
			case "symlink":
				plant(t, filepath.Join(p.Outside, "precious.txt"), at)
			case "dangling symlink":
				plant(t, filepath.Join(p.Outside, "nothing-here"), at)
			case "folder":
				if err := os.MkdirAll(at, 0o700); err != nil {
					t.Fatal(err)
				}
			}
			before := snapshot(t, p.Outside)
			r := p.park("retry budget")
			if r.Code != 0 || r.Stdout != "Parked: retry-budget-2\n" || r.Stderr != "" {
				t.Errorf("park: exit %d\nstdout: %s\nstderr: %s", r.Code, r.Stdout, r.Stderr)
			}
			// Parked once: the same idea again is a duplicate.
			if r := p.park("retry budget"); r.Stdout != "Already parked: retry-budget-2\n" {
				t.Errorf("second park: %s%s", r.Stdout, r.Stderr)
			}
			checkItemsTolerant(t, p.Mem, at)
			sameSnapshot(t, before, snapshot(t, p.Outside))
		})
	}
}

// checkItemsTolerant is checkItems for a dir where one planted entry is
// expected.
func checkItemsTolerant(t *testing.T, dir, planted string) {
	t.Helper()
	tmp := t.TempDir()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if filepath.Join(dir, e.Name()) == planted || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(tmp, e.Name()), string(data))
	}
	checkItems(t, tmp)
}

// Text openloop did not write (park arguments, hand-written items) never
// reaches the terminal raw: no ESC, BEL or bidi override in any output of
// resume, archive, the cap listing, summary, park or restore.
func TestNoTerminalEscapes(t *testing.T) {
	p := newProj(t)
	evil := "evil \x1b]0;pwned\x07 title \x1b[2J clear \u202eoverride\u202c"
	r := p.park(evil)
	if r.Code != 0 {
		t.Fatalf("park: %d %s%s", r.Code, r.Stdout, r.Stderr)
	}
	// A hand-written item whose name and description hold escapes.
	writeFile(t, filepath.Join(p.Mem, "session-open-hand-written-"+today()+".md"),
		"---\nname: \"evil \\e[31mred\\a \\u202Eevil\"\ndescription: \"desc \\e]52;c;Y2xpcA==\\a\"\ntype: project\n---\n\nDeferred: evil hand. Context: c.\n")
	outs := []result{r, p.run(nil, "resume")}
	outs = append(outs, p.run(nil, "archive", "evil")) // ambiguous: lists both
	outs = append(outs, p.run(nil, "park", "--kind", "deferred", "--idea", "evil hand", "--context", "c"))
	outs = append(outs, p.run(nil, "summary"))
	for i := range 8 {
		p.park("filler idea " + words(i))
	}
	outs = append(outs, p.park("one more"))                    // the cap listing
	outs = append(outs, p.run(nil, "archive", "hand written")) // Archived: <name>
	outs = append(outs, p.run(nil, "restore", "hand written"))
	for i, o := range outs {
		for _, s := range []string{o.Stdout, o.Stderr} {
			if strings.ContainsAny(s, "\x1b\x07\u202e\u202c") {
				t.Errorf("output %d holds a raw escape:\n%q", i, s)
			}
		}
	}
	// What park stores has the controls dropped (the file is read raw by
	// Claude Code and by cat); what a hand-written item holds is shown
	// escaped, so the user sees it is there.
	if !strings.Contains(outs[1].Stdout, `Deferred - evil ]0;pwned title [2J clear override`) || !strings.Contains(outs[1].Stdout, `evil \x1b[31mred\x07 \u202eevil`) {
		t.Errorf("resume does not show the parked text cleaned and the hand-written escapes as text:\n%s", outs[1].Stdout)
	}
	checked := false
	for _, it := range p.itemFiles() {
		if !strings.Contains(it, "pwned") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(p.Mem, it))
		if err != nil {
			t.Fatal(err)
		}
		checked = true
		if strings.ContainsAny(string(b), "\x1b\x07\u202e\u202c") {
			t.Errorf("%s holds a raw control character:\n%q", it, b)
		}
	}
	if !checked {
		t.Error("the parked item with escapes is gone")
	}
}

// Weak queries never archive anything: one letter, a stop word, or only
// the words every item file name has.
func TestArchiveWeakQueries(t *testing.T) {
	p := newProj(t)
	p.park("retry budget for the upload client")
	for _, q := range []string{"s", "the", "r", "to", "of the", "session", "open", "md", "session open md", today(), "deferred", "a b c"} {
		r := p.run(nil, "archive", q)
		if r.Code != 3 || !strings.HasPrefix(r.Stdout, "Nothing archived: ") || r.Stderr != "" {
			t.Errorf("archive %q: exit %d\nstdout: %s\nstderr: %s", q, r.Code, r.Stdout, r.Stderr)
		}
	}
	if n := len(p.itemFiles()); n != 1 {
		t.Fatalf("a weak query deleted the item")
	}
	if _, err := os.Stat(p.LogPath()); err == nil {
		t.Errorf("a weak query wrote the log")
	}
	if r := p.run(nil, "archive", "upload"); r.Code != 0 {
		t.Errorf("archive upload: exit %d %s%s", r.Code, r.Stdout, r.Stderr)
	}
}

// Expiry never deletes an item it cannot read, old or young: the log line
// needs its text. chmod 0 stops no root process, so as root the command
// runs as nobody (uid 65534), for whom the fault holds.
func TestExpireUnreadableItem(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no chmod 0 on Windows")
	}
	p := newProj(t)
	p.park("young unreadable")
	p.park("old unreadable")
	old := time.Now().Add(-40 * 24 * time.Hour)
	oldFile := filepath.Join(p.Mem, "session-open-old-unreadable-"+today()+".md")
	os.Chtimes(oldFile, old, old)
	for _, f := range p.itemFiles() {
		if err := os.Chmod(filepath.Join(p.Mem, f), 0); err != nil {
			t.Fatal(err)
		}
	}
	c, out, errb := p.cmd(t.Context(), nil, "resume")
	if os.Geteuid() == 0 {
		asNobody(t, c, p)
	}
	c.Run()
	for _, f := range []string{"young-unreadable", "old-unreadable"} {
		if _, err := os.Lstat(filepath.Join(p.Mem, "session-open-"+f+"-"+today()+".md")); err != nil {
			t.Errorf("%s deleted by expiry although it cannot be read\nstdout: %s\nstderr: %s", f, out, errb)
		}
	}
	if !strings.Contains(out.String(), "unreadable: ") {
		t.Errorf("resume does not say the items are unreadable:\n%s%s", out, errb)
	}
}

// A symlink or an empty folder planted at an old item's name, both with
// old timestamps of their own, is never deleted by expiry.
func TestExpireIgnoresPlantedEntries(t *testing.T) {
	p := newProj(t)
	p.park("keep me")
	old := time.Now().Add(-90 * 24 * time.Hour)
	link := filepath.Join(p.Mem, "session-open-link-2026-01-01.md")
	plant(t, filepath.Join(p.Outside, "session-open-bait-2026-01-01.md"), link)
	if out, err := exec.Command("touch", "-h", "-d", "@"+fmt.Sprint(old.Unix()), link).CombinedOutput(); err != nil {
		t.Skipf("cannot set a symlink's own time: %v %s", err, out)
	}
	dir := filepath.Join(p.Mem, "session-open-folder-2026-01-01.md")
	os.Mkdir(dir, 0o700)
	os.Chtimes(dir, old, old)
	os.Chtimes(filepath.Join(p.Outside, "session-open-bait-2026-01-01.md"), old, old)
	before := snapshot(t, p.Outside)
	if r := p.run(nil, "resume"); r.Code != 0 {
		t.Errorf("resume: %d %s%s", r.Code, r.Stdout, r.Stderr)
	}
	for _, f := range []string{link, dir} {
		if _, err := os.Lstat(f); err != nil {
			t.Errorf("expiry deleted a planted entry: %v", err)
		}
	}
	sameSnapshot(t, before, snapshot(t, p.Outside))
	if lines := logLines(t, p.LogPath()); len(lines) != 0 {
		t.Errorf("planted entries logged as expired: %v", lines)
	}
}
