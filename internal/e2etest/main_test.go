package e2etest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/openloop/openloop/internal/testbin"
	"github.com/openloop/openloop/pkg/store"
)

// bin is the openloop binary built once for the whole package.
var bin string

func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "openloop-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	bin, err = testbin.Build(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return m.Run()
}

// hangGuard bounds every process so that a hang fails the test instead of
// stalling it; it is not a speed assertion.
const hangGuard = 60 * time.Second

// proj is one throwaway project: a repository folder, a HOME, and an
// outside folder that no command may touch.
type proj struct {
	t       *testing.T
	Root    string // the repository (has .git)
	Home    string
	Mem     string // the memory dir (passed with OPENLOOP_MEMORY_DIR)
	Outside string // sentinel folder outside the memory dir and the log
}

func newProj(t *testing.T) *proj {
	t.Helper()
	tmp := t.TempDir()
	p := &proj{
		t:       t,
		Root:    filepath.Join(tmp, "repo"),
		Home:    filepath.Join(tmp, "home"),
		Mem:     filepath.Join(tmp, "mem"),
		Outside: filepath.Join(tmp, "outside"),
	}
	for _, d := range []string{filepath.Join(p.Root, ".git"), p.Home, p.Outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(p.Outside, "precious.txt"), "do not touch\n")
	writeFile(t, filepath.Join(p.Outside, "session-open-bait-2026-01-01.md"), "---\nname: bait\n---\n")
	return p
}

// LogPath is the resolution log of the project.
func (p *proj) LogPath() string {
	return filepath.Join(p.Root, ".claude", "logs", "session-archive.jsonl")
}

// result is one finished process.
type result struct {
	Code           int
	Stdout, Stderr string
	Err            error // set when the process could not run or was killed
}

// cmd prepares an openloop process in the project.
func (p *proj) cmd(ctx context.Context, stdin []byte, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	c := exec.CommandContext(ctx, bin, args...)
	c.Dir = p.Root
	c.Env = []string{
		"HOME=" + p.Home,
		"TZ=UTC",
		"PATH=" + os.Getenv("PATH"),
		"OPENLOOP_MEMORY_DIR=" + p.Mem,
	}
	if stdin != nil {
		c.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	return c, &out, &errb
}

// run runs openloop to completion.
func (p *proj) run(stdin []byte, args ...string) result {
	p.t.Helper()
	return p.runWith(hangGuard, nil, stdin, args...)
}

// runWith runs openloop to completion within guard (a hang guard, not a
// speed check), after adjust, if not nil, has changed the command.
func (p *proj) runWith(guard time.Duration, adjust func(*exec.Cmd), stdin []byte, args ...string) result {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	c, out, errb := p.cmd(ctx, stdin, args...)
	if adjust != nil {
		adjust(c)
	}
	err := c.Run()
	r := result{Stdout: out.String(), Stderr: errb.String()}
	if c.ProcessState != nil {
		r.Code = c.ProcessState.ExitCode()
	}
	if _, ok := err.(*exec.ExitError); !ok {
		r.Err = err
	}
	if ctx.Err() != nil {
		r.Err = fmt.Errorf("openloop %s: still running after %v", strings.Join(args, " "), guard)
	}
	return r
}

// park runs "openloop park" for one deferred idea.
func (p *proj) park(idea string) result {
	p.t.Helper()
	return p.run(nil, "park", "--kind", "deferred", "--idea", idea, "--context", "benchmarking the store")
}

// itemFiles lists the session-open-*.md entries of the memory dir.
func (p *proj) itemFiles() []string {
	p.t.Helper()
	ents, err := os.ReadDir(p.Mem)
	if err != nil && !os.IsNotExist(err) {
		p.t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), store.Prefix) && strings.HasSuffix(e.Name(), store.Suffix) {
			out = append(out, e.Name())
		}
	}
	return out
}

// checkItems fails unless every item file is a regular file that parses,
// has a safe name, and is a whole deferred item as the store writes it.
func checkItems(t *testing.T, dir string) []store.Item {
	t.Helper()
	items := checkItemsAnyKind(t, dir)
	for _, it := range items {
		if it.Type != "project" || !strings.HasPrefix(it.Description, "Deferred - ") {
			t.Errorf("%s: frontmatter %+v", it.File, it)
		}
		if !strings.HasPrefix(it.Body, "Deferred: ") || !strings.Contains(it.Body, "\n**How to apply:** ") || !strings.HasSuffix(it.Body, ".\n") {
			t.Errorf("%s: body is not whole:\n%s", it.File, it.Body)
		}
	}
	return items
}

// checkItemsAnyKind fails unless every file in the memory dir (lock and
// temp files aside) is a regular file with a safe name that parses,
// whatever its kind. It returns the items that parse.
func checkItemsAnyKind(t *testing.T, dir string) []store.Item {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var items []store.Item
	for _, e := range ents {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue // lock and temp files
		}
		if !safeName.MatchString(name) {
			t.Errorf("unsafe or unexpected file name in memory dir: %q", name)
			continue
		}
		if !e.Type().IsRegular() {
			t.Errorf("%s: not a regular file (%v)", name, e.Type())
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		it, err := store.Parse(data)
		if err != nil {
			t.Errorf("%s does not parse: %v\n%s", name, err, data)
			continue
		}
		it.File = name
		items = append(items, it)
	}
	return items
}

// snapshot records every entry under dir: type, mode, size and content hash.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	snap := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := os.Lstat(path)
		if err != nil {
			return err
		}
		// A folder's own size and time change when an entry is added
		// (the memory dir inside it); its entries are compared one by one.
		v := fmt.Sprintf("%v", fi.Mode())
		if fi.Mode().IsRegular() {
			v += fmt.Sprintf(" %d %d", fi.Size(), fi.ModTime().UnixNano())
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			v += fmt.Sprintf(" %x", sha256.Sum256(data))
		}
		snap[path] = v
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// sameSnapshot fails when anything under a snapshotted folder changed.
func sameSnapshot(t *testing.T, before, after map[string]string) {
	t.Helper()
	var diffs []string
	for k, v := range before {
		if w, ok := after[k]; !ok {
			diffs = append(diffs, "deleted: "+k)
		} else if w != v {
			diffs = append(diffs, "changed: "+k)
		}
	}
	for k := range after {
		if _, ok := before[k]; !ok {
			diffs = append(diffs, "created: "+k)
		}
	}
	sort.Strings(diffs)
	for _, d := range diffs {
		t.Error("outside the memory dir and the log: " + d)
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

// safeName is every name the store may create: lowercase ASCII words,
// a date, and far below the 255-byte file name limit.
var safeName = regexp.MustCompile(`^session-open-[\p{Ll}\p{Lo}\p{Lm}\p{N}][\p{Ll}\p{Lo}\p{Lm}\p{N}\p{M}]*(-[\p{Ll}\p{Lo}\p{Lm}\p{N}][\p{Ll}\p{Lo}\p{Lm}\p{N}\p{M}]*)*-\d{4}-\d{2}-\d{2}\.md$`)
