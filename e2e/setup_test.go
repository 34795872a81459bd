package e2e

import (
	"os"
	"path/filepath"
)

// setupOpenloop registers hooks in the project's .claude/settings.json.
// TEMPORARY until `openloop install` lands: a hook that appends each
// payload to hooks.log, to prove the plumbing.
func setupOpenloop(p *Project) {
	dir := filepath.Join(p.Dir, ".claude")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.t.Fatal(err)
	}
	log := filepath.Join(p.Home, "hooks.log")
	cmd := `cat >> ` + log + `; echo >> ` + log
	h := `[{"hooks":[{"type":"command","command":"` + cmd + `"}]}]`
	settings := `{"hooks":{"UserPromptSubmit":` + h + `,"Stop":` + h + `,"SessionEnd":` + h + `}}`
	if err := os.WriteFile(filepath.Join(dir, "settings.json"), []byte(settings), 0o644); err != nil {
		p.t.Fatal(err)
	}
}
