package e2etest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Processes killed (SIGKILL) at random points while they park: every
// session-open-*.md that exists afterwards is whole, and the temp files
// they leave are never listed.
func TestKillWhileParking(t *testing.T) {
	if os.Getenv("OPENLOOP_NO_KILL") != "" {
		t.Skip("OPENLOOP_NO_KILL is set")
	}
	rounds := 200
	if testing.Short() {
		rounds = 40
	}
	p := newProj(t)
	// Calibrate: kill points spread over the time one whole park takes.
	p.Mem = filepath.Join(filepath.Dir(p.Mem), "mem-calibrate")
	start := time.Now()
	for i := range 5 {
		p.park("calibration " + words(i))
	}
	span := time.Since(start) / 5
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 6))
	dirs := []string{}
	killed, finished := 0, 0
	for i := range rounds {
		// A fresh memory dir every 8 rounds keeps the store under its cap.
		if i%8 == 0 {
			p.Mem = filepath.Join(filepath.Dir(p.Mem), fmt.Sprintf("mem-%03d", i))
			dirs = append(dirs, p.Mem)
		}
		c, _, _ := p.cmd(context.Background(), nil, parkArgs(fmt.Sprintf("crash idea %s", words(i)))...)
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.Int64N(int64(span))))
		c.Process.Kill()
		if err := c.Wait(); err != nil && strings.Contains(err.Error(), "killed") {
			killed++
		} else {
			finished++
		}
	}
	t.Logf("%d rounds: %d killed, %d finished first", rounds, killed, finished)
	left, whole := 0, 0
	for _, dir := range dirs {
		if _, err := os.Stat(dir); os.IsNotExist(err) {
			continue // every process of this dir died before creating it
		}
		items := checkItems(t, dir)
		whole += len(items)
		left += len(temps(dir))
		p.Mem = dir
		r := p.run(nil, "resume", "--json")
		var out struct {
			Count int
			Items []struct{ File string }
		}
		if err := json.Unmarshal([]byte(r.Stdout), &out); err != nil || r.Code != 0 {
			t.Fatalf("resume --json in %s: exit %d, %v\n%s%s", dir, r.Code, err, r.Stdout, r.Stderr)
		}
		if out.Count != len(items) {
			t.Errorf("%s: resume lists %d items, %d files are on disk", dir, out.Count, len(items))
		}
		for _, it := range out.Items {
			if strings.HasPrefix(it.File, ".") {
				t.Errorf("%s: resume lists a temp file: %s", dir, it.File)
			}
		}
	}
	t.Logf("%d whole items written, %d temp files left by killed processes (never listed)", whole, left)
	if whole == 0 || killed == 0 {
		t.Errorf("the kills missed the writes (%d items, %d killed): the test proves nothing", whole, killed)
	}
}

// Temp files older than 10 minutes are removed by resume (store.Expire);
// newer ones, which may belong to a process still writing, are kept; none
// is ever listed.
func TestStaleTempsCleaned(t *testing.T) {
	p := newProj(t)
	if r := p.park("a real idea"); r.Code != 0 {
		t.Fatalf("park: %d %s%s", r.Code, r.Stdout, r.Stderr)
	}
	old := filepath.Join(p.Mem, ".openloop-tmp-123456")
	fresh := filepath.Join(p.Mem, ".openloop-tmp-654321")
	half := "---\nname: half-written\ndescr"
	writeFile(t, old, half)
	writeFile(t, fresh, half)
	back := time.Now().Add(-11 * time.Minute)
	if err := os.Chtimes(old, back, back); err != nil {
		t.Fatal(err)
	}
	r := p.run(nil, "resume")
	if r.Code != 0 || strings.Contains(r.Stdout, "half") || strings.Contains(r.Stdout, "tmp") {
		t.Errorf("resume: exit %d\n%s%s", r.Code, r.Stdout, r.Stderr)
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("temp file 11 minutes old still exists (%v)", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("fresh temp file was removed: %v", err)
	}
}
