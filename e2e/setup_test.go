package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// setupOpenloop sets openloop up in the project the way a user does:
// `openloop install` in the project folder.
//
// TEMPORARY until install lands on main: when the binary does not know
// `install` yet, write the settings and the command file by hand.
func setupOpenloop(p *Project) {
	cmd := exec.Command(p.Bin, "install")
	cmd.Dir = p.Dir
	cmd.Env = p.env()
	out, err := cmd.CombinedOutput()
	if err == nil {
		p.t.Logf("openloop install:\n%s", out)
		return
	}
	if !strings.Contains(string(out), "unknown command") {
		p.t.Fatalf("openloop install: %v\n%s", err, out)
	}
	p.t.Log("TEMPORARY: openloop install is not built yet; writing settings.json by hand")
	dir := filepath.Join(p.Dir, ".claude")
	if err := os.MkdirAll(filepath.Join(dir, "commands"), 0o755); err != nil {
		p.t.Fatal(err)
	}
	h := `[{"hooks":[{"type":"command","command":"` + p.Bin + ` hook"}]}]`
	settings := `{"hooks":{"UserPromptSubmit":` + h + `,"Stop":` + h + `,"SessionEnd":` + h + `}}`
	if err := os.WriteFile(filepath.Join(dir, "settings.json"), []byte(settings), 0o644); err != nil {
		p.t.Fatal(err)
	}
	md := "---\ndescription: open loops\nallowed-tools: Bash(" + p.Bin + ":*)\n---\n```!\n" + p.Bin +
		" session <<'OPENLOOP_END'\n$ARGUMENTS\nOPENLOOP_END\n```\n\nShow the output above to the user.\n"
	if err := os.WriteFile(filepath.Join(dir, "commands", "session.md"), []byte(md), 0o644); err != nil {
		p.t.Fatal(err)
	}
}
