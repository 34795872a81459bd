package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openloop/openloop/pkg/project"
)

// TestRealOpenloop plays scripted session 01 against the openloop of this
// repository, built: what it parks on its own changes with pkg/detect, so
// this test holds what the harness itself must get right: hooks read from
// the settings install wrote and run through the wrapper, the rule naming
// the wrapper, Claude's park landing in the project's memory dir from any
// working directory and counted as Claude's at its message, and no hook
// failing.
func TestRealOpenloop(t *testing.T) {
	if testing.Short() {
		t.Skip("builds ./cmd/openloop")
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "openloop")
	build := exec.Command("go", "build", "-o", bin, "./cmd/openloop")
	build.Dir = filepath.Join("..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/openloop: %v\n%s", err, out)
	}
	for _, c := range []struct {
		name, flags string
		assist      bool
	}{{"default", "", true}, {"no-assist", "--no-assist", false}} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "run")
			var out, errb bytes.Buffer
			if code := run([]string{"start", "-session", "1", "-dir", dir, "-bin", bin, "-install-flags", c.flags}, &out, &errb); code != 0 {
				t.Fatalf("start: exit %d: %s", code, errb.String())
			}
			dir, _ = filepath.EvalSymlinks(dir)
			wrapper := filepath.Join(dir, "bin", "openloop")
			settings, err := os.ReadFile(filepath.Join(dir, "home", ".claude", "settings.json"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(settings, []byte(wrapper)) {
				t.Errorf("settings.json does not run the wrapper:\n%s", settings)
			}
			start := out.String()
			if got := strings.Contains(start, wrapper+" park"); got != c.assist {
				t.Errorf("the SessionStart context names %s park: %v; want %v\n%s", wrapper, got, c.assist, start)
			}
			for i := 1; i <= 9; i++ {
				if i == 3 {
					park := exec.Command(wrapper, "park", "--source", "assist", "--kind", "side-idea", "--idea", "recurring reminders", "--context", "adding Snooze")
					park.Dir = tmp // not the project: the wrapper runs it there, as Claude Code's Bash tool would
					if b, err := park.CombinedOutput(); err != nil || !strings.Contains(string(b), "Parked: recurring-reminders") {
						t.Fatalf("park: %v\n%s", err, b)
					}
				}
				reply := filepath.Join(tmp, "reply.md")
				if err := os.WriteFile(reply, []byte("Done."), 0o644); err != nil {
					t.Fatal(err)
				}
				out.Reset()
				if code := run([]string{"reply", "-dir", dir, "-file", reply}, &out, &errb); code != 0 {
					t.Fatalf("reply %d: exit %d: %s", i, code, errb.String())
				}
			}
			if !strings.HasSuffix(out.String(), "SESSION OVER\n") {
				t.Fatalf("after 9 replies: %s", out.String())
			}
			rs, err := scoreRun(dir, false)
			if err != nil {
				t.Fatal(err)
			}
			var mine []*Park
			for _, p := range rs.Parks {
				if p.Who == "Claude" {
					mine = append(mine, p)
				}
				if mem := filepath.Join(dir, "home", ".claude", "projects", project.SeedSlug(filepath.Join(dir, "project")), "memory"); filepath.Dir(p.File) != mem {
					t.Errorf("%s is not in the project's memory dir %s", p.File, mem)
				}
			}
			if len(mine) != 1 || mine[0].Turn != 3 || mine[0].Kind != KindSide || mine[0].Source != "assist" || mine[0].loop == nil {
				t.Errorf("Claude's parks: %+v; want the side idea of message 3, caught", mine)
			}
			hooks := 0
			for _, c := range rs.Calls {
				if c.Hook() {
					hooks++
					if c.Exit != 0 || c.Stderr != "" {
						t.Errorf("hook %s failed: exit %d: %s", c.Event, c.Exit, c.Stderr)
					}
				}
			}
			if hooks != 20 { // SessionStart, 9 × (UserPromptSubmit, Stop), SessionEnd
				t.Errorf("%d hook runs; want 20", hooks)
			}
		})
	}
}
