package e2etest

import (
	"bytes"
	"context"
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

// The migration's crash test: a project's log from an earlier version
// (its lines carry the items' text) is migrated by an archive that is
// killed (SIGKILL) at a random point, while an archive run under another
// config dir and memory dir (a second Claude Code setup on the same
// project) appends to the same log. After every round, with no process
// running:
//
//   - every old item is still restorable, with its text, under the setup
//     that migrated the log (the texts move to its private file);
//   - the log is whole JSON lines, and it is either the old log (plus
//     appended lines) or holds no user text at all;
//   - every archive that reported success has its line in the log: none
//     was written to a file the migration renamed over.
//
// Then a resume that runs to its end leaves no user text and no temp file
// beside the log.
func TestCrashMigration(t *testing.T) {
	budget := crashBudget(t, 8*time.Second, 3*time.Second)
	start := startup(t)
	w := newMigrationWorld(t)
	win := archiveWindow(t, w.p, start)
	w.check(nil)
	migrated, racedLines := 0, 0
	rounds, killed := killRounds(t, budget, 7, func(rng *rand.Rand) bool {
		w := newMigrationWorld(t)
		b, bout, _ := w.p.cmd(context.Background(), nil, "archive", fileOf("fresh-beta-queue"))
		b.Env = w.envB(b.Env)
		b.Stderr = bout
		a, aout := startArchive(t, w.p)
		// In about half the rounds, the second setup archives meanwhile (and
		// migrates the log when it comes first); in the others, what the
		// killed archive left is checked alone.
		race := rng.IntN(2) == 0
		if race {
			if err := b.Start(); err != nil {
				t.Fatal(err)
			}
		}
		code := win.kill(rng, a)
		if race {
			b.Wait() // b is never killed: its report must hold
			if b.ProcessState.ExitCode() != 0 {
				t.Errorf("archive under another config dir: exit %d\n%s", b.ProcessState.ExitCode(), bout)
			}
		}
		if code != -1 && code != 0 {
			t.Errorf("archive: exit %d\n%s", code, aout)
		}
		var reported []string
		if strings.HasPrefix(bout.String(), "Archived: fresh-beta-queue") {
			reported = append(reported, "fresh-beta-queue")
			racedLines++
		}
		if w.check(reported) {
			migrated++
		}
		if r := w.p.run(nil, "resume"); r.Code != 0 {
			t.Errorf("resume after the round: exit %d\n%s%s", r.Code, r.Stdout, r.Stderr)
		}
		if !w.check(reported) {
			t.Error("a resume that ran to its end left user text in the log")
		}
		if left, _ := filepath.Glob(filepath.Join(filepath.Dir(w.p.LogPath()), ".*")); len(left) != 0 {
			t.Errorf("files left beside the log: %v", left)
		}
		return code == -1
	})
	t.Logf("%d rounds, %d migrating archives killed, %d logs migrated when checked, %d racing archives logged", rounds, killed, migrated, racedLines)
}

// migrationWorld is a project with an earlier version's log, an open item
// in its own memory dir, and one in a second setup's (B).
type migrationWorld struct {
	t     *testing.T
	p     *proj
	old   []byte
	names []string
}

// migrationOldItems is how many items the old log holds.
const migrationOldItems = 200

func newMigrationWorld(t *testing.T) *migrationWorld {
	w := &migrationWorld{t: t, p: newProj(t)}
	var buf bytes.Buffer
	for i := range migrationOldItems {
		name := "old-item-" + words(i)
		text := "---\nname: " + name + "\ndescription: Deferred - " + name + "\ntype: project\n---\n\nDeferred: " + name + ". Context: secret-" + fmt.Sprint(i) + ".\n"
		line, _ := json.Marshal(map[string]string{"ts": "2026-11-01T10:00:00Z", "item": name, "action": "archived", "file": "session-open-" + name + "-2026-10-01.md", "text": text})
		buf.Write(append(line, '\n'))
		w.names = append(w.names, name)
	}
	w.old = buf.Bytes()
	if err := os.MkdirAll(filepath.Dir(w.p.LogPath()), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(w.p.LogPath(), w.old, 0o600); err != nil {
		t.Fatal(err)
	}
	if r := w.p.park("fresh alpha cache"); r.Code != 0 {
		t.Fatalf("park: %s%s", r.Stdout, r.Stderr)
	}
	c, out, errb := w.p.cmd(context.Background(), nil, "park", "--kind", "deferred", "--idea", "fresh beta queue", "--context", "the other setup")
	c.Env = w.envB(c.Env)
	if err := c.Run(); err != nil {
		t.Fatalf("park under B: %v\n%s%s", err, out, errb)
	}
	return w
}

// envB is the environment of the second setup: its own config and memory
// dirs.
func (w *migrationWorld) envB(env []string) []string {
	for i, e := range env {
		if strings.HasPrefix(e, "OPENLOOP_MEMORY_DIR=") {
			env[i] = e + "-b"
		}
	}
	return append(env, "CLAUDE_CONFIG_DIR="+filepath.Join(w.p.Home, "config-b"))
}

// check checks the promises and reports whether the log is migrated.
func (w *migrationWorld) check(archived []string) bool {
	t := w.t
	t.Helper()
	data, err := os.ReadFile(w.p.LogPath())
	if err != nil {
		t.Fatal(err)
	}
	var lines []map[string]any
	for _, l := range bytes.SplitAfter(data, []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		var m map[string]any
		if !bytes.HasSuffix(l, []byte("\n")) || json.Unmarshal(l, &m) != nil {
			t.Errorf("a log line that is not whole JSON: %q", l)
			continue
		}
		lines = append(lines, m)
	}
	migrated := !bytes.Contains(data, []byte(`"text"`))
	if !migrated && !bytes.HasPrefix(data, w.old) {
		t.Errorf("the log is neither the old one nor migrated:\n%.2000s", data)
	}
	if migrated && (bytes.Contains(data, []byte("secret-")) || bytes.Contains(data, []byte(`"file"`))) {
		t.Errorf("user text in a migrated log:\n%.2000s", data)
	}
	for _, name := range archived {
		found := false
		for _, m := range lines {
			found = found || m["item"] == name && m["action"] == "archived"
		}
		if !found {
			t.Errorf("%s was reported archived, and its line is not in the log", name)
		}
	}
	// The texts move to the private file of the setup that migrated:
	// each old item is restorable there.
	have := map[string]string{}
	for _, setup := range [][2]string{{w.p.Mem, filepath.Join(w.p.Home, ".claude")}, {w.p.Mem + "-b", filepath.Join(w.p.Home, "config-b")}} {
		s := store.Open(setup[0], time.Now).WithLog(w.p.Root, w.p.LogPath()).WithPrivate(setup[1])
		gone, err := s.Restorable()
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range gone {
			have[a.Name] += a.Body
		}
	}
	for i, name := range w.names {
		if !strings.Contains(have[name], fmt.Sprintf("secret-%d.", i)) {
			t.Errorf("%s is no longer restorable with its text (migrated %v)", name, migrated)
			break
		}
	}
	return migrated
}
