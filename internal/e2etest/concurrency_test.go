package e2etest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/openloop/openloop/pkg/store"
)

// startAll starts every command at once (each in its own goroutine, all
// released together) and waits for all of them. stdin is nil (no input)
// or holds each command's input.
func startAll(p *proj, argv [][]string, stdin [][]byte) []result {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	res := make([]result, len(argv))
	var ready, done sync.WaitGroup
	gate := make(chan struct{})
	for i, args := range argv {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			var in []byte
			if stdin != nil {
				in = stdin[i]
			}
			c, out, errb := p.cmd(ctx, in, args...)
			ready.Done()
			<-gate
			err := c.Run()
			res[i] = result{Stdout: out.String(), Stderr: errb.String()}
			if c.ProcessState != nil {
				res[i].Code = c.ProcessState.ExitCode()
			}
			if _, ok := err.(*exec.ExitError); !ok && err != nil {
				res[i].Err = err
			}
		}()
	}
	ready.Wait()
	close(gate)
	done.Wait()
	return res
}

func parkArgs(idea string) []string {
	return []string{"park", "--kind", "deferred", "--idea", idea, "--context", "racing fifty processes"}
}

// Fifty processes park fifty different ideas at once: exactly MaxOpen are
// written, every one parses, and each of the others says it was refused.
func TestConcurrentPark(t *testing.T) {
	p := newProj(t)
	const n = 50
	var argv [][]string
	for i := range n {
		argv = append(argv, parkArgs(fmt.Sprintf("idea number %s", words(i))))
	}
	res := startAll(p, argv, nil)
	parked, refused := 0, 0
	for i, r := range res {
		switch {
		case r.Err != nil:
			t.Errorf("process %d: %v", i, r.Err)
		case r.Code == 0 && strings.HasPrefix(r.Stdout, "Parked: "):
			parked++
		case r.Code == 1 && strings.HasPrefix(r.Stdout, "Not parked: 10 items are already open."):
			refused++
		default:
			t.Errorf("process %d: exit %d\nstdout: %s\nstderr: %s", i, r.Code, r.Stdout, r.Stderr)
		}
	}
	if parked != store.MaxOpen || refused != n-store.MaxOpen {
		t.Errorf("parked %d, refused %d; want %d and %d", parked, refused, store.MaxOpen, n-store.MaxOpen)
	}
	items := checkItems(t, p.Mem)
	if len(items) != store.MaxOpen {
		t.Errorf("%d item files, want %d: %v", len(items), store.MaxOpen, p.itemFiles())
	}
	noTemps(t, p.Mem)
}

// Archiving while others park: the log holds one intact line per
// successful archive, and no archived item is still listed.
func TestArchiveWhileParking(t *testing.T) {
	p := newProj(t)
	const pre = 8
	var names []string
	for i := range pre {
		r := p.park("old task " + words(i))
		if r.Code != 0 {
			t.Fatalf("park: exit %d: %s%s", r.Code, r.Stdout, r.Stderr)
		}
		names = append(names, strings.TrimSpace(strings.TrimPrefix(r.Stdout, "Parked: ")))
	}
	var argv [][]string
	for i := range 16 {
		argv = append(argv, parkArgs("fresh plan "+words(i)))
		if i < pre {
			argv = append(argv, []string{"archive", names[i]})
		}
	}
	res := startAll(p, argv, nil)
	archived := map[string]bool{}
	for i, r := range res {
		if r.Err != nil {
			t.Fatalf("process %d (%v): %v", i, argv[i], r.Err)
		}
		if argv[i][0] != "archive" {
			if r.Code != 0 && !strings.HasPrefix(r.Stdout, "Not parked: 10 items") {
				t.Errorf("%v: exit %d\n%s%s", argv[i], r.Code, r.Stdout, r.Stderr)
			}
			continue
		}
		if r.Code != 0 || r.Stdout != "Archived: "+argv[i][1]+"\n" {
			t.Errorf("%v: exit %d\nstdout: %q\nstderr: %s", argv[i], r.Code, r.Stdout, r.Stderr)
			continue
		}
		archived[argv[i][1]] = true
	}
	data, err := os.ReadFile(p.LogPath())
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != len(archived) {
		t.Errorf("log has %d lines for %d archives:\n%s", len(lines), len(archived), data)
	}
	logged := map[string]bool{}
	for _, l := range lines {
		var e store.LogLine
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil || e.Action != "archived" || e.TS == "" || logged[e.Item] {
			t.Errorf("bad or repeated log line %q (%v)", l, err)
		}
		logged[e.Item] = true
		if !archived[e.Item] {
			t.Errorf("log names %q, which no archive reported", e.Item)
		}
	}
	var listed struct {
		Items []struct{ Name string }
	}
	r := p.run(nil, "resume", "--json")
	if err := json.Unmarshal([]byte(r.Stdout), &listed); err != nil {
		t.Fatalf("resume --json: %v\n%s", err, r.Stdout)
	}
	for _, it := range listed.Items {
		if archived[it.Name] {
			t.Errorf("%s is both archived and listed", it.Name)
		}
	}
	checkItems(t, p.Mem)
	noTemps(t, p.Mem)
}

// noTemps fails when a finished (not killed) process left a temp file.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	for _, name := range temps(dir) {
		t.Errorf("temp file left behind: %s", name)
	}
}

// temps lists the store's temp files in dir (none when dir is missing).
func temps(dir string) []string {
	ents, _ := os.ReadDir(dir)
	var out []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".openloop-tmp-") {
			out = append(out, e.Name())
		}
	}
	return out
}

// words spells a number in words, so that every idea gets its own slug
// ("idea number three") rather than a numbered one. No number's words
// hold another's in a row ("onety two", not "one two", which holds "one"):
// ideas that do name the same thing park once.
func words(n int) string {
	ones := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	if n < 10 {
		return ones[n]
	}
	return words(n/10) + "ty " + ones[n%10]
}
