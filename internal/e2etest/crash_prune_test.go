package e2etest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openloop/openloop/pkg/store"
)

// The pruning's crash test: a project whose private text file holds the
// texts of its archived items and, three times their weight, texts that
// no log line names any more (of 2025). An archive, which prunes them, is
// killed (SIGKILL) at a random point. After every round, with no process
// running:
//
//   - every archived item is still restorable, with its text;
//   - the archive, when it reported success, is restorable too;
//   - the private file is whole JSON lines, but for a last one cut by
//     the kill.
//
// Then a restore that runs to its end leaves only lines that a log line
// names, and no temp file beside the private file.
func TestCrashPrune(t *testing.T) {
	budget := crashBudget(t, 6*time.Second, 3*time.Second)
	start := startup(t)
	w := newPruneWorld(t)
	win := archiveWindow(t, w.p, start)
	w.check(true)
	pruned := 0
	rounds, killed := killRounds(t, budget, 11, func(rng *rand.Rand) bool {
		w := newPruneWorld(t)
		a, out := startArchive(t, w.p)
		code := win.kill(rng, a)
		if code != -1 && code != 0 {
			t.Errorf("archive: exit %d\n%s", code, out)
		}
		if w.check(strings.HasPrefix(out.String(), "Archived: fresh-alpha-cache\n")) {
			pruned++
		}
		if r := w.p.run(nil, "restore", w.names[0]); r.Code != 0 {
			t.Errorf("restore after the round: exit %d\n%s%s", r.Code, r.Stdout, r.Stderr)
		}
		if !w.check(false) {
			t.Error("a restore that ran to its end left texts no log line names")
		}
		if left, _ := filepath.Glob(filepath.Join(filepath.Dir(w.private), ".*")); len(left) != 0 {
			t.Errorf("files left beside the private file: %v", left)
		}
		return code == -1
	})
	t.Logf("%d rounds, %d archives killed (window from %v, %v at the end), %d private files pruned when checked", rounds, killed, win.from, win.span, pruned)
}

// pruneWorld is a project with archived items, their texts and older
// ones no log line names, and an open item to archive.
type pruneWorld struct {
	t       *testing.T
	p       *proj
	s       *store.Store
	private string
	names   []string // the archived items, oldest first
}

// The archived items, and the texts no log line names.
const pruneItems, pruneOrphans = 40, 120

func newPruneWorld(t *testing.T) *pruneWorld {
	w := &pruneWorld{t: t, p: newProj(t)}
	w.s = store.Open(w.p.Mem, time.Now).WithLog(w.p.Root, w.p.LogPath()).WithPrivate(filepath.Join(w.p.Home, ".claude"))
	w.private = w.s.Log.Private
	var log, priv bytes.Buffer
	add := func(buf *bytes.Buffer, v map[string]string) {
		line, _ := json.Marshal(v)
		buf.Write(append(line, '\n'))
	}
	for i := range pruneOrphans {
		name := "gone-item-" + words(i)
		add(&priv, map[string]string{"ts": "2025-03-01T10:00:00Z", "item": name, "action": "archived", "file": "session-open-" + name + "-2025-02-01.md",
			"text": "---\nname: " + name + "\ndescription: Deferred - " + name + "\ntype: project\n---\n\nDeferred: " + name + ". Context: a log that is gone.\n", "id": fmt.Sprintf("%016x", 1<<40+i)})
	}
	for i := range pruneItems {
		name := "old-item-" + strings.ReplaceAll(words(i), " ", "-")
		id := fmt.Sprintf("%016x", i+1)
		add(&log, map[string]string{"ts": "2026-06-01T10:00:00Z", "item": name, "action": "archived", "id": id})
		add(&priv, map[string]string{"ts": "2026-06-01T10:00:00Z", "item": name, "action": "archived", "file": "session-open-" + name + "-2026-05-01.md",
			"text": "---\nname: " + name + "\ndescription: Deferred - " + name + "\ntype: project\n---\n\nDeferred: " + name + ". Context: secret-" + fmt.Sprint(i) + ".\n", "id": id})
		w.names = append(w.names, name)
	}
	for path, data := range map[string][]byte{w.p.LogPath(): log.Bytes(), w.private: priv.Bytes()} {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if r := w.p.park("fresh alpha cache"); r.Code != 0 {
		t.Fatalf("park: %s%s", r.Stdout, r.Stderr)
	}
	return w
}

// check checks the promises and reports whether the private file holds
// no text that no log line names.
func (w *pruneWorld) check(archived bool) bool {
	t := w.t
	t.Helper()
	data, err := os.ReadFile(w.private)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	for i, l := range lines {
		if len(l) == 0 {
			continue
		}
		if !json.Valid(l) && (i != len(lines)-1 || bytes.HasSuffix(l, []byte("\n"))) {
			t.Errorf("a private line that is not whole JSON: %.200q", l)
		}
	}
	gone, err := w.s.Restorable()
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]string{}
	for _, a := range gone {
		have[a.Name] = a.Body
	}
	for i, name := range w.names {
		// The first is restored after each round: open, not listed.
		if _, open := os.Stat(filepath.Join(w.p.Mem, fileOf(name))); open == nil {
			continue
		}
		if !strings.Contains(have[name], fmt.Sprintf("secret-%d.", i)) {
			t.Errorf("%s is no longer restorable with its text", name)
			break
		}
	}
	if archived && !strings.Contains(have["fresh-alpha-cache"], "fresh alpha cache") {
		t.Error("the archive was reported, and its item is not restorable")
	}
	return !bytes.Contains(data, []byte("gone-item-"))
}
