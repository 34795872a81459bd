package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
)

// setupOpenloop sets openloop up in the project the way a team does:
// `openloop install --scope project` (and flags) run in the project folder
// (.claude/settings.json and .claude/commands/session.md, which run
// openloop from PATH: the binary's folder is on the sessions' PATH).
//
// With OPENLOOP_E2E_NOHOOKS=1 it then removes the "hooks" key from
// settings.json, keeping the /session command file: the knob that shows
// which scenarios depend on openloop's hooks (they must fail).
func setupOpenloop(p *Project, flags ...string) {
	p.t.Helper()
	cmd := exec.Command(p.Bin, append([]string{"install", "--scope", "project"}, flags...)...)
	cmd.Dir = p.Dir
	cmd.Env = p.env()
	out, err := cmd.CombinedOutput()
	if err != nil {
		p.t.Fatalf("openloop install: %v\n%s", err, out)
	}
	p.t.Logf("openloop install:\n%s", out)
	if os.Getenv(envNoHooks) != "1" {
		return
	}
	path := filepath.Join(p.Dir, ".claude", "settings.json")
	b, err := os.ReadFile(path)
	if err != nil {
		p.t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(b, &s); err != nil {
		p.t.Fatalf("%s: %v", path, err)
	}
	delete(s, "hooks")
	b, _ = json.MarshalIndent(s, "", "  ")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Log("OPENLOOP_E2E_NOHOOKS=1: openloop's hooks removed from settings.json; hook scenarios are expected to fail")
}
