package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A binary built from a checkout reports the module version and the VCS
// revision from its build info, the same for version, -version and
// --version. (The test binary itself carries no VCS stamp, so this builds
// the command as a user's go install does, with VCS stamping on.)
func TestVersionFromBuildInfo(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git: the build cannot be stamped with a revision")
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not in a git checkout: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "openloop")
	build := exec.Command("go", "build", "-buildvcs=true", "-o", bin, ".")
	build.Env = append(os.Environ(), "GOFLAGS=-buildvcs=true")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	if info, err := exec.Command("go", "version", "-m", bin).Output(); err != nil || !strings.Contains(string(info), "vcs.revision=") {
		// Go finds no repository in a linked worktree (.git is a file).
		t.Skipf("go build stamped no VCS revision here (a git worktree?); internal/version's table test covers the format")
	}
	rev := strings.TrimSpace(string(head))[:12]
	want := regexp.MustCompile(`^openloop v\d+\.\d+\.\d+-\S*` + rev + `\S* \(revision ` + rev + `, \d{4}-\d\d-\d\dT[\d:]+Z(, modified)?\)\n$`)
	var first string
	for _, arg := range []string{"version", "-version", "--version"} {
		out, err := exec.Command(bin, arg).Output()
		if err != nil {
			t.Fatalf("openloop %s: %v", arg, err)
		}
		if !want.Match(out) {
			t.Errorf("openloop %s = %q, want %s", arg, out, want)
		}
		if first == "" {
			first = string(out)
		} else if string(out) != first {
			t.Errorf("openloop %s = %q, openloop version = %q", arg, out, first)
		}
	}
}
