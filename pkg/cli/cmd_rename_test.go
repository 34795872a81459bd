package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzSessionRename: whatever text follows "/session rename", the command
// exits 0 and prints one result, and changes no item unless it says
// "Renamed:".
func FuzzSessionRename(f *testing.F) {
	for _, s := range []string{
		"retry --idea 'retry budget for uploads'", "--idea", "retry --idea", "retry --idea=''", "x --idea '?!'",
		"retry --idea \"$(rm -rf /)\" ; `id`", "retry --idea '\x1b[2J\u202e'", "--idea --idea --idea",
	} {
		f.Add(s)
	}
	dir := fuzzHome(f)
	mem := filepath.Join(dir, "mem")
	f.Fuzz(func(t *testing.T, text string) {
		os.RemoveAll(mem)
		e, out, _ := hookEnv(dir, strings.NewReader("park --kind deferred --idea 'retry budget' --context c"))
		e.Getenv = func(k string) string {
			return map[string]string{"HOME": filepath.Join(dir, "home"), "OPENLOOP_MEMORY_DIR": mem}[k]
		}
		if code := Run(e, []string{"park", "--kind", "deferred", "--idea", "retry budget", "--context", "c"}); code != ExitOK {
			t.Fatalf("park: %d %s", code, out)
		}
		out.Reset()
		e.Stdin = strings.NewReader("rename " + text)
		if code := Run(e, []string{"session"}); code != ExitOK {
			t.Fatalf("session rename %q: exit %d", text, code)
		}
		ents, _ := os.ReadDir(mem)
		var names []string
		for _, d := range ents {
			if strings.HasPrefix(d.Name(), "session-open-") {
				names = append(names, d.Name())
			}
		}
		renamed := strings.HasPrefix(out.String(), "Renamed: ")
		if len(names) != 1 || !renamed && names[0] != "session-open-retry-budget-2026-12-02.md" {
			t.Fatalf("session rename %q: %q, files %q", text, out, names)
		}
	})
}
