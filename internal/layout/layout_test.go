package layout

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/openloop/openloop"

// rules: each package, and everything it depends on, must not import the
// packages named (or anything below them).
var rules = []struct {
	pkg       string
	forbidden []string
}{
	{"./pkg/summary", []string{"/pkg/cli", "/hooks"}},
	{"./pkg/store", []string{"/pkg/cli", "/hooks"}},
	{"./pkg/detect", []string{"/pkg/cli", "/hooks"}},
	{"./pkg/transcript", []string{"/pkg/cli", "/hooks"}},
	{"./pkg/settings", []string{"/pkg/cli", "/hooks"}},
	{"./pkg/gitlog", []string{"/pkg/cli", "/hooks"}},
	{"./pkg/project", []string{"/pkg/cli", "/hooks"}},
	{"./pkg/install", []string{"/pkg/cli", "/hooks"}},
	{"./pkg/doctor", []string{"/pkg/cli", "/hooks"}},
	{"./pkg/plugin", []string{"/pkg/cli", "/hooks"}},
	{"./pkg/userfile", []string{"/pkg/cli", "/hooks"}},
	{"./pkg/explain", []string{"/pkg/cli", "/hooks"}},
	{"./pkg/sessionargs", []string{"/pkg/cli", "/hooks"}},
	{"./hooks", []string{"/pkg/cli"}},
	{"./internal/demo", []string{"/pkg/cli"}},
}

// violations lists the deps that a rule forbids.
func violations(deps, forbidden []string) []string {
	var bad []string
	for _, d := range deps {
		for _, f := range forbidden {
			if d == module+f || strings.HasPrefix(d, module+f+"/") {
				bad = append(bad, d)
			}
		}
	}
	return bad
}

func TestImportRules(t *testing.T) {
	goBin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := exec.LookPath(goBin); err != nil {
		if goBin, err = exec.LookPath("go"); err != nil {
			t.Fatal("no go command to list the imports with")
		}
	}
	for _, r := range rules {
		cmd := exec.Command(goBin, "list", "-deps", "-f", "{{.ImportPath}}", r.pkg)
		cmd.Dir = "../.."
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", r.pkg, err)
		}
		deps := strings.Fields(string(out))
		if !slices.Contains(deps, module+strings.TrimPrefix(r.pkg, ".")) {
			t.Fatalf("go list -deps %s does not list the package itself:\n%s", r.pkg, out)
		}
		if bad := violations(deps, r.forbidden); len(bad) > 0 {
			t.Errorf("%s depends on %v, which it must not", r.pkg, bad)
		}
	}
}

// The check itself: a forbidden package or one below it is caught, a
// package that only shares a prefix is not.
func TestViolations(t *testing.T) {
	deps := []string{"fmt", module + "/pkg/store", module + "/pkg/cli", module + "/hooks/internal/x", module + "/pkg/clinic", module + "/hooksmith"}
	got := violations(deps, []string{"/pkg/cli", "/hooks"})
	want := []string{module + "/pkg/cli", module + "/hooks/internal/x"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
