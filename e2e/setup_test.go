package e2e

import (
	"os/exec"
)

// setupOpenloop sets openloop up in the project the way a user does:
// `openloop install` run in the project folder (project scope:
// .claude/settings.json and .claude/commands/session.md).
func setupOpenloop(p *Project) {
	p.t.Helper()
	cmd := exec.Command(p.Bin, "install")
	cmd.Dir = p.Dir
	cmd.Env = p.env()
	out, err := cmd.CombinedOutput()
	if err != nil {
		p.t.Fatalf("openloop install: %v\n%s", err, out)
	}
	p.t.Logf("openloop install:\n%s", out)
}
